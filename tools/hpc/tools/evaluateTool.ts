/**
 * evaluate_model: step 4. For our native trainer: fetch the model if needed, then EngiOpt's six
 * metrics (IOG, COG, FOG, MMD, DPP, violation ratio) against the model's test split with our own
 * optimizer and simulator (tools/generative/evaluate.ts), saved as metrics.json and appended to the
 * metrics CSV. For the EngiOpt template: the job ran EngiOpt's evaluation; its CSV row is read.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { InputError } from '../../errors.ts';
import { evaluateModel, modelId, requireCard } from '../../generative/index.ts';
import { artifact } from '../../tool.ts';
import { mark } from '../pipelineStore.ts';
import { fetchOutputs } from './fetchOutput.ts';
import { defineHpcTool, jobIdField, refresh, submittedJob, threadOf } from './shared.ts';

function lastCsvRow(path: string): Record<string, unknown> {
  const lines = readFileSync(path, 'utf8').trim().split('\n');
  if (lines.length < 2) throw new InputError(`${path} holds no metrics row`, { field: 'job_id' });
  const head = lines[0].split(',');
  const row = lines[lines.length - 1].split(',');
  return Object.fromEntries(head.map((h, i) => [h, Number.isFinite(Number(row[i])) ? Number(row[i]) : row[i]]));
}

export const evaluateModelTool = defineHpcTool({
  name: 'evaluate_model',
  description:
    "Step 4: evaluate a completed training job's model with EngiOpt's metrics — IOG (mean objective of the generated designs), COG and FOG (cumulative and final optimality gaps after warm-started optimization), " +
    'MMD (distance to the test designs; lower is closer), DPP (diversity) and the volume-fraction violation ratio — against the dataset test split, with reference_objective (the dataset designs\' mean objective) as the baseline.',
  keyFields: ['job_id', 'iog', 'cog', 'fog', 'mmd', 'dpp', 'viol', 'reference_objective', 'n_samples', 'metrics_file'],
  schema: z.strictObject({
    job_id: jobIdField,
    n_samples: z.number().int().min(1).max(1_000).optional().describe('test conditions to sample, 1..1000 (default: the configured 50)'),
    sigma: z.number().positive().max(1e6).optional().describe('RBF bandwidth of MMD and DPP (default: 10, as EngiOpt)'),
  }),
  async run(args, ctx) {
    const p = submittedJob(ctx, args.job_id);
    const { info } = await refresh(ctx, p);
    if (info.state !== 'COMPLETED') throw new InputError(`job ${p.job.id} is ${info.state}, not COMPLETED: there is no model to evaluate`, { field: 'job_id', hint: info.state === 'FAILED' ? 'read its log with fetch_job_output' : 'wait_for_job first' });
    const fetched = p.fetched ?? (await fetchOutputs(ctx, p));
    const metricsFile = join(fetched.dir, 'metrics.json');
    let metrics: Record<string, unknown>;
    if (p.spec.template === 'engiopt') {
      const csv = join(fetched.dir, 'metrics.csv');
      if (!existsSync(csv)) throw new InputError(`the EngiOpt job wrote no metrics.csv`, { field: 'job_id', hint: 'read the job log with fetch_job_output' });
      metrics = { ...lastCsvRow(csv), source: 'EngiOpt evaluation on the cluster' };
    } else {
      if (!fetched.model) throw new InputError('the job produced no model folder', { field: 'job_id' });
      const card = requireCard(fetched.model);
      const nSamples = args.n_samples ?? ctx.settings.evaluation.nSamples;
      const e = await evaluateModel({
        modelDir: fetched.model,
        nSamples,
        sigma: args.sigma ?? ctx.settings.evaluation.sigma,
        csvPath: join(ctx.home, 'metrics', `${modelId(card)}_${card.problem}_metrics.csv`),
        // done counts designs from 1; a progress step counts from 0 (ProgressEvent)
        onProgress: (done, total) => ctx.progress?.({ step: done - 1, total, label: 'designs evaluated' }),
      });
      metrics = { ...e, algo: card.algo, scale: card.scale };
    }
    writeFileSync(metricsFile, JSON.stringify(metrics, null, 2));
    await ctx.store.update(threadOf(ctx), (rec) => {
      const q = rec.pipelines.find((x) => x.key === p.key)!;
      q.metrics = metrics;
      mark(q, 'evaluate');
    });
    return { result: { job_id: p.job.id, ...metrics, metrics_file: metricsFile }, artifacts: [artifact('data', metricsFile, 'metrics')] };
  },
});
