/** job_status, wait_for_job (step 3) and cancel_job: the job's state from the executor, kept in the pipeline record. */
import { z } from 'zod';
import { InputError } from '../../errors.ts';
import { isTerminal } from '../jobState.ts';
import { mark } from '../pipelineStore.ts';
import { defineHpcTool, jobIdField, jobView, ourSubmission, refresh, submittedJob, threadOf, trainingProgress } from './shared.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const jobStatus = defineHpcTool({
  name: 'job_status',
  description: "The state of a submitted job now (PENDING, RUNNING, COMPLETED, FAILED, CANCELLED), its elapsed time and the last lines of its log. Without job_id: this conversation's latest job.",
  keyFields: ['job_id', 'state', 'elapsed_s', 'exit_code', 'progress'],
  schema: z.strictObject({ job_id: jobIdField, tail_lines: z.number().int().min(0).max(200).default(10).describe('log lines to return, 0..200') }),
  async run(args, ctx) {
    const p = submittedJob(ctx, args.job_id);
    const { info, tail } = await refresh(ctx, p, args.tail_lines);
    return { result: { ...jobView(p, info), progress: trainingProgress(tail), log_tail: tail.slice(-args.tail_lines) } };
  },
});

export const waitForJob = defineHpcTool({
  name: 'wait_for_job',
  description:
    'Step 3: monitor a submitted job until it ends (COMPLETED, FAILED or CANCELLED), reporting progress. Survives dropped SSH connections. ' +
    'If timeout_s passes first it returns timed_out: true; call it again to keep waiting. A FAILED job comes back with its log tail. ' +
      'A job pending for a limit it is over (more CPUs than the partition has, a time over its limit) comes back at once with wont_start.',
  keyFields: ['job_id', 'state', 'elapsed_s', 'exit_code', 'timed_out', 'log_tail'],
  schema: z.strictObject({
    job_id: jobIdField,
    timeout_s: z.number().min(1).max(7 * 86_400).optional().describe('give up waiting after this many seconds (default: the configured wait timeout)'),
    poll_s: z.number().min(0.2).max(3_600).optional().describe('seconds between state checks (default: the configured poll interval)'),
  }),
  async run(args, ctx) {
    const p = submittedJob(ctx, args.job_id);
    const timeoutMs = (args.timeout_s ?? ctx.settings.waitTimeoutSeconds) * 1000;
    const pollMs = (args.poll_s ?? ctx.settings.pollSeconds) * 1000;
    const t0 = Date.now();
    let unknown = 0;
    for (;;) {
      const { info, tail } = await refresh(ctx, p);
      const progress = trainingProgress(tail);
      const waited = (Date.now() - t0) / 1000;
      // epochs count from 1, a step from 0; without training progress there is no known end (total 0), only the state and the wait
      ctx.progress?.(progress ? { step: progress.epoch - 1, total: progress.epochs, label: `epoch (${info.state})` } : { step: 0, total: 0, label: `${info.state}, waited ${Math.round(waited)} s` });
      unknown = info.state === 'UNKNOWN' ? unknown + 1 : 0;
      if (isTerminal(info.state) || unknown >= 3 || info.notOurs) {
        await ctx.store.update(threadOf(ctx), (rec) => mark(rec.pipelines.find((x) => x.key === p.key)!, 'monitor'));
        const failed = info.state !== 'COMPLETED';
        return {
          result: {
            ...jobView(p, info),
            ...(failed ? { log_tail: tail.slice(-20), hint: info.notOurs ? 'the cluster no longer knows our job under this id; generate and submit the script again' : 'read the log tail; fix the cause and generate a new script' } : { log_tail: tail.slice(-5), next: `fetch_job_output with job_id ${info.id}, then evaluate_model` }),
          },
        };
      }
      if (info.wontStart) {
        return { result: { ...jobView(p, info), log_tail: tail.slice(-5), hint: 'the job will not start as submitted: cancel_job it, then generate_slurm_script with the fix' } };
      }
      if (Date.now() - t0 + pollMs > timeoutMs) {
        return { result: { ...jobView(p, info), timed_out: true, progress, log_tail: tail.slice(-5), hint: 'the job is still running; call wait_for_job again' } };
      }
      await sleep(pollMs);
    }
  },
});

export const cancelJob = defineHpcTool({
  name: 'cancel_job',
  description: 'Cancel a submitted job (scancel, or end the local process). Returns its state afterwards (CANCELLED, or the state it had already ended in).',
  keyFields: ['job_id', 'state'],
  schema: z.strictObject({ job_id: jobIdField }),
  async run(args, ctx) {
    const p = submittedJob(ctx, args.job_id);
    const ex = ctx.executor(p.cluster);
    const before = await ex.status(p.job.id, p.job.jobDir, ourSubmission(p));
    if (before.notOurs) {
      throw new InputError(`job ${p.job.id} on ${p.cluster} is not the job this conversation submitted (${before.notOurs}); nothing was cancelled`, { field: 'job_id', hint: 'the cluster no longer knows our job under this id; check `squeue -u $USER` on the cluster' });
    }
    if (!isTerminal(before.state)) await ex.cancel(p.job.id, p.job.jobDir);
    let last = before;
    for (let i = 0; i < 40 && !isTerminal(last.state); i++) {
      await sleep(250);
      last = (await refresh(ctx, p)).info;
    }
    await refresh(ctx, p);
    return { result: { ...jobView(p, last), ...(isTerminal(before.state) ? { note: `the job had already ended (${before.state})` } : {}) } };
  },
});
