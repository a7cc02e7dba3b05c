/**
 * `engiai evaluate`: EngiOpt's evaluation of a conditional generative model (engibench.md §5.5–5.6)
 * with our own optimizer and simulator. n conditions are drawn with replacement from the test split
 * (seeded; SplitMix32 here, numpy's default_rng in EngiOpt, so the indices differ from EngiOpt's for
 * the same seed); the model generates one design per condition, clipped to [1e-3, 1]; each design is
 * optimized warm-started with the problem's own optimizer under the dataset's settings (Beams2D: OC,
 * ≤ max_iter iterations, early stop at change ≤ 0.025), the test design is re-simulated as f*, and
 * IOG = mean simulate(g), COG = mean Σ gaps, FOG = mean last gap, MMD and DPP with σ, and the violation
 * ratio follow metrics.ts. One CSV row is appended (EngiOpt's columns), header only when the file is new.
 */
import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { InputError } from '../errors.ts';
import type { ConfigValues } from '../engineering/constraint.ts';
import type { Design } from '../engineering/problem.ts';
import { getProblem } from '../engineering/registry.ts';
import { runOptimizer } from '../engineering/workflow.ts';
import { conditionVector } from './data.ts';
import { buildModel } from './factory.ts';
import { average, dppDiversity, meanValue, mmd, optimalityGaps, violatesVolume } from './metrics.ts';
import { loadWeights, readTestSplit, requireCard, type ModelCard } from './modelFiles.ts';
import { Rng } from './rng.ts';
import { initTf } from './tf.ts';

export interface EvaluateOptions {
  modelDir: string;
  /** Conditions drawn from the test split (EngiOpt default 50). */
  nSamples?: number;
  /** RBF bandwidth of MMD and DPP (EngiOpt's scripts: 10). */
  sigma?: number;
  /** Sampling seed (default: the model's training seed, as EngiOpt). */
  seed?: number;
  /** Append the metrics row here (EngiOpt's columns). */
  csvPath?: string;
  onProgress?: (done: number, total: number) => void;
}

export interface Evaluation {
  iog: number;
  cog: number;
  fog: number;
  mmd: number;
  dpp: number;
  viol: number;
  seed: number;
  problem_id: string;
  model_id: string;
  n_samples: number;
  sigma: number;
  /** Mean objective of the re-simulated reference designs (the dataset baseline IOG is compared with). */
  reference_objective: number;
  /** Mean volume fraction of the generated designs. */
  generated_volume_fraction: number;
  epochs_trained: number;
  csv?: string;
  seconds: number;
}

export const CSV_COLUMNS = ['iog', 'cog', 'fog', 'mmd', 'dpp', 'viol', 'seed', 'problem_id', 'model_id', 'n_samples', 'sigma'] as const;

export const modelId = (card: Pick<ModelCard, 'algo' | 'scale'>) => `engiai_${card.algo}_${card.scale}`;

/** The model's designs for n sampled test conditions, clipped to [1e-3, 1] as EngiOpt's evaluation does. */
export async function generateForTest(dir: string, card: ModelCard, nSamples: number, seed: number) {
  await initTf();
  const refs = readTestSplit(dir, card);
  if (!refs.length) throw new InputError(`the model in ${dir} has an empty test split`, { field: 'model' });
  const rng = new Rng(seed);
  const picks = Array.from({ length: nSamples }, () => rng.int(refs.length));
  const k = card.condition_keys.length;
  const cond = new Float32Array(nSamples * k);
  picks.forEach((p, i) => cond.set(conditionVector(refs[p].conditions, card.condition_keys), i * k));
  const size = card.design_shape[0] * card.design_shape[1];
  const model = buildModel(card.algo, card.hyper as never, k, size, card.seed);
  try {
    model.load(loadWeights(dir, card));
    const raw = model.sample(cond, nSamples, rng);
    const { min, max } = card.normalisation;
    const designs = picks.map((_, i) => {
      const g = new Float64Array(size);
      for (let j = 0; j < size; j++) g[j] = Math.min(1, Math.max(1e-3, raw[i * size + j] * (max - min) + min));
      return g;
    });
    return { refs: picks.map((p) => refs[p]), designs };
  } finally {
    model.dispose();
  }
}

function csvRow(e: Evaluation): string {
  return CSV_COLUMNS.map((c) => String(e[c])).join(',') + '\n';
}

export function appendCsv(path: string, e: Evaluation): void {
  mkdirSync(dirname(path), { recursive: true });
  const header = existsSync(path) ? '' : CSV_COLUMNS.join(',') + '\n';
  appendFileSync(path, header + csvRow(e));
}

export async function evaluateModel(o: EvaluateOptions): Promise<Evaluation> {
  const t0 = performance.now();
  const nSamples = o.nSamples ?? 50;
  const sigma = o.sigma ?? 10;
  if (!Number.isInteger(nSamples) || nSamples < 1 || nSamples > 10_000) throw new InputError(`n-samples must be an integer in [1, 10000], got ${nSamples}`, { field: 'n_samples' });
  if (!(sigma > 0)) throw new InputError(`sigma must be > 0, got ${sigma}`, { field: 'sigma' });
  const card = requireCard(o.modelDir);
  const seed = o.seed ?? card.seed;
  const problem = await getProblem(card.problem);
  const { refs, designs } = await generateForTest(o.modelDir, card, nSamples, seed);
  const shape = card.design_shape;
  const volumeKey = problem.conditions.find((f) => f.name === 'volfrac' || f.name === 'volume')?.name;
  let done = 0;
  const perSample = await Promise.all(
    designs.map(async (g, i) => {
      const config: ConfigValues = problem.resolveConfig({ ...refs[i].config, ...refs[i].conditions });
      const start: Design = { shape, data: g };
      const opt = await runOptimizer(problem, config, start, () => {});
      const fStar = problem.simulate({ shape, data: refs[i].design }, config)[0];
      const gaps = optimalityGaps(opt.history.map((h) => h.objectives[0]), fStar);
      o.onProgress?.(++done, nSamples);
      return {
        iog: problem.simulate(start, config)[0],
        cog: gaps.reduce((s, v) => s + v, 0),
        fog: gaps[gaps.length - 1],
        fStar,
        viol: volumeKey ? [violatesVolume(g, Number(refs[i].conditions[volumeKey])) ? 1 : 0] : [],
      };
    }),
  );
  const result: Evaluation = {
    iog: average(perSample.map((s) => s.iog)),
    cog: average(perSample.map((s) => s.cog)),
    fog: average(perSample.map((s) => s.fog)),
    mmd: mmd(designs, refs.map((r) => r.design), sigma),
    dpp: dppDiversity(designs, sigma),
    viol: average(perSample.flatMap((s) => s.viol)),
    seed,
    problem_id: card.problem,
    model_id: modelId(card),
    n_samples: nSamples,
    sigma,
    reference_objective: average(perSample.map((s) => s.fStar)),
    generated_volume_fraction: average(designs.map((d) => meanValue(d))),
    epochs_trained: card.epochs_done,
    seconds: 0,
  };
  if (o.csvPath) {
    appendCsv(o.csvPath, result);
    result.csv = o.csvPath;
  }
  result.seconds = Number(((performance.now() - t0) / 1000).toFixed(3));
  return result;
}
