/**
 * ThermoElastic2D: EngiBench-main's loop (the default) against EngiBench's newest one (config engibench_newest,
 * post-PR #232): radius 1.5, has_converged, the extra evaluation, and the OptiStep fields of both.
 */
import { describe, expect, it } from 'vitest';
import { optimize } from '../../../tools/engineering/problem.ts';
import { thermoelastic2d as P } from '../../../tools/engineering/thermoelastic2d/problem.ts';

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe('thermoelastic2d loops', () => {
  it('main: max_iter 3 gives 4 steps, objectivesUpdate = next − this and none on the last; newest: 3 steps, the last filled by the extra evaluation at the returned design', () => {
    const main = optimize(P, { max_iter: 3 }, { history: 'full' });
    expect(main.history.map((h) => h.step)).toEqual([1, 2, 3, 4]);
    for (let i = 0; i < 3; i++) main.history[i].objectivesUpdate!.forEach((d, k) => expect(d).toBe(main.history[i + 1].objectives[k] - main.history[i].objectives[k]));
    expect(main.history[3].objectivesUpdate).toBeUndefined();

    const newest = optimize(P, { max_iter: 3, engibench_newest: true });
    expect(newest.history.map((h) => h.step)).toEqual([1, 2, 3]);
    const sim = P.simulate(newest.design, {});
    const last = newest.history[2];
    last.objectivesUpdate!.forEach((d, k) => expect(Math.abs(last.objectives[k] + d - sim[k])).toBeLessThan(1e-9 * Math.max(1, Math.abs(sim[k]))));
    // the first FE pass is the same design in both; the filter radius (1.1 vs 1.5) changes every step after it
    newest.history[0].objectives.forEach((v, k) => expect(v).toBe(main.history[0].objectives[k]));
    expect(rel(newest.history[1].objectives[0], main.history[1].objectives[0])).toBeGreaterThan(1e-6);
    // history 'full': x + x_update is the next step's x, and no sensitivities (EngiBench records none for TE2D)
    for (let i = 0; i < 3; i++) {
      const a = main.history[i], b = main.history[i + 1];
      a.x!.forEach((v, e) => expect(Math.abs(v + a.xUpdate![e] - b.x![e])).toBeLessThan(1e-15));
      expect(a.xSensitivities).toBeUndefined();
    }
  }, 60_000);

  it('newest: max_iter 0 records nothing and returns the start; max_iter 1 records one step and, as EngiBench (len > 1), no update', () => {
    const zero = optimize(P, { max_iter: 0, engibench_newest: true });
    expect(zero.history).toEqual([]);
    expect(zero.design.data.every((v) => v === 0.3)).toBe(true);
    const one = optimize(P, { max_iter: 1, engibench_newest: true });
    expect(one.history).toHaveLength(1);
    expect(one.history[0].objectivesUpdate).toBeUndefined();
  }, 60_000);
});
