import { describe, expect, it } from 'vitest';
import { applyFilter, applyFilterTranspose, createFilter, type DensityFilter } from '../../../tools/engineering/beams2d/filter.ts';
import { seededVector } from './helpers.ts';

function weight(F: DensityFilter, row: number, col: number): number {
  for (let p = F.rowPtr[row]; p < F.rowPtr[row + 1]; p++) if (F.colIdx[p] === col) return F.H[p];
  return 0;
}

describe('density filter', () => {
  const nelx = 7;
  const nely = 5;
  const e = (elx: number, ely: number) => elx * nely + ely;

  it.each([
    [2, 2, 1, 2 - Math.SQRT2],
    [1.5, 1.5, 0.5, 1.5 - Math.SQRT2],
  ])('rmin %d: centre %d, edge %d, diagonal %d, nothing further', (rmin, centre, edge, diag) => {
    const F = createFilter(nelx, nely, rmin);
    const c = e(3, 2);
    expect(weight(F, c, c)).toBeCloseTo(centre, 15);
    expect(weight(F, c, e(4, 2))).toBeCloseTo(edge, 15);
    expect(weight(F, c, e(3, 1))).toBeCloseTo(edge, 15);
    expect(weight(F, c, e(2, 1))).toBeCloseTo(diag, 15);
    expect(weight(F, c, e(5, 2))).toBe(0);
    expect(F.Hs[c]).toBeCloseTo(centre + 4 * edge + 4 * diag, 14);
    // corner element: clipped neighbourhood
    expect(F.Hs[e(0, 0)]).toBeCloseTo(centre + 2 * edge + diag, 14);
  });

  it('keeps a uniform density uniform', () => {
    const F = createFilter(nelx, nely, 2.5);
    const xPhys = applyFilter(F, new Float64Array(nelx * nely).fill(0.35), new Float64Array(nelx * nely));
    for (const v of xPhys) expect(v).toBeCloseTo(0.35, 15);
  });

  it('has applyFilterTranspose as the exact adjoint of applyFilter', () => {
    const F = createFilter(nelx, nely, 2.3);
    const n = nelx * nely;
    const x = seededVector(n, 1);
    const y = seededVector(n, 2);
    const Fx = applyFilter(F, x, new Float64Array(n));
    const FTy = applyFilterTranspose(F, y, new Float64Array(n), new Float64Array(n));
    const lhs = Fx.reduce((s, v, i) => s + v * y[i], 0);
    const rhs = FTy.reduce((s, v, i) => s + v * x[i], 0);
    expect(lhs).toBeCloseTo(rhs, 12);
  });
});
