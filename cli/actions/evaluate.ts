/** The work behind `engiai evaluate`: the six metrics as JSON or lines, and a CSV row appended. */
import { join, resolve } from 'node:path';
import { loadConfig } from '../../config/load.ts';
import { InputError } from '../../tools/errors.ts';
import type { EvaluateOpts } from '../commands/evaluate.ts';
import { progressBar } from '../shared.ts';
import { intArg } from './train.ts';

export async function runEvaluate(opts: EvaluateOpts): Promise<void> {
  const { evaluateModel, requireCard, modelId } = await import('../../tools/generative/index.ts');
  const modelDir = resolve(opts.model);
  const card = requireCard(modelDir);
  const sigma = Number(opts.sigma);
  if (!(sigma > 0)) throw new InputError(`--sigma must be a positive number, got "${opts.sigma}"`, { field: 'sigma' });
  const csvPath = resolve(opts.csv ?? join(loadConfig().home, 'metrics', `${modelId(card)}_${card.problem}_metrics.csv`));
  const nSamples = intArg('n-samples', opts.nSamples, 1, 10_000);
  let bar: Awaited<ReturnType<typeof progressBar>> | undefined;
  const e = await evaluateModel({
    modelDir,
    nSamples,
    sigma,
    seed: opts.seed === undefined ? undefined : intArg('seed', opts.seed, 0, 2 ** 31 - 1),
    csvPath,
    onProgress: opts.json
      ? undefined
      : async (done, total) => {
          bar ??= await progressBar('evaluate', total);
          bar.update(done, '');
        },
  });
  bar?.stop();
  if (opts.json) {
    process.stdout.write(JSON.stringify(e) + '\n');
    return;
  }
  const f = (v: number) => (Number.isFinite(v) ? v.toPrecision(6) : String(v));
  process.stdout.write(
    `${e.model_id} on ${e.problem_id} (${e.epochs_trained} epochs), ${e.n_samples} test conditions, sigma ${e.sigma}:\n` +
      `  IOG ${f(e.iog)}  COG ${f(e.cog)}  FOG ${f(e.fog)}  MMD ${f(e.mmd)}  DPP ${f(e.dpp)}  violation ratio ${f(e.viol)}\n` +
      `  reference designs' mean objective ${f(e.reference_objective)}; row appended to ${csvPath}\n`,
  );
}
