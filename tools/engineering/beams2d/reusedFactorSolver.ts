/**
 * Direct solver with factor reuse: K_k u = f is solved by preconditioned conjugate gradients with
 * the Cholesky factor of an earlier K (exact for the iteration where it was computed), starting
 * from the previous solution. When PCG needs more than `maxIterations` steps, or the previous solve
 * needed more than `refactorAfter`, K is refactored and solved directly.
 *
 * Legend: A current K (CSR), M = L·Lᵀ an earlier factor, r = f − A·u residual, z = M⁻¹ r,
 * p search direction; converged when ‖r‖ ≤ tol·‖f‖.
 */
import type { LinearSolver } from './fe.ts';
import type { SparsePattern } from './setup.ts';

export interface Factorization {
  factorize(values: Float64Array): void;
  solve(b: Float64Array, x: Float64Array): Float64Array;
}

export interface ReuseOptions {
  /** Relative residual tolerance of PCG. */
  tol?: number;
  /** PCG iteration cap before falling back to a fresh factor. */
  maxIterations?: number;
  /** Refactor at the next call when a PCG solve took more than this many iterations. */
  refactorAfter?: number;
}

export interface ReuseStats {
  factorizations: number;
  pcgSolves: number;
  pcgIterations: number;
  fallbacks: number;
  lastIterations: number;
}

export function spmv(p: SparsePattern, values: Float64Array, x: Float64Array, y: Float64Array): Float64Array {
  const { n, rowPtr, colIdx } = p;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let q = rowPtr[i]; q < rowPtr[i + 1]; q++) s += values[q] * x[colIdx[q]];
    y[i] = s;
  }
  return y;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

export function createReusedFactorSolver(pattern: SparsePattern, factor: Factorization, name: string, opts: ReuseOptions = {}): LinearSolver & { stats: ReuseStats } {
  const tol = opts.tol ?? 1e-10;
  const maxIterations = opts.maxIterations ?? 12;
  const refactorAfter = opts.refactorAfter ?? 6;
  const n = pattern.n;
  const r = new Float64Array(n);
  const z = new Float64Array(n);
  const d = new Float64Array(n);
  const q = new Float64Array(n);
  const u0 = new Float64Array(n);
  let hasFactor = false;
  let hasGuess = false;
  let refactorNext = true;
  const stats: ReuseStats = { factorizations: 0, pcgSolves: 0, pcgIterations: 0, fallbacks: 0, lastIterations: 0 };

  function direct(values: Float64Array, b: Float64Array, x: Float64Array): Float64Array {
    factor.factorize(values);
    stats.factorizations++;
    hasFactor = true;
    refactorNext = false;
    stats.lastIterations = 0;
    return factor.solve(b, x);
  }

  /** PCG from u0; returns the iteration count, or −1 when it did not converge. */
  function pcg(values: Float64Array, b: Float64Array, x: Float64Array): number {
    x.set(u0);
    spmv(pattern, values, x, q);
    for (let i = 0; i < n; i++) r[i] = b[i] - q[i];
    const stop = tol * Math.sqrt(dot(b, b));
    if (Math.sqrt(dot(r, r)) <= stop) return 0;
    factor.solve(r, z);
    d.set(z);
    let rz = dot(r, z);
    for (let it = 1; it <= maxIterations; it++) {
      spmv(pattern, values, d, q);
      const alpha = rz / dot(d, q);
      for (let i = 0; i < n; i++) {
        x[i] += alpha * d[i];
        r[i] -= alpha * q[i];
      }
      if (Math.sqrt(dot(r, r)) <= stop) return it;
      factor.solve(r, z);
      const rzNew = dot(r, z);
      const beta = rzNew / rz;
      rz = rzNew;
      for (let i = 0; i < n; i++) d[i] = z[i] + beta * d[i];
    }
    return -1;
  }

  function solve(values: Float64Array, b: Float64Array, x: Float64Array): Float64Array {
    if (!hasFactor || !hasGuess || refactorNext) {
      direct(values, b, x);
    } else {
      const its = pcg(values, b, x);
      stats.pcgSolves++;
      if (its < 0) {
        stats.pcgIterations += maxIterations;
        stats.fallbacks++;
        direct(values, b, x);
      } else {
        stats.pcgIterations += its;
        stats.lastIterations = its;
        refactorNext = its > refactorAfter;
      }
    }
    u0.set(x);
    hasGuess = true;
    return x;
  }

  return { name: `${name}+pcg-reuse`, solve, stats };
}
