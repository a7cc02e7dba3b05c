/**
 * Dataset job arrays without a cluster: the status command through real bash (a stand-in squeue and
 * real shard folders), its parser, the per-shard state rule, the --array list, condition flags that
 * parse back to the same values, and the array script run by bash as task 1 with a stand-in engiai.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConditionArgs } from '../../../cli/conditionArgs.ts';
import { clusterSchema } from '../../../config/schema.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';
import { InputError } from '../../../tools/errors.ts';
import { arrayScript, arraySpec, overrideFlags } from '../../../tools/hpc/datasetArray/index.ts';
import { quote } from '../../../tools/hpc/shellQuote.ts';
import { arrayStatusCommand, parseArrayStatus, shardState } from '../../../tools/hpc/slurmArray.ts';

const tmp = () => realpathSync(mkdtempSync(join(tmpdir(), 'slurm-array-')));

describe('array status', () => {
  it('reports squeue’s tasks and each shard folder’s exit_code and complete rows, through bash', () => {
    const root = tmp();
    const bin = join(root, 'bin');
    mkdirSync(bin);
    // squeue prints the file named by its -j argument (one per array job), like `squeue -r -o '%F|%K|%T|%r'`.
    writeFileSync(join(bin, 'squeue'), `#!/bin/sh\nfor a; do case "$a" in [0-9]*) cat ${quote(root)}/q-"$a" 2>/dev/null;; esac; done\necho "$@" >> ${quote(root)}/squeue.log\n`, { mode: 0o755 });
    writeFileSync(join(root, 'q-70'), '70|0|COMPLETED|None\n70|1|FAILED|NonZeroExitCode\n');
    writeFileSync(join(root, 'q-71'), '71|1|RUNNING|None\n71|3|PENDING|Priority\n');
    const base = join(root, 'ds');
    const shard = (i: number, exit: string | null, rows: string) => {
      mkdirSync(join(base, 'shards', String(i)), { recursive: true });
      if (exit !== null) writeFileSync(join(base, 'shards', String(i), 'exit_code'), exit);
      writeFileSync(join(base, 'shards', String(i), 'rows.jsonl'), rows);
    };
    shard(0, '0 70\n', '{"a":1}\n{"a":2}\n');
    shard(1, '3 70\n', '{"a":1}\n{"a":'); // a torn last line is not counted
    shard(2, null, '');
    const cmd = arrayStatusCommand(base, ['70', '71']);
    const out = execFileSync('bash', ['-c', cmd], { encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } });
    expect(readFileSync(join(root, 'squeue.log'), 'utf8')).toBe("-h -t all -r -j 70 -o %F|%K|%T|%r\n-h -t all -r -j 71 -o %F|%K|%T|%r\n");
    const s = parseArrayStatus(out);
    expect(s.shards.get(0)).toEqual({ exit: { code: 0, jobId: '70' }, rows: 2 });
    expect(s.shards.get(1)).toEqual({ exit: { code: 3, jobId: '70' }, rows: 1 });
    expect(s.shards.get(2)).toEqual({ rows: 0 });
    expect(s.tasks.get('71_3')).toMatchObject({ state: 'PENDING', reason: 'Priority' });

    // Shard 1 was resubmitted as job 71: its old exit_code (job 70) no longer speaks for it.
    expect(shardState(0, '70', s)).toEqual({ state: 'COMPLETED', exitCode: 0 });
    expect(shardState(1, '70', s)).toEqual({ state: 'FAILED', exitCode: 3 });
    expect(shardState(1, '71', s)).toMatchObject({ state: 'RUNNING' });
    expect(shardState(3, '71', s)).toMatchObject({ state: 'PENDING', detail: 'PENDING (Priority)' });
    expect(shardState(2, '71', s)).toMatchObject({ state: 'UNKNOWN' });
    expect(shardState(2, undefined, s)).toEqual({ state: 'NOT_SUBMITTED' });
    // no shard folder yet, no jobs yet: an empty status
    expect(parseArrayStatus(execFileSync('bash', ['-c', arrayStatusCommand(join(root, 'none'), [])], { encoding: 'utf8' }))).toEqual({ tasks: new Map(), shards: new Map() });
  });

  it('refuses ids and folders that are not what they claim to be', () => {
    expect(() => arrayStatusCommand('x', ['70; rm -rf ~'])).toThrow(InputError);
    expect(() => arrayStatusCommand('../etc', [])).toThrow(InputError);
  });
});

describe('array job script', () => {
  it('--array lists compress runs of shards', () => {
    expect(arraySpec([0, 1, 2, 3])).toBe('0-3');
    expect(arraySpec([5, 0, 1, 7, 8, 3])).toBe('0-1,3,5,7-8');
    expect(arraySpec([4])).toBe('4');
    expect(() => arraySpec([])).toThrow(InputError);
  });

  it('condition flags parse back to the same values', async () => {
    const problem = await getProblem('beams2d');
    const overrides = { nelx: 20, nely: 10, max_iter: 15, volfrac: 0.1 + 0.2, overhang_constraint: true };
    const flags = overrideFlags(overrides);
    expect(flags).toContain('--max-iter=15');
    expect(parseConditionArgs(problem, flags)).toEqual(overrides);
    expect(() => overrideFlags({ 'x;id': 1 })).toThrow(InputError);
    expect(() => overrideFlags({ nelx: Number.NaN })).toThrow(InputError);
  });

  it('runs as task 1 under bash: set-up first, its shard of the request into shards/1, exit status and job id in exit_code', () => {
    const root = tmp();
    const attempt = join(root, 'attempt-0');
    mkdirSync(attempt);
    const fake = join(root, 'engiai.sh');
    writeFileSync(fake, `#!/bin/bash\nprintf '%s\\n' "$@" > ${quote(join(root, 'args'))}\necho '{"done":1}'\n`, { mode: 0o755 });
    const cluster = clusterSchema.parse({ executor: 'slurm', host: 'h', user: 'u', keyFile: 'k', partition: 'debug', cpus: 2, setup: ['echo "[setup] $SLURM_ARRAY_TASK_ID"'] });
    const spec = { problem: 'beams2d', source: { n: 6, seed: 1 }, overrides: { nelx: 20, max_iter: 5 }, shards: 3, tasks: [0, 1, 2], key: '0123456789abcdef', attempt: 0 };
    const script = arrayScript(spec, cluster, quote(fake));
    expect(script).toContain('#SBATCH --array=0-2');
    expect(script).toContain('#SBATCH --partition=debug');
    expect(script).toContain('#SBATCH --cpus-per-task=2');
    expect(script).toContain('#SBATCH --output=shard-%a.out');
    writeFileSync(join(attempt, 'job.sh'), script);
    const run = spawnSync('bash', ['job.sh'], { cwd: attempt, encoding: 'utf8', env: { ...process.env, SLURM_ARRAY_TASK_ID: '1', SLURM_ARRAY_JOB_ID: '88' } });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/\[shard\] 1\/3 started .* as job 88_1\n\[setup\] 1\n\[shard\] finished/);
    const args = readFileSync(join(root, 'args'), 'utf8').trim().split('\n');
    expect(args).toEqual(['dataset', 'generate', 'beams2d', '--n', '6', '--seed', '1', '--max-iter=5', '--nelx=20', '--workers', '2', '--shard', '1/3', '--out', join(root, 'shards', '1'), '--json']);
    expect(readFileSync(join(root, 'shards', '1', 'exit_code'), 'utf8')).toBe('0 88\n');
    expect(readFileSync(join(root, 'shards', '1', 'result.json'), 'utf8')).toBe('{"done":1}\n');
    // a failing set-up line: its status lands in exit_code
    const failing = arrayScript(spec, { ...cluster, setup: ['exit 3'] }, quote(fake));
    writeFileSync(join(attempt, 'job.sh'), failing);
    expect(spawnSync('bash', ['job.sh'], { cwd: attempt, env: { ...process.env, SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_JOB_ID: '89' } }).status).toBe(3);
    expect(readFileSync(join(root, 'shards', '2', 'exit_code'), 'utf8')).toBe('3 89\n');
    expect(() => arrayScript({ ...spec, tasks: [3] }, cluster, 'engiai')).toThrow(InputError);
    expect(() => arrayScript({ ...spec, problem: 'beams2d; id' }, cluster, 'engiai')).toThrow(InputError);
  });
});
