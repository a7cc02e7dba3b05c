/**
 * Numeric supernodal multifrontal Cholesky: one postordered sweep over the supernodes.
 *
 * For each supernode s: its panel already holds the entries of PAPᵀ (scattered by valueMap);
 * the children's update matrices are extend-added into the panel and into U_s; the panel is
 * factored densely; U_s -= L21 L21ᵀ is formed and left on the stack for the parent.
 *
 * Legend: Lx = panel storage of L; W = update-matrix stack; k, h, m = columns, rows, rows below
 * the diagonal block of a supernode; rel = child row → parent front position (precomputed).
 */
import { NumericError } from '../../errors.ts';
import type { CholeskySymbolic } from './choleskySymbolic.ts';
import { panelCholesky, schurUpdate } from './denseKernels.ts';

/** Adds child c's update matrix (at Wc[uc…], mc×mc) into the parent's panel and U (in W). */
function extendAdd(
  sym: CholeskySymbolic,
  c: number,
  Lx: Float64Array,
  W: Float64Array,
  Wc: Float64Array,
  uc: number,
  off: number,
  h: number,
  k: number,
  u: number,
): void {
  const m = h - k;
  const r0 = sym.relPtr[c];
  const mc = sym.relPtr[c + 1] - r0;
  const rel = sym.rel;
  for (let jj = 0; jj < mc; jj++) {
    const rj = rel[r0 + jj];
    const src = uc + jj * mc;
    if (rj < k) addColumn(Lx, off + rj * h, Wc, src, rel, r0, jj, mc);
    else addColumn(W, u + (rj - k) * m - k, Wc, src, rel, r0, jj, mc);
  }
}

/** T[dst + rel[r0+i]] += W[src + i] for i = jj … mc-1, two rows per step. */
function addColumn(T: Float64Array, dst: number, W: Float64Array, src: number, rel: Int32Array, r0: number, jj: number, mc: number): void {
  let i = jj;
  for (; i + 1 < mc; i += 2) {
    const t0 = dst + rel[r0 + i];
    const t1 = dst + rel[r0 + i + 1];
    const v0 = W[src + i];
    const v1 = W[src + i + 1];
    T[t0] = T[t0] + v0;
    T[t1] = T[t1] + v1;
  }
  if (i < mc) {
    const t0 = dst + rel[r0 + i];
    T[t0] = T[t0] + W[src + i];
  }
}

/** Factors values (aligned with the analyzed pattern) into Lx, using W as the update stack. */
export function multifrontalFactor(sym: CholeskySymbolic, values: Float64Array, Lx: Float64Array, W: Float64Array): void {
  factorSupernodes(sym, 0, sym.nSuper, values, Lx, W);
}

/** Update matrices of subtrees factored elsewhere: U_c is at F[off[c]…] when off[c] >= 0. */
export interface Frontier {
  F: Float64Array;
  off: Int32Array;
}

/** Factors supernodes s0 … s1-1 in order (their children must be done). */
export function factorSupernodes(sym: CholeskySymbolic, s0: number, s1: number, values: Float64Array, Lx: Float64Array, W: Float64Array): void {
  for (let s = s0; s < s1; s++) factorSupernode(sym, s, values, Lx, W);
}

/** Factors supernode s; children listed in front take their update matrices from front.F. */
export function factorSupernode(sym: CholeskySymbolic, s: number, values: Float64Array, Lx: Float64Array, W: Float64Array, front?: Frontier): void {
  const { superStart, rowPtr, panelOff, childPtr, childIdx, uTmp, uOff, scatterPtr, scatterSrc, scatterDst } = sym;
  const k = superStart[s + 1] - superStart[s];
  const h = rowPtr[s + 1] - rowPtr[s];
  const m = h - k;
  const off = panelOff[s];
  const u = uTmp[s];
  Lx.fill(0, off, off + h * k);
  for (let t = scatterPtr[s]; t < scatterPtr[s + 1]; t++) Lx[scatterDst[t]] = values[scatterSrc[t]];
  if (m > 0) W.fill(0, u, u + m * m);
  for (let t = childPtr[s]; t < childPtr[s + 1]; t++) {
    const c = childIdx[t];
    const fo = front ? front.off[c] : -1;
    if (fo >= 0 && front) extendAdd(sym, c, Lx, W, front.F, fo, off, h, k, u);
    else extendAdd(sym, c, Lx, W, W, uOff[c], off, h, k, u);
  }
  const bad = panelCholesky(Lx, off, h, k);
  if (bad >= 0) throw pivotError(sym, s, Lx[off + bad * h + bad], bad);
  if (m > 0) {
    schurUpdate(Lx, off, h, k, W, u);
    if (uOff[s] !== u) W.copyWithin(uOff[s], u, u + m * m);
  }
}

/** The error for a pivot that is not positive (column bad of supernode s). */
export function pivotError(sym: CholeskySymbolic, s: number, pivot: number, bad: number): NumericError {
  const row = sym.perm[sym.superStart[s] + bad];
  return new NumericError(
    `matrix is not positive definite: pivot ${pivot} at row ${row} (elimination step ${sym.superStart[s] + bad} of ${sym.n})`,
    { hint: 'check boundary conditions (rigid-body modes) and that every stiffness is positive and finite' },
  );
}

/** Factors the subtree [s0, s1) (root s1-1) with stack W and copies the root's U to front.F. */
export function factorSubtree(sym: CholeskySymbolic, s0: number, s1: number, values: Float64Array, Lx: Float64Array, W: Float64Array, front: Frontier): void {
  factorSupernodes(sym, s0, s1, values, Lx, W);
  const c = s1 - 1;
  const m = sym.rowPtr[c + 1] - sym.rowPtr[c] - (sym.superStart[c + 1] - sym.superStart[c]);
  const u = sym.uOff[c];
  front.F.set(W.subarray(u, u + m * m), front.off[c]);
}
