/** EngiOpt's metric formulas (tools/generative/metrics.ts) on hand-computed cases. */
import { describe, expect, it } from 'vitest';
import { determinant, dppDiversity, mmd, optimalityGaps, violatesVolume } from '../../../tools/generative/index.ts';

describe('EngiOpt metrics', () => {
  it('MMD is the biased V-statistic with diagonals, not square-rooted', () => {
    const X = [[0, 0]];
    const Y = [[3, 4]]; // ‖x−y‖² = 25
    const sigma = 5; // k = exp(−25/50)
    expect(mmd(X, Y, sigma)).toBeCloseTo(2 - 2 * Math.exp(-0.5), 12);
    expect(mmd([[1, 2], [3, 4]], [[1, 2], [3, 4]], 1)).toBeCloseTo(0, 12);
    // two points vs one: mean K_XX includes the diagonal ones
    const k = Math.exp(-1 / 2);
    expect(mmd([[0], [1]], [[0]], 1)).toBeCloseTo((2 + 2 * k) / 4 + 1 - 2 * ((1 + k) / 2), 12);
  });

  it('DPP is det(K + 1e-6 I): near 1 for far-apart designs, near 0 for duplicates', () => {
    expect(dppDiversity([[0, 0], [100, 0], [0, 100]], 1)).toBeCloseTo((1 + 1e-6) ** 3, 9);
    expect(dppDiversity([[1, 1], [1, 1]], 10)).toBeLessThan(1e-5);
  });

  it('determinant by LU with pivoting', () => {
    expect(determinant(Float64Array.from([0, 1, 1, 0]), 2)).toBeCloseTo(-1, 12);
    expect(determinant(Float64Array.from([2, 0, 1, 1, 3, 2, 1, 1, 1]), 3)).toBeCloseTo(2 * (3 - 2) - 0 + 1 * (1 - 3), 12);
    expect(determinant(Float64Array.from([1, 2, 2, 4]), 2)).toBe(0);
  });

  it('gaps are f − f* per step (not sign-normalised); volume violation at ≥ 0.01', () => {
    expect(optimalityGaps([10, 7, 5], 4)).toEqual([6, 3, 1]);
    expect(violatesVolume([0.3, 0.3], 0.3)).toBe(false);
    expect(violatesVolume([0.31, 0.31], 0.3)).toBe(true);
    expect(violatesVolume([0.305, 0.305], 0.3)).toBe(false);
  });
});
