import { describe, expect, it } from 'vitest';
import { NumericError } from '../../../tools/errors.ts';
import { assembleStiffness } from '../../support/assembleStiffness.ts';
import { createSetup } from '../../../tools/engineering/beams2d/setup.ts';
import { createLinearSolver } from '../../../tools/engineering/beams2d/solverFactory.ts';
import { seededVector, spmv } from './helpers.ts';

describe('linear solvers for the reduced K', () => {
  const setup = createSetup({ nelx: 24, nely: 12, forcedist: 0.4, rmin: 2 });
  const n = setup.pattern.n;
  const x = seededVector(setup.nel, 41, 0, 1);
  const values = assembleStiffness(setup, x, 3, new Float64Array(setup.pattern.colIdx.length));

  it('band and sparse (nested dissection) Cholesky agree and satisfy K u = f', () => {
    const ub = createLinearSolver(setup, 'banded').solve(values, setup.f, new Float64Array(n));
    const us = createLinearSolver(setup, 'sparse').solve(values, setup.f, new Float64Array(n));
    const scale = Math.max(...us.map(Math.abs));
    for (let i = 0; i < n; i++) expect(Math.abs(ub[i] - us[i])).toBeLessThan(1e-9 * scale);
    const Ku = spmv(setup.pattern, values, us, new Float64Array(n));
    for (let i = 0; i < n; i++) expect(Math.abs(Ku[i] - setup.f[i])).toBeLessThan(1e-9);
  });

  it('reuses its storage across factorizations with new values', () => {
    const solver = createLinearSolver(setup, 'banded');
    const other = assembleStiffness(setup, seededVector(setup.nel, 42, 0.1, 1), 3, new Float64Array(values.length));
    const u1 = Float64Array.from(solver.solve(values, setup.f, new Float64Array(n)));
    solver.solve(other, setup.f, new Float64Array(n));
    const u3 = solver.solve(values, setup.f, new Float64Array(n));
    expect([...u3]).toEqual([...u1]);
  });

  it('the band Cholesky refuses a matrix that is not positive definite', () => {
    const bad = Float64Array.from(values, (v) => -v);
    expect(() => createLinearSolver(setup, 'banded').solve(bad, setup.f, new Float64Array(n))).toThrow(NumericError);
  });
});
