import { describe, expect, it } from 'vitest';
import { InputError } from '../../../tools/errors.ts';
import { optimize } from '../../../tools/engineering/problem.ts';
import { photonics2d } from '../../../tools/engineering/photonics2d/problem.ts';
import { makeGrid } from '../../../tools/engineering/photonics2d/grid.ts';

const small = { num_elems_x: 70, num_elems_y: 110 };

function errorOf(f: () => unknown): InputError {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('expected an InputError');
}

describe('photonics2d Problem', () => {
  it('declares id, version, objective, defaults and shape', () => {
    expect(photonics2d.id).toBe('photonics2d');
    expect(photonics2d.version).toBe(1);
    expect(photonics2d.objectives).toEqual([expect.objectContaining({ name: 'total_overlap', direction: 'maximize' })]);
    const c = photonics2d.resolveConfig();
    expect(c).toMatchObject({ lambda1: 1.5, lambda2: 1.3, blur_radius: 2, num_elems_x: 120, num_elems_y: 120, num_optimization_steps: 200, step_size: 0.1, penalty_weight: 1e-3, eta: 0.5, initial_beta: 1, max_beta: 300 });
    expect(photonics2d.designShape({ num_elems_x: 100, num_elems_y: 130 })).toEqual([100, 130]);
  });

  it('refuses out-of-range wavelengths, radii and grids, naming the constraint', () => {
    const d = photonics2d.randomDesign(small, 1);
    const e1 = errorOf(() => photonics2d.simulate(d, { ...small, lambda1: 0.3 }));
    expect(e1.message).toContain('lambda1_impl_bounds');
    expect(e1.field).toBe('lambda1');
    const e2 = errorOf(() => photonics2d.optimizeSteps({ ...small, blur_radius: -1 }));
    expect(e2.message).toContain('blur_radius');
    expect(errorOf(() => photonics2d.simulate(d, { ...small, lambda2: -1 })).message).toContain('lambda2_theory_positive');
    expect(errorOf(() => photonics2d.simulate(d, { num_elems_x: 50, num_elems_y: 110 })).message).toContain('num_elems_x_impl_bounds');
    expect(errorOf(() => photonics2d.resolveConfig({ nelx: 3 })).field).toBe('nelx');
    const warnings = photonics2d.checkConfig({ ...small, lambda1: 1.7 });
    expect(warnings.map((v) => v.constraint)).toContain('lambda1_impl_recommended');
    expect(warnings.every((v) => v.criticality === 'warning')).toBe(true);
  });

  it('checks the design space', () => {
    const bad = { shape: [70, 110] as [number, number], data: new Float64Array(70 * 110).fill(1.5) };
    expect(photonics2d.checkConstraints(bad, small).some((v) => v.constraint === 'design_space')).toBe(true);
    expect(() => photonics2d.simulate(bad, small)).toThrow(InputError);
  });

  it('randomDesign is seeded, 0.5 ± noise inside the design region and 0 outside', () => {
    const a = photonics2d.randomDesign(small, 7), b = photonics2d.randomDesign(small, 7), c = photonics2d.randomDesign(small, 8);
    expect(a.shape).toEqual([70, 110]);
    expect(a.data).toEqual(b.data);
    expect(a.data).not.toEqual(c.data);
    const grid = makeGrid(70, 110);
    for (let i = 0; i < grid.n; i++) {
      if (grid.designMask[i]) expect(Math.abs(a.data[i] - 0.5)).toBeLessThan(0.01);
      else expect(a.data[i]).toBe(0);
    }
  });

  it('v1 optimize: N+1 history, history[0] = simulate(start), simulate(returned) = history[N], improves', () => {
    const cfg = { ...small, num_optimization_steps: 6, max_beta: 20 };
    const start = photonics2d.randomDesign(cfg, 3);
    const events: number[] = [];
    const totals = new Set<number>();
    const r = optimize(photonics2d, cfg, { startingPoint: start }, (e) => (events.push(e.step), totals.add(e.maxIter)));
    expect(events).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // progress shows step + 1 of maxIter: 7 recorded steps end at 7/7, never 7/6
    expect([...totals]).toEqual([7]);
    expect(r.history.length).toBe(7);
    expect(r.history[0].objectives[0]).toBeCloseTo(photonics2d.simulate(start, cfg)[0], 12);
    expect(photonics2d.simulate(r.design, cfg)[0]).toBeCloseTo(r.history[6].objectives[0], 12);
    expect(r.history[6].objectives[0]).toBeGreaterThan(r.history[1].objectives[0]);
    expect(r.design.data.every((v) => v >= 0 && v <= 1)).toBe(true);
  });

  it('honours per-call wavelengths', () => {
    const d = photonics2d.randomDesign(small, 2);
    const a = photonics2d.simulateVerbose!(d, { ...small, lambda1: 1.5 });
    const b = photonics2d.simulateVerbose!(d, { ...small, lambda1: 1.2 });
    expect(a.overlap2).toBeCloseTo(b.overlap2, 12);
    expect(Math.abs(a.overlap1 - b.overlap1)).toBeGreaterThan(1e-3);
  });

  it('render: |Ez| at λ1, |Ez| at λ2 and εr with source/probe lines and the overlap in the title', () => {
    const d = photonics2d.randomDesign(small, 2);
    const spec = photonics2d.render(d, small);
    const v = photonics2d.simulateVerbose!(d, small);
    expect(spec.panels.length).toBe(3);
    expect(spec.title).toContain(`total overlap ${Number(v.total_overlap.toPrecision(6))}`);
    for (const p of spec.panels) {
      expect(p.field.shape).toEqual([110, 70]);
      expect(p.lines!.length).toBeGreaterThanOrEqual(2);
    }
    expect(spec.panels[2].field.data.some((e) => e === 12)).toBe(true);
    expect(spec.panels[0].field.data.every((e) => e >= 0)).toBe(true);
    const grid = makeGrid(70, 110);
    expect(spec.panels[0].lines![0]).toMatchObject({ from: [grid.source.y0, grid.source.x + 0.5], to: [grid.source.y1, grid.source.x + 0.5] });
    // Transposed: row y, column x; the input waveguide (x < 30, y around 55) is material.
    expect(spec.panels[2].field.data[55 * 70 + 5]).toBe(12);
  });
});
