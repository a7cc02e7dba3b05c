/** Adjoint gradients of the whole v1 chain (blur, projection, FDFD, overlap, penalty) against central differences. */
import { describe, expect, it } from 'vitest';
import { makeGrid } from '../../../tools/engineering/photonics2d/grid.ts';
import { createSimulation, evaluateOverlap } from '../../../tools/engineering/photonics2d/objective.ts';
import { physicalObjective } from '../../../tools/engineering/photonics2d/optimize.ts';
import { permittivity } from '../../../tools/engineering/photonics2d/parameterization.ts';

describe('photonics2d adjoint gradient', () => {
  const grid = makeGrid(70, 110); // design region 10 x 50
  const sim = createSimulation(grid, 1.4, 1.1);
  const rho = grid.designMask.map((d, i) => d * (0.5 + 0.3 * Math.sin(0.7 * i)));
  const ny = grid.ny;
  const pixels = [32 * ny + 40, 35 * ny + 55, 38 * ny + 70, 30 * ny + 30, 39 * ny + 79];

  it('dJ/dρ through blur r=2 and projection β=5 matches central differences to 1e-6', () => {
    const p = { blurRadius: 2, beta: 5, eta: 0.5 };
    const w = 1e-3;
    const J = physicalObjective(sim, rho, p, w);
    for (const i of pixels) {
      const h = 1e-4;
      const up = Float64Array.from(rho), dn = Float64Array.from(rho);
      up[i] += h;
      dn[i] -= h;
      const fd = (physicalObjective(sim, up, p, w).objective - physicalObjective(sim, dn, p, w).objective) / (2 * h);
      expect(Math.abs(J.gradient[i] - fd)).toBeLessThan(1e-6 * Math.abs(fd) + 1e-12);
    }
    // Cells outside the design region get no gradient.
    expect(J.gradient[5 * ny + 5]).toBe(0);
  });

  it('dTotal/dεr at a cell matches central differences', () => {
    const eps = permittivity(grid, rho);
    const g = evaluateOverlap(sim, eps, true).gradEpsr!;
    for (const i of pixels.slice(0, 2)) {
      const h = 1e-4;
      const up = Float64Array.from(eps), dn = Float64Array.from(eps);
      up[i] += h;
      dn[i] -= h;
      const fd = (evaluateOverlap(sim, up).totalOverlap - evaluateOverlap(sim, dn).totalOverlap) / (2 * h);
      expect(Math.abs(g[i] - fd)).toBeLessThan(1e-6 * Math.abs(fd));
    }
  });
});
