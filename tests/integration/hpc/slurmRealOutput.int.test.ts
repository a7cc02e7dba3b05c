/**
 * What a real SLURM answers (the loopback cluster of .ci/services.sh, slurm-wlm 22.05.8), read by
 * our parsers end to end: sbatch refusals named by the argument to fix, an array with one failing
 * task, a job killed at its time limit, a running job's projected end, and a job id that is not
 * the job we submitted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InfraError, InputError } from '../../../tools/errors.ts';
import { hpcContext, isTerminal, type HpcContext, type JobInfo, type SlurmExecutor } from '../../../tools/hpc/index.ts';
import type { OurSubmission } from '../../../tools/hpc/jobIdentity.ts';
import { ciCluster, removeRemoteDir, requireCluster, uniqueRemoteDir } from './cluster.ts';
import { harness, testConfig } from './helpers.ts';

const remoteDir = uniqueRemoteDir('real');
let ctx: HpcContext;
let ex: SlurmExecutor;
const keys = { timeout: 'a000000000000001', array: 'a000000000000002', part: 'a000000000000003', gres: 'a000000000000004', mem: 'a000000000000005' };
const script = (...lines: string[]) => ['#!/bin/bash', '#SBATCH --output=job.out', '#SBATCH --cpus-per-task=1', ...lines, ''].join('\n');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(jobId: string, dir: string, ours: OurSubmission, done: (i: JobInfo) => boolean, ms: number): Promise<JobInfo> {
  const t0 = Date.now();
  for (;;) {
    const info = await ex.status(jobId, dir, ours);
    if (done(info) || Date.now() - t0 > ms) return info;
    await sleep(1000);
  }
}

let timeoutJob: { id: string; dir: string; ours: OurSubmission };

beforeAll(async () => {
  await requireCluster();
  ctx = hpcContext(testConfig({ clusters: { ci: ciCluster(remoteDir) } }));
  ex = ctx.executor('ci') as SlurmExecutor;
  // started first: SLURM kills it at its 1-minute limit while the other tests run
  const dir = `${remoteDir}/timeout`;
  const sub = await ex.submitIn(dir, { key: keys.timeout, script: script('#SBATCH --time=1', 'sleep 300') });
  timeoutJob = { id: sub.jobId, dir, ours: { key: keys.timeout, submittedAt: new Date().toISOString() } };
});

afterAll(async () => {
  ctx?.close();
  await removeRemoteDir(remoteDir);
});

describe('a real SLURM, read by our parsers', () => {
  it('a running job has a real start and a projected end, never an endedAt', async () => {
    const info = await until(timeoutJob.id, timeoutJob.dir, timeoutJob.ours, (i) => i.state !== 'PENDING', 30_000);
    expect(info).toMatchObject({ state: 'RUNNING', source: 'scontrol' });
    expect(info.startedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(info.expectedEndAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(info.endedAt).toBeUndefined();
    expect(Date.parse(info.expectedEndAt!) - Date.parse(info.startedAt!)).toBe(60_000); // start + the 1-minute limit
  });

  it('names the argument sbatch refused', async () => {
    const refused = async (key: string, sub: string, s: string, partition?: string) => ex.submitIn(`${remoteDir}/${sub}`, { key, script: s, partition }).catch((e: unknown) => e);
    const part = await refused(keys.part, 'part', script('true'), 'nosuch');
    expect(part).toBeInstanceOf(InputError);
    expect(part).toMatchObject({ field: 'partition', message: expect.stringMatching(/Invalid partition name specified/) });
    expect(await refused(keys.gres, 'gres', script('#SBATCH --gres=gpu:1', 'true'))).toMatchObject({ field: 'gres' });
    expect(await refused(keys.mem, 'mem', script('#SBATCH --mem=9999999', 'true'))).toMatchObject({ field: 'memory', message: expect.stringMatching(/asks for --cpus-per-task=1 --mem=9999999/) });
  });

  it('submit_job with a partition the cluster does not have fails as the request\'s fault, not as a retryable infrastructure error', async () => {
    const t = harness(testConfig({ clusters: { ci: ciCluster(remoteDir) } }));
    try {
      await t.call('generate_slurm_script', { algo: 'cgan', epochs: 1, partition: 'nosuch' }, 'badpart');
      const err = await t.call('submit_job', {}, 'badpart').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InputError);
      expect(err).not.toBeInstanceOf(InfraError);
      expect(err).toMatchObject({ field: 'partition', hint: expect.stringMatching(/sinfo/) });
      expect(t.ctx.store.current('badpart')!.job).toBeUndefined();
    } finally {
      t.ctx.close();
    }
  });

  it('an array with one failing task is FAILED, with the count per state', async () => {
    const dir = `${remoteDir}/array`;
    const sub = await ex.submitIn(dir, { key: keys.array, script: script('#SBATCH --array=0-2', 'exit $(( SLURM_ARRAY_TASK_ID == 1 ? 3 : 0 ))') });
    const info = await until(sub.jobId, dir, { key: keys.array, submittedAt: new Date().toISOString() }, (i) => isTerminal(i.state), 60_000);
    expect(info).toMatchObject({ state: 'FAILED', tasks: { COMPLETED: 2, FAILED: 1 }, exitCode: '3:0', reason: expect.stringMatching(new RegExp(`task ${sub.jobId}_1: exit code 3`)) });
  });

  it('refuses a job that only shares the id: another key, or submitted after ours was recorded', async () => {
    const { id, dir } = timeoutJob;
    expect(await ex.status(id, dir, { key: 'ffffffffffffffff' })).toMatchObject({ state: 'UNKNOWN', notOurs: expect.stringMatching(/comment engiai:a000000000000001, not engiai:ffffffffffffffff/) });
    expect(await ex.status(id, dir, { submittedAt: '2020-01-01T00:00:00Z' })).toMatchObject({ state: 'UNKNOWN', notOurs: expect.stringMatching(/later job/) });
    expect(await ex.status(id, `${remoteDir}/array`, timeoutJob.ours)).toMatchObject({ state: 'UNKNOWN', notOurs: expect.stringMatching(/not from the job folder/) });
  });

  it('job_status, wait_for_job and cancel_job on a recorded id that the cluster now gives to a later job', async () => {
    const t = harness(testConfig({ clusters: { ci: ciCluster(remoteDir) } }));
    try {
      await t.call('generate_slurm_script', { algo: 'cgan', epochs: 1 }, 'stale');
      const sub = await t.call('submit_job', {}, 'stale');
      // the record says we submitted in 2020: the job SLURM now has under this id came later, so it is not ours
      await t.ctx.store.update('stale', (rec) => {
        rec.pipelines[0].job!.submittedAt = '2020-01-01T00:00:00.000Z';
      });
      const status = await t.call('job_status', {}, 'stale');
      expect(status).toMatchObject({ job_id: sub.job_id, state: 'UNKNOWN', not_our_job: expect.stringMatching(/later job/) });
      const t0 = Date.now();
      expect(await t.call('wait_for_job', { poll_s: 5 }, 'stale')).toMatchObject({ state: 'UNKNOWN', hint: expect.stringMatching(/no longer knows our job/) });
      expect(Date.now() - t0).toBeLessThan(5_000); // stops at the first answer, no three polls
      await expect(t.call('cancel_job', {}, 'stale')).rejects.toThrow(/not the job this conversation submitted.*nothing was cancelled/);
      expect((await ex.status(String(sub.job_id), String(sub.job_dir))).state).not.toBe('CANCELLED');
      await ex.cancel(String(sub.job_id)); // our own clean-up, by the executor
    } finally {
      t.ctx.close();
    }
  });

  it('wait_for_job returns at once for a job sbatch accepted that cannot start (more CPUs than the partition has)', async () => {
    const t = harness(testConfig({ clusters: { ci: ciCluster(remoteDir) } }));
    try {
      await t.call('generate_slurm_script', { algo: 'cgan', epochs: 1, cpus: 64 }, 'big');
      await t.call('submit_job', {}, 'big');
      const t0 = Date.now();
      const r = await t.call('wait_for_job', { timeout_s: 60, poll_s: 1 }, 'big');
      expect(r).toMatchObject({ state: 'PENDING', reason: 'PartitionConfig', wont_start: expect.stringMatching(/cpus/), hint: expect.stringMatching(/cancel_job/) });
      expect(Date.now() - t0).toBeLessThan(20_000);
      expect(await t.call('cancel_job', {}, 'big')).toMatchObject({ state: 'CANCELLED' });
    } finally {
      t.ctx.close();
    }
  });

  it('a job killed at its time limit is FAILED (TIMEOUT) with the reason', async () => {
    const info = await until(timeoutJob.id, timeoutJob.dir, timeoutJob.ours, (i) => isTerminal(i.state), 150_000);
    expect(info).toMatchObject({ state: 'FAILED', slurmState: 'TIMEOUT', reason: expect.stringMatching(/time limit/) });
    expect(info.endedAt).toMatch(/^\d{4}-/);
    expect(info.expectedEndAt).toBeUndefined();
  }, 180_000);
});
