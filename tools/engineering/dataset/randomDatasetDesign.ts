/**
 * A random design of the problem's dataset, as EngiBench's `problem.random_design()` gives one: the
 * optimal design of a row of the train split drawn with a seed. EngiBench reads the row from its
 * published dataset; ours is the same row of our own dataset plan (the `engibench` grid where the
 * problem has one, else 64 sampled conditions), computed by the dataset generator's own row function
 * under the caller's solver settings (grid size, iterations) and cached on disk by its content hash.
 * The edge of the module: it reads and writes the cache.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConfigValues } from '../constraint.ts';
import type { Design, Problem } from '../problem.ts';
import { decodeNpy, encodeNpy } from '../store/npy.ts';
import { conditionKey } from './conditions.ts';
import { datasetSpec } from './datasetSpecs.ts';
import { planDataset } from './planDataset.ts';
import { splitmix32 } from './prng.ts';
import { optimizeRow } from './optimizeRow.ts';

export interface DatasetDesign {
  design: Design;
  /** The train row's id in the plan and its resolved conditions. */
  rowId: number;
  conditions: ConfigValues;
}

/** The train row `seed` selects, with the caller's non-condition settings (so the shape matches). */
export function randomTrainRow(problem: Problem, config: ConfigValues, seed: number): { rowId: number; config: ConfigValues } {
  const spec = datasetSpec(problem.id);
  const varied = new Set(Object.keys(spec.ranges));
  const solver = Object.fromEntries(Object.entries(config).filter(([k]) => !varied.has(k)));
  const plan = 'engibench' in spec.grids ? planDataset(problem, { grid: 'engibench', seed: 0, conditionsOverride: solver }) : planDataset(problem, { n: 64, seed: 0, conditionsOverride: solver });
  // rows with a warning of their own (e.g. an unloaded beam) are skipped; the solver settings' own warnings are not the row's
  const own = new Set(problem.checkConfig(problem.resolveConfig(solver)).map((v) => v.constraint));
  const train = plan.rows.filter((r) => r.split === 'train' && problem.checkConfig(r.config).every((v) => own.has(v.constraint)));
  if (!train.length) throw new Error(`${problem.id}: the dataset plan has no usable train row`);
  const rand = splitmix32(seed >>> 0);
  const row = train[Math.floor(rand() * train.length)];
  return { rowId: row.id, config: row.config };
}

export function randomDatasetDesign(cacheDir: string, problem: Problem, config: ConfigValues, seed: number): DatasetDesign {
  const row = randomTrainRow(problem, config, seed);
  const key = conditionKey(problem.id, problem.version, row.config);
  const dir = join(cacheDir, problem.id);
  const npy = join(dir, `${key}.npy`);
  if (existsSync(npy)) return { design: decodeNpy(new Uint8Array(readFileSync(npy))), rowId: row.rowId, conditions: row.config };
  const r = optimizeRow(problem, row.config);
  const design: Design = { shape: r.shape, data: r.data };
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${npy}.${process.pid}.tmp`, encodeNpy(design));
  renameSync(`${npy}.${process.pid}.tmp`, npy);
  return { design, rowId: row.rowId, conditions: row.config };
}
