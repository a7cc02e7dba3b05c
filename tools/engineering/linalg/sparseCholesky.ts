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
import { multifrontalFactor } from './multifrontalFactor.ts';
import { createWasmFactor, type WasmFactor } from './wasm/wasmStorage.ts';
import { wasmFactorRange } from './wasm/wasmSweep.ts';
import { assembleCsr, type ElementAssembly } from './elementAssembly.ts';
import { readyFactorHelper, warmFactorHelper } from './factorHelperThread.ts';
import { chooseParallel, recordTime } from './threadChooser.ts';
import { createParallelStorage, parallelFactor, type ParallelStorage } from './parallelFactor.ts';
import { planParallel } from './parallelPlan.ts';
import { backwardSolve, forwardSolve } from './supernodalSolve.ts';

export type { CholeskySymbolic, AnalyzeOptions } from './choleskySymbolic.ts';
export { disposeFactorHelper } from './factorHelperThread.ts';
export { planElementAssembly, assembleCsr, type ElementAssembly } from './elementAssembly.ts';

/** Full symmetric pattern (both triangles), sorted column indices per row. */
export interface CsrPattern {
  n: number;
  rowPtr: Int32Array;
  colIdx: Int32Array;
}

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
 */
export function analyze(pattern: CsrPattern, opts: AnalyzeOptions = {}): CholeskySymbolic {
  const sym = buildSymbolic(pattern, opts);
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
  return factorWith(f, values);
}

/**
 * Numeric factorization of K = Σ_e E_e·Ke with a plan from planElementAssembly(sym, …): the
 * WebAssembly kernels assemble straight into the panels (no CSR values); bitwise equal to
 * factorize(sym, assembleCsr(plan, E, values)).
 */
export function factorizeElements(sym: CholeskySymbolic, plan: ElementAssembly, E: Float64Array, out?: CholeskyFactor): CholeskyFactor {
  if (E.length !== plan.nel) throw new InputError(`E must have one modulus per element (${plan.nel}), got ${E.length}`, { field: 'E' });
  const f = out && out.symbolic === sym && out.elements === plan ? out : newFactor(sym, plan);
  if (!f.wasm?.elements) return factorWith(f, assembleCsr(plan, E, (f.csr ??= new Float64Array(sym.nnzA))));
  f.wasm.elements.moduli.set(E);
  return factorWith(f, null);
}

/** values null: the factor's element moduli are assembled into the panels first. */
function factorWith(f: CholeskyFactor, values: Float64Array | null): CholeskyFactor {
  const sym = f.symbolic;
  const p = f.parallel;
  const t0 = performance.now();
  if (p && chooseParallel(p.chooser)) {
    if (!values && f.wasm) assembleInWasm(f.wasm);
    if (parallelFactor(sym, values, p, f.work)) {
      recordTime(p.chooser, true, performance.now() - t0);
      f.threadsUsed = 2;
      return f;
    }
  }
  f.threadsUsed = 1;
  if (f.parallel?.detached) {
    // An abandoned helper may still write into the shared panels: continue on private storage.
    f.parallel = undefined;
    const old = f.wasm;
    f.wasm = old && createWasmFactor(sym, false, f.elements);
    if (old?.elements && f.wasm?.elements) f.wasm.elements.moduli.set(old.elements.moduli);
    f.Lx = f.wasm?.Lx ?? new Float64Array(sym.nnzL);
    f.work = f.wasm?.W ?? f.work;
    f.y = f.wasm?.yv ?? f.y;
  }
  const m = f.wasm;
  if (m) {
    if (values) m.values.set(values);
    else assembleInWasm(m);
    wasmFactorRange(sym, { exports: m.exports, buffer: m.memory.buffer, lx: m.lx, vals: m.vals, f: -1 }, m.w, 0, sym.nSuper, false);
  } else if (values) multifrontalFactor(sym, values, f.Lx, f.work);
  if (p && f.parallel && readyFactorHelper()) recordTime(p.chooser, false, performance.now() - t0);
  return f;
}

function assembleInWasm(m: WasmFactor): void {
  const el = m.elements;
  if (el) m.exports.assembleElements(el.nel, el.nk, el.E, el.Ke, el.map, m.lx, m.Lx.length);
}

/** Solves A x = b with a factor from factorize(); x may be passed in to reuse storage. */
export function solve(f: CholeskyFactor, b: Float64Array, x?: Float64Array): Float64Array {
  const { n, perm } = f.symbolic;
  if (b.length !== n) throw new InputError(`b must have length ${n}, got ${b.length}`, { field: 'b' });
  const out = x ?? new Float64Array(n);
  if (out.length !== n) throw new InputError(`x must have length ${n}, got ${out.length}`, { field: 'x' });
  const y = f.y;
  for (let k = 0; k < n; k++) y[k] = b[perm[k]];
  if (f.wasm) {
    f.wasm.exports.forward(f.symbolic.nSuper, f.wasm.lx, f.wasm.y);
    f.wasm.exports.backward(f.symbolic.nSuper, f.wasm.lx, f.wasm.y);
  } else {
    forwardSolve(f.symbolic, f.Lx, y);
    backwardSolve(f.symbolic, f.Lx, y);
  }
  for (let k = 0; k < n; k++) out[perm[k]] = y[k];
  return out;
}
