/** generate_slurm_script: a training job script from validated values, kept as step 1 of the thread's pipeline. */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { artifact } from '../../tool.ts';
import { jobScript, type TrainJobSpec } from '../jobScript.ts';
import { mark, newSteps, type PipelineRecord } from '../pipelineStore.ts';
import { SLURM_NAME, TIME_LIMIT } from '../shellQuote.ts';
import { defineHpcTool, threadOf } from './shared.ts';

const schema = z.strictObject({
  algo: z.enum(['cgan', 'diffusion']).describe("generative model: 'cgan' (EngiOpt cgan_2d) or 'diffusion' (conditional DDPM)"),
  problem: z.enum(['beams2d']).default('beams2d').describe('EngiBench problem whose dataset trains the model'),
  epochs: z.number().int().min(0).max(10_000).describe('training epochs, 0..10000 (0 = an untrained baseline)'),
  seed: z.number().int().min(0).max(2_147_483_647).default(1).describe('random seed of the run, 0..2^31-1'),
  scale: z.enum(['small', 'paper']).default('small').describe("network and dataset size: 'small' (CPU-sized) or 'paper' (EngiOpt's)"),
  template: z.enum(['engiai', 'engiopt']).default('engiai').describe("'engiai': our native trainer; 'engiopt': EngiOpt's Python commands (EngiOpt must be installed on the cluster)"),
  cluster: z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/).optional().describe('configured cluster name (default: the configured default cluster)'),
  time_limit: z.string().regex(TIME_LIMIT, 'HH:MM:SS or D-HH:MM:SS').default('02:00:00').describe('SLURM wall-time limit, e.g. 02:00:00'),
  cpus: z.number().int().min(1).max(1_024).optional().describe('CPUs per task, 1..1024 (default: the cluster setting)'),
  partition: z.string().regex(SLURM_NAME).optional().describe('SLURM partition (default: the cluster setting)'),
});

export const generateSlurmScript = defineHpcTool({
  name: 'generate_slurm_script',
  description:
    'Step 1 of an HPC training pipeline: write a SLURM job script that trains a generative model (cGAN or diffusion) on an EngiBench dataset with the given epochs and seed. ' +
    'Returns script_id (pass it to submit_job) and the script text. Repeating the same request in the same conversation returns the same script.',
  keyFields: ['script_id', 'cluster', 'executor', 'job_name', 'algo', 'epochs', 'seed', 'scale', 'template', 'script_path'],
  schema,
  async run(args, ctx) {
    const { name: cluster, settings } = ctx.cluster(args.cluster);
    const spec: TrainJobSpec = {
      template: args.template,
      algo: args.algo,
      problem: args.problem,
      epochs: args.epochs,
      seed: args.seed,
      scale: args.scale,
      timeLimit: args.time_limit,
      cpus: args.cpus ?? settings.cpus,
      partition: args.partition,
      nSamples: ctx.settings.evaluation.nSamples,
    };
    const thread = threadOf(ctx);
    const p = await ctx.store.update(thread, (rec) => {
      const cur = rec.pipelines.at(-1);
      const keyFor = (index: number) => createHash('sha256').update(JSON.stringify([thread, index, cluster, spec])).digest('hex').slice(0, 16);
      // the same request while the latest pipeline is unfinished is the same pipeline (a retry, or a resumed turn)
      const open = cur && !cur.steps.evaluate.done && !(cur.job && ['FAILED', 'CANCELLED'].includes(cur.job.state));
      if (open && cur!.key === keyFor(cur!.index)) return cur!;
      const key = keyFor(rec.pipelines.length);
      const script = jobScript(spec, settings, ctx.settings.datasets, key, ctx.engiaiCommand(cluster));
      const dir = join(ctx.artifactsDir, key);
      mkdirSync(dir, { recursive: true });
      const path = join(dir, 'job.sh');
      writeFileSync(path, script.text, { mode: 0o644 });
      const now = new Date().toISOString();
      const fresh: PipelineRecord = {
        key,
        index: rec.pipelines.length,
        cluster,
        executor: settings.executor,
        spec,
        createdAt: now,
        updatedAt: now,
        steps: newSteps(),
        script: { path, jobName: script.jobName, outputs: script.outputs },
      };
      mark(fresh, 'generate');
      rec.pipelines.push(fresh);
      return fresh;
    });
    return {
      result: {
        script_id: p.key,
        cluster: p.cluster,
        executor: p.executor,
        job_name: p.script.jobName,
        algo: p.spec.algo,
        problem: p.spec.problem,
        epochs: p.spec.epochs,
        seed: p.spec.seed,
        scale: p.spec.scale,
        template: p.spec.template,
        script_path: p.script.path,
        script: readFileSync(p.script.path, 'utf8'),
        next: `submit_job with script_id ${p.key}`,
      },
      artifacts: [artifact('document', p.script.path, 'job script')],
    };
  },
});
