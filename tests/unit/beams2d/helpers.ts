/** Small shared helpers for the Beams2D tests (tiny grids, seeded vectors, dense views). */
import { mulberry32 } from '../../../tools/engineering/random.ts';
import type { SparsePattern } from '../../../tools/engineering/beams2d/setup.ts';

export function seededVector(n: number, seed: number, lo = 0, hi = 1): Float64Array {
  const r = mulberry32(seed);
  const v = new Float64Array(n);
  for (let i = 0; i < n; i++) v[i] = lo + (hi - lo) * r();
  return v;
}

export function toDense(p: SparsePattern, values: Float64Array): number[][] {
  const A = Array.from({ length: p.n }, () => new Array<number>(p.n).fill(0));
  for (let i = 0; i < p.n; i++) for (let q = p.rowPtr[i]; q < p.rowPtr[i + 1]; q++) A[i][p.colIdx[q]] = values[q];
  return A;
}

/** Eigenvalues of a small symmetric matrix by cyclic Jacobi rotations, ascending. */
export function symmetricEigenvalues(M: number[][]): number[] {
  const n = M.length;
  const A = M.map((r) => [...r]);
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) off += A[i][j] ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(A[p][q]) < 1e-300) continue;
        const theta = (A[q][q] - A[p][p]) / (2 * A[p][q]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = A[k][p];
          const akq = A[k][q];
          A[k][p] = c * akp - s * akq;
          A[k][q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = A[p][k];
          const aqk = A[q][k];
          A[p][k] = c * apk - s * aqk;
          A[q][k] = s * apk + c * aqk;
        }
      }
    }
  }
  return A.map((r, i) => r[i]).sort((a, b) => a - b);
}

export function sum(a: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i];
  return s;
}

/** y = A·x for a CSR matrix on `p`. */
export function spmv(p: SparsePattern, values: Float64Array, x: Float64Array, y: Float64Array): Float64Array {
  for (let i = 0; i < p.n; i++) {
    let s = 0;
    for (let q = p.rowPtr[i]; q < p.rowPtr[i + 1]; q++) s += values[q] * x[p.colIdx[q]];
    y[i] = s;
  }
  return y;
}
