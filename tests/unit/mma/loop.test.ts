/** The shared MMA loop (tools/engineering/mma/loop.ts) on a separable quadratic with a volume constraint. */
import { describe, expect, it } from 'vitest';
import { NumericError } from '../../../tools/errors.ts';
import { mmaLoop, type MmaLoopSpec } from '../../../tools/engineering/mma/loop.ts';
import { svanbergParams } from '../../../tools/engineering/mma/mma.ts';
import type { StepEvent } from '../../../tools/engineering/problem.ts';

const n = 6;
const target = Float64Array.from([0.1, 0.2, 0.3, 0.15, 0.25, 0.2]); // mean 0.2 < volfrac 0.4: the constraint is inactive at the optimum
const spec = (over: Partial<MmaLoopSpec> = {}): MmaLoopSpec => ({
  name: 'toy',
  x0: new Float64Array(n).fill(0.4),
  volfrac: 0.4,
  bounds: { xmin: new Float64Array(n).fill(0), xmax: new Float64Array(n).fill(1) },
  params: svanbergParams(1, { c: new Float64Array([1e4]), d: new Float64Array([0]) }),
  done: (_change, iter) => iter >= 30,
  evaluate: (x) => ({ objectives: [x.reduce((s, v, i) => s + (v - target[i]) ** 2, 0)], df: x.map((v, i) => 2 * (v - target[i])), recorded: () => [x.map((v, i) => 2 * (v - target[i]))] }),
  filter: (_x, df) => df,
  progressTotal: 30,
  ...over,
});
const run = (s: MmaLoopSpec) => {
  const g = mmaLoop(s);
  const events: StepEvent[] = [];
  for (;;) {
    const r = g.next();
    if (r.done) return { ...r.value, events };
    events.push(r.value);
  }
};

describe('mmaLoop', () => {
  it('records steps 1…N before each update, chains objectivesUpdate (the last left to the caller), reaches the unconstrained optimum', () => {
    const r = run(spec());
    expect(r.iterations).toBe(30);
    expect(r.history.map((h) => h.step)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(r.events.map((e) => e.maxIter)).toEqual(new Array(30).fill(30));
    for (let i = 0; i < 29; i++) expect(r.history[i].objectivesUpdate![0]).toBe(r.history[i + 1].objectives[0] - r.history[i].objectives[0]);
    expect(r.history[29].objectivesUpdate).toBeUndefined();
    r.x.forEach((v, i) => expect(Math.abs(v - target[i])).toBeLessThan(0.01));
    expect(r.history[29].objectives[0]).toBeLessThan(1e-3 * r.history[0].objectives[0]);
    expect(r.history.every((h) => h.x === undefined)).toBe(true);
  });

  it('checks done before every iteration (done at 0 runs nothing and returns the start) and passes it the last change', () => {
    const none = run(spec({ done: () => true }));
    expect(none.iterations).toBe(0);
    expect(none.history).toEqual([]);
    expect(Array.from(none.x)).toEqual(new Array(n).fill(0.4));
    const seen: number[] = [];
    const r = run(spec({ done: (change, iter) => (seen.push(change), change < 1e-2 || iter >= 200) }));
    expect(seen[0]).toBe(1);
    r.events.forEach((e, i) => expect(seen[i + 1]).toBe(e.change));
    expect(r.iterations).toBeLessThan(200);
    expect(r.events.at(-1)!.change).toBeLessThan(1e-2);
    expect(r.events.slice(0, -1).every((e) => e.change! >= 1e-2)).toBe(true);
  });

  it('fullHistory keeps x, the recorded sensitivities and x_update with x + x_update = the next x; asymptote reset changes the path', () => {
    const r = run(spec({ fullHistory: true, done: (_c, iter) => iter >= 5 }));
    for (let i = 0; i < 4; i++) r.history[i].x!.forEach((v, e) => expect(v + r.history[i].xUpdate![e]).toBeCloseTo(r.history[i + 1].x![e], 15));
    expect(r.history[0].xSensitivities![0][0]).toBeCloseTo(2 * (0.4 - 0.1), 15);
    const reset = run(spec({ resetAsymptotes: true, done: (_c, iter) => iter >= 5 }));
    expect(reset.history[0].objectives).toEqual(r.history[0].objectives);
    expect(reset.history[4].objectives[0]).not.toBe(r.history[4].objectives[0]);
  });

  it('a failing MMA step is a NumericError naming the problem, the iteration, the objectives and the hint', () => {
    const bad = spec({ evaluate: () => ({ objectives: [1], df: new Float64Array(n).fill(Number.NaN) }), mmaHint: 'try another start' });
    try {
      run(bad);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(NumericError);
      expect((e as Error).message).toMatch(/^toy iteration 1: the MMA step failed \(.*\) at objectives \[1\.000e\+0\]/);
      expect((e as NumericError).hint).toBe('try another start');
    }
  });
});
