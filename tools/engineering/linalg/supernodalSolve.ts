/**
 * Triangular solves with the supernodal factor: A x = b  ⇔  L Lᵀ (P x) = P b.
 *
 * Legend: y = P b (permuted right-hand side, overwritten by the solution in permuted order);
 * supernode s owns columns f…f+k-1 and rows rowIdx[rowPtr[s]…] (h of them); panel h×k
 * column-major at Lx[panelOff[s]…].
 */
import type { CholeskySymbolic } from './choleskySymbolic.ts';

/** y := L⁻¹ y. */
export function forwardSolve(sym: CholeskySymbolic, Lx: Float64Array, y: Float64Array): void {
  const { superStart, rowPtr, rowIdx, panelOff } = sym;
  for (let s = 0; s < sym.nSuper; s++) {
    const f = superStart[s];
    const k = superStart[s + 1] - f;
    const r0 = rowPtr[s];
    const h = rowPtr[s + 1] - r0;
    for (let j = 0; j < k; j++) {
      const col = panelOff[s] + j * h;
      const xj = y[f + j] / Lx[col + j];
      y[f + j] = xj;
      if (xj === 0) continue;
      for (let i = j + 1; i < k; i++) y[f + i] -= Lx[col + i] * xj;
      for (let q = k; q < h; q++) y[rowIdx[r0 + q]] -= Lx[col + q] * xj;
    }
  }
}

/** y := L⁻ᵀ y. */
export function backwardSolve(sym: CholeskySymbolic, Lx: Float64Array, y: Float64Array): void {
  const { superStart, rowPtr, rowIdx, panelOff } = sym;
  for (let s = sym.nSuper - 1; s >= 0; s--) {
    const f = superStart[s];
    const k = superStart[s + 1] - f;
    const r0 = rowPtr[s];
    const h = rowPtr[s + 1] - r0;
    for (let j = k - 1; j >= 0; j--) {
      const col = panelOff[s] + j * h;
      let t = y[f + j];
      for (let q = k; q < h; q++) t -= Lx[col + q] * y[rowIdx[r0 + q]];
      for (let i = j + 1; i < k; i++) t -= Lx[col + i] * y[f + i];
      y[f + j] = t / Lx[col + j];
    }
  }
}
