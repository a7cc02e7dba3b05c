import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { optimizeInThread } from '../../../tools/engineering/optimizeThread.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';
import { optimize, type StepEvent } from '../../../tools/engineering/problem.ts';
import { InputError } from '../../../tools/errors.ts';

const config = { nelx: 40, nely: 20, max_iter: 12, volfrac: 0.4 };

describe('optimizeInThread', () => {
  it('runs the optimizer on another thread, streams every step and returns the same numbers', async () => {
    const problem = await getProblem('beams2d');
    const steps: StepEvent[] = [];
    const r = await optimizeInThread('beams2d', problem.resolveConfig(config), undefined, (e) => steps.push(e));
    expect(r.threadId).not.toBe(threadId);
    const here = optimize(problem, problem.resolveConfig(config));
    expect(r.iterations).toBe(here.iterations);
    expect(steps.map((s) => s.objectives)).toEqual(here.history.map((h) => h.objectives));
    expect(r.history).toEqual(here.history);
    expect(r.design.shape).toEqual(here.design.shape);
    expect(Array.from(r.design.data)).toEqual(Array.from(here.design.data));
  });

  it('warm-starts from a design and keeps the version asked for (beams2d@0)', async () => {
    const problem = await getProblem('beams2d@0');
    const c = problem.resolveConfig(config);
    const start = optimize(problem, c).design;
    const r = await optimizeInThread('beams2d@0', c, start, () => {});
    const here = optimize(problem, c, { startingPoint: start });
    expect(r.history).toEqual(here.history);
  });

  it('gives the engine errors back with their class and fields', async () => {
    const problem = await getProblem('beams2d');
    const c = problem.resolveConfig(config);
    const bad = { shape: [3, 3] as [number, number], data: new Float64Array(9).fill(0.5) };
    const err = await optimizeInThread('beams2d', c, bad, () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toMatch(/shape|3/);
    const unknown = await optimizeInThread('no-such-problem', c, undefined, () => {}).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(InputError);
    expect((unknown as InputError).field).toBe('problem');
  });

  it('runs at most one optimization per core at a time and finishes every one', async () => {
    const { availableParallelism } = await import('node:os');
    const problem = await getProblem('beams2d');
    const c = problem.resolveConfig({ ...config, max_iter: 4 });
    let running = 0;
    let most = 0;
    const started = new Set<number>();
    const jobs = Array.from({ length: 6 }, (_, k) =>
      optimizeInThread('beams2d', c, undefined, (e) => {
        if (e.step === 0 && !started.has(k)) {
          started.add(k);
          running++;
          most = Math.max(most, running);
        }
      }).then((r) => {
        running--;
        return r;
      }),
    );
    const results = await Promise.all(jobs);
    expect(results.every((r) => r.iterations === results[0].iterations)).toBe(true);
    expect(most).toBeLessThanOrEqual(Math.max(1, availableParallelism()));
  });

  it('stops when the step callback throws, with that error', async () => {
    const problem = await getProblem('beams2d');
    const boom = new Error('consumer gone');
    const err = await optimizeInThread('beams2d', problem.resolveConfig(config), undefined, () => {
      throw boom;
    }).catch((e: unknown) => e);
    expect(err).toBe(boom);
  });
});
