/**
 * The training loop behind `engiai train`: loads the dataset, builds (or resumes) the model, runs
 * epochs of shuffled mini-batches and saves a checkpoint after every epoch. Deterministic for a seed:
 * initial weights, shuffles, noise and dropout all come from one Rng whose state is checkpointed, so
 * 1 epoch + resume to 2 gives the same weights as 2 epochs straight. Progress goes to `log` as lines
 * "[train] epoch E/N ..." (the job log that wait_for_job reads).
 */
import { performance } from 'node:perf_hooks';
import { InputError } from '../errors.ts';
import { loadTrainingData, type TrainingData } from './data.ts';
import { buildModel, hyperFor } from './factory.ts';
import type { Algo, Batch, GenerativeModel, Scale } from './model.ts';
import { loadTrainState, loadWeights, MODEL_FORMAT, MODEL_VERSION, readCard, saveEpoch, writeTestSplit, type ModelCard } from './modelFiles.ts';
import { Rng } from './rng.ts';
import { initTf } from './tf.ts';

export interface TrainOptions {
  algo: Algo;
  problem: string;
  epochs: number;
  seed: number;
  scale: Scale;
  dataDir: string;
  outDir: string;
  log?: (line: string) => void;
  /** Log a batch line every this many batches (default: about 4 per epoch). */
  logEvery?: number;
  signal?: AbortSignal;
}

export interface TrainResult {
  card: ModelCard;
  resumed: boolean;
  epochsRun: number;
}

function newCard(o: TrainOptions, data: TrainingData, model: GenerativeModel, hyper: object, norm: { min: number; max: number }): ModelCard {
  const now = new Date().toISOString();
  return {
    format: MODEL_FORMAT,
    format_version: MODEL_VERSION,
    algo: o.algo,
    scale: o.scale,
    hyper: { ...hyper },
    seed: o.seed,
    problem: data.problemId,
    problem_version: data.problemVersion,
    design_shape: data.designShape,
    condition_keys: data.conditionKeys,
    normalisation: norm,
    dataset: { dir: o.dataDir, key: data.datasetKey, train_rows: data.train.n, test_rows: data.test.length },
    param_counts: model.paramCounts,
    epochs_planned: o.epochs,
    epochs_done: 0,
    batches_done: 0,
    rng_state: 0,
    files: { weights: '', train_state: '', ...writeTestSplit(o.outDir, data.test) },
    history: [],
    created_at: now,
    updated_at: now,
  };
}

function checkResumable(card: ModelCard, o: TrainOptions, data: TrainingData): void {
  const diffs: string[] = [];
  if (card.algo !== o.algo) diffs.push(`algo ${card.algo} vs ${o.algo}`);
  if (card.scale !== o.scale) diffs.push(`scale ${card.scale} vs ${o.scale}`);
  if (card.seed !== o.seed) diffs.push(`seed ${card.seed} vs ${o.seed}`);
  if (card.dataset.key !== data.datasetKey) diffs.push('a different dataset');
  if (diffs.length) {
    throw new InputError(`${o.outDir} holds a different training run (${diffs.join(', ')})`, { field: 'out', hint: 'choose another --out folder, or remove that one to start over' });
  }
}

function normalisation(o: TrainOptions, x: Float32Array): { min: number; max: number } {
  if (o.algo !== 'diffusion') return { min: 0, max: 1 };
  let min = Infinity;
  let max = -Infinity;
  for (const v of x) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return max > min ? { min, max } : { min: 0, max: 1 };
}

function gather(data: TrainingData, idx: readonly number[], norm: { min: number; max: number }): Batch {
  const size = data.designShape[0] * data.designShape[1];
  const k = data.conditionKeys.length;
  const x = new Float32Array(idx.length * size);
  const c = new Float32Array(idx.length * k);
  const scale = 1 / (norm.max - norm.min);
  idx.forEach((row, i) => {
    for (let j = 0; j < size; j++) x[i * size + j] = (data.train.x[row * size + j] - norm.min) * scale;
    c.set(data.train.c.subarray(row * k, (row + 1) * k), i * k);
  });
  return { x, c, n: idx.length };
}

const fmtLosses = (l: Record<string, number>) => Object.entries(l).map(([k, v]) => `${k}=${v.toFixed(4)}`).join(' ');

export async function train(o: TrainOptions): Promise<TrainResult> {
  if (!Number.isInteger(o.epochs) || o.epochs < 0) throw new InputError(`epochs must be a non-negative integer, got ${o.epochs}`, { field: 'epochs' });
  await initTf();
  const log = o.log ?? (() => {});
  const data = await loadTrainingData(o.dataDir);
  if (data.problemId !== o.problem) throw new InputError(`the dataset in ${o.dataDir} is for ${data.problemId}, not ${o.problem}`, { field: 'problem' });
  const existing = readCard(o.outDir);
  const hyper = existing ? existing.hyper : hyperFor(o.algo, o.scale);
  const size = data.designShape[0] * data.designShape[1];
  const model = buildModel(o.algo, hyper as never, data.conditionKeys.length, size, o.seed);
  try {
    let card: ModelCard;
    let rng: Rng;
    if (existing) {
      checkResumable(existing, o, data);
      model.load(loadWeights(o.outDir, existing), loadTrainState(o.outDir, existing));
      card = existing;
      rng = Rng.restore(existing.rng_state);
      log(`[train] resuming ${o.algo} from epoch ${card.epochs_done} in ${o.outDir}`);
    } else {
      card = newCard(o, data, model, hyper, normalisation(o, data.train.x));
      rng = new Rng(o.seed);
    }
    card.epochs_planned = Math.max(o.epochs, card.epochs_done);
    const params = Object.entries(model.paramCounts).map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`).join(', ');
    log(`[train] ${o.algo} (${o.scale}) on ${data.problemId} ${data.designShape.join('x')}: ${data.train.n} train rows, ${data.test.length} test rows; ${params} parameters; seed ${o.seed}`);
    if (!existing) {
      card.rng_state = rng.snapshot;
      saveEpoch(o.outDir, card, model.weights(), model.trainState());
    }
    const startEpoch = card.epochs_done;
    const n = data.train.n;
    const bs = model.batchSize;
    const batches = Math.ceil(n / bs);
    const logEvery = o.logEvery ?? Math.max(1, Math.ceil(batches / 4));
    for (let epoch = startEpoch + 1; epoch <= o.epochs; epoch++) {
      if (o.signal?.aborted) break;
      const t0 = performance.now();
      const perm = rng.permutation(n);
      const sums: Record<string, number> = {};
      let seen = 0;
      let steps = 0;
      for (let b = 0; b < batches; b++) {
        const idx = perm.slice(b * bs, (b + 1) * bs);
        if (idx.length < 2 && o.algo === 'cgan') continue; // batch norm needs two samples
        const losses = model.trainBatch(gather(data, idx, card.normalisation), rng);
        for (const [k, v] of Object.entries(losses)) sums[k] = (sums[k] ?? 0) + v;
        seen += idx.length;
        steps++;
        card.batches_done++;
        if ((b + 1) % logEvery === 0 || b === batches - 1) log(`[train] epoch ${epoch}/${o.epochs} batch ${b + 1}/${batches} ${fmtLosses(losses)}`);
      }
      const losses = Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, v / Math.max(1, steps)]));
      const seconds = (performance.now() - t0) / 1000;
      const rate = seen / Math.max(seconds, 1e-9);
      card.epochs_done = epoch;
      card.rng_state = rng.snapshot;
      card.history.push({ epoch, losses, seconds: Number(seconds.toFixed(3)), samples_per_s: Number(rate.toFixed(1)) });
      saveEpoch(o.outDir, card, model.weights(), model.trainState());
      log(`[train] epoch ${epoch}/${o.epochs} done in ${seconds.toFixed(2)} s (${rate.toFixed(1)} samples/s) ${fmtLosses(losses)}; checkpoint saved`);
    }
    return { card, resumed: !!existing, epochsRun: card.epochs_done - startEpoch };
  } finally {
    model.dispose();
  }
}
