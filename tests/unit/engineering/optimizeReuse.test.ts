/**
 * A repeated identical optimization in one process reuses the finished one: the stored design, its
 * metadata and the progress events are byte for byte those of a fresh run; any change of problem
 * version, a config value or the start computes again; cancelled and failed runs are never kept.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engineeringContext } from '../../../tools/engineering/context.ts';
import { clearOptimizeReuse, optimizationKey, optimizeReuseStats } from '../../../tools/engineering/optimizeReuse.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';
import type { StepEvent } from '../../../tools/engineering/problem.ts';
import { optimizeAndStore, runOptimizer, setupProblem } from '../../../tools/engineering/workflow.ts';
import { CancelledError } from '../../../tools/errors.ts';

const homes: string[] = [];
const home = () => {
  const h = mkdtempSync(join(tmpdir(), 'engiai-reuse-'));
  homes.push(h);
  return h;
};
afterAll(() => homes.forEach((h) => rmSync(h, { recursive: true, force: true })));
afterEach(() => {
  delete process.env.ENGIAI_OPTIMIZE_REUSE;
});

const VALUES = { nelx: 30, nely: 15, max_iter: 15, volfrac: 0.35, forcedist: 0.3, rmin: 2 };

async function storeOnce(values: Record<string, number> = VALUES, problem = 'beams2d') {
  const setup = await setupProblem(problem, values);
  const ctx = engineeringContext(home());
  const steps: StepEvent[] = [];
  const stored = await optimizeAndStore(ctx, { ...setup, onStep: (e) => steps.push(e), provenance: { tool: 'optimize_design' } });
  const meta = JSON.parse(readFileSync(join(stored.dir, 'meta.json'), 'utf8')) as Record<string, unknown>;
  delete meta.createdAt;
  return { stored, steps, npy: readFileSync(join(stored.dir, 'design.npy')), meta };
}

describe('optimization reuse', () => {
  it('a reused 3-D (Beams3D) optimization keeps its three dimensions and its bytes', async () => {
    clearOptimizeReuse();
    const values = { nelx: 6, nely: 4, nelz: 4, max_iter: 3, volfrac: 0.3 };
    const fresh = await storeOnce(values, 'beams3d');
    const s0 = optimizeReuseStats();
    const reused = await storeOnce(values, 'beams3d');
    expect(optimizeReuseStats().hits - s0.hits).toBe(1);
    expect(reused.stored.id).toBe(fresh.stored.id);
    expect(reused.npy.equals(fresh.npy)).toBe(true);
    const design = (await engineeringContext(home()).store.loadFile(join(reused.stored.dir, 'design.npy'))).design;
    expect(design.shape).toEqual([4, 6, 4]);
    // the start's full shape is in the key: same bytes, other shape, other key
    const p = await getProblem('beams3d');
    const data = new Float64Array(96).fill(0.3);
    expect(optimizationKey(p, {}, { shape: [4, 6, 4], data })).not.toBe(optimizationKey(p, {}, { shape: [4, 4, 6], data }));
  });

  it('a reused optimization stores byte-identical files and replays the same progress as a fresh one', async () => {
    clearOptimizeReuse();
    const s0 = optimizeReuseStats();
    const fresh = await storeOnce();
    const reused = await storeOnce();
    const s1 = optimizeReuseStats();
    expect([s1.misses - s0.misses, s1.hits - s0.hits]).toEqual([1, 1]);
    clearOptimizeReuse();
    const again = await storeOnce(); // computed once more from scratch
    expect(optimizeReuseStats().misses - s1.misses).toBe(1);
    for (const other of [reused, again]) {
      expect(other.stored.id).toBe(fresh.stored.id);
      expect(other.npy.equals(fresh.npy)).toBe(true);
      expect(other.meta).toEqual(fresh.meta);
      expect(other.steps).toEqual(fresh.steps);
      expect(other.stored.objectives).toEqual(fresh.stored.objectives);
    }
    expect(fresh.steps.length).toBeGreaterThan(10);
  });

  it('the caller gets its own copy: changing a returned design does not change the next one', async () => {
    clearOptimizeReuse();
    const problem = await getProblem('beams2d');
    const config = problem.resolveConfig(VALUES);
    const a = await runOptimizer(problem, config, undefined, () => {});
    const first = Float64Array.from(a.design.data);
    a.design.data.fill(7);
    a.history[0].objectives[0] = -1;
    const b = await runOptimizer(problem, config, undefined, () => {});
    expect(Array.from(b.design.data)).toEqual(Array.from(first));
    expect(b.history[0].objectives[0]).not.toBe(-1);
  });

  it('any change of version, config value (−0 included) or start is another key', async () => {
    const problem = await getProblem('beams2d');
    const v0 = await getProblem('beams2d@0');
    const config = problem.resolveConfig(VALUES);
    const base = optimizationKey(problem, config, undefined);
    expect(optimizationKey(problem, { ...config }, undefined)).toBe(base);
    expect(optimizationKey(v0, config, undefined)).not.toBe(base);
    expect(optimizationKey(problem, { ...config, volfrac: 0.35000000000000003 }, undefined)).not.toBe(base);
    expect(optimizationKey(problem, { ...config, forcedist: 0 }, undefined)).not.toBe(optimizationKey(problem, { ...config, forcedist: -0 }, undefined));
    const start = { shape: [15, 30] as [number, number], data: new Float64Array(450).fill(0.35) };
    const nudged = { shape: start.shape, data: Float64Array.from(start.data) };
    nudged.data[449] = 0.3500000000000001;
    expect(optimizationKey(problem, config, start)).not.toBe(base);
    expect(optimizationKey(problem, config, nudged)).not.toBe(optimizationKey(problem, config, start));
  });

  it('a cancelled or failed run is not kept, and a cancelled signal stops a replay', async () => {
    clearOptimizeReuse();
    const problem = await getProblem('beams2d');
    const config = problem.resolveConfig({ ...VALUES, max_iter: 12 });
    const boom = await runOptimizer(problem, config, undefined, (e) => {
      if (e.step === 3) throw new Error('listener failed');
    }).catch((e: unknown) => e);
    expect(boom).toBeInstanceOf(Error);
    expect(optimizeReuseStats().entries).toBe(0);
    await runOptimizer(problem, config, undefined, () => {});
    expect(optimizeReuseStats().entries).toBe(1);
    const ac = new AbortController();
    const seen: number[] = [];
    const err = await runOptimizer(problem, config, undefined, (e) => {
      seen.push(e.step);
      if (e.step === 2) ac.abort('person left');
    }, ac.signal).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CancelledError);
    expect(seen).toEqual([0, 1, 2]);
  });

  it('ENGIAI_OPTIMIZE_REUSE=0 computes every time', async () => {
    clearOptimizeReuse();
    process.env.ENGIAI_OPTIMIZE_REUSE = '0';
    const problem = await getProblem('beams2d');
    const config = problem.resolveConfig({ ...VALUES, max_iter: 5 });
    const s0 = optimizeReuseStats();
    await runOptimizer(problem, config, undefined, () => {});
    await runOptimizer(problem, config, undefined, () => {});
    const s1 = optimizeReuseStats();
    expect([s1.misses - s0.misses, s1.hits - s0.hits, s1.entries]).toEqual([2, 0, 0]);
  });
});
