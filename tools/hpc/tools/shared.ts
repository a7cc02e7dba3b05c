/** What the HPC tools share: the context type, the job reference field, and finding a thread's pipeline. */
import { z } from 'zod';
import { InputError, NotFoundError } from '../../errors.ts';
import type { ToolRuntime } from '../../tool.ts';
import { toolsWith } from '../../tool.ts';
import type { HpcContext } from '../hpcContext.ts';
import type { OurSubmission } from '../jobIdentity.ts';
import type { JobInfo } from '../jobState.ts';
import { lastLines } from '../executor.ts';
import type { PipelineRecord } from '../pipelineStore.ts';
import { JOB_ID } from '../shellQuote.ts';

export type HpcToolContext = HpcContext & ToolRuntime;
export const defineHpcTool = toolsWith<HpcContext>();

export const jobIdField = z
  .string()
  .regex(JOB_ID, 'a job id as submit_job returned it (digits, or local-<hex>)')
  .optional()
  .describe('job id from submit_job (default: the latest job of this conversation)');

/** Tools called outside a conversation share one record. */
export const threadOf = (ctx: ToolRuntime) => ctx.threadId ?? 'default';

export function pipelineFor(ctx: HpcToolContext, jobId?: string): PipelineRecord {
  const p = ctx.store.find(threadOf(ctx), { jobId });
  if (!p) {
    throw new NotFoundError(jobId ? `no job ${jobId} in this conversation` : 'no pipeline in this conversation yet', { hint: 'call generate_slurm_script, then submit_job' });
  }
  return p;
}

export function submittedJob(ctx: HpcToolContext, jobId?: string): PipelineRecord & { job: NonNullable<PipelineRecord['job']> } {
  const p = pipelineFor(ctx, jobId);
  if (!p.job) throw new InputError(`the script ${p.key} has not been submitted yet`, { field: 'job_id', hint: `call submit_job with script_id ${p.key}` });
  return p as PipelineRecord & { job: NonNullable<PipelineRecord['job']> };
}

/** "[train] epoch E/N" lines in a log tail: the last epoch reported and the total. */
export function trainingProgress(lines: readonly string[]): { epoch: number; epochs: number } | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = /\[train\] epoch (\d+)\/(\d+)(.*)/.exec(lines[i]);
    if (m) return { epoch: Number(m[1]) - (/ done /.test(m[3]) ? 0 : 1), epochs: Number(m[2]) };
  }
  return undefined;
}

/** What we know of a pipeline's submission, for the executor to check the job it finds is ours. */
export const ourSubmission = (p: PipelineRecord & { job: NonNullable<PipelineRecord['job']> }): OurSubmission => ({ key: p.key, submittedAt: p.job.submittedAt });

const JOB_INFO_FIELDS = ['slurmState', 'exitCode', 'elapsedSeconds', 'reason', 'startedAt', 'endedAt', 'expectedStartAt', 'expectedEndAt', 'tasks', 'wontStart', 'notOurs'] as const;

/** Polls the executor once and writes state, elapsed time and log tail into the record. */
export async function refresh(ctx: HpcToolContext, p: PipelineRecord & { job: NonNullable<PipelineRecord['job']> }, tailLines = 20): Promise<{ info: JobInfo; tail: string[] }> {
  const ex = ctx.executor(p.cluster);
  const info = await ex.status(p.job.id, p.job.jobDir, ourSubmission(p));
  const tail = lastLines(await ex.readLog(p.job.jobDir, 64 * 1024), Math.max(tailLines, 20));
  await ctx.store.update(threadOf(ctx), (rec) => {
    const q = rec.pipelines.find((x) => x.key === p.key);
    if (!q?.job) return;
    const { source: _source, ...rest } = info;
    for (const k of JOB_INFO_FIELDS) delete q.job[k]; // a field the scheduler no longer reports (a projection now past) goes
    Object.assign(q.job, rest, { checkedAt: new Date().toISOString(), logTail: tail.slice(-20), progress: trainingProgress(tail) ?? q.job.progress });
    q.updatedAt = new Date().toISOString();
  });
  return { info, tail: tail.slice(-tailLines) };
}

export function jobView(p: PipelineRecord, info: JobInfo) {
  return {
    job_id: info.id,
    state: info.state,
    ...(info.slurmState && info.slurmState !== info.state ? { slurm_state: info.slurmState } : {}),
    ...(info.exitCode ? { exit_code: info.exitCode } : {}),
    ...(info.elapsedSeconds !== undefined ? { elapsed_s: info.elapsedSeconds } : {}),
    ...(info.reason ? { reason: info.reason } : {}),
    ...(info.tasks ? { tasks: info.tasks } : {}),
    ...(info.startedAt ? { started_at: info.startedAt } : {}),
    ...(info.endedAt ? { ended_at: info.endedAt } : {}),
    ...(info.expectedStartAt ? { expected_start_at: info.expectedStartAt } : {}),
    ...(info.expectedEndAt ? { expected_end_at: info.expectedEndAt } : {}),
    ...(info.wontStart ? { wont_start: info.wontStart } : {}),
    ...(info.notOurs ? { not_our_job: info.notOurs } : {}),
    cluster: p.cluster,
    executor: p.executor,
  };
}
