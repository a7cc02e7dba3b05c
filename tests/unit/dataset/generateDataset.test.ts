/**
 * generateDataset end to end on a tiny Beams2D set (20x10, 5 iterations, n 6): worker threads,
 * files, .npy designs that re-simulate to the stored objective, abort + resume without duplicates,
 * a torn rows.jsonl line, refusal to mix datasets, and equality of threaded and inline results.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateDataset, loadRows, type DatasetRow } from '../../../tools/engineering/dataset/index.ts';
import { decodeNpy } from '../../../tools/engineering/store/npy.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';
import { InputError } from '../../../tools/errors.ts';

const tiny = { nelx: 20, nely: 10, max_iter: 5 };
const request = { problemId: 'beams2d', n: 6, seed: 3, conditionsOverride: tiny };
const home = mkdtempSync(join(tmpdir(), 'engiai-dataset-'));
process.env.ENGIAI_HOME = home;

const byKey = (rows: DatasetRow[]) => new Map(rows.map((r) => [r.key, r]));

describe('generateDataset', () => {
  const fullDir = join(home, 'full');
  let full: DatasetRow[] = [];

  beforeAll(async () => {
    const progress: number[][] = [];
    const m = await generateDataset({ ...request, outDir: fullDir, workers: 2, onProgress: (d, t, eta) => void progress.push([d, t, eta]) });
    expect(m).toMatchObject({ problem: 'beams2d', total: 6, done: 6, failed: 0, complete: true, splits: { train: 4, val: 1, test: 1 }, source: { n: 6, seed: 3 } });
    expect(progress.at(-1)?.slice(0, 2)).toEqual([6, 6]);
    expect(progress.map((p) => p[0])).toEqual([0, 1, 2, 3, 4, 5, 6]);
    full = loadRows(join(fullDir, 'rows.jsonl')).rows;
  });

  it('writes one row per condition with a .npy design that re-simulates to its objective', async () => {
    expect(full.map((r) => r.id)).toEqual([0, 1, 2, 3, 4, 5]); // sorted by id once complete
    expect(full.filter((r) => r.split === 'train')).toHaveLength(4);
    const problem = await getProblem('beams2d');
    for (const r of full) {
      expect(r.config).toMatchObject(tiny);
      expect(r.iterations).toBe(5);
      expect(r.optimization_history).toHaveLength(5);
      const design = decodeNpy(readFileSync(join(fullDir, r.design)));
      expect(design.shape).toEqual([10, 20]);
      const config = problem.resolveConfig({ ...r.conditions, ...r.config });
      expect(problem.simulate(design, config)[0]).toBeCloseTo(r.objectives.c, 8);
      // the optimizer made progress from the uniform start
      expect((r.optimization_history as number[])[4]).toBeLessThan((r.optimization_history as number[])[0]);
    }
    const manifest = JSON.parse(readFileSync(join(fullDir, 'manifest.json'), 'utf8'));
    expect(manifest.overrides).toEqual(tiny);
  });

  it('resumes after an abort without duplicating rows, and gives the same rows', async () => {
    const dir = join(home, 'aborted');
    const ctl = new AbortController();
    const first = await generateDataset({ ...request, outDir: dir, workers: 1, signal: ctl.signal, onProgress: (d) => void (d >= 2 && ctl.abort()) });
    expect(first.complete).toBe(false);
    expect(first.done).toBeGreaterThanOrEqual(2);
    expect(first.done).toBeLessThan(6);
    // a killed run's torn write at the end of rows.jsonl
    writeFileSync(join(dir, 'rows.jsonl'), readFileSync(join(dir, 'rows.jsonl'), 'utf8') + '{"id":5,"key":"tor');
    const seen: number[] = [];
    const second = await generateDataset({ ...request, outDir: dir, workers: 2, onProgress: (d) => void seen.push(d) });
    expect(second).toMatchObject({ done: 6, complete: true });
    expect(seen[0]).toBe(first.done);
    const rows = loadRows(join(dir, 'rows.jsonl')).rows;
    expect(rows).toHaveLength(6);
    const ref = byKey(full);
    for (const r of rows) {
      const f = ref.get(r.key)!;
      expect(r.id).toBe(f.id);
      expect(r.split).toBe(f.split);
      expect(r.objectives.c).toBe(f.objectives.c);
      expect(readFileSync(join(dir, r.design))).toEqual(readFileSync(join(fullDir, f.design)));
    }
    // a third run has nothing left to do
    const third = await generateDataset({ ...request, outDir: dir, workers: 2 });
    expect(third.done).toBe(6);
    expect(loadRows(join(dir, 'rows.jsonl')).rows).toHaveLength(6);
  });

  it('refuses to mix a different request into the same folder', async () => {
    await expect(generateDataset({ ...request, seed: 4, outDir: fullDir, workers: 0 })).rejects.toThrow(InputError);
    await expect(generateDataset({ ...request, conditionsOverride: { ...tiny, nelx: 30 }, outDir: fullDir, workers: 0 })).rejects.toThrow(/different dataset/);
  });

  it('computes the same rows in this thread (workers: 0) as on worker threads', async () => {
    const dir = join(home, 'inline');
    const m = await generateDataset({ ...request, n: 2, outDir: dir, workers: 0 });
    expect(m.complete).toBe(true);
    const ref = byKey(full);
    for (const r of loadRows(join(dir, 'rows.jsonl')).rows) expect(r.objectives.c).toBe(ref.get(r.key)!.objectives.c);
    expect(existsSync(join(dir, 'errors.jsonl'))).toBe(false);
  });
});
