/** Quoting through a real shell, command builders that refuse unvalidated values, idempotent submit, and the squeue/scontrol/sacct parsers. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../tools/errors.ts';
import { normaliseSlurmState, parseDuration } from '../../../tools/hpc/jobState.ts';
import { commandLine, quote } from '../../../tools/hpc/shellQuote.ts';
import { cancelCommand, parseStatus, parseSubmitOutput, statusCommand, submitCommand } from '../../../tools/hpc/slurm.ts';

const sh = (script: string) => execFileSync('bash', ['-c', script], { encoding: 'utf8' });

describe('shell quoting', () => {
  it('passes hostile strings through bash unchanged, as one word each', () => {
    const nasty = [`a'b`, '$(touch /tmp/pwned)', '`id`', 'x; rm -rf ~', '"double" and \\ back', "''", 'new\nline', '*', '-n'];
    for (const s of nasty) expect(sh(`printf '%s|' ${quote(s)}`)).toBe(`${s}|`);
    expect(sh(`printf '<%s>' ${commandLine('one two', "th'ree")}`)).toBe("<one two><th'ree>");
  });

  it('refuses a NUL byte', () => {
    expect(() => quote('a\0b')).toThrow(InputError);
  });
});

describe('SLURM command lines', () => {
  it('refuse values that are not what they claim to be', () => {
    expect(() => cancelCommand('12; rm -rf ~')).toThrow(InputError);
    expect(() => statusCommand('12', '../../etc')).toThrow(InputError);
    expect(() => submitCommand('jobs/x', 'not-a-key')).toThrow(InputError);
    expect(() => submitCommand('jobs/x', '0123456789abcdef', 'debug$(id)')).toThrow(InputError);
    expect(cancelCommand('123')).toBe("'scancel' '123'");
  });

  it('submit is keyed by the pipeline key in the job comment and reuses a known job', () => {
    const cmd = submitCommand('engiai-jobs/0123456789abcdef', '0123456789abcdef', 'debug');
    expect(cmd).toContain("'--comment=engiai:0123456789abcdef'");
    expect(cmd).toContain("-o '%F|%k|%Z'"); // an array's tasks report the array's id
    expect(cmd).toContain("'--partition=debug'");
    expect(cmd.indexOf('job_id')).toBeLessThan(cmd.indexOf('sbatch'));
    expect(sh(`bash -n <<'EOF'\n${cmd}\nEOF\necho ok`)).toBe('ok\n');
    expect(parseSubmitOutput('submitted 42\n')).toEqual({ id: '42', reused: false });
    expect(parseSubmitOutput('reused 42;ci\n')).toEqual({ id: '42', reused: true });
    expect(() => parseSubmitOutput('sbatch: error: invalid partition')).toThrow(/did not print a job id/);
  });

  it('reuses a queued job only when it carries the key and was submitted from this job folder', () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'slurm-submit-')));
    const bin = join(root, 'bin');
    mkdirSync(bin);
    const key = '0123456789abcdef';
    // squeue prints "%i|%k|%Z" rows from the file `queue`; sbatch records that it ran and prints 99.
    writeFileSync(join(bin, 'squeue'), `#!/bin/sh\ncat ${quote(join(root, 'queue'))}\n`, { mode: 0o755 });
    writeFileSync(join(bin, 'sbatch'), `#!/bin/sh\necho "$@" >> ${quote(join(root, 'sbatch.log'))}\necho 99\n`, { mode: 0o755 });
    const submitIn = (dir: string, queue: string) => {
      mkdirSync(join(root, dir), { recursive: true });
      writeFileSync(join(root, 'queue'), queue);
      return execFileSync('bash', ['-c', submitCommand(dir, key)], { cwd: root, encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } });
    };
    // A finished job with the same key from another folder (an earlier run) is not this submission.
    expect(submitIn('run-b/job', `41|engiai:${key}|${root}/run-a/job\n`)).toBe('submitted 99\n');
    expect(readFileSync(join(root, 'sbatch.log'), 'utf8')).toContain(`--comment=engiai:${key}`);
    // The job_id file was lost (connection dropped after sbatch): the queue's job from this folder is reused.
    expect(submitIn('run-c/job', `41|engiai:${key}|${root}/run-a/job\n42|engiai:${key}|${root}/run-c/job\n`)).toBe('reused 42\n');
    expect(readFileSync(join(root, 'run-c/job/job_id'), 'utf8')).toBe('42\n');
    expect(submitIn('run-c/job', '')).toBe('reused 42\n');
    expect(readFileSync(join(root, 'sbatch.log'), 'utf8').trim().split('\n')).toHaveLength(1);
  });
});

describe('job state parsing', () => {
  it('prefers scontrol, then squeue, sacct and the exit_code file', () => {
    const scontrol = 'JobId=7 JobName=x UserId=ciuser(1001) JobState=FAILED Reason=NonZeroExitCode Dependency=(null) ExitCode=3:0 RunTime=00:01:05 TimeLimit=UNLIMITED StartTime=2026-12-01T10:00:00 EndTime=2026-12-01T10:01:05';
    expect(parseStatus('7', `7|RUNNING|0:05|None|ciuser|2026-12-01T10:00:00|\n@@\n${scontrol}\n@@\n\n@@\n`)).toMatchObject({ state: 'FAILED', exitCode: '3:0', elapsedSeconds: 65, reason: "exit code 3; SLURM's reason: NonZeroExitCode", source: 'scontrol', startedAt: '2026-12-01T10:00:00' });
    expect(parseStatus('7', '7|PENDING|0:00|Resources|ciuser|2026-12-01T10:00:00|\n@@\n\n@@\n\n@@\n')).toMatchObject({ state: 'PENDING', reason: 'Resources', source: 'squeue' });
    expect(parseStatus('7', '\n@@\n\n@@\n7|CANCELLED by 1001|0:0|00:00:03|2026-12-01T10:00:00|2026-12-01T10:00:03|2026-12-01T10:00:00|ciuser|None||\n@@\n')).toMatchObject({ state: 'CANCELLED', source: 'sacct', elapsedSeconds: 3 });
    expect(parseStatus('7', '\n@@\n\n@@\n\n@@\n0\n')).toMatchObject({ state: 'COMPLETED', source: 'exit_code file' });
    expect(parseStatus('7', '\n@@\n\n@@\n\n@@\n')).toBeNull();
  });

  it('maps SLURM states and durations', () => {
    expect(['PENDING', 'CONFIGURING', 'RUNNING', 'COMPLETING', 'COMPLETED', 'CANCELLED+', 'TIMEOUT', 'OUT_OF_MEMORY', 'NODE_FAIL', 'WEIRD'].map(normaliseSlurmState)).toEqual([
      'PENDING', 'PENDING', 'RUNNING', 'RUNNING', 'COMPLETED', 'CANCELLED', 'FAILED', 'FAILED', 'FAILED', 'UNKNOWN',
    ]);
    expect([parseDuration('1-02:03:04'), parseDuration('03:04'), parseDuration('12'), parseDuration('x')]).toEqual([93784, 184, 720, undefined]);
  });
});
