/**
 * Dense Cholesky reference path (row-major n×n), for tests and tiny systems: A = L Lᵀ.
 *
 * Legend: A = symmetric positive definite matrix, L = lower-triangular factor (overwrites a copy).
 */
import { NumericError } from '../../tools/errors.ts';
import type { CsrMatrix } from '../../tools/engineering/linalg/sparseCholesky.ts';

/** Expands a CSR matrix into a dense row-major array. */
export function csrToDense(A: CsrMatrix): Float64Array {
  const D = new Float64Array(A.n * A.n);
  for (let i = 0; i < A.n; i++) for (let p = A.rowPtr[i]; p < A.rowPtr[i + 1]; p++) D[i * A.n + A.colIdx[p]] = A.values[p];
  return D;
}

/** Solves A x = b by dense Cholesky; throws NumericError when A is not positive definite. */
export function denseCholeskySolve(Adense: Float64Array, n: number, b: Float64Array): Float64Array {
  const L = Float64Array.from(Adense);
  for (let j = 0; j < n; j++) {
    let d = L[j * n + j];
    for (let p = 0; p < j; p++) d -= L[j * n + p] * L[j * n + p];
    if (!(d > 0)) throw new NumericError(`matrix is not positive definite: pivot ${d} at row ${j}`);
    const r = Math.sqrt(d);
    L[j * n + j] = r;
    for (let i = j + 1; i < n; i++) {
      let v = L[i * n + j];
      for (let p = 0; p < j; p++) v -= L[i * n + p] * L[j * n + p];
      L[i * n + j] = v / r;
    }
  }
  const x = Float64Array.from(b);
  for (let i = 0; i < n; i++) {
    let v = x[i];
    for (let p = 0; p < i; p++) v -= L[i * n + p] * x[p];
    x[i] = v / L[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let v = x[i];
    for (let p = i + 1; p < n; p++) v -= L[p * n + i] * x[p];
    x[i] = v / L[i * n + i];
  }
  return x;
}
