/**
 * `engiai dataset generate … --executor slurm` through the real CLI on the loopback SLURM cluster:
 * a 6-row dataset as a 3-task job array equals a local run row by row and design by design; a CLI
 * killed after gathering one shard is rerun and follows the same array instead of submitting again;
 * bad requests exit 2 with what to do.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hpcContext, type SlurmExecutor } from '../../../tools/hpc/index.ts';
import { BIN, engiai, tempHome } from '../cli/helpers.ts';
import { ciCluster, removeRemoteDir, requireCluster, uniqueRemoteDir } from './cluster.ts';
import { testConfig } from './helpers.ts';

const remoteDir = uniqueRemoteDir('dsa');
const TINY = ['--n', '6', '--seed', '1', '--nelx', '20', '--nely', '10', '--max-iter', '5'];

/** A working folder whose config/engiai.yaml (JSON is YAML) names the given clusters. */
function workspace(hpc: Record<string, unknown>): { home: string; cwd: string } {
  const home = tempHome('engiai-dsa-');
  const cwd = join(home, 'ws');
  mkdirSync(join(cwd, 'config'), { recursive: true });
  writeFileSync(join(cwd, 'config', 'engiai.yaml'), JSON.stringify({ hpc: { pollSeconds: 0.3, ...hpc } }));
  return { home, cwd };
}

const rowsOf = (dir: string) => readFileSync(join(dir, 'rows.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const withoutTiming = (r: Record<string, unknown>) => ({ ...r, seconds: undefined });

beforeAll(async () => {
  await requireCluster();
});

afterAll(() => removeRemoteDir(remoteDir));

describe('dataset generate --executor slurm', () => {
  it('a 3-shard job array gathers back exactly the dataset a local run writes', () => {
    const { home, cwd } = workspace({ clusters: { ci: ciCluster(remoteDir) } });
    const slurmDir = join(home, 'slurm');
    const localDir = join(home, 'local');
    const r = engiai(home, ['dataset', 'generate', 'beams2d', ...TINY, '--executor', 'slurm', '--shards', '3', '--out', slurmDir, '--json'], { cwd });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/submitted array job \d+ \(attempt 0, shard\(s\) 0,1,2\) on ci/);
    expect(r.stderr).toMatch(/shards 3\/3 done \(0 running, 0 pending, 0 failed\), rows gathered 6\/6/);
    const local = engiai(home, ['dataset', 'generate', 'beams2d', ...TINY, '--workers', '1', '--out', localDir, '--json'], { cwd });
    expect(local.code, local.stderr).toBe(0);

    const timing = (m: Record<string, unknown>) => ({ ...m, outDir: undefined, compute_seconds: undefined, created_at: undefined, updated_at: undefined });
    const ms = JSON.parse(r.stdout);
    expect(ms).toMatchObject({ total: 6, done: 6, failed: 0, complete: true });
    expect(timing(ms)).toEqual(timing(JSON.parse(local.stdout)));
    expect(timing(JSON.parse(readFileSync(join(slurmDir, 'manifest.json'), 'utf8')))).toEqual(timing(JSON.parse(readFileSync(join(localDir, 'manifest.json'), 'utf8'))));
    const a = rowsOf(slurmDir);
    const b = rowsOf(localDir);
    expect(a.map((x) => x.id)).toEqual([0, 1, 2, 3, 4, 5]); // sorted by id, as a complete local dataset is
    expect(a.map(withoutTiming)).toEqual(b.map(withoutTiming));
    expect(readdirSync(join(slurmDir, 'designs')).sort()).toEqual(readdirSync(join(localDir, 'designs')).sort());
    for (const row of a) expect(readFileSync(join(slurmDir, row.design)).equals(readFileSync(join(localDir, row.design))), row.design).toBe(true);
    expect(Math.abs(ms.compute_seconds - a.reduce((s: number, x: { seconds: number }) => s + x.seconds, 0))).toBeLessThan(0.01);

    const record = JSON.parse(readFileSync(join(slurmDir, 'slurm.json'), 'utf8'));
    expect(record).toMatchObject({ cluster: 'ci', shards: 3, attempts: [{ n: 0, tasks: [0, 1, 2] }] });
    // Rerunning a finished dataset touches nothing.
    const again = engiai(home, ['dataset', 'generate', 'beams2d', ...TINY, '--executor', 'slurm', '--out', slurmDir, '--json'], { cwd });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toMatch(/submitted/);
    expect(rowsOf(slurmDir)).toHaveLength(6);
  });

  it('a CLI killed after a partial gather: the rerun follows the same array, keeps what was gathered, and gathers the rest', async () => {
    // Shard 1 waits 4 s, so the CLI has gathered shard 0's rows (and only those) when it is killed.
    const slow = ciCluster(remoteDir, { setup: ['if [ "$SLURM_ARRAY_TASK_ID" = 1 ]; then sleep 4; fi'] });
    const { home, cwd } = workspace({ clusters: { ci: slow } });
    const out = join(home, 'killed');
    const args = ['dataset', 'generate', 'beams2d', ...TINY, '--executor', 'slurm', '--shards', '2', '--out', out];
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, ENGIAI_HOME: home, NO_COLOR: '1' } });
    const jobId = await new Promise<string>((resolve, reject) => {
      let err = '';
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
        const m = /submitted array job (\d+)[\s\S]*rows gathered 3\/6/.exec(err);
        if (m) {
          child.kill('SIGKILL');
          resolve(m[1]);
        }
      });
      child.once('exit', () => reject(new Error(`the CLI ended before gathering shard 0: ${err}`)));
    });
    await new Promise((r) => child.once('close', r));
    expect(rowsOf(out).map((x) => x.id).sort()).toEqual([0, 2, 4]); // shard 0's rows, kept locally
    const record = JSON.parse(readFileSync(join(out, 'slurm.json'), 'utf8'));
    expect(record.attempts).toEqual([expect.objectContaining({ n: 0, jobId, tasks: [0, 1] })]);
    // As if killed between sbatch and both records of its id (slurm.json's and the remote job_id file):
    // the rerun's submit finds the array in squeue by its key and folder (%F: the array's id, not a task's).
    delete record.attempts[0].jobId;
    writeFileSync(join(out, 'slurm.json'), JSON.stringify(record));
    const ctx = hpcContext(testConfig({ clusters: { ci: ciCluster(remoteDir) } }));
    const rm = await (ctx.executor('ci') as SlurmExecutor).ssh.exec(`rm -- '${record.baseDir}/attempt-0/job_id'`);
    ctx.close();
    expect(rm.code, rm.stderr).toBe(0);

    const r = engiai(home, [...args, '--json'], { cwd });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`following array job ${jobId} (attempt 0, shard(s) 0,1)`);
    expect(r.stderr).not.toMatch(/submitted/);
    expect(JSON.parse(r.stdout)).toMatchObject({ done: 6, complete: true });
    expect(rowsOf(out).map((x) => x.id)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(readdirSync(join(out, 'designs'))).toHaveLength(6);
    expect(JSON.parse(readFileSync(join(out, 'slurm.json'), 'utf8')).attempts).toEqual([expect.objectContaining({ n: 0, jobId })]);
  });

  it('bad requests exit 2 and say what to do', () => {
    const { home, cwd } = workspace({ clusters: { ci: ciCluster(remoteDir) } });
    const run = (...extra: string[]) => engiai(home, ['dataset', 'generate', 'beams2d', ...TINY, ...extra], { cwd });
    const expect2 = (r: { code: number; stderr: string }, msg: RegExp) => {
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(msg);
    };
    expect2(run('--executor', 'slurm', '--cluster', 'nowhere'), /no cluster named "nowhere" \(configured: ci\)/);
    expect2(run('--executor', 'slurm', '--shards', '0'), /--shards must be 1\.\.1000, got 0/);
    expect2(run('--executor', 'slurm', '--shards', '7'), /--shards 7 is more than the dataset's 6 rows/);
    expect2(run('--shard', '3/2'), /shard 3\/2 does not exist: the index must be 0\.\.1/);
    expect2(run('--executor', 'slurm', '--shard', '0/2'), /with --executor slurm give --shards K/);
    expect2(run('--shards', '2'), /--shards and --cluster go with --executor slurm/);
    expect2(run('--executor', 'slurm', '--workers', '4'), /uses the cluster's cpus .* drop --workers/);
    expect2(run('--executor', 'pbs'), /--executor must be local or slurm/);
    const none = workspace({ clusters: { here: { executor: 'local' } } });
    const r = engiai(none.home, ['dataset', 'generate', 'beams2d', ...TINY, '--executor', 'slurm'], { cwd: none.cwd });
    expect2(r, /no SLURM cluster is configured/);
    expect(r.stderr).toMatch(/hint: add one under hpc\.clusters/);
    expect2(engiai(none.home, ['dataset', 'generate', 'beams2d', ...TINY, '--executor', 'slurm', '--cluster', 'here'], { cwd: none.cwd }), /cluster "here" runs jobs with the local executor, not SLURM/);
  });
});
