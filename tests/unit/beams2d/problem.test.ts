import { describe, expect, it } from 'vitest';
import { InputError } from '../../../tools/errors.ts';
import { errorsOnly, warningsOnly } from '../../../tools/engineering/constraint.ts';
import { beams2d, beams2dV0, createBeams2D } from '../../../tools/engineering/beams2d/problem.ts';
import { initialDesign } from '../../../tools/engineering/beams2d/optimize.ts';
import { createFeWorkspace, feAnalysis } from '../../../tools/engineering/beams2d/fe.ts';
import { imageToVector } from '../../../tools/engineering/beams2d/layout.ts';
import { createSetup } from '../../../tools/engineering/beams2d/setup.ts';
import { createLinearSolver } from '../../../tools/engineering/beams2d/solverFactory.ts';
import { optimize, type Design } from '../../../tools/engineering/problem.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';

const small = { nelx: 30, nely: 15 };

describe('Beams2D problem: identity and config', () => {
  it('is registered as beams2d, v1 by default, with one minimized objective c', async () => {
    expect(await getProblem('beams2d')).toBe(beams2d);
    expect(beams2d.version).toBe(1);
    expect(beams2dV0.version).toBe(0);
    expect(createBeams2D({ version: 0 }).version).toBe(0);
    expect(beams2d.objectives).toEqual([expect.objectContaining({ name: 'c', direction: 'minimize' })]);
    expect(beams2d.conditions.map((f) => f.name)).toEqual(['volfrac', 'rmin', 'forcedist', 'overhang_constraint']);
    expect(beams2d.designShape(beams2d.resolveConfig())).toEqual([50, 100]);
    expect(beams2d.resolveConfig()).toMatchObject({ volfrac: 0.35, rmin: 2, forcedist: 0, overhang_constraint: false, penal: 3, nelx: 100, nely: 50, max_iter: 100 });
  });

  it('refuses THEORY violations with an InputError naming constraint, value and range', () => {
    const run = () => beams2d.optimizeSteps({ volfrac: 1.5 });
    expect(run).toThrow(InputError);
    expect(run).toThrow(/volfrac_theory_bounds.*volfrac = 1\.5.*\[0, 1\]/);
    try {
      run();
    } catch (e) {
      expect((e as InputError).field).toBe('volfrac');
    }
    expect(() => beams2d.simulate(beams2d.randomDesign(small, 1), { ...small, rmin: 0 })).toThrow(/rmin/);
    expect(() => beams2d.optimizeSteps({ ...small, rmin: 40 })).toThrow(/rmin_bound/);
    expect(() => beams2d.optimizeSteps({ penal: 0.5 })).toThrow(/penal_impl_bounds/);
    expect(() => beams2d.optimizeSteps({ max_iter: -1 })).toThrow(/max_iter/);
  });

  it('reports IMPL warnings without throwing', () => {
    const config = { ...small, volfrac: 0.95, rmin: 0.8, max_iter: 2 };
    const vs = beams2d.checkConfig(config);
    expect(errorsOnly(vs)).toEqual([]);
    expect(warningsOnly(vs).map((v) => v.constraint).sort()).toEqual(['rmin_impl_recommended', 'volfrac_impl_recommended']);
    expect(warningsOnly(vs).every((v) => v.categories.includes('IMPL'))).toBe(true);
    expect(() => optimize(beams2d, config)).not.toThrow();
  });

  it('warns when the load index lands on a fixed DOF; the optimizer then removes all material, as EngiBench does', () => {
    // int(1 + 2·0.02·40·21) = 34: the x-DOF of node 17 on the symmetry line (EngiBench: 3 steps of c = 0, design 0)
    const config = { nelx: 40, nely: 20, volfrac: 0.25, rmin: 2.73, forcedist: 0.02, max_iter: 27 };
    expect(warningsOnly(beams2d.checkConfig(config)).map((v) => v.constraint)).toEqual(['load_on_fixed_dof']);
    const r = optimize(beams2d, config);
    expect(r.history.map((h) => h.objectives[0])).toEqual([0, 0, 0]);
    expect(Math.max(...r.design.data)).toBe(0);
    expect(beams2d.checkConfig({ ...config, forcedist: 0.5 })).toEqual([]);
  });

  it('checks designs: design space (error) and volume fraction (warning)', () => {
    const config = beams2d.resolveConfig(small);
    const d = beams2d.randomDesign(config, 3);
    expect(beams2d.checkConstraints(d, config)).toEqual([]);
    const heavy: Design = { shape: [15, 30], data: new Float64Array(450).fill(0.5) };
    expect(beams2d.checkConstraints(heavy, config)).toEqual([expect.objectContaining({ constraint: 'volume_fraction_bound', criticality: 'warning' })]);
    const wrongShape: Design = { shape: [30, 15], data: new Float64Array(450).fill(0.35) };
    expect(errorsOnly(beams2d.checkConstraints(wrongShape, config)).map((v) => v.constraint)).toEqual(['design_space']);
  });

  it('rejects bad designs in simulate and as starting points', () => {
    const nan = beams2d.randomDesign(small, 4);
    nan.data[10] = NaN;
    expect(() => beams2d.simulate(nan, small)).toThrow(InputError);
    expect(() => beams2d.simulate(nan, small)).toThrow(/NaN/);
    const neg = beams2d.randomDesign(small, 4);
    neg.data[3] = -0.2;
    expect(() => beams2d.simulate(neg, small)).toThrow(/outside \[0, 1\]/);
    expect(() => beams2d.simulate({ shape: [50, 100], data: new Float64Array(5000).fill(0.35) }, small)).toThrow(/does not match the expected 15x30/);
    expect(() => beams2d.optimizeSteps(small, { startingPoint: neg })).toThrow(InputError);
  });
});

describe('Beams2D problem: behaviour', () => {
  it('randomDesign is seeded, smooth-ish, in [0, 1] with mean ≈ volfrac', () => {
    const a = beams2d.randomDesign({ ...small, volfrac: 0.3 }, 42);
    const b = beams2d.randomDesign({ ...small, volfrac: 0.3 }, 42);
    const c = beams2d.randomDesign({ ...small, volfrac: 0.3 }, 43);
    expect(a.shape).toEqual([15, 30]);
    expect([...a.data]).toEqual([...b.data]);
    expect([...a.data]).not.toEqual([...c.data]);
    expect(a.data.every((v) => v >= 0 && v <= 1)).toBe(true);
    expect(Math.abs(a.data.reduce((s, v) => s + v, 0) / a.data.length - 0.3)).toBeLessThan(1e-6);
    expect(new Set(a.data).size).toBeGreaterThan(100);
  });

  it('simulate(design) equals the objective recorded for the same xPrint', () => {
    const config = { ...small, volfrac: 0.4, rmin: 1.5, forcedist: 0.3 };
    const long = optimize(beams2d, { ...config, max_iter: 6 });
    for (const k of [0, 3, 5]) {
      const atK = optimize(beams2d, { ...config, max_iter: k });
      expect(atK.iterations).toBe(k);
      const [c] = beams2d.simulate(atK.design, config);
      expect(c).toBeCloseTo(long.history[k].objectives[0], 9);
    }
  });

  it('never reuses the geometry of another config (EngiBench-2025 State caching quirk avoided)', () => {
    const d = beams2d.randomDesign(small, 8);
    const fresh = (fd: number, rmin: number) => {
      const setup = createSetup({ ...small, forcedist: fd, rmin });
      return feAnalysis(setup, createLinearSolver(setup, 'banded'), imageToVector(d.data, 30, 15), 3, createFeWorkspace(setup));
    };
    const seq = [[0, 2], [0.5, 2], [0.5, 1.5], [0, 2], [1, 3], [0.25, 2], [0.75, 2], [0.5, 2]];
    for (const [fd, rmin] of seq) {
      const [c] = beams2d.simulate(d, { ...small, forcedist: fd, rmin });
      expect(Math.abs(c - fresh(fd, rmin)) / c).toBeLessThan(1e-9);
    }
    expect(beams2d.simulate(d, { ...small, forcedist: 0 })[0]).not.toBeCloseTo(beams2d.simulate(d, { ...small, forcedist: 0.5 })[0], 3);
  });

  it('yields one StepEvent per recorded step, in order, with the change', () => {
    const events: number[] = [];
    const r = optimize(beams2d, { ...small, max_iter: 4 }, undefined, (e) => {
      events.push(e.step);
      expect(e.maxIter).toBe(4);
      expect(e.change).toBeGreaterThan(0);
    });
    expect(events).toEqual([0, 1, 2, 3]);
    expect(r.history.map((h) => h.step)).toEqual([0, 1, 2, 3]);
  });

  it('warm start: v0 uses the starting point as given, v1 blends it toward volfrac by 1e-4', () => {
    const p = { volfrac: 0.35, penal: 3, overhang: false, maxIter: 1 };
    const sp = Float64Array.from([0, 1, 0.5]);
    expect([...initialDesign(3, { ...p, version: 0 }, sp)]).toEqual([0, 1, 0.5]);
    const v1 = initialDesign(3, { ...p, version: 1 }, sp);
    expect(v1[0]).toBeCloseTo(1e-4 * 0.35, 18);
    expect(v1[1]).toBeCloseTo(1 - 1e-4 + 1e-4 * 0.35, 15);
    expect([...initialDesign(2, { ...p, version: 1 })]).toEqual([0.35, 0.35]);
    // End to end: a start with holes gives different step-0 compliance in v0 and v1, both as predicted.
    const start = beams2d.randomDesign(small, 9);
    for (let i = 0; i < start.data.length; i += 7) start.data[i] = 0;
    const blended: Design = { shape: start.shape, data: start.data.map((v) => (1 - 1e-4) * v + 1e-4 * 0.35) };
    const c0 = optimize(beams2dV0, { ...small, max_iter: 1 }, { startingPoint: start }).history[0].objectives[0];
    const c1 = optimize(beams2d, { ...small, max_iter: 1 }, { startingPoint: start }).history[0].objectives[0];
    expect(c0).toBeCloseTo(beams2d.simulate(start, small)[0], 9);
    expect(c1).toBeCloseTo(beams2d.simulate(blended, small)[0], 9);
    expect(Math.abs(c0 - c1) / c1).toBeGreaterThan(1e-6);
  });

  it('max_iter 0 returns the start with an empty history', () => {
    const r = optimize(beams2d, { ...small, max_iter: 0 });
    expect(r.iterations).toBe(0);
    expect(r.history).toEqual([]);
    expect(r.design.data.every((v) => v === 0.35)).toBe(true);
  });

  it('renders one coolwarm panel in [0, 1] with conditions and objective in the title', () => {
    const d = beams2d.randomDesign(small, 5);
    const spec = beams2d.render(d, { ...small, forcedist: 0.5 });
    expect(spec.panels).toHaveLength(1);
    expect(spec.panels[0]).toMatchObject({ colormap: 'coolwarm', vmin: 0, vmax: 1, field: d });
    expect(spec.title).toMatch(/Beams2D.*volfrac 0\.35.*rmin 2.*forcedist 0\.5.*c = \d+\.\d{4}/);
  });
});
