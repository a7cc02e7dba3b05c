/**
 * A failing shard of a dataset job array on the loopback SLURM cluster: the CLI exits non-zero with
 * the shard's exit status and log tail, the other shards' rows are kept, and the rerun (cause fixed)
 * submits only the failed shard and completes the dataset; a different request into the folder is refused.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engiai, tempHome } from '../cli/helpers.ts';
import { ciCluster, removeRemoteDir, requireCluster, uniqueRemoteDir } from './cluster.ts';

const remoteDir = uniqueRemoteDir('dsf');
const TINY = ['--n', '6', '--seed', '1', '--nelx', '20', '--nely', '10', '--max-iter', '5'];
const FAIL_SHARD_1 = ['if [ "$SLURM_ARRAY_TASK_ID" = 1 ]; then echo "module load nodejs/99: module not found" >&2; exit 3; fi'];

const rowsOf = (dir: string) => readFileSync(join(dir, 'rows.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));

beforeAll(async () => {
  await requireCluster();
});

afterAll(() => removeRemoteDir(remoteDir));

describe('a failing shard', () => {
  it('is reported with its log tail, the other shards’ rows are kept, and the rerun submits only that shard', () => {
    const home = tempHome('engiai-dsf-');
    const cwd = join(home, 'ws');
    mkdirSync(join(cwd, 'config'), { recursive: true });
    const configure = (setup: string[]) => writeFileSync(join(cwd, 'config', 'engiai.yaml'), JSON.stringify({ hpc: { pollSeconds: 0.3, clusters: { ci: ciCluster(remoteDir, { setup }) } } }));
    const out = join(home, 'ds');
    const request = (shards: string) => ['dataset', 'generate', 'beams2d', ...TINY, '--executor', 'slurm', '--shards', shards, '--out', out, '--json'];
    const args = request('3');

    configure(FAIL_SHARD_1);
    const first = engiai(home, args, { cwd });
    expect(first.code, first.stderr).toBe(1);
    const jobId = /submitted array job (\d+) \(attempt 0, shard\(s\) 0,1,2\)/.exec(first.stderr)?.[1];
    expect(jobId, first.stderr).toBeDefined();
    expect(first.stderr).toContain('error: 1 of 3 shard(s) failed on ci; 4/6 rows gathered');
    expect(first.stderr).toContain(`shard 1 (job ${jobId}_1, exit 3); log tail:`);
    expect(first.stderr).toMatch(/\| module load nodejs\/99: module not found/);
    expect(first.stderr).toMatch(/hint: the rows of the other shards are kept; .* only the failed shards are submitted again/);
    expect(rowsOf(out).map((r) => r.id).sort()).toEqual([0, 2, 3, 5]); // shards 0 (0, 3) and 2 (2, 5)
    expect(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'))).toMatchObject({ total: 6, done: 4, complete: false });

    // Another request into the folder is refused, as for a local run; so is another shard count.
    const other = engiai(home, ['dataset', 'generate', 'beams2d', '--n', '6', '--seed', '2', '--nelx', '20', '--nely', '10', '--max-iter', '5', '--executor', 'slurm', '--out', out], { cwd });
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/already holds a different dataset/);
    const reshard = engiai(home, request('2'), { cwd });
    expect(reshard.code).toBe(2);
    expect(reshard.stderr).toMatch(/is being generated as 3 shard\(s\), not 2/);

    configure([]);
    const second = engiai(home, args, { cwd });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/submitted array job \d+ \(attempt 1, shard\(s\) 1\)/);
    expect(JSON.parse(second.stdout)).toMatchObject({ done: 6, failed: 0, complete: true });
    expect(rowsOf(out).map((r) => r.id)).toEqual([0, 1, 2, 3, 4, 5]);
    const record = JSON.parse(readFileSync(join(out, 'slurm.json'), 'utf8'));
    expect(record.attempts.map((a: { tasks: number[] }) => a.tasks)).toEqual([[0, 1, 2], [1]]);
  });
});
