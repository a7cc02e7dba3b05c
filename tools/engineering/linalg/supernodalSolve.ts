/**
 * Triangular solves with the supernodal factor: A x = b  ⇔  L Lᵀ (P x) = P b.
 *
 * Each supernode is processed 4 columns at a time, so every (indirectly addressed) entry of y
 * below the diagonal block is loaded and stored once per 4 multiply-adds.
 *
 * Legend: y = P b (permuted right-hand side, overwritten by the solution in permuted order);
 * supernode s owns columns f…f+k-1 and rows rowIdx[rowPtr[s]…] (h of them, the first k are its
 * own columns); its panel L is h×k column-major at Lx[panelOff[s]…]; nb = columns in a block.
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
    for (let j0 = 0; j0 < k; j0 += 4) {
      const nb = Math.min(4, k - j0);
      const c0 = panelOff[s] + j0 * h;
      // the nb×nb diagonal block, then the rows below it inside the supernode's own columns
      for (let j = 0; j < nb; j++) {
        const c = c0 + j * h;
        const xj = (y[f + j0 + j] /= Lx[c + j0 + j]);
        for (let i = j0 + j + 1; i < Math.min(k, j0 + nb); i++) y[f + i] -= Lx[c + i] * xj;
      }
      if (nb < 4) {
        for (let j = 0; j < nb; j++) {
          const c = c0 + j * h;
          const xj = y[f + j0 + j];
          for (let i = j0 + nb; i < k; i++) y[f + i] -= Lx[c + i] * xj;
          for (let q = k; q < h; q++) y[rowIdx[r0 + q]] -= Lx[c + q] * xj;
        }
        continue;
      }
      const c1 = c0 + h, c2 = c1 + h, c3 = c2 + h;
      const x0 = y[f + j0], x1 = y[f + j0 + 1], x2 = y[f + j0 + 2], x3 = y[f + j0 + 3];
      for (let i = j0 + 4; i < k; i++) y[f + i] -= Lx[c0 + i] * x0 + Lx[c1 + i] * x1 + Lx[c2 + i] * x2 + Lx[c3 + i] * x3;
      for (let q = k; q < h; q++) {
        y[rowIdx[r0 + q]] -= Lx[c0 + q] * x0 + Lx[c1 + q] * x1 + Lx[c2 + q] * x2 + Lx[c3 + q] * x3;
      }
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
    for (let j0 = (k - 1) & ~3; j0 >= 0; j0 -= 4) {
      const nb = Math.min(4, k - j0);
      const c0 = panelOff[s] + j0 * h;
      if (nb === 4) {
        const c1 = c0 + h, c2 = c1 + h, c3 = c2 + h;
        let t0 = 0, t1 = 0, t2 = 0, t3 = 0;
        for (let i = j0 + 4; i < k; i++) {
          const v = y[f + i];
          t0 += Lx[c0 + i] * v; t1 += Lx[c1 + i] * v; t2 += Lx[c2 + i] * v; t3 += Lx[c3 + i] * v;
        }
        for (let q = k; q < h; q++) {
          const v = y[rowIdx[r0 + q]];
          t0 += Lx[c0 + q] * v; t1 += Lx[c1 + q] * v; t2 += Lx[c2 + q] * v; t3 += Lx[c3 + q] * v;
        }
        y[f + j0] -= t0; y[f + j0 + 1] -= t1; y[f + j0 + 2] -= t2; y[f + j0 + 3] -= t3;
      } else {
        for (let j = 0; j < nb; j++) {
          const c = c0 + j * h;
          let t = 0;
          for (let i = j0 + nb; i < k; i++) t += Lx[c + i] * y[f + i];
          for (let q = k; q < h; q++) t += Lx[c + q] * y[rowIdx[r0 + q]];
          y[f + j0 + j] -= t;
        }
      }
      // the nb×nb diagonal block, transposed
      for (let j = nb - 1; j >= 0; j--) {
        const c = c0 + j * h;
        let t = y[f + j0 + j];
        for (let i = j0 + j + 1; i < j0 + nb; i++) t -= Lx[c + i] * y[f + i];
        y[f + j0 + j] = t / Lx[c + j0 + j];
      }
    }
  }
}
