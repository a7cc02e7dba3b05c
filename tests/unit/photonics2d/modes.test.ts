import { describe, expect, it } from 'vitest';
import { makeGrid, omegaOf } from '../../../tools/engineering/photonics2d/grid.ts';
import { insertMode, modeProfile, symmetricEigen } from '../../../tools/engineering/photonics2d/modes.ts';
import { EPSILON_0, MU_0 } from '../../../tools/engineering/photonics2d/pml.ts';
import { permittivity } from '../../../tools/engineering/photonics2d/parameterization.ts';

describe('photonics2d modes', () => {
  it('Jacobi eigen-decomposition reconstructs a symmetric matrix', () => {
    const n = 6;
    const a = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let j = 0; j <= i; j++) a[i * n + j] = a[j * n + i] = Math.sin(i + 2 * j) + (i === j ? 3 : 0);
    const copy = Float64Array.from(a);
    const { values, vectors } = symmetricEigen(a, n);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        let s = 0;
        for (let k = 0; k < n; k++) s += vectors[i * n + k] * values[k] * vectors[j * n + k];
        expect(s).toBeCloseTo(copy[i * n + j], 12);
      }
    }
  });

  it('the source mode is a unit-norm, symmetric, guided eigenvector of the slice operator', () => {
    const grid = makeGrid(120, 120);
    const eps = permittivity(grid, new Float64Array(grid.n));
    const omega = omegaOf(1.5);
    const cut = new Float64Array(grid.source.y1 - grid.source.y0);
    for (let y = grid.source.y0; y < grid.source.y1; y++) cut[y - grid.source.y0] = eps[grid.source.x * grid.ny + y];
    expect(cut.filter((v) => v === 12).length).toBe(12);
    const v = modeProfile(cut, omega, grid.dL);
    const n = v.length;
    expect(v.reduce((s, x) => s + x * x, 0)).toBeCloseTo(1, 12);
    for (let i = 0; i < n; i++) expect(Math.abs(v[i])).toBeCloseTo(Math.abs(v[n - 1 - i]), 8);
    // Rayleigh quotient = n_eff², between the cladding and core permittivities.
    const k0 = omega * Math.sqrt(EPSILON_0 * MU_0);
    const c = 1 / (grid.dL * grid.dL * k0 * k0);
    const Av = v.map((x, i) => cut[i] * x + c * (v[(i + 1) % n] - 2 * x + v[(i - 1 + n) % n]));
    const neff2 = Av.reduce((s, x, i) => s + x * v[i], 0);
    for (let i = 0; i < n; i++) expect(Av[i]).toBeCloseTo(neff2 * v[i], 8);
    expect(neff2).toBeGreaterThan(1);
    expect(neff2).toBeLessThan(12);
    // Fundamental mode: no sign change inside the core.
    const core = v.slice(8, 20);
    expect(core.every((x) => Math.sign(x) === Math.sign(core[0]))).toBe(true);
    const field = insertMode(grid, eps, grid.source, omega);
    expect(field.re[grid.source.x * grid.ny + grid.source.y0 + 10]).toBeCloseTo(v[10], 14);
    expect(field.re.filter((x) => x !== 0).length).toBe(n);
  });
});
