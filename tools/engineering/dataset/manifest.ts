/**
 * manifest.json of a dataset folder: what was asked (problem, grid or n/seed, overrides), what the
 * split plan is, and how far generation got. A rerun into the same folder must ask for the same
 * dataset; anything else is refused rather than mixed.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { InputError } from '../../errors.ts';
import type { ConfigValues } from '../constraint.ts';
import { canonicalJson } from './conditions.ts';
import type { Shard } from './shard.ts';
import type { SplitCounts } from './splits.ts';

export const MANIFEST_FORMAT = 'engiai-dataset';
export const MANIFEST_VERSION = 1;

export type DatasetSource = { grid: string } | { n: number; seed: number };

export interface DatasetManifest {
  format: typeof MANIFEST_FORMAT;
  format_version: number;
  problem: string;
  problem_version: number;
  /** EngiAI's package version: the engine that produced the rows. */
  engine_version: string;
  source: DatasetSource;
  /** Seed of the train/val/test shuffle. */
  split_seed: number;
  /** Caller overrides applied to every row (e.g. nelx, nely, max_iter). */
  overrides: ConfigValues;
  objectives: string[];
  /** Planned split sizes over all `total` conditions. */
  splits: SplitCounts;
  /** Present in a shard's folder only: this folder holds the plan's rows with id ≡ index (mod count), and `total`/`splits` count those. */
  shard?: Shard;
  total: number;
  done: number;
  failed: number;
  complete: boolean;
  /** Sum of per-row optimize+simulate seconds over the rows done. */
  compute_seconds: number;
  files: { rows: string; designs: string; errors: string };
  created_at: string;
  updated_at: string;
}

/** The fields that identify a dataset: a folder must not mix two different ones. */
function identity(m: DatasetManifest): string {
  return canonicalJson({
    problem: m.problem,
    problem_version: m.problem_version,
    source: JSON.stringify(m.source),
    split_seed: m.split_seed,
    overrides: canonicalJson(m.overrides),
    total: m.total,
    ...(m.shard ? { shard: `${m.shard.index}/${m.shard.count}` } : {}),
  });
}

export function readManifest(path: string): DatasetManifest | undefined {
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as DatasetManifest;
}

/** Throws an InputError when `existing` describes a different dataset than `wanted`. */
export function assertSameDataset(existing: DatasetManifest, wanted: DatasetManifest, outDir: string): void {
  if (identity(existing) === identity(wanted)) return;
  throw new InputError(`${outDir} already holds a different dataset (${existing.problem} ${JSON.stringify(existing.source)}, overrides ${canonicalJson(existing.overrides)})`, {
    field: 'outDir',
    hint: 'choose another --out folder, or rerun with the same problem, grid/n/seed and condition flags to resume',
  });
}

export function writeManifest(path: string, m: DatasetManifest): void {
  writeFileSync(`${path}.tmp`, JSON.stringify(m, null, 2) + '\n');
  renameSync(`${path}.tmp`, path);
}
