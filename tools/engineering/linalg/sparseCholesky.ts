/**
 * Sparse Cholesky for symmetric positive definite systems K u = f (FE stiffness matrices).
 *
 * analyze() runs once per sparsity pattern (nested-dissection ordering, elimination tree,
 * supernodes, index maps); factorize() runs whenever the values change and reuses storage;
 * solve() does the two triangular solves. Supernodal multifrontal with dense panel kernels.
 *
 * Legend: A = the matrix (CSR, both triangles, sorted columns); P A Pᵀ = L Lᵀ; n = rows.
 */
import { InputError } from '../../errors.ts';
import { buildSymbolic, type AnalyzeOptions, type CholeskySymbolic } from './choleskySymbolic.ts';
import { cachedSymbolic } from './symbolicCache.ts';
import { multifrontalFactor } from './multifrontalFactor.ts';
import { createWasmFactor, type WasmFactor } from './wasm/wasmStorage.ts';
import { wasmFactorRange } from './wasm/wasmSweep.ts';
import { assembleCsr, elementEnergiesFrom, hasElementRows, type ElementAssembly } from './elementAssembly.ts';
import { readyFactorHelper, warmFactorHelper } from './factorHelperThread.ts';
import { chooseParallel, recordTime } from './threadChooser.ts';
import { createParallelStorage, parallelFactor, type ParallelStorage } from './parallelFactor.ts';
import { planParallel } from './parallelPlan.ts';
import { backwardSolve, forwardSolve } from './supernodalSolve.ts';

import type { CsrPattern } from './csrPattern.ts';
export type { CholeskySymbolic, AnalyzeOptions } from './choleskySymbolic.ts';
export { disposeFactorHelper } from './factorHelperThread.ts';
export { planElementAssembly, assembleCsr, type ElementAssembly } from './elementAssembly.ts';

export type { CsrPattern } from './csrPattern.ts';

export interface CsrMatrix extends CsrPattern {
  values: Float64Array;
}

export interface CholeskyFactor {
  symbolic: CholeskySymbolic;
  /** Supernode panels of L. */
  Lx: Float64Array;
  /** Update-matrix stack of the multifrontal sweep. */
  work: Float64Array;
  /** Permuted right-hand side used by solve(). */
  y: Float64Array;
  /** Shared storage of the two-thread path (Lx is its panel array while it is attached). */
  parallel?: ParallelStorage;
  /** Threads the last factorize() used (2 when the helper factored its half). */
  threadsUsed: number;
  /** The WebAssembly kernels' memory (Lx, work and y are views on it), absent with kernels: 'js'. */
  wasm?: WasmFactor;
  /** The element assembly this factor was made for (factorizeElements), if any. */
  elements?: ElementAssembly;
  /** CSR scratch of factorizeElements with the JS kernels. */
  csr?: Float64Array;
}

/**
 * Symbolic analysis; pass coords (x, y per row) for geometric nested dissection, threads: 2 to
 * factor on a helper thread too (started here, in the background; serial until it has loaded).
 * Large analyses are kept between processes when the tool layer installed a store (symbolicCache.ts).
 */
export function analyze(pattern: CsrPattern, opts: AnalyzeOptions = {}): CholeskySymbolic {
  const sym = cachedSymbolic(pattern, opts, buildSymbolic);
  sym.kernels = opts.kernels ?? 'wasm';
  if ((opts.threads ?? 1) >= 2) {
    sym.parallel = planParallel(sym, opts.parallelMinFlops);
    if (sym.parallel) warmFactorHelper();
  }
  return sym;
}

function newFactor(sym: CholeskySymbolic, elements?: ElementAssembly): CholeskyFactor {
  const wasm = sym.kernels === 'js' ? undefined : createWasmFactor(sym, !!sym.parallel, elements);
  const parallel = sym.parallel ? createParallelStorage(sym, sym.parallel, wasm) : undefined;
  return {
    symbolic: sym,
    Lx: wasm?.Lx ?? parallel?.Lx ?? new Float64Array(sym.nnzL),
    work: wasm?.W ?? new Float64Array(sym.stackSize),
    y: wasm?.yv ?? new Float64Array(sym.n),
    parallel,
    threadsUsed: 1,
    wasm,
    elements,
  };
}

/** Numeric factorization; throws NumericError when a pivot is not positive. */
export function factorize(sym: CholeskySymbolic, values: Float64Array, out?: CholeskyFactor): CholeskyFactor {
  if (values.length !== sym.nnzA) {
    throw new InputError(`values must have one entry per pattern nonzero (${sym.nnzA}), got ${values.length}`, {
      field: 'values',
    });
  }
  const f = out && out.symbolic === sym && !out.elements ? out : newFactor(sym);
  factorWith(f, values);
  return f;
}

/**
 * Numeric factorization of K = Σ_e E_e·Ke with a plan from planElementAssembly(sym, …): the
 * WebAssembly kernels assemble straight into the panels (no CSR values); bitwise equal to
 * factorize(sym, assembleCsr(plan, E, values)).
 */
export function factorizeElements(sym: CholeskySymbolic, plan: ElementAssembly, E: Float64Array, out?: CholeskyFactor): CholeskyFactor {
  const { f, values } = elementFactor(sym, plan, E, out);
  factorWith(f, values);
  return f;
}

/**
 * factorizeElements, then x = K⁻¹b; on one thread the forward substitution runs along the
 * factorization, each supernode's step right after its panel is factored (while it is in cache).
 * Returns the factor (pass it back as out to reuse its storage); results are bitwise those of
 * factorizeElements + solve.
 */
export function factorizeElementsSolve(sym: CholeskySymbolic, plan: ElementAssembly, E: Float64Array, b: Float64Array, x: Float64Array, out?: CholeskyFactor): CholeskyFactor {
  checkVectors(sym.n, b, x);
  const { f, values } = elementFactor(sym, plan, E, out);
  const fused = factorWith(f, values, b);
  if (!fused) permuteIn(f, b);
  substitute(f, !fused, x);
  return f;
}

/**
 * ce_e = u_eᵀ Ke u_e of the solution of the last factorizeElementsSolve with this factor (plan made
 * with element rows); bitwise the same as computing it from the full solution vector in JS.
 */
export function elementEnergies(f: CholeskyFactor, ce: Float64Array): Float64Array {
  const plan = f.elements;
  if (!plan) throw new InputError('elementEnergies needs a factor from factorizeElements', { field: 'factor' });
  if (ce.length !== plan.nel) throw new InputError(`ce must have one entry per element (${plan.nel}), got ${ce.length}`, { field: 'ce' });
  const m = f.wasm;
  // (elementEnergiesFrom also reports a plan made without element rows)
  if (!m?.ce || !hasElementRows(plan)) return elementEnergiesFrom(plan, f.y, ce);
  m.exports.energies(plan.nel, plan.nd, m.y);
  ce.set(m.ce);
  return ce;
}

/** The factor for plan with the moduli E in place: in its kernels memory, or (JS kernels) as CSR values. */
function elementFactor(sym: CholeskySymbolic, plan: ElementAssembly, E: Float64Array, out?: CholeskyFactor): { f: CholeskyFactor; values: Float64Array | null } {
  if (E.length !== plan.nel) throw new InputError(`E must have one modulus per element (${plan.nel}), got ${E.length}`, { field: 'E' });
  const f = out && out.symbolic === sym && out.elements === plan ? out : newFactor(sym, plan);
  if (f.wasm?.moduli) {
    f.wasm.moduli.set(E);
    return { f, values: null };
  }
  return { f, values: assembleCsr(plan, E, (f.csr ??= new Float64Array(sym.nnzA))) };
}

/**
 * values null: each panel is assembled from the factor's element moduli as it is factored.
 * With b, on the serial WebAssembly path, y = P b is forward-substituted along the sweep;
 * returns true when that happened.
 */
function factorWith(f: CholeskyFactor, values: Float64Array | null, b?: Float64Array): boolean {
  const sym = f.symbolic;
  const p = f.parallel;
  const t0 = performance.now();
  if (p && chooseParallel(p.chooser) && parallelFactor(sym, values, p, f.work)) {
    recordTime(p.chooser, true, performance.now() - t0);
    f.threadsUsed = 2;
    return false;
  }
  f.threadsUsed = 1;
  if (f.parallel?.detached) {
    // An abandoned helper may still write into the shared panels: continue on private storage.
    f.parallel = undefined;
    const old = f.wasm;
    f.wasm = old && createWasmFactor(sym, false, f.elements);
    if (old?.moduli && f.wasm?.moduli) f.wasm.moduli.set(old.moduli);
    f.Lx = f.wasm?.Lx ?? new Float64Array(sym.nnzL);
    f.work = f.wasm?.W ?? f.work;
    f.y = f.wasm?.yv ?? f.y;
  }
  const m = f.wasm;
  const fused = !!(m && b);
  if (m) {
    if (b) permuteIn(f, b);
    if (values) m.values.set(values);
    wasmFactorRange(sym, m, m.w, 0, sym.nSuper, false, b ? m.y : -1);
  } else if (values) multifrontalFactor(sym, values, f.Lx, f.work);
  if (p && f.parallel && readyFactorHelper()) recordTime(p.chooser, false, performance.now() - t0);
  return fused;
}

function checkVectors(n: number, b: Float64Array, x: Float64Array): void {
  if (b.length !== n) throw new InputError(`b must have length ${n}, got ${b.length}`, { field: 'b' });
  if (x.length !== n) throw new InputError(`x must have length ${n}, got ${x.length}`, { field: 'x' });
}

/** f.y = P b. */
function permuteIn(f: CholeskyFactor, b: Float64Array): void {
  const { n, perm } = f.symbolic;
  const y = f.y;
  for (let k = 0; k < n; k++) y[k] = b[perm[k]];
}

/** y := L⁻¹y (when forward), y := L⁻ᵀy, then x = Pᵀy. */
function substitute(f: CholeskyFactor, forward: boolean, x: Float64Array): void {
  const { n, perm, nSuper } = f.symbolic;
  const y = f.y;
  if (f.wasm) {
    if (forward) f.wasm.exports.forward(nSuper, f.wasm.lx, f.wasm.y);
    f.wasm.exports.backward(nSuper, f.wasm.lx, f.wasm.y);
  } else {
    if (forward) forwardSolve(f.symbolic, f.Lx, y);
    backwardSolve(f.symbolic, f.Lx, y);
  }
  for (let k = 0; k < n; k++) x[perm[k]] = y[k];
}

/** Solves A x = b with a factor from factorize(); x may be passed in to reuse storage. */
export function solve(f: CholeskyFactor, b: Float64Array, x?: Float64Array): Float64Array {
  const out = x ?? new Float64Array(f.symbolic.n);
  checkVectors(f.symbolic.n, b, out);
  permuteIn(f, b);
  substitute(f, true, out);
  return out;
}
