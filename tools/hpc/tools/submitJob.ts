/**
 * submit_job: step 2. sbatch --parsable over SSH (or the local executor), idempotent twice over:
 * the pipeline record returns a job already submitted from this conversation without touching the
 * cluster, and the remote submit command finds a job carrying the pipeline key in its comment
 * (slurm.ts) — so a retried or resumed submit never runs the job twice. Asks for approval by default,
 * showing the script it would submit (id, cluster, path and SHA-256 of its text); an approved call
 * submits exactly that text, and a script that changed after the approval is refused.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { InputError } from '../../errors.ts';
import { mark } from '../pipelineStore.ts';
import { PIPELINE_KEY } from '../shellQuote.ts';
import { defineHpcTool, threadOf } from './shared.ts';

export const submitJob = defineHpcTool({
  name: 'submit_job',
  description:
    'Step 2: submit a generated job script to its cluster (sbatch). Safe to repeat: a script already submitted returns its existing job id. Returns job_id for wait_for_job.',
  keyFields: ['job_id', 'state', 'cluster', 'executor', 'already_submitted'],
  schema: z.strictObject({
    script_id: z.string().regex(PIPELINE_KEY, '16 hex digits').optional().describe('script_id from generate_slurm_script (default: the latest script of this conversation)'),
  }),
  subjectOf(args, ctx) {
    const p = ctx.store.find(threadOf(ctx), { key: args.script_id });
    if (!p) return { args }; // nothing to submit: run says so
    const script = readFileSync(p.script.path, 'utf8');
    // what runs and where, in the person's terms: the script's commands, the cluster and its partition
    const partition = /^#SBATCH --partition=(\S+)/m.exec(script)?.[1] ?? 'the cluster default';
    const commands = script.split('\n').filter((l) => /^(?:engiai|python3?|srun) /.test(l.trim()));
    return { script_id: p.key, cluster: p.cluster, partition, commands, script: p.script.path, sha256: sha256(script), ...(p.job ? { already_submitted: p.job.id } : {}) };
  },
  async run(args, ctx) {
    const thread = threadOf(ctx);
    const approved = ctx.approved;
    const key = typeof approved?.script_id === 'string' ? approved.script_id : args.script_id;
    const p = ctx.store.find(thread, { key });
    if (!p) throw new InputError(args.script_id ? `no script ${args.script_id} in this conversation` : 'no job script generated yet', { field: 'script_id', hint: 'call generate_slurm_script first' });
    if (p.job) {
      return { result: { job_id: p.job.id, state: p.job.state, cluster: p.cluster, executor: p.executor, job_dir: p.job.jobDir, already_submitted: true, next: `wait_for_job with job_id ${p.job.id}` } };
    }
    const script = readFileSync(p.script.path, 'utf8');
    if (typeof approved?.sha256 === 'string' && (approved.sha256 !== sha256(script) || approved.cluster !== p.cluster)) {
      throw new InputError(`the job script ${p.script.path} changed after it was approved (approved sha256 ${approved.sha256}); nothing was submitted`, { field: 'script_id', hint: 'ask again: the person approves the script as it will be submitted' });
    }
    const ex = ctx.executor(p.cluster);
    const sub = await ex.submit({ key: p.key, script, partition: p.spec.partition });
    await ctx.store.update(thread, (rec) => {
      const q = rec.pipelines.find((x) => x.key === p.key)!;
      q.job = { id: sub.jobId, jobDir: sub.jobDir, state: 'PENDING', submittedAt: new Date().toISOString(), logTail: [] };
      mark(q, 'submit');
    });
    return {
      result: { job_id: sub.jobId, state: 'PENDING', cluster: p.cluster, executor: p.executor, job_dir: sub.jobDir, already_submitted: sub.reused, next: `wait_for_job with job_id ${sub.jobId}` },
    };
  },
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
