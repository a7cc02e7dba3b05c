/**
 * Skyline (variable-band) Cholesky K = L·Lᵀ for the reduced Beams2D stiffness matrix.
 * Column-major DOF numbering runs along the short side (y), so the half-bandwidth is
 * about 2·(nely+1)+3 and the factor costs ≈ n·w²/2 multiply-adds.
 *
 * Legend: n rows, w half-bandwidth, first[i] the first column of row i's envelope,
 * L stored row-wise in a rectangle: L[i][k] at i·(w+1) + (k − i + w), diagonal at i·(w+1) + w.
 */
import { NumericError } from '../../errors.ts';

export interface SymmetricPattern {
  n: number;
  rowPtr: Int32Array;
  colIdx: Int32Array;
}

export interface BandedCholesky {
  readonly n: number;
  readonly w: number;
  /** Factor the matrix with these CSR values (pattern given at creation); throws NumericError if not SPD. */
  factorize(values: Float64Array): void;
  /** Solve L·Lᵀ x = b with the current factor; b and x may alias. */
  solve(b: Float64Array, x: Float64Array): Float64Array;
}

/** Largest band storage we allow (doubles); beyond it the caller should use a sparse ordering. */
export const MAX_BAND_ENTRIES = 200_000_000;

export function createBandedCholesky(pattern: SymmetricPattern): BandedCholesky {
  const { n, rowPtr, colIdx } = pattern;
  const first = new Int32Array(n);
  let w = 0;
  for (let i = 0; i < n; i++) {
    first[i] = Math.min(i, colIdx[rowPtr[i]]);
    w = Math.max(w, i - first[i]);
  }
  const stride = w + 1;
  if (n * stride > MAX_BAND_ENTRIES) {
    throw new NumericError(`banded Cholesky: ${n} rows × bandwidth ${w} exceed the ${MAX_BAND_ENTRIES} entry limit`);
  }
  // Lower-triangle CSR slot → band position.
  const lowerSlots: number[] = [];
  const lowerPos: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
      const c = colIdx[p];
      if (c <= i) {
        lowerSlots.push(p);
        lowerPos.push(i * stride + (c - i + w));
      }
    }
  }
  const slot = Int32Array.from(lowerSlots);
  const pos = Int32Array.from(lowerPos);
  const L = new Float64Array(n * stride);

  function factorize(values: Float64Array): void {
    L.fill(0);
    for (let q = 0; q < slot.length; q++) L[pos[q]] = values[slot[q]];
    for (let i = 0; i < n; i++) {
      const fi = first[i];
      const bi = i * stride - i + w; // L[i][k] = L[bi + k]
      for (let j = fi; j <= i; j++) {
        const bj = j * stride - j + w;
        const k0 = fi > first[j] ? fi : first[j];
        let s = L[bi + j];
        for (let k = k0; k < j; k++) s -= L[bi + k] * L[bj + k];
        if (j < i) L[bi + j] = s / L[bj + j];
        else if (s > 0 && Number.isFinite(s)) L[bi + i] = Math.sqrt(s);
        else throw new NumericError(`banded Cholesky: matrix is not positive definite (pivot ${s} at row ${i})`);
      }
    }
  }

  function solve(b: Float64Array, x: Float64Array): Float64Array {
    if (x !== b) x.set(b);
    for (let i = 0; i < n; i++) {
      const bi = i * stride - i + w;
      let s = x[i];
      for (let k = first[i]; k < i; k++) s -= L[bi + k] * x[k];
      x[i] = s / L[bi + i];
    }
    for (let i = n - 1; i >= 0; i--) {
      const bi = i * stride - i + w;
      const xi = (x[i] /= L[bi + i]);
      for (let k = first[i]; k < i; k++) x[k] -= L[bi + k] * xi;
    }
    return x;
  }

  return { n, w, factorize, solve };
}
