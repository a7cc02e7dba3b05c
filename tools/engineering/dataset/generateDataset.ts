/**
 * generateDataset: optimized designs over a grid or a seeded sample of conditions, computed on
 * worker threads and written to `outDir` as rows.jsonl + designs/<id>.npy + manifest.json
 * (+ errors.jsonl for conditions whose optimization failed). Resumable: a rerun with the same request
 * skips the rows already in rows.jsonl (by condition key) and tolerates a torn last line.
 */
import { appendFileSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ConfigValues } from '../constraint.ts';
import type { Problem } from '../problem.ts';
import { makeDirsSync } from '../../fileFaults.ts';
import { getProblem } from '../registry.ts';
import { encodeNpy } from '../store/npy.ts';
import { assertSameDataset, MANIFEST_FORMAT, MANIFEST_VERSION, readManifest, writeManifest, type DatasetManifest } from './manifest.ts';
import type { RowResult } from './optimizeRow.ts';
import { planDataset, type DatasetPlan, type PlannedRow } from './planDataset.ts';
import { appendRow, loadRows, sortRowsFile, type DatasetRow } from './rowsFile.ts';
import { checkShard, shardRows, type Shard } from './shard.ts';
import { splitCounts } from './splits.ts';
import { runPool, type PoolOutcome } from './workerPool.ts';

export interface GenerateDatasetOptions {
  problemId: string;
  /** A named grid of the problem's dataset settings ('engibench': EngiBench's dataset grid). */
  grid?: 'engibench' | (string & {});
  /** Number of sampled conditions (exclusive with grid). */
  n?: number;
  /** Sampling seed (with n) and train/val/test shuffle seed; default 0. */
  seed?: number;
  outDir: string;
  /** Worker threads; default the number of cores; 0 runs in this thread. */
  workers?: number;
  /** Called after each finished row: rows done (all runs), total, estimated seconds left (NaN before the first). */
  onProgress?: (done: number, total: number, etaSeconds: number) => void | Promise<void>;
  /** Fixed values for every row (e.g. { nelx: 50, nely: 25, max_iter: 20 }); an overridden field is not varied. */
  conditionsOverride?: ConfigValues;
  /** Aborting stops after the rows finished so far; the manifest then says complete: false. */
  signal?: AbortSignal;
  /** Only the plan's rows with id ≡ index (mod count) (one task of a job array); ids, keys and splits are the whole plan's. */
  shard?: Shard;
}

const ENGINE_VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** The manifest of a fresh folder for `plan` (or for one shard of it). */
export function newManifest(problem: Problem, plan: DatasetPlan, shard?: Shard): DatasetManifest {
  const now = new Date().toISOString();
  const rows = shardRows(plan.rows, shard);
  const splits = shard ? { train: 0, val: 0, test: 0 } : splitCounts(plan.rows.length);
  if (shard) for (const r of rows) splits[r.split]++;
  return {
    format: MANIFEST_FORMAT,
    format_version: MANIFEST_VERSION,
    problem: problem.id,
    problem_version: problem.version,
    engine_version: ENGINE_VERSION,
    source: plan.source,
    split_seed: plan.splitSeed,
    overrides: plan.overrides,
    objectives: problem.objectives.map((o) => o.name),
    splits,
    ...(shard ? { shard } : {}),
    total: rows.length,
    done: 0,
    failed: 0,
    complete: false,
    compute_seconds: 0,
    files: { rows: 'rows.jsonl', designs: 'designs/', errors: 'errors.jsonl' },
    created_at: now,
    updated_at: now,
  };
}

/** Digits of the design file names: at least 5, enough for the whole plan (shards name files as the whole dataset does). */
export const designWidth = (planRows: number) => Math.max(5, String(planRows - 1).length);
export const designFile = (id: number, width: number) => `designs/${String(id).padStart(width, '0')}.npy`;

function toRow(problem: Problem, planned: PlannedRow, r: RowResult, design: string): DatasetRow {
  const conditionNames = new Set(problem.conditions.map((f) => f.name));
  const entries = Object.entries(planned.config);
  const single = problem.objectives.length === 1;
  return {
    id: planned.id,
    key: planned.key,
    split: planned.split,
    conditions: Object.fromEntries(entries.filter(([k]) => conditionNames.has(k))),
    config: Object.fromEntries(entries.filter(([k]) => !conditionNames.has(k))),
    objectives: Object.fromEntries(problem.objectives.map((o, i) => [o.name, r.objectives[i]])),
    iterations: r.iterations,
    optimization_history: single ? r.history.map((h) => h[0]) : r.history,
    design,
    seconds: r.seconds,
  };
}

export async function generateDataset(opts: GenerateDatasetOptions): Promise<DatasetManifest> {
  const problem = await getProblem(opts.problemId);
  const plan = planDataset(problem, opts);
  const shard = opts.shard && checkShard(opts.shard);
  const rows = shardRows(plan.rows, shard);
  const paths = { manifest: join(opts.outDir, 'manifest.json'), rows: join(opts.outDir, 'rows.jsonl'), errors: join(opts.outDir, 'errors.jsonl') };
  makeDirsSync(join(opts.outDir, 'designs'));

  const manifest = newManifest(problem, plan, shard);
  const existing = readManifest(paths.manifest);
  if (existing) {
    assertSameDataset(existing, manifest, opts.outDir);
    manifest.created_at = existing.created_at;
  }
  const wanted = new Map(rows.map((r) => [r.key, r]));
  const doneKeys = new Set(loadRows(paths.rows).rows.map((r) => r.key).filter((k) => wanted.has(k)));
  manifest.done = doneKeys.size;
  writeManifest(paths.manifest, manifest);

  const todo = rows.filter((r) => !doneKeys.has(r.key));
  const width = designWidth(plan.rows.length);
  const t0 = performance.now();
  let doneNow = 0;
  const report = () => {
    const elapsed = (performance.now() - t0) / 1000;
    const eta = doneNow > 0 ? (elapsed / doneNow) * (todo.length - doneNow - manifest.failed) : NaN;
    if (opts.onProgress) void Promise.resolve(opts.onProgress(manifest.done, manifest.total, Math.max(0, eta))).catch(() => {});
  };
  report();

  const onOutcome = ({ index, result, error }: PoolOutcome) => {
    const planned = plan.rows[index];
    if (error) {
      manifest.failed++;
      appendFileSync(paths.errors, JSON.stringify({ id: planned.id, key: planned.key, config: planned.config, ...error }) + '\n');
    } else if (result && !doneKeys.has(planned.key)) {
      const file = designFile(planned.id, width);
      const full = join(opts.outDir, file);
      writeFileSync(`${full}.tmp`, encodeNpy({ shape: result.shape, data: result.data }));
      renameSync(`${full}.tmp`, full);
      appendRow(paths.rows, toRow(problem, planned, result, file));
      doneKeys.add(planned.key);
      manifest.done++;
      manifest.compute_seconds += result.seconds;
      doneNow++;
    }
    report();
  };

  const tasks = todo.map((r) => ({ index: r.id, config: r.config }));
  const workers = opts.workers ?? availableParallelism();
  await runPool({ problemId: problem.id, tasks, workers, signal: opts.signal, onOutcome });

  manifest.complete = manifest.done === manifest.total;
  if (manifest.complete && todo.length > 0) sortRowsFile(paths.rows);
  manifest.updated_at = new Date().toISOString();
  manifest.compute_seconds = Math.round(manifest.compute_seconds * 1000) / 1000;
  writeManifest(paths.manifest, manifest);
  return manifest;
}
