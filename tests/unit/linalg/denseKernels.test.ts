import { describe, expect, it } from 'vitest';
import { panelCholesky, schurUpdate } from '../../../tools/engineering/linalg/denseKernels.ts';
import { rng } from './testMatrices.ts';

/** A random SPD h×h matrix (column-major, full), B Bᵀ + h I. */
function randomSpdDense(h: number, seed: number): Float64Array {
  const r = rng(seed);
  const B = Float64Array.from({ length: h * h }, () => r() - 0.5);
  const A = new Float64Array(h * h);
  for (let i = 0; i < h; i++) {
    for (let j = 0; j < h; j++) {
      let s = i === j ? h : 0;
      for (let p = 0; p < h; p++) s += B[i * h + p] * B[j * h + p];
      A[j * h + i] = s;
    }
  }
  return A;
}

describe('dense panel kernels', () => {
  // every remainder path: k and m from 0/1 to 9 cover blocks of 4, 2, 1 and 3 columns
  for (let k = 1; k <= 9; k++) {
    it(`panel k=${k}: L11 L11ᵀ = A11, L21 L11ᵀ = A21 and U = A22 − L21 L21ᵀ for m = 0…9`, () => {
      for (let m = 0; m <= 9; m++) {
        const h = k + m;
        const A = randomSpdDense(h, 100 * k + m);
        const off = 3;
        const a = new Float64Array(off + h * k);
        for (let j = 0; j < k; j++) for (let i = j; i < h; i++) a[off + j * h + i] = A[j * h + i];
        expect(panelCholesky(a, off, h, k)).toBe(-1);
        const L = (i: number, j: number): number => (i >= j ? a[off + j * h + i] : 0);
        for (let j = 0; j < k; j++) {
          for (let i = j; i < h; i++) {
            let s = 0;
            for (let p = 0; p <= j; p++) s += L(i, p) * L(j, p);
            expect(s).toBeCloseTo(A[j * h + i], 10);
          }
        }
        const u = 2;
        const w = new Float64Array(u + m * m);
        for (let j = 0; j < m; j++) for (let i = j; i < m; i++) w[u + j * m + i] = A[(k + j) * h + k + i];
        schurUpdate(a, off, h, k, w, u);
        for (let j = 0; j < m; j++) {
          for (let i = j; i < m; i++) {
            let s = A[(k + j) * h + k + i];
            for (let p = 0; p < k; p++) s -= L(k + i, p) * L(k + j, p);
            expect(w[u + j * m + i]).toBeCloseTo(s, 10);
          }
        }
      }
    });
  }

  it('reports the first column whose pivot is not positive', () => {
    for (const k of [1, 2, 3, 4, 6, 9]) {
      const h = k + 2;
      const A = randomSpdDense(h, k);
      const a = new Float64Array(h * k);
      for (let j = 0; j < k; j++) for (let i = j; i < h; i++) a[j * h + i] = A[j * h + i];
      a[(k - 1) * h + k - 1] = -1e6;
      expect(panelCholesky(a, 0, h, k)).toBe(k - 1);
      a[0] = NaN;
      expect(panelCholesky(a, 0, h, k)).toBe(0);
    }
  });
});
