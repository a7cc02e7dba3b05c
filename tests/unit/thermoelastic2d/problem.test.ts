import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InputError, NumericError } from '../../../tools/errors.ts';
import { optimize } from '../../../tools/engineering/problem.ts';
import { thermoelastic2d as P } from '../../../tools/engineering/thermoelastic2d/problem.ts';
import { FIXTURE_DIR } from './fixtureCompare.ts';

const readFixture = <T>(name: string) => JSON.parse(readFileSync(`${FIXTURE_DIR}${name}.json`, 'utf8')) as T;

const uniform = (v: number) => ({ shape: [64, 64] as [number, number], data: new Float64Array(64 * 64).fill(v) });

describe('thermoelastic2d Problem API', () => {
  it('declares id, version, objectives and defaults as EngiBench v0', () => {
    expect(P.id).toBe('thermoelastic2d');
    expect(P.version).toBe(0);
    expect(P.objectives.map((o) => [o.name, o.direction])).toEqual([
      ['structural_compliance', 'minimize'],
      ['thermal_compliance', 'minimize'],
      ['volume_fraction', 'minimize'],
    ]);
    expect(P.resolveConfig()).toEqual({ volfrac: 0.3, rmin: 1.1, weight: 0.5, max_iter: 120, exact_gradient: false, engibench_newest: false });
    expect(P.designShape({})).toEqual([64, 64]);
    expect(P.conditions.find((c) => c.name === 'rmin')?.description).toMatch(/IGNORED.*1\.1/);
  });

  it('names violated constraints (errors and warnings)', () => {
    const names = (cfg: Record<string, number>) => P.checkConfig(cfg).map((v) => `${v.constraint}:${v.criticality}`);
    expect(names({})).toEqual([]);
    expect(names({ volfrac: 1.5 })).toEqual(['volfrac_theory_bounds:error']);
    expect(names({ volfrac: 0 })).toEqual(['volfrac_impl_positive:error']);
    expect(names({ rmin: 0.5 })).toEqual(['rmin_theory_bounds:error']);
    expect(names({ rmin: 70 })).toEqual(['rmin_impl_recommended:warning', 'rmin_bound:error']);
    expect(names({ rmin: 3.5 })).toEqual(['rmin_impl_recommended:warning']);
    expect(names({ weight: -0.1 })).toEqual(['weight_theory_bounds:error']);
    expect(names({ max_iter: -1 })).toEqual(['max_iter_theory_bounds:error']);
    expect(() => P.resolveConfig({ nelx: 10 })).toThrow(InputError);
  });

  it('refuses bad conditions and designs with InputErrors that name the field', () => {
    let err: unknown;
    try {
      P.simulate(uniform(0.3), { weight: 2 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).field).toBe('weight');
    expect((err as Error).message).toMatch(/weight_theory_bounds.*weight = 2.*\[0, 1\]/);
    expect(() => P.simulate({ shape: [32, 64], data: new Float64Array(32 * 64).fill(0.3) }, {})).toThrow(/design space/);
    expect(() => P.optimizeSteps({ volfrac: -1 })).toThrow(/volfrac_theory_bounds/);
  });

  it('checkConstraints warns about densities below xmin', () => {
    const d = uniform(0.3);
    d.data[5] = 0;
    expect(P.checkConstraints(d, {}).map((v) => v.constraint)).toEqual(['density_lower_bound']);
    expect(P.checkConstraints(uniform(0.3), {})).toEqual([]);
  });

  it('simulate names a singular design (zero-density region, no Emin) with a NumericError and a hint', () => {
    const d = uniform(0.3);
    for (let r = 10; r < 20; r++) for (let c = 10; c < 20; c++) d.data[r * 64 + c] = 0;
    let err: unknown;
    try {
      P.simulate(d, {});
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(NumericError);
    expect((err as NumericError).message).toMatch(/singular/);
    expect((err as NumericError).hint).toMatch(/no Emin.*clip the design to \[0\.001, 1\]/);
    for (let k = 0; k < d.data.length; k++) d.data[k] = Math.max(d.data[k], 1e-3);
    expect(P.simulate(d, {}).every(Number.isFinite)).toBe(true);
  });

  it('simulate returns [f_m, f_t, |mean − volfrac|] and ignores rmin', () => {
    const [fm, ft, vf] = P.simulate(uniform(0.3), {});
    expect(fm).toBeGreaterThan(0);
    expect(ft).toBeGreaterThan(0);
    expect(vf).toBeLessThan(1e-12);
    expect(P.simulate(uniform(0.3), { rmin: 2.5 })).toEqual([fm, ft, vf]);
    expect(P.simulate(uniform(0.35), {})[2]).toBeCloseTo(0.05, 12);
  });

  it('randomDesign is seeded, inside [1e-3, 1], with mean ≈ volfrac', () => {
    const a = P.randomDesign({ volfrac: 0.4 }, 7);
    const b = P.randomDesign({ volfrac: 0.4 }, 7);
    const c = P.randomDesign({ volfrac: 0.4 }, 8);
    expect(a.shape).toEqual([64, 64]);
    expect(Array.from(a.data)).toEqual(Array.from(b.data));
    expect(Array.from(a.data)).not.toEqual(Array.from(c.data));
    const mean = a.data.reduce((s, v) => s + v, 0) / a.data.length;
    expect(mean).toBeCloseTo(0.4, 6);
    expect(Math.min(...a.data)).toBeGreaterThanOrEqual(1e-3);
    expect(Math.max(...a.data)).toBeLessThanOrEqual(1);
    expect(P.checkConstraints(a, { volfrac: 0.4 })).toEqual([]);
  });

  it('render gives one greys density panel titled with conditions and objectives', () => {
    const spec = P.render(uniform(0.3), { weight: 0.25 });
    expect(spec.panels).toHaveLength(1);
    expect(spec.panels[0]).toMatchObject({ colormap: 'greys', vmin: 0, vmax: 1 });
    expect(spec.title).toMatch(/volfrac 0\.3, weight 0\.25.*f_m \d.*f_t \d/);
  });

  it('optimizeSteps: steps start at 1 and the loop stops once iteration > max_iter', () => {
    const steps: number[] = [];
    const r = optimize(P, { max_iter: 2 }, {}, (e) => {
      steps.push(e.step);
      expect(e.maxIter).toBe(3);
      expect(e.objectives).toHaveLength(3);
      expect(e.change).toBeGreaterThan(0);
    });
    expect(steps).toEqual([1, 2, 3]);
    expect(r.iterations).toBe(3);
    expect(r.history.map((h) => h.step)).toEqual([1, 2, 3]);
    expect(r.design.shape).toEqual([64, 64]);
    // The first recorded step is the simulate of the cold start.
    const sim = P.simulate(uniform(0.3), {});
    for (let k = 0; k < 3; k++) expect(r.history[0].objectives[k]).toBeCloseTo(sim[k], 10);
    // Objectives improve on the way.
    expect(r.history[2].objectives[0]).toBeLessThan(r.history[0].objectives[0]);
  });

  it('optimize follows EngiBench by default and the exact-gradient reference with exact_gradient: true', () => {
    const eb = readFixture<{ runs: { history: number[][] }[] }>('engibench_optimize').runs[0].history;
    const exact = readFixture<{ history: number[][] }>('default').history;
    const byDefault = optimize(P, { max_iter: 3 }).history;
    const withExact = optimize(P, { max_iter: 3, exact_gradient: true }).history;
    for (const k of [2, 3]) {
      expect(byDefault[k].objectives[0]).toBeCloseTo(eb[k][0], 6);
      expect(withExact[k].objectives[0]).toBeCloseTo(exact[k][0], 6);
    }
    expect(Math.abs(eb[3][0] - exact[3][0])).toBeGreaterThan(1);
  });

  it('optimizeSteps warm-starts from a given design (clipped to [1e-3, 1])', () => {
    const start = P.randomDesign({}, 3);
    start.data[0] = 0;
    const gen = P.optimizeSteps({ max_iter: 0 }, { startingPoint: start });
    const first = gen.next();
    expect(first.done).toBe(false);
    const clipped = { shape: start.shape, data: start.data.map((v) => Math.max(v, 1e-3)) };
    const sim = P.simulate(clipped, {});
    if (!first.done) for (let k = 0; k < 3; k++) expect(first.value.objectives[k]).toBeCloseTo(sim[k], 10);
    const end = gen.next();
    expect(end.done).toBe(true);
  });
});
