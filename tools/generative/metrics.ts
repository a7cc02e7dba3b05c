/**
 * EngiOpt's evaluation metrics (engiopt/metrics.py; engibench.md §5.6), pure functions of arrays.
 * Designs are flat vectors. k(a, b) = exp(−‖a−b‖² / (2σ²)).
 *   MMD = mean K_XX + mean K_YY − 2 mean K_XY (biased V-statistic, diagonals included, not square-rooted)
 *   DPP = det(K_XX + 1e-6·I) (the raw determinant; 0 when it cannot be computed)
 *   gaps = [f_step − f*] over an optimization history; COG = Σ gaps, FOG = last gap
 *   violation = |mean(g) − volfrac| ≥ 0.01
 */
export type Vectors = readonly ArrayLike<number>[];

function sqDist(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i] - b[i];
    s += d * d;
  }
  return s;
}

/** The RBF kernel matrix between two sets, row-major |X| × |Y|. */
export function rbfKernel(X: Vectors, Y: Vectors, sigma: number): Float64Array {
  const K = new Float64Array(X.length * Y.length);
  const inv = 1 / (2 * sigma * sigma);
  for (let i = 0; i < X.length; i++) for (let j = 0; j < Y.length; j++) K[i * Y.length + j] = Math.exp(-sqDist(X[i], Y[j]) * inv);
  return K;
}

const meanOf = (a: Float64Array) => a.reduce((s, v) => s + v, 0) / a.length;

export function mmd(X: Vectors, Y: Vectors, sigma: number): number {
  return meanOf(rbfKernel(X, X, sigma)) + meanOf(rbfKernel(Y, Y, sigma)) - 2 * meanOf(rbfKernel(X, Y, sigma));
}

/** Determinant by LU with partial pivoting (float64); NaN-free input assumed. */
export function determinant(A: Float64Array, n: number): number {
  const a = Float64Array.from(A);
  let det = 1;
  for (let k = 0; k < n; k++) {
    let p = k;
    for (let i = k + 1; i < n; i++) if (Math.abs(a[i * n + k]) > Math.abs(a[p * n + k])) p = i;
    const pivot = a[p * n + k];
    if (pivot === 0) return 0;
    if (p !== k) {
      for (let j = 0; j < n; j++) [a[k * n + j], a[p * n + j]] = [a[p * n + j], a[k * n + j]];
      det = -det;
    }
    det *= pivot;
    for (let i = k + 1; i < n; i++) {
      const f = a[i * n + k] / pivot;
      if (f === 0) continue;
      for (let j = k + 1; j < n; j++) a[i * n + j] -= f * a[k * n + j];
    }
  }
  return det;
}

export function dppDiversity(X: Vectors, sigma: number): number {
  const n = X.length;
  const K = rbfKernel(X, X, sigma);
  for (let i = 0; i < n; i++) K[i * n + i] += 1e-6;
  const d = determinant(K, n);
  return Number.isFinite(d) ? d : 0;
}

export function optimalityGaps(history: readonly number[], baseline: number): number[] {
  return history.map((f) => f - baseline);
}

export function meanValue(a: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i];
  return s / a.length;
}

/** EngiOpt's volume check: the design's mean density misses the target by 0.01 or more. */
export const violatesVolume = (design: ArrayLike<number>, target: number, tol = 0.01): boolean => Math.abs(meanValue(design) - target) >= tol;

/** The mean of a list; NaN for an empty one (EngiOpt's np.mean of []). */
export const average = (xs: readonly number[]): number => (xs.length ? xs.reduce((s, v) => s + v, 0) / xs.length : NaN);
