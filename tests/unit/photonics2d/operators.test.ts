/** The FDFD operator: PML profile, the complex symmetry of W·A, and reciprocity of the solved fields. */
import { describe, expect, it } from 'vitest';
import { makeGrid, omegaOf } from '../../../tools/engineering/photonics2d/grid.ts';
import { buildOperator, operatorTriplets } from '../../../tools/engineering/photonics2d/operators.ts';
import { FdfdSolver } from '../../../tools/engineering/photonics2d/fdfd.ts';
import { EPSILON_0, ETA_0, sFactor } from '../../../tools/engineering/photonics2d/pml.ts';
import { permittivity } from '../../../tools/engineering/photonics2d/parameterization.ts';

describe('photonics2d operator', () => {
  it('s-factors: 1 in the interior, the σ(l) = σmax·(l/dw)³ profile in the PML (cells counted from 0)', () => {
    const omega = omegaOf(1.5), dL = 40e-9, N = 120, npml = 20;
    const f = sFactor('f', omega, dL, N, npml), b = sFactor('b', omega, dL, N, npml);
    const dw = npml * dL, sigmaMax = (4 * 30) / (2 * ETA_0 * dw);
    const im = (l: number) => -(sigmaMax * (l / dw) ** 3) / (omega * EPSILON_0);
    expect(f.im[0]).toBeCloseTo(im(dL * 20.5), 12);
    expect(b.im[0]).toBeCloseTo(im(dL * 21), 12);
    expect(f.im[N - 1]).toBeCloseTo(im(dL * (N - 1 - (N - npml) - 0.5)), 12);
    expect(b.im[N - 1]).toBeCloseTo(im(dL * (N - 1 - (N - npml) - 1)), 12);
    expect(f.im[20]).toBeCloseTo(im(dL * 0.5), 12);
    expect(f.im[21]).toBe(0);
    expect(f.im[100]).toBe(0);
    expect(f.re.every((v) => v === 1)).toBe(true);
  });

  it('W·A is complex symmetric while A is not (checked entry by entry)', () => {
    const grid = makeGrid(70, 110);
    const op = buildOperator(grid, omegaOf(1.3));
    const eps = permittivity(grid, grid.designMask.map((d, i) => d * ((i * 7) % 10) / 10));
    const T = operatorTriplets(op, eps);
    const A = new Map<string, [number, number]>();
    for (let k = 0; k < T.row.length; k++) A.set(`${T.row[k]},${T.col[k]}`, [T.re[k], T.im[k]]);
    const wa = (i: number, j: number): [number, number] => {
      const [ar, ai] = A.get(`${i},${j}`)!;
      return [op.w.re[i] * ar - op.w.im[i] * ai, op.w.re[i] * ai + op.w.im[i] * ar];
    };
    let worstSym = 0, worstA = 0;
    for (let k = 0; k < T.row.length; k++) {
      const i = T.row[k], j = T.col[k];
      if (i === j) continue;
      const [x, y] = [wa(i, j), wa(j, i)];
      worstSym = Math.max(worstSym, Math.hypot(x[0] - y[0], x[1] - y[1]) / Math.hypot(x[0], x[1]));
      const [p, q] = [A.get(`${i},${j}`)!, A.get(`${j},${i}`)!];
      worstA = Math.max(worstA, Math.hypot(p[0] - q[0], p[1] - q[1]) / Math.hypot(p[0], p[1]));
    }
    expect(worstSym).toBeLessThan(1e-14);
    expect(worstA).toBeGreaterThan(1e-3);
  });

  it('reciprocity: the field at r2 from a point source at r1 equals the field at r1 from r2 (outside the PML)', () => {
    const grid = makeGrid(70, 110);
    const solver = new FdfdSolver(grid, omegaOf(1.1));
    solver.factor(permittivity(grid, grid.designMask.map((d, i) => d * (i % 3 === 0 ? 1 : 0.2))));
    const r1 = 25 * grid.ny + 40, r2 = 45 * grid.ny + 71;
    const point = (i: number) => {
      const b = { re: new Float64Array(grid.n), im: new Float64Array(grid.n) };
      b.re[i] = 1;
      return solver.solve(b);
    };
    const g12 = point(r1), g21 = point(r2);
    expect(Math.abs(g12.re[r2] - g21.re[r1]) / Math.hypot(g12.re[r2], g12.im[r2])).toBeLessThan(1e-10);
    expect(Math.abs(g12.im[r2] - g21.im[r1]) / Math.hypot(g12.re[r2], g12.im[r2])).toBeLessThan(1e-10);
  });
});
