import { describe, expect, it } from 'vitest';
import { complianceGradient, createFeWorkspace, feAnalysis } from '../../../tools/engineering/beams2d/fe.ts';
import { applyFilter, applyFilterTranspose } from '../../../tools/engineering/beams2d/filter.ts';
import { createSetup } from '../../../tools/engineering/beams2d/setup.ts';
import { createLinearSolver } from '../../../tools/engineering/beams2d/solverFactory.ts';
import { seededVector } from './helpers.ts';

describe('FE analysis and sensitivities (8x4 grid)', () => {
  const setup = createSetup({ nelx: 8, nely: 4, forcedist: 0.25, rmin: 1.5 });
  const solver = createLinearSolver(setup);
  const ws = createFeWorkspace(setup);
  const penal = 3;
  const nel = setup.nel;

  /** c(filter(x)) */
  const objective = (x: Float64Array) => feAnalysis(setup, solver, applyFilter(setup.filter, x, new Float64Array(nel)), penal, ws);

  it('computes c = Σ E_e ce_e = fᵀu', () => {
    const x = seededVector(nel, 3, 0.2, 1);
    const c = feAnalysis(setup, solver, x, penal, ws);
    const fu = setup.f.reduce((s, fi, i) => s + fi * ws.uf[i], 0);
    expect(c).toBeGreaterThan(0);
    expect(Math.abs(c - fu) / c).toBeLessThan(1e-11);
  });

  it('matches central finite differences through the density filter', () => {
    const x = seededVector(nel, 5, 0.3, 0.9);
    const xPhys = applyFilter(setup.filter, x, new Float64Array(nel));
    feAnalysis(setup, solver, xPhys, penal, ws);
    const dc = complianceGradient(xPhys, ws.ce, penal, new Float64Array(nel));
    const grad = applyFilterTranspose(setup.filter, dc, new Float64Array(nel), new Float64Array(nel));
    const h = 1e-6;
    for (const e of [0, 5, 13, 20, 31]) {
      const xp = Float64Array.from(x);
      const xm = Float64Array.from(x);
      xp[e] += h;
      xm[e] -= h;
      const fd = (objective(xp) - objective(xm)) / (2 * h);
      expect(Math.abs(fd - grad[e])).toBeLessThan(1e-6 * Math.max(1, Math.abs(grad[e])));
    }
  });
});
