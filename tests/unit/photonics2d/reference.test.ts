/** engibench.md §2.10a reference values: ρ = 0.5 in the design region, 0 outside, v1 simulate, λ 1.5 / 1.3 µm. */
import { describe, expect, it } from 'vitest';
import { photonics2d, simulateVerbose } from '../../../tools/engineering/photonics2d/problem.ts';
import { makeGrid } from '../../../tools/engineering/photonics2d/grid.ts';

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe('photonics2d §2.10a reference', () => {
  it('reproduces overlap1, overlap2, total_overlap and the objective to 1e-6', () => {
    const grid = makeGrid(120, 120);
    const design = { shape: [120, 120] as [number, number], data: grid.designMask.map((d) => 0.5 * d) };
    const r = simulateVerbose(design, { lambda1: 1.5, lambda2: 1.3 });
    expect(rel(r.overlap1, 0.97668492)).toBeLessThan(1e-6);
    expect(rel(r.overlap2, 0.52052015)).toBeLessThan(1e-6);
    expect(rel(r.total_overlap, 0.50838419)).toBeLessThan(1e-6);
    expect(rel(r.objective, 0.47838419)).toBeLessThan(1e-6);
    expect(photonics2d.simulate(design, {})[0]).toBeCloseTo(r.objective, 12);
  });
});
