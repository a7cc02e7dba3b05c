/**
 * fetch_job_output: the log tail, and — for a finished job — its outputs copied (SFTP, or a local
 * copy) into ENGIAI_HOME/artifacts/hpc/<key>/: job.out (the last MiB of the log) and model/ (or
 * EngiOpt's metrics.csv).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { artifact, type Artifact } from '../../tool.ts';
import { lastLines } from '../executor.ts';
import { mark, type PipelineRecord } from '../pipelineStore.ts';
import { defineHpcTool, jobIdField, jobView, refresh, submittedJob, threadOf, type HpcToolContext } from './shared.ts';

const MAX_FETCH_BYTES = 2 * 1024 ** 3;
const LOG_BYTES = 1024 * 1024;

export async function fetchOutputs(ctx: HpcToolContext, p: PipelineRecord & { job: NonNullable<PipelineRecord['job']> }): Promise<NonNullable<PipelineRecord['fetched']>> {
  const ex = ctx.executor(p.cluster);
  const dir = join(ctx.artifactsDir, p.key);
  mkdirSync(dir, { recursive: true });
  const log = join(dir, 'job.out');
  writeFileSync(log, (await ex.readLog(p.job.jobDir, LOG_BYTES)) ?? '');
  const files = [log];
  let model: string | undefined;
  for (const out of p.script.outputs) {
    const local = join(dir, out);
    files.push(...(await ex.fetch(p.job.jobDir, out, local, MAX_FETCH_BYTES)));
    if (out === 'model') model = local;
  }
  const fetched = { dir, files, log, ...(model ? { model } : {}) };
  await ctx.store.update(threadOf(ctx), (rec) => {
    const q = rec.pipelines.find((x) => x.key === p.key)!;
    q.fetched = fetched;
    mark(q, 'fetch');
  });
  return fetched;
}

export const fetchJobOutput = defineHpcTool({
  name: 'fetch_job_output',
  description:
    "A job's log tail and, once it has COMPLETED, its outputs (the trained model folder) copied to this machine for evaluate_model. Without job_id: this conversation's latest job.",
  keyFields: ['job_id', 'state', 'model_dir', 'files', 'log_tail'],
  schema: z.strictObject({
    job_id: jobIdField,
    tail_lines: z.number().int().min(0).max(500).default(40).describe('log lines to return, 0..500'),
    artifacts: z.boolean().default(true).describe('also copy the outputs of a completed job'),
  }),
  async run(args, ctx) {
    const p = submittedJob(ctx, args.job_id);
    const { info, tail } = await refresh(ctx, p, args.tail_lines);
    const artifacts: Artifact[] = [];
    let fetched: PipelineRecord['fetched'];
    if (args.artifacts && info.state === 'COMPLETED') {
      fetched = await fetchOutputs(ctx, p);
      artifacts.push(artifact('log', fetched.log!, 'job log'));
      for (const f of fetched.files) if (/\.(json|csv)$/.test(f)) artifacts.push(artifact('data', f, f.endsWith('model.json') ? 'model card' : undefined));
    }
    return {
      result: {
        ...jobView(p, info),
        log_tail: lastLines(tail.join('\n'), args.tail_lines),
        ...(fetched ? { local_dir: fetched.dir, model_dir: fetched.model, files: fetched.files.length } : {}),
        ...(args.artifacts && info.state !== 'COMPLETED' ? { note: `outputs are copied once the job has COMPLETED (it is ${info.state})` } : {}),
      },
      artifacts,
    };
  },
});
