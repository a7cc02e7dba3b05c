/**
 * Workflow dataset samples (benchmarks.md §2.3): rows of the problem's test split from our own
 * dataset generator's plan (the EngiBench grid, split as EngiBench splits it), their conditions
 * rounded to the 4 significant digits a prompt states, and each row's optimal design computed by
 * the dataset generator's row function and cached on disk by a content hash of problem, version
 * and resolved config. The edge of the suite: it reads and writes the cache.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { conditionKey } from '../../tools/engineering/dataset/conditions.ts';
import { datasetSpec, planDataset, shuffled, splitmix32 } from '../../tools/engineering/dataset/index.ts';
import { optimizeRow } from '../../tools/engineering/dataset/optimizeRow.ts';
import type { ConfigValues } from '../../tools/engineering/constraint.ts';
import type { Design, Problem } from '../../tools/engineering/problem.ts';
import { getProblem } from '../../tools/engineering/registry.ts';
import { decodeNpy, encodeNpy } from '../../tools/engineering/store/npy.ts';
import { InputError } from '../../tools/errors.ts';
import { PRESETS, type PresetName } from './presets.ts';
import type { DatasetSample } from './samples.ts';
import type { ProblemId } from './styles.ts';

/** Bump when the sample selection or the ground truth changes meaning. */
export const WORKFLOW_DATASET_VERSION = 1;

export interface GroundTruth {
  key: string;
  config: ConfigValues;
  design: Design;
  objective: number;
  seconds: number;
  cached: boolean;
}

const round4 = (v: number | boolean) => (typeof v === 'number' ? Number(v.toPrecision(4)) : v);

export function groundTruthDir(home: string, problem: string): string {
  return join(home, 'cache', 'bench-gt', problem);
}

/** The optimal design of a resolved config: from the cache, or optimized now and cached. */
export async function groundTruth(home: string, problem: Problem, config: ConfigValues): Promise<GroundTruth> {
  const key = conditionKey(problem.id, problem.version, config);
  const dir = groundTruthDir(home, problem.id);
  const npy = join(dir, `${key}.npy`);
  const meta = join(dir, `${key}.json`);
  if (existsSync(npy) && existsSync(meta)) {
    const m = JSON.parse(readFileSync(meta, 'utf8')) as { objective: number; seconds: number };
    return { key, config, design: decodeNpy(new Uint8Array(readFileSync(npy))), objective: m.objective, seconds: m.seconds, cached: true };
  }
  const r = optimizeRow(problem, config);
  const design: Design = { shape: r.shape, data: r.data };
  mkdirSync(dir, { recursive: true });
  for (const [path, bytes] of [
    [npy, encodeNpy(design)],
    [meta, JSON.stringify({ problem: problem.id, version: problem.version, config, objective: r.objectives[0], iterations: r.iterations, seconds: r.seconds }, null, 2)],
  ] as const) {
    writeFileSync(`${path}.${process.pid}.tmp`, bytes);
    renameSync(`${path}.${process.pid}.tmp`, path);
  }
  return { key, config, design, objective: r.objectives[0], seconds: r.seconds, cached: false };
}

/** The ground-truth design of a sample key, if cached (re-scoring reads it; scoring recomputes a missing one). */
export function cachedGroundTruthDesign(home: string, problem: string, key: string): Design | undefined {
  const npy = join(groundTruthDir(home, problem), `${key}.npy`);
  return existsSync(npy) ? decodeNpy(new Uint8Array(readFileSync(npy))) : undefined;
}

export interface DatasetOptions {
  home: string;
  problem: ProblemId;
  samples: number;
  preset: PresetName;
  /**
   * The paper protocol: `samples` rows drawn with replacement from the usable test rows by a stream
   * seeded with this seed (the reference: numpy.default_rng(seed).choice(n, k, replace=True); ours is
   * SplitMix32, so the rows drawn differ from numpy's for the same seed). Absent: the first `samples`
   * usable rows in a fixed shuffled order (engiai).
   */
  drawSeed?: number;
  onGroundTruth?(done: number, total: number, cached: boolean): void;
}

/** The solver settings a prompt states: the preset plus any dataset-fixed knob that differs from the default. */
function statedConfig(problem: Problem, preset: ConfigValues, fixed: ConfigValues): ConfigValues {
  const defaults = problem.resolveConfig({});
  const out: ConfigValues = { ...preset };
  for (const [k, v] of Object.entries(fixed)) if (!(k in out) && defaults[k] !== v) out[k] = v;
  return out;
}

/** The first `samples` usable test rows in a fixed seeded order, each with its ground truth. */
export async function datasetSamples(opts: DatasetOptions): Promise<DatasetSample[]> {
  if (!Number.isInteger(opts.samples) || opts.samples < 1) throw new InputError(`--samples must be a positive integer, got ${opts.samples}`, { field: 'samples' });
  const problem = await getProblem(opts.problem);
  const spec = datasetSpec(problem.id);
  const preset: ConfigValues = { ...PRESETS[opts.preset][opts.problem] };
  // problems whose EngiBench dataset was sampled (ThermoElastic2D) have no named grid: 200 sampled conditions, split as EngiBench splits
  const plan = 'engibench' in spec.grids ? planDataset(problem, { grid: 'engibench', seed: 0, conditionsOverride: preset }) : planDataset(problem, { n: 200, seed: 0, conditionsOverride: preset });
  const varied = Object.keys(spec.ranges);
  const stated = statedConfig(problem, preset, spec.fixed);
  const test = shuffled(plan.rows.filter((r) => r.split === 'test'), splitmix32(WORKFLOW_DATASET_VERSION));
  const presetWarnings = new Set(problem.checkConfig(problem.resolveConfig(stated)).map((v) => v.constraint));
  const usable = (row: (typeof test)[number]) => !problem.checkConfig(problem.resolveConfig({ ...row.config, ...stated })).some((v) => !presetWarnings.has(v.constraint));
  let order = test;
  if (opts.drawSeed !== undefined) {
    const pool = test.filter(usable);
    const rand = splitmix32(opts.drawSeed >>> 0);
    order = Array.from({ length: opts.samples }, () => pool[Math.floor(rand() * pool.length)]);
  }
  const out: DatasetSample[] = [];
  for (const row of order) {
    if (out.length >= opts.samples) break;
    const conditions = Object.fromEntries(varied.map((k) => [k, round4(Number(row.config[k]))]));
    const config = problem.resolveConfig({ ...conditions, ...stated });
    // rows with a warning of their own (e.g. an unloaded beam) are skipped; the preset's own warnings are not the row's
    if (problem.checkConfig(config).some((v) => !presetWarnings.has(v.constraint))) continue;
    const gt = await groundTruth(opts.home, problem, config);
    opts.onGroundTruth?.(out.length + 1, opts.samples, gt.cached);
    if (!Number.isFinite(gt.objective) || gt.objective === 0) continue;
    // the workflow benchmark's problems and presets take numbers and booleans only (no node masks)
    out.push({ problem: opts.problem, index: out.length, row: { id: row.id, key: row.key }, conditions, config: stated as DatasetSample['config'], groundTruth: { key: gt.key, objective: gt.objective } });
  }
  if (out.length < opts.samples) throw new InputError(`only ${out.length} usable test rows for ${opts.problem}`, { field: 'samples' });
  return out;
}
