import { describe, expect, it } from 'vitest';
import { makeGrid } from '../../../tools/engineering/photonics2d/grid.ts';
import { blur, diskKernel, filterAndProject, filterAndProjectAdjoint, maskCombine, maskCombineAdjoint, project, projectAdjoint } from '../../../tools/engineering/photonics2d/parameterization.ts';
import { mulberry32 } from '../../../tools/engineering/random.ts';

const dot = (a: Float64Array, b: Float64Array) => a.reduce((s, v, i) => s + v * b[i], 0);
const rand = (n: number, seed: number) => {
  const r = mulberry32(seed);
  return Float64Array.from({ length: n }, () => r());
};

describe('photonics2d parameterization', () => {
  it('disk kernels have 5/13/29/49/89 cells for r = 1…5 and none below 0.5', () => {
    expect([1, 2, 3, 4, 5].map((r) => diskKernel(r).w.length)).toEqual([5, 13, 29, 49, 89]);
    expect(diskKernel(0).w.length).toBe(0);
    expect(diskKernel(3).w.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
  });

  it('blur keeps a constant field in the interior, loses mass at the zero-padded border, and is self-adjoint', () => {
    const nx = 12, ny = 9;
    const ones = new Float64Array(nx * ny).fill(1);
    const b = blur(nx, ny, ones, 2);
    expect(b[6 * ny + 4]).toBeCloseTo(1, 14);
    expect(b[0]).toBeLessThan(1);
    const u = rand(nx * ny, 1), v = rand(nx * ny, 2);
    expect(dot(blur(nx, ny, u, 2), v)).toBeCloseTo(dot(u, blur(nx, ny, v, 2)), 12);
  });

  it('projection maps 0 → 0, 1 → 1, η → about ½ and its derivative matches differences', () => {
    const x = Float64Array.from([0, 0.3, 0.5, 0.8, 1]);
    const y = project(x, 8, 0.5);
    expect(y[0]).toBeCloseTo(0, 14);
    expect(y[4]).toBeCloseTo(1, 14);
    expect(y[2]).toBeCloseTo(0.5, 14);
    const g = projectAdjoint(x, 8, 0.5, new Float64Array(5).fill(1));
    const h = 1e-6;
    for (let i = 0; i < 5; i++) {
      const fd = (project(Float64Array.of(x[i] + h), 8, 0.5)[0] - project(Float64Array.of(x[i] - h), 8, 0.5)[0]) / (2 * h);
      expect(g[i]).toBeCloseTo(fd, 6);
    }
  });

  it('filterAndProject restores the background outside the design region; its adjoint is the transposed Jacobian', () => {
    const grid = makeGrid(70, 110);
    const rho = rand(grid.n, 3);
    const p = { blurRadius: 2, beta: 4, eta: 0.5 };
    const phys = filterAndProject(grid, rho, p);
    for (let i = 0; i < grid.n; i++) if (!grid.designMask[i]) expect(phys[i]).toBe(grid.background[i]);
    // Directional derivative vs adjoint: gᵀ·(J·d) = (Jᵀ·g)ᵀ·d.
    const d = rand(grid.n, 4), g = rand(grid.n, 5);
    const h = 1e-6;
    const up = filterAndProject(grid, rho.map((v, i) => v + h * d[i]), p);
    const dn = filterAndProject(grid, rho.map((v, i) => v - h * d[i]), p);
    const jd = up.map((v, i) => (v - dn[i]) / (2 * h));
    expect(dot(g, jd)).toBeCloseTo(dot(filterAndProjectAdjoint(grid, rho, p, g), d), 5);
  });

  it('blurring only the design region gives the same ρ_phys and gradient as blurring the whole grid', () => {
    const grid = makeGrid(70, 110);
    const rho = rand(grid.n, 6), g = rand(grid.n, 7).map((v) => v - 0.5);
    const p = { blurRadius: 3, beta: 6, eta: 0.5 };
    // the chain with the whole-grid blur, as it was written before the restriction
    const full = blur(grid.nx, grid.ny, maskCombine(grid, rho), p.blurRadius);
    const physFull = maskCombine(grid, project(full, p.beta, p.eta));
    const gradFull = maskCombineAdjoint(grid, blur(grid.nx, grid.ny, projectAdjoint(full, p.beta, p.eta, maskCombineAdjoint(grid, g)), p.blurRadius));
    const phys = filterAndProject(grid, rho, p), grad = filterAndProjectAdjoint(grid, rho, p, g);
    let inside = 0;
    for (let i = 0; i < grid.n; i++) {
      expect(phys[i]).toBe(physFull[i]);
      expect(grad[i] === gradFull[i]).toBe(true); // equal values (outside the design region both are ±0)
      if (grid.designMask[i] && grad[i] !== 0) inside++;
    }
    expect(inside).toBeGreaterThan(100);
    // the restricted blur itself is 0 outside the cells asked for and equal inside them
    const part = blur(grid.nx, grid.ny, rho, 2, grid.designMask), whole = blur(grid.nx, grid.ny, rho, 2);
    for (let i = 0; i < grid.n; i++) expect(part[i]).toBe(grid.designMask[i] ? whole[i] : 0);
  });
});
