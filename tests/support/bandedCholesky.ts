/**
 * Envelope ("skyline") Cholesky A = L·Lᵀ with the same three-call interface as the shared sparse
 * Cholesky (analyze → factorize → solve). The engine uses the shared solver
 * (linalg/sparseCholesky.ts, ≈ 4× faster here); this one stays as an independent cross-check in the
 * tests. With node-column numbering the half-bandwidth is about 2·(nely+1)+3 (Km) and nely+2 (Kth).
 *
 * Legend: n rows, w half-bandwidth, first[i] the first column of row i's envelope; L is stored row
 * by row in an n×(w+1) rectangle, L[i][k] at base(i) + k with base(i) = i·(w+1) + w − i.
 */
import { NumericError } from '../../tools/errors.ts';
import type { CsrPattern } from '../../tools/engineering/linalg/csrPattern.ts';

export interface BandSymbolic {
  pattern: CsrPattern;
  first: Int32Array;
  w: number;
}

export interface BandFactor {
  sym: BandSymbolic;
  L: Float64Array;
}

export function analyze(pattern: CsrPattern): BandSymbolic {
  const { n, rowPtr, colIdx } = pattern;
  const first = new Int32Array(n);
  let w = 0;
  for (let i = 0; i < n; i++) {
    first[i] = rowPtr[i + 1] > rowPtr[i] ? Math.min(i, colIdx[rowPtr[i]]) : i;
    w = Math.max(w, i - first[i]);
  }
  return { pattern, first, w };
}

/** Factorizes the matrix with these CSR values; a non-positive pivot is a NumericError. */
export function factorize(sym: BandSymbolic, values: Float64Array): BandFactor {
  const { pattern, first, w } = sym;
  const { n, rowPtr, colIdx } = pattern;
  const stride = w + 1;
  const L = new Float64Array(n * stride);
  for (let i = 0; i < n; i++) {
    const bi = i * stride + w - i;
    for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
      const j = colIdx[p];
      if (j <= i) L[bi + j] = values[p];
    }
  }
  for (let i = 0; i < n; i++) {
    const bi = i * stride + w - i;
    const fi = first[i];
    for (let j = fi; j <= i; j++) {
      const bj = j * stride + w - j;
      const k0 = fi > first[j] ? fi : first[j];
      let s = L[bi + j];
      for (let k = k0; k < j; k++) s -= L[bi + k] * L[bj + k];
      if (j < i) {
        L[bi + j] = s / L[bj + j];
      } else {
        if (!(s > 0)) throw new NumericError(`Cholesky: non-positive pivot ${s} at row ${i} of ${n} (matrix not positive definite)`);
        L[bi + i] = Math.sqrt(s);
      }
    }
  }
  return { sym, L };
}

/** Solves L·Lᵀ·x = b; returns a new array. */
export function solve(factor: BandFactor, b: Float64Array): Float64Array {
  const { sym, L } = factor;
  const { first, w } = sym;
  const n = sym.pattern.n;
  const stride = w + 1;
  const x = Float64Array.from(b);
  for (let i = 0; i < n; i++) {
    const bi = i * stride + w - i;
    let s = x[i];
    for (let k = first[i]; k < i; k++) s -= L[bi + k] * x[k];
    x[i] = s / L[bi + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    const bi = i * stride + w - i;
    const xi = x[i] / L[bi + i];
    x[i] = xi;
    for (let k = first[i]; k < i; k++) x[k] -= L[bi + k] * xi;
  }
  return x;
}
