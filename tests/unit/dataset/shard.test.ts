/**
 * `--shard i/K`: parsing and range checks, shards that partition the plan exactly once with the whole
 * plan's ids, keys and splits, and a shard folder whose rows and designs equal the unsharded run's.
 */
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDataset, loadRows, parseShard, planDataset, shardRows } from '../../../tools/engineering/dataset/index.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';
import { InputError } from '../../../tools/errors.ts';

const tiny = { nelx: 20, nely: 10, max_iter: 4 };
const home = mkdtempSync(join(tmpdir(), 'engiai-shard-'));
process.env.ENGIAI_HOME = home;

describe('shard selection', () => {
  it('parses i/K and refuses what is not a shard', () => {
    expect(parseShard('2/5')).toEqual({ index: 2, count: 5 });
    expect(parseShard(' 0 / 1 ')).toEqual({ index: 0, count: 1 });
    for (const bad of ['3/2', '2/2', '0/0', '1/1001', '-1/4', '1', 'a/b', '1/2/3', '']) expect(() => parseShard(bad), bad).toThrow(InputError);
    expect(() => parseShard('3/2')).toThrow(/index must be 0\.\.1/);
  });

  it('K shards partition the plan, each row once, with the plan’s ids, keys and splits', async () => {
    const problem = await getProblem('beams2d');
    const plan = planDataset(problem, { n: 23, seed: 5, conditionsOverride: tiny });
    for (const k of [1, 2, 5, 23]) {
      const parts = Array.from({ length: k }, (_, i) => shardRows(plan.rows, { index: i, count: k }));
      expect(parts.flat().map((r) => r.id).sort((a, b) => a - b)).toEqual(plan.rows.map((r) => r.id));
      parts.forEach((rows, i) => rows.forEach((r) => expect(r.id % k).toBe(i)));
      for (const r of parts.flat()) expect(r).toBe(plan.rows[r.id]); // the same planned row object: key, split and config unchanged
    }
    expect(shardRows(plan.rows, undefined)).toEqual(plan.rows);
  });
});

describe('generateDataset with a shard', () => {
  it('writes only the shard’s rows, identical to the unsharded run’s, and a manifest that says which shard', async () => {
    const request = { problemId: 'beams2d', n: 5, seed: 2, conditionsOverride: tiny, workers: 0 };
    const full = await generateDataset({ ...request, outDir: join(home, 'full') });
    const m = await generateDataset({ ...request, outDir: join(home, 'shard1'), shard: { index: 1, count: 2 } });
    expect(full).toMatchObject({ total: 5, complete: true });
    expect(full.shard).toBeUndefined();
    expect(m).toMatchObject({ total: 2, done: 2, complete: true, shard: { index: 1, count: 2 }, source: { n: 5, seed: 2 } });
    expect(m.splits.train + m.splits.val + m.splits.test).toBe(2);
    const fullRows = new Map(loadRows(join(home, 'full', 'rows.jsonl')).rows.map((r) => [r.key, r]));
    const rows = loadRows(join(home, 'shard1', 'rows.jsonl')).rows;
    expect(rows.map((r) => r.id)).toEqual([1, 3]);
    for (const r of rows) {
      const f = fullRows.get(r.key)!;
      expect({ ...r, seconds: 0 }).toEqual({ ...f, seconds: 0 });
      expect(readFileSync(join(home, 'shard1', r.design))).toEqual(readFileSync(join(home, 'full', f.design)));
    }
    // another shard (or the whole dataset) into the shard's folder is a different dataset
    await expect(generateDataset({ ...request, outDir: join(home, 'shard1'), shard: { index: 0, count: 2 } })).rejects.toThrow(/different dataset/);
    await expect(generateDataset({ ...request, outDir: join(home, 'shard1') })).rejects.toThrow(/different dataset/);
  });
});
