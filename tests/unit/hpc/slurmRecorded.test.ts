/**
 * statusCommand's output as real clusters print it (tests/fixtures/slurm/README.md says where each
 * file comes from) through parseStatus: every state, array tasks summed, projected times kept apart
 * from real ones, and a job that only shares our id refused.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { OurSubmission } from '../../../tools/hpc/jobIdentity.ts';
import type { JobInfo } from '../../../tools/hpc/jobState.ts';
import { parseStatus } from '../../../tools/hpc/slurm.ts';
import { taskCount } from '../../../tools/hpc/slurmRecords.ts';

const LOOPBACK = 'loopback cluster (.ci/services.sh), slurm-wlm 22.05.8, captured 2026-12-01';
const RECORDED = 'hand-written in the sacct/scontrol format WenzhuoXu/slurm-mcp recorded on CMU TRACE and PSC Bridges-2 (SLURM 22.05.11)';
const DOCUMENTED = 'hand-written after man sacct (JOB STATE CODES) in the recorded 22.05 line format';
const KEY = '0123456789abcdef';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/slurm/${name}`, import.meta.url), 'utf8');

interface Case {
  file: string;
  source: string;
  /** What submit_job recorded: the pipeline key and when (UTC). */
  ours: OurSubmission;
  expect: Partial<JobInfo> & { reason?: unknown; notOurs?: unknown };
  /** Fields that must be absent (a projection must never appear as a real time). */
  absent?: Array<keyof JobInfo>;
}

const CASES: Case[] = [
  // loopback: real SLURM 22.05.8
  {
    file: 'loopback/status-running-11.txt',
    source: LOOPBACK,
    ours: { key: KEY, submittedAt: '2026-12-01T21:55:13Z' },
    expect: { state: 'RUNNING', source: 'scontrol', startedAt: '2026-12-01T21:55:15', expectedEndAt: '2026-12-01T21:58:15' },
    absent: ['endedAt'],
  },
  {
    file: 'loopback/status-pending-12.txt',
    source: LOOPBACK,
    ours: { key: KEY, submittedAt: '2026-12-01T21:55:13Z' },
    expect: { state: 'PENDING', reason: 'Resources', expectedStartAt: '2026-12-01T21:58:15', expectedEndAt: '2026-12-01T22:00:15' },
    absent: ['startedAt', 'endedAt'],
  },
  {
    file: 'loopback/status-array-one-task-failed-10.txt',
    source: LOOPBACK,
    ours: { key: KEY, submittedAt: '2026-12-01T21:55:13Z' },
    expect: { state: 'FAILED', slurmState: 'FAILED', exitCode: '3:0', tasks: { COMPLETED: 2, FAILED: 1 }, reason: expect.stringMatching(/3 task.*2 COMPLETED, 1 FAILED.*task 10_1: exit code 3/) },
  },
  {
    file: 'loopback/status-timeout-9.txt',
    source: LOOPBACK,
    ours: { key: KEY, submittedAt: '2026-12-01T21:55:13Z' },
    expect: { state: 'FAILED', slurmState: 'TIMEOUT', exitCode: '0:15', startedAt: '2026-12-01T21:55:12', reason: expect.stringMatching(/time limit/) },
  },
  {
    file: 'loopback/status-pending-partitionconfig-49.txt',
    source: `${LOOPBACK} (sbatch -c 64 on a 2-CPU node: accepted, then pending for ever)`,
    ours: { key: KEY, submittedAt: '2026-12-01T22:10:59Z' },
    expect: { state: 'PENDING', reason: 'PartitionConfig', wontStart: expect.stringMatching(/more CPUs, memory or nodes than the partition has.*will not start as submitted/) },
  },
  { file: 'loopback/status-pending-12.txt', source: `${LOOPBACK} (Resources passes by waiting)`, ours: { key: KEY, submittedAt: '2026-12-01T21:55:13Z' }, expect: { state: 'PENDING' }, absent: ['wontStart'] },
  // sacct only (scontrol and squeue forgot the job after MinJobAge): the reason comes from the state and exit code
  { file: 'recorded-format/sacct-timeout.txt', source: RECORDED, ours: { key: KEY, submittedAt: '2026-08-30T01:36:33Z' }, expect: { state: 'FAILED', slurmState: 'TIMEOUT', source: 'sacct', elapsedSeconds: 28805, reason: expect.stringMatching(/time limit/), endedAt: '2026-08-30T06:04:57' } },
  {
    file: 'recorded-format/sacct-cancelled-before-start.txt',
    source: RECORDED,
    ours: { key: KEY, submittedAt: '2026-08-23T06:34:10Z' },
    expect: { state: 'CANCELLED', slurmState: 'CANCELLED by 20417', reason: 'cancelled by uid 20417', endedAt: '2026-08-23T02:34:20' },
    absent: ['startedAt'],
  },
  { file: 'recorded-format/sacct-failed-after-dependency.txt', source: RECORDED, ours: { key: KEY, submittedAt: '2026-09-01T17:41:25Z' }, expect: { state: 'FAILED', exitCode: '1:0', reason: 'exit code 1' } },
  { file: 'recorded-format/sacct-running.txt', source: RECORDED, ours: { key: KEY, submittedAt: '2026-09-01T20:38:40Z' }, expect: { state: 'RUNNING', startedAt: '2026-09-01T16:49:50' }, absent: ['endedAt', 'reason'] },
  { file: 'recorded-format/sacct-pending.txt', source: RECORDED, ours: { key: KEY, submittedAt: '2026-09-01T20:49:55Z' }, expect: { state: 'PENDING', reason: 'Priority' }, absent: ['startedAt', 'endedAt'] },
  { file: 'recorded-format/sacct-out-of-memory.txt', source: DOCUMENTED, ours: { key: KEY, submittedAt: '2026-08-30T13:58:45Z' }, expect: { state: 'FAILED', slurmState: 'OUT_OF_MEMORY', exitCode: '0:125', reason: expect.stringMatching(/out of memory/) } },
  { file: 'recorded-format/sacct-node-fail.txt', source: DOCUMENTED, ours: { key: KEY, submittedAt: '2026-08-30T14:59:35Z' }, expect: { state: 'FAILED', slurmState: 'NODE_FAIL', reason: expect.stringMatching(/node it ran on failed/) } },
  { file: 'recorded-format/sacct-preempted.txt', source: DOCUMENTED, ours: { key: KEY, submittedAt: '2026-09-01T20:59:15Z' }, expect: { state: 'FAILED', slurmState: 'PREEMPTED', reason: expect.stringMatching(/preempted/) } },
  { file: 'recorded-format/sacct-boot-fail.txt', source: DOCUMENTED, ours: { key: KEY, submittedAt: '2026-09-01T21:59:59Z' }, expect: { state: 'FAILED', slurmState: 'BOOT_FAIL', reason: expect.stringMatching(/failed to boot/) } },
  { file: 'recorded-format/sacct-deadline.txt', source: DOCUMENTED, ours: { key: KEY, submittedAt: '2026-09-01T22:02:15Z' }, expect: { state: 'FAILED', slurmState: 'DEADLINE', reason: expect.stringMatching(/deadline/) }, absent: ['startedAt'] },
  {
    file: 'recorded-format/sacct-array-failed-tasks.txt',
    source: DOCUMENTED,
    ours: { key: KEY, submittedAt: '2026-08-30T16:00:02Z' },
    expect: { state: 'FAILED', slurmState: 'TIMEOUT', tasks: { COMPLETED: 2, TIMEOUT: 1, OUT_OF_MEMORY: 1 }, startedAt: '2026-08-30T12:00:05', endedAt: '2026-08-30T14:00:09', reason: expect.stringMatching(/task 48120020_1: reached its time limit/) },
  },
  {
    file: 'recorded-format/sacct-array-pending-range.txt',
    source: DOCUMENTED,
    ours: { key: KEY, submittedAt: '2026-08-30T16:00:02Z' },
    expect: { state: 'RUNNING', tasks: { COMPLETED: 1, FAILED: 1, RUNNING: 1, PENDING: 7 }, reason: expect.stringMatching(/array of 10 task/) },
    absent: ['endedAt'],
  },
  // scontrol's projections
  { file: 'recorded-format/scontrol-running.txt', source: RECORDED, ours: { key: KEY, submittedAt: '2026-09-01T20:38:35Z' }, expect: { state: 'RUNNING', source: 'scontrol', startedAt: '2026-09-01T16:49:50', expectedEndAt: '2026-09-02T16:49:50', elapsedSeconds: 918 }, absent: ['endedAt'] },
  // the comment vouches for a job whose record was written long after (the job_id file reused it)
  { file: 'recorded-format/scontrol-running.txt', source: RECORDED, ours: { key: KEY, submittedAt: '2026-09-11T20:38:35Z' }, expect: { state: 'RUNNING', source: 'scontrol' } },
  { file: 'recorded-format/scontrol-pending-estimated.txt', source: RECORDED, ours: { key: KEY, submittedAt: '2026-09-01T20:49:53Z' }, expect: { state: 'PENDING', reason: 'Priority', expectedStartAt: '2026-09-01T21:54:30', expectedEndAt: '2026-09-02T21:54:30' }, absent: ['startedAt', 'endedAt'] },
  // stale ids
  { file: 'recorded-format/sacct-stale-id-other-user.txt', source: RECORDED, ours: { key: KEY, submittedAt: '2026-09-01T20:00:00Z' }, expect: { state: 'UNKNOWN', source: 'sacct', notOurs: expect.stringMatching(/belongs to bob, not to alice/) } },
  { file: 'recorded-format/sacct-stale-id-own-ancient.txt', source: RECORDED, ours: { key: KEY, submittedAt: '2026-09-01T20:00:00Z' }, expect: { state: 'UNKNOWN', notOurs: expect.stringMatching(/submitted from \/home\/alice\/old-project, not from the job folder/) } },
  { file: 'recorded-format/scontrol-running.txt', source: RECORDED, ours: { key: 'fedcba9876543210', submittedAt: '2026-09-01T20:38:35Z' }, expect: { state: 'UNKNOWN', notOurs: expect.stringMatching(/comment engiai:0123456789abcdef, not engiai:fedcba9876543210/) } },
  { file: 'recorded-format/squeue-id-reused-by-later-job.txt', source: RECORDED, ours: { key: KEY, submittedAt: '2026-12-01T12:00:00Z' }, expect: { state: 'UNKNOWN', source: 'squeue', notOurs: expect.stringMatching(/later job/) } },
];

describe('SLURM status as real clusters print it', () => {
  it.each(CASES.map((c) => [c.file, c.source, c] as const))('%s (%s)', (file, _source, c) => {
    const info = parseStatus('0', fixture(file), c.ours);
    expect(info).toMatchObject(c.expect);
    for (const k of c.absent ?? []) expect(info?.[k], `${file}: ${k}`).toBeUndefined();
  });

  it('a job whose id went to a later job still reads from our job folder\'s exit_code', () => {
    const out = fixture('recorded-format/squeue-id-reused-by-later-job.txt').replace(/@@\n\n@@\nalice/, '@@\n0\n@@\nalice');
    expect(parseStatus('7', out, { key: KEY, submittedAt: '2026-12-01T12:00:00Z' })).toMatchObject({ state: 'COMPLETED', source: 'exit_code file', reason: expect.stringMatching(/another job/) });
  });

  it('counts the tasks of an array id as sacct, squeue and scontrol print them', () => {
    expect(['4', '3-9', '[3-9]', '[1,3,5-7]%2', '[3-9%2]', '0-9:3', '3-10%4'].map(taskCount)).toEqual([1, 7, 7, 5, 7, 4, 8]);
  });

  it('compares submit times in the cluster\'s own zone', () => {
    // submitted 09:59:50 cluster time (-0400) = 13:59:50 UTC: a record at 14:01 UTC is ours
    expect(parseStatus('0', fixture('recorded-format/sacct-stale-id-own-ancient.txt').replace('/home/alice/old-project', '/home/alice/engiai-jobs/0123456789abcdef'), { submittedAt: '2024-02-02T14:01:00Z' })).toMatchObject({ state: 'COMPLETED' });
    // a record at 10:05 UTC predates it by 4 h (read as UTC the job would look 5 min older than the record, and pass)
    expect(parseStatus('0', fixture('recorded-format/sacct-stale-id-own-ancient.txt').replace('/home/alice/old-project', '/home/alice/engiai-jobs/0123456789abcdef'), { submittedAt: '2024-02-02T10:05:00Z' })).toMatchObject({ state: 'UNKNOWN', notOurs: expect.stringMatching(/later job/) });
  });
});
