import { describe, expect, it } from 'vitest';
import { NumericError } from '../../../tools/errors.ts';
import type { LinearSolver } from '../../../tools/engineering/beams2d/fe.ts';
import { CHANGE_TOL, optimizeBeam, type BeamOptimizeResult } from '../../../tools/engineering/beams2d/optimize.ts';
import { createSetup } from '../../../tools/engineering/beams2d/setup.ts';
import { createLinearSolver } from '../../../tools/engineering/beams2d/solverFactory.ts';
import type { StepEvent } from '../../../tools/engineering/problem.ts';

function drain(gen: Generator<StepEvent, BeamOptimizeResult, void>): { events: StepEvent[]; result: BeamOptimizeResult } {
  const events: StepEvent[] = [];
  for (;;) {
    const n = gen.next();
    if (n.done) return { events, result: n.value };
    events.push(n.value);
  }
}

describe('optimizeBeam (the spine)', () => {
  const setup = createSetup({ nelx: 30, nely: 15, forcedist: 0, rmin: 2 });
  const params = { volfrac: 0.35, penal: 3, overhang: false, maxIter: 400, version: 0 as const };

  it('stops early once the change drops to 0.025, and records c before every update', () => {
    const { events, result } = drain(optimizeBeam(setup, createLinearSolver(setup), params));
    expect(result.iterations).toBeLessThan(400);
    expect(result.history).toHaveLength(result.iterations);
    expect(events.map((e) => e.step)).toEqual(result.history.map((h) => h.step));
    expect(events.at(-1)!.change).toBeLessThanOrEqual(CHANGE_TOL);
    expect(events.slice(0, -1).every((e) => e.change! > CHANGE_TOL)).toBe(true);
    // compliance falls overall from the uniform start
    expect(result.history.at(-1)!.objectives[0]).toBeLessThan(0.5 * result.history[0].objectives[0]);
    const mean = result.xPrint.reduce((s, v) => s + v, 0) / result.xPrint.length;
    expect(Math.abs(mean - 0.35)).toBeLessThan(1e-3);
  });

  it('is deterministic', () => {
    const a = drain(optimizeBeam(setup, createLinearSolver(setup), { ...params, maxIter: 10 })).result;
    const b = drain(optimizeBeam(setup, createLinearSolver(setup, 'banded'), { ...params, maxIter: 10 })).result;
    const c = drain(optimizeBeam(setup, createLinearSolver(setup), { ...params, maxIter: 10 })).result;
    expect(c.history).toEqual(a.history);
    for (let k = 0; k < 10; k++) expect(b.history[k].objectives[0]).toBeCloseTo(a.history[k].objectives[0], 8);
  });

  it('tags a solver failure with the iteration where it happened', () => {
    const inner = createLinearSolver(setup);
    let calls = 0;
    const failing: LinearSolver = {
      name: 'fails-third-time',
      solve(values, b, x) {
        if (++calls === 3) throw new NumericError('pivot 0');
        return inner.solve(values, b, x);
      },
    };
    let err: unknown;
    try {
      drain(optimizeBeam(setup, failing, params));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(NumericError);
    expect((err as NumericError).iteration).toBe(2);
    expect((err as NumericError).message).toMatch(/iteration 2: pivot 0/);
  });
});
