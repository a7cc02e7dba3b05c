/**
 * Skyline (variable-band) Cholesky K = L·Lᵀ for the reduced Beams2D stiffness matrix.
 * Column-major DOF numbering runs along the short side (y), so the half-bandwidth is
 * about 2·(nely+1)+3 and the factor costs ≈ n·w²/2 multiply-adds.
 *
 * Legend: n rows, w half-bandwidth, first[i] the first column of row i's envelope,
 * L stored row-wise in a rectangle with one zero pad column:
 * L[i][k] at i·(w+2) + (k − i + w + 1), diagonal at i·(w+2) + w + 1.
 * The factor runs two rows at a time with split accumulators (V8 has no SIMD; this hides
 * the add latency of a single dot-product chain).
 */
import { NumericError } from '../../errors.ts';
import type { CsrPattern } from '../linalg/csrPattern.ts';

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

function notSpd(s: number, i: number): NumericError {
  return new NumericError(`banded Cholesky: matrix is not positive definite (pivot ${s} at row ${i})`);
}

export function createBandedCholesky(pattern: CsrPattern): BandedCholesky {
  const { n, rowPtr, colIdx } = pattern;
  const first = new Int32Array(n);
  let w = 0;
  for (let i = 0; i < n; i++) {
    first[i] = Math.min(i, colIdx[rowPtr[i]]);
    w = Math.max(w, i - first[i]);
  }
  const stride = w + 2;
  if (n * stride > MAX_BAND_ENTRIES) {
    throw new NumericError(`banded Cholesky: ${n} rows × bandwidth ${w} exceed the ${MAX_BAND_ENTRIES} entry limit`);
  }
  const off = (i: number) => i * stride - i + w + 1; // L[i][k] = L[off(i) + k]
  const lowerSlots: number[] = [];
  const lowerPos: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
      if (colIdx[p] <= i) {
        lowerSlots.push(p);
        lowerPos.push(off(i) + colIdx[p]);
      }
    }
  }
  const slot = Int32Array.from(lowerSlots);
  const pos = Int32Array.from(lowerPos);
  const L = new Float64Array(n * stride);

  /** Row i alone (used for the last row when n is odd). */
  function factorRow(i: number): void {
    const bi = off(i);
    for (let j = first[i]; j <= i; j++) {
      const bj = off(j);
      let s = L[bi + j];
      for (let k = Math.max(first[i], first[j]); k < j; k++) s -= L[bi + k] * L[bj + k];
      if (j < i) L[bi + j] = s / L[bj + j];
      else if (s > 0 && Number.isFinite(s)) L[bi + i] = Math.sqrt(s);
      else throw notSpd(s, i);
    }
  }

  /** Rows i and i+1 together: each L[j][k] loaded once feeds both rows. */
  function factorPair(i: number): void {
    const i2 = i + 1;
    const b1 = off(i);
    const b2 = off(i2);
    const f = first[i] < first[i2] ? first[i] : first[i2];
    for (let j = f; j < i; j++) {
      const bj = off(j);
      let k = f > first[j] ? f : first[j];
      let s1a = 0, s1b = 0, s2a = 0, s2b = 0;
      for (; k + 1 < j; k += 2) {
        const l0 = L[bj + k];
        const l1 = L[bj + k + 1];
        s1a += L[b1 + k] * l0;
        s1b += L[b1 + k + 1] * l1;
        s2a += L[b2 + k] * l0;
        s2b += L[b2 + k + 1] * l1;
      }
      if (k < j) {
        s1a += L[b1 + k] * L[bj + k];
        s2a += L[b2 + k] * L[bj + k];
      }
      const d = L[bj + j];
      L[b1 + j] = (L[b1 + j] - (s1a + s1b)) / d;
      L[b2 + j] = (L[b2 + j] - (s2a + s2b)) / d;
    }
    let sa = 0, sb = 0;
    for (let k = f; k < i; k++) {
      const l = L[b1 + k];
      sa += l * l;
      sb += L[b2 + k] * l;
    }
    const s1 = L[b1 + i] - sa;
    if (!(s1 > 0 && Number.isFinite(s1))) throw notSpd(s1, i);
    const d1 = Math.sqrt(s1);
    L[b1 + i] = d1;
    const l21 = (L[b2 + i] - sb) / d1;
    L[b2 + i] = l21;
    let s = 0;
    for (let k = f; k < i; k++) s += L[b2 + k] * L[b2 + k];
    const s2 = L[b2 + i2] - s - l21 * l21;
    if (!(s2 > 0 && Number.isFinite(s2))) throw notSpd(s2, i2);
    L[b2 + i2] = Math.sqrt(s2);
  }

  function factorize(values: Float64Array): void {
    L.fill(0);
    for (let q = 0; q < slot.length; q++) L[pos[q]] = values[slot[q]];
    let i = 0;
    for (; i + 1 < n; i += 2) factorPair(i);
    if (i < n) factorRow(i);
  }

  function solve(b: Float64Array, x: Float64Array): Float64Array {
    if (x !== b) x.set(b);
    for (let i = 0; i < n; i++) {
      const bi = off(i);
      let sa = 0, sb = 0;
      let k = first[i];
      for (; k + 1 < i; k += 2) {
        sa += L[bi + k] * x[k];
        sb += L[bi + k + 1] * x[k + 1];
      }
      if (k < i) sa += L[bi + k] * x[k];
      x[i] = (x[i] - (sa + sb)) / L[bi + i];
    }
    for (let i = n - 1; i >= 0; i--) {
      const bi = off(i);
      const xi = (x[i] /= L[bi + i]);
      for (let k = first[i]; k < i; k++) x[k] -= L[bi + k] * xi;
    }
    return x;
  }

  return { n, w, factorize, solve };
}
