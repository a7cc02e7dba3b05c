/**
 * Small dense linear solve A·x = b by Gaussian elimination with partial pivoting
 * (for MMA's (m+1)×(m+1) Newton system; m is the number of constraints, usually 1–10).
 * Legend: A row-major size×size (not modified), b length size.
 */
import { NumericError } from '../../errors.ts';

export function solveDense(A: Float64Array, b: Float64Array, size: number): Float64Array {
  const M = A.slice();
  const x = b.slice();
  for (let col = 0; col < size; col++) {
    let piv = col;
    for (let r = col + 1; r < size; r++) if (Math.abs(M[r * size + col]) > Math.abs(M[piv * size + col])) piv = r;
    const p = M[piv * size + col];
    if (p === 0 || !Number.isFinite(p)) throw new NumericError(`dense solve: singular or non-finite pivot in column ${col}`);
    if (piv !== col) {
      for (let c = 0; c < size; c++) {
        const t = M[col * size + c];
        M[col * size + c] = M[piv * size + c];
        M[piv * size + c] = t;
      }
      const t = x[col];
      x[col] = x[piv];
      x[piv] = t;
    }
    for (let r = col + 1; r < size; r++) {
      const f = M[r * size + col] / p;
      if (f === 0) continue;
      for (let c = col; c < size; c++) M[r * size + c] -= f * M[col * size + c];
      x[r] -= f * x[col];
    }
  }
  for (let r = size - 1; r >= 0; r--) {
    let s = x[r];
    for (let c = r + 1; c < size; c++) s -= M[r * size + c] * x[c];
    x[r] = s / M[r * size + r];
  }
  return x;
}
