/**
 * Linear solvers for the Beams3D stiffness system K u = f (K from setup.ts: SPD, fixed DOFs as
 * identity rows). Two of our own, chosen by measurement (benchmarks in the README of this folder):
 * - 'cholesky': the shared supernodal sparse Cholesky (tools/engineering/linalg) with geometric
 *   nested dissection on the nodes' (x, y, z); analysis once per grid.
 * - 'pcg': conjugate gradients preconditioned with the 3×3 node-block Jacobi, stopping at
 *   ‖r‖ ≤ rtol·‖f‖ (rtol 1e-8, EngiBench's CG tolerance); a NumericError if it does not get there.
 */
import { NumericError } from '../../errors.ts';
import { analyze, factorize, solve, type CholeskyFactor, type CholeskySymbolic } from '../linalg/sparseCholesky.ts';
import type { CsrPattern } from '../linalg/csrPattern.ts';
import { norm2, pcgIterate } from '../linalg/pcg.ts';

export interface Beams3DSolver {
  readonly name: string;
  /** Solves K x = b for K's CSR values on the setup's pattern; returns x. elementScale: K's x_e^p per element (multigrid's coarse levels). */
  solve(values: Float64Array, b: Float64Array, x: Float64Array, elementScale?: Float64Array): Float64Array;
  /** Iterations of the last solve (pcg), 1 for a direct solve. */
  lastIterations(): number;
}

export function createCholeskySolver(pattern: CsrPattern, coords?: Float64Array): Beams3DSolver {
  const sym: CholeskySymbolic = analyze(pattern, coords ? { coords, coordDims: 3 } : {});
  let factor: CholeskyFactor | undefined;
  return {
    name: coords ? 'sparse-cholesky-nd3' : 'sparse-cholesky-graph-nd',
    solve(values, b, x) {
      factor = factorize(sym, values, factor);
      return solve(factor, b, x);
    },
    lastIterations: () => 1,
  };
}

/** Inverts each 3×3 diagonal block of K (row-major, 9 per node) for the block-Jacobi preconditioner. */
export function blockJacobi(pattern: CsrPattern, values: Float64Array, inv: Float64Array): void {
  const { rowPtr, colIdx } = pattern;
  const nn = pattern.n / 3;
  const a = new Float64Array(9);
  for (let node = 0; node < nn; node++) {
    for (let d = 0; d < 3; d++) {
      const r = 3 * node + d;
      for (let p = rowPtr[r]; p < rowPtr[r + 1]; p++) {
        const col = colIdx[p] - 3 * node;
        if (col >= 0 && col < 3) a[3 * d + col] = values[p];
      }
    }
    const c00 = a[4] * a[8] - a[5] * a[7], c01 = a[5] * a[6] - a[3] * a[8], c02 = a[3] * a[7] - a[4] * a[6];
    const det = a[0] * c00 + a[1] * c01 + a[2] * c02;
    const o = 9 * node;
    inv[o] = c00 / det;
    inv[o + 1] = (a[2] * a[7] - a[1] * a[8]) / det;
    inv[o + 2] = (a[1] * a[5] - a[2] * a[4]) / det;
    inv[o + 3] = c01 / det;
    inv[o + 4] = (a[0] * a[8] - a[2] * a[6]) / det;
    inv[o + 5] = (a[2] * a[3] - a[0] * a[5]) / det;
    inv[o + 6] = c02 / det;
    inv[o + 7] = (a[1] * a[6] - a[0] * a[7]) / det;
    inv[o + 8] = (a[0] * a[4] - a[1] * a[3]) / det;
  }
}

export function createPcgSolver(pattern: CsrPattern, opts: { rtol?: number; maxIter?: number } = {}): Beams3DSolver {
  const n = pattern.n;
  const rtol = opts.rtol ?? 1e-8;
  const maxIter = opts.maxIter ?? 20 * n;
  const { rowPtr, colIdx } = pattern;
  const inv = new Float64Array(3 * n);
  const r = new Float64Array(n), z = new Float64Array(n), p = new Float64Array(n), q = new Float64Array(n);
  let iters = 0;
  let values: Float64Array = new Float64Array(0);
  const matvec = (src: Float64Array, dst: Float64Array) => {
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let k = rowPtr[i]; k < rowPtr[i + 1]; k++) s += values[k] * src[colIdx[k]];
      dst[i] = s;
    }
  };
  const precondition = (src: Float64Array, dst: Float64Array) => {
    for (let node = 0; node < n / 3; node++) {
      const o = 9 * node, i = 3 * node;
      const s0 = src[i], s1 = src[i + 1], s2 = src[i + 2];
      dst[i] = inv[o] * s0 + inv[o + 1] * s1 + inv[o + 2] * s2;
      dst[i + 1] = inv[o + 3] * s0 + inv[o + 4] * s1 + inv[o + 5] * s2;
      dst[i + 2] = inv[o + 6] * s0 + inv[o + 7] * s1 + inv[o + 8] * s2;
    }
  };
  return {
    name: 'pcg-block-jacobi',
    solve(K, b, x) {
      values = K;
      blockJacobi(pattern, values, inv);
      x.fill(0);
      r.set(b);
      const bnorm = norm2(b);
      iters = 0;
      if (bnorm === 0) return x;
      iters = pcgIterate({ x, r, z, p, q }, matvec, precondition, bnorm, rtol, maxIter);
      if (iters > 0) return x;
      throw new NumericError(`beams3d: block-Jacobi CG did not reach rtol ${rtol} in ${maxIter} iterations`);
    },
    lastIterations: () => iters,
  };
}

