/**
 * `engiai dataset generate … --executor slurm`: the dataset planned here, computed as ONE SLURM job
 * array (task i = shard i of K, `engiai dataset generate … --shard i/K` on the cluster), monitored,
 * and gathered back over SFTP into the local folder, which ends up holding the same dataset a local
 * run writes (manifest, rows by key, designs) plus `slurm.json`, the record of the array.
 *
 * Resumable: a rerun reads slurm.json, gathers what the shards have, never resubmits a shard that is
 * pending, running or done, and resubmits (as a new, smaller array) only the shards that failed, were
 * lost, or finished with rows missing. Shards that failed are reported with their log tails; the rows
 * of the others are kept.
 */
import { join } from 'node:path';
import type { ClusterSettings } from '../../../config/schema.ts';
import type { ConfigValues } from '../../engineering/constraint.ts';
import {
  assertSameDataset,
  designWidth,
  inShard,
  loadRows,
  MAX_SHARDS,
  newManifest,
  planDataset,
  readManifest,
  sortRowsFile,
  writeManifest,
  type DatasetManifest,
} from '../../engineering/dataset/index.ts';
import { getProblem } from '../../engineering/registry.ts';
import { makeDirsSync } from '../../fileFaults.ts';
import { InfraError, InputError } from '../../errors.ts';
import { lastLines } from '../executor.ts';
import { arrayStatusCommand, parseArrayStatus, shardState, type ShardVerdict } from '../slurmArray.ts';
import type { SlurmExecutor } from '../slurmExecutor.ts';
import { arrayScript } from './arrayScript.ts';
import { attemptDir, attemptKey, latestAttempt, newRecord, readRecord, writeRecord, type ArrayRecord } from './arrayRecord.ts';
import { ShardGatherer } from './gatherShards.ts';

/** Shards when neither --shards nor an earlier run says how many. */
export const DEFAULT_SHARDS = 10;
const LOG_TAIL_BYTES = 8 * 1024;
const LOG_TAIL_LINES = 15;

export type SlurmDatasetEvent =
  | { type: 'submitted' | 'reused'; jobId: string; attempt: number; tasks: number[]; cluster: string; baseDir: string }
  | { type: 'progress'; shardsDone: number; shards: number; rows: number; total: number; running: number; pending: number; failed: number };

export interface SlurmDatasetOptions {
  problemId: string;
  grid?: string;
  n?: number;
  seed?: number;
  conditionsOverride?: ConfigValues;
  outDir: string;
  /** K; default: the folder's earlier array, else min(DEFAULT_SHARDS, rows). */
  shards?: number;
  cluster: { name: string; settings: ClusterSettings };
  executor: SlurmExecutor;
  engiaiCommand: string;
  pollSeconds: number;
  signal?: AbortSignal;
  onEvent?: (e: SlurmDatasetEvent) => void;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

export async function generateOnSlurm(opts: SlurmDatasetOptions): Promise<DatasetManifest> {
  const problem = await getProblem(opts.problemId);
  const plan = planDataset(problem, opts);
  const paths = { manifest: join(opts.outDir, 'manifest.json'), rows: join(opts.outDir, 'rows.jsonl') };
  makeDirsSync(join(opts.outDir, 'designs'));
  const manifest = newManifest(problem, plan);
  const existing = readManifest(paths.manifest);
  if (existing) {
    assertSameDataset(existing, manifest, opts.outDir);
    manifest.created_at = existing.created_at;
  }
  const wanted = new Map(plan.rows.map((r) => [r.key, r]));
  const localRows = loadRows(paths.rows).rows.filter((r) => wanted.has(r.key));
  const doneKeys = new Set(localRows.map((r) => r.key));
  let rec = readRecord(opts.outDir);
  if (rec && rec.cluster !== opts.cluster.name) {
    throw new InputError(`${opts.outDir} is being generated on cluster "${rec.cluster}", not "${opts.cluster.name}"`, { field: 'cluster', hint: `rerun with --cluster ${rec.cluster}, or choose another --out folder` });
  }
  if (rec && opts.shards !== undefined && opts.shards !== rec.shards) {
    throw new InputError(`${opts.outDir} is being generated as ${rec.shards} shard(s), not ${opts.shards}`, { field: 'shards', hint: `rerun with --shards ${rec.shards} (or without --shards), or choose another --out folder` });
  }
  const finish = (failedKeys = 0, computeExtra = 0) => {
    manifest.done = doneKeys.size;
    manifest.failed = failedKeys;
    manifest.complete = manifest.done === manifest.total;
    if (manifest.complete) sortRowsFile(paths.rows);
    manifest.compute_seconds = Math.round((localRows.reduce((s, r) => s + r.seconds, 0) + computeExtra) * 1000) / 1000;
    manifest.updated_at = new Date().toISOString();
    writeManifest(paths.manifest, manifest);
    return manifest;
  };
  manifest.done = doneKeys.size;
  writeManifest(paths.manifest, manifest);
  if (doneKeys.size === plan.rows.length) return finish();

  if (!rec) {
    const k = opts.shards ?? Math.min(DEFAULT_SHARDS, plan.rows.length);
    if (!Number.isInteger(k) || k < 1 || k > MAX_SHARDS) throw new InputError(`--shards must be 1..${MAX_SHARDS}, got ${k}`, { field: 'shards' });
    if (k > plan.rows.length) throw new InputError(`--shards ${k} is more than the dataset's ${plan.rows.length} rows`, { field: 'shards', hint: `use --shards ${plan.rows.length} or fewer` });
    rec = newRecord(opts.cluster.name, opts.cluster.settings.remoteDir, k);
    writeRecord(opts.outDir, rec);
  }
  const record: ArrayRecord = rec;
  const ssh = opts.executor.ssh;
  const gatherer = new ShardGatherer(ssh, record, opts.outDir, wanted, designWidth(plan.rows.length), doneKeys);
  const shardIds = Array.from({ length: record.shards }, (_, i) => i);
  const missing = (i: number) => plan.rows.some((r) => inShard(r.id, { index: i, count: record.shards }) && !doneKeys.has(r.key));

  const submit = async (n: number) => {
    const attempt = record.attempts[n];
    const script = arrayScript(
      { problem: problem.id, source: plan.source, overrides: plan.overrides as Record<string, number | boolean>, shards: record.shards, tasks: attempt.tasks, key: record.key, attempt: n },
      opts.cluster.settings,
      opts.engiaiCommand,
    );
    const dir = attemptDir(record, n);
    const { jobId, reused } = await opts.executor.submitIn(dir, { key: attemptKey(record, n), script, partition: opts.cluster.settings.partition });
    attempt.jobId = jobId;
    writeRecord(opts.outDir, record);
    opts.onEvent?.({ type: reused ? 'reused' : 'submitted', jobId, attempt: n, tasks: attempt.tasks, cluster: record.cluster, baseDir: record.baseDir });
  };

  const poll = async () => {
    const ids = record.attempts.flatMap((a) => (a.jobId ? [a.jobId] : []));
    const status = parseArrayStatus((await ssh.exec(arrayStatusCommand(record.baseDir, ids))).stdout);
    const verdicts = new Map<number, ShardVerdict>(shardIds.map((i) => [i, shardState(i, latestAttempt(record, i)?.jobId, status)]));
    for (const i of shardIds) {
      const rows = status.shards.get(i)?.rows ?? 0;
      if (rows > (gatherer.linesSeen.get(i) ?? 0)) await gatherer.gather(i);
    }
    return verdicts;
  };

  // An attempt recorded but not known to be submitted (a run killed in between): submit it again; the submit reuses its job.
  const last = record.attempts.at(-1);
  if (last && !last.jobId) await submit(record.attempts.length - 1);
  else if (last) opts.onEvent?.({ type: 'reused', jobId: last.jobId!, attempt: last.n, tasks: last.tasks, cluster: record.cluster, baseDir: record.baseDir });
  let verdicts = await poll();
  const active = (i: number) => ['PENDING', 'RUNNING'].includes(verdicts.get(i)!.state);
  const todo = shardIds.filter((i) => missing(i) && !active(i));
  if (todo.length) {
    record.attempts.push({ n: record.attempts.length, tasks: todo, submittedAt: new Date().toISOString() });
    writeRecord(opts.outDir, record);
    await submit(record.attempts.length - 1);
    verdicts = await poll();
  }

  for (;;) {
    const states = [...verdicts.values()];
    opts.onEvent?.({
      type: 'progress',
      shardsDone: states.filter((v) => v.state === 'COMPLETED' || v.state === 'NOT_SUBMITTED').length,
      shards: record.shards,
      rows: doneKeys.size,
      total: plan.rows.length,
      running: states.filter((v) => v.state === 'RUNNING').length,
      pending: states.filter((v) => v.state === 'PENDING').length,
      failed: states.filter((v) => FAILED.has(v.state)).length,
    });
    if (allEnded(verdicts) || opts.signal?.aborted) break;
    await sleep(opts.pollSeconds * 1000, opts.signal);
    verdicts = await poll();
  }
  if (!allEnded(verdicts)) return finish(0, gatherer.computeSeconds); // interrupted: the array keeps running; a rerun continues

  // Everything ended: read every shard to its end (rows written after the last poll), then the failures.
  for (const i of shardIds) await gatherer.gather(i);
  const failedKeys = new Set<string>();
  for (const i of shardIds) for (const k of await gatherer.gatherErrors(i)) failedKeys.add(k);
  const result = finish(failedKeys.size, gatherer.computeSeconds);
  const failed = shardIds.filter((i) => FAILED.has(verdicts.get(i)!.state));
  if (failed.length) throw await shardFailure(opts, record, failed, verdicts, result);
  return result;
}

const FAILED = new Set(['FAILED', 'CANCELLED', 'UNKNOWN']);
const ENDED = new Set(['NOT_SUBMITTED', 'COMPLETED', 'FAILED', 'CANCELLED', 'UNKNOWN']);
const allEnded = (v: Map<number, ShardVerdict>) => [...v.values()].every((x) => ENDED.has(x.state));

async function shardFailure(opts: SlurmDatasetOptions, rec: ArrayRecord, failed: number[], verdicts: Map<number, ShardVerdict>, m: DatasetManifest): Promise<InfraError> {
  const parts: string[] = [];
  for (const i of failed) {
    const a = latestAttempt(rec, i)!;
    const v = verdicts.get(i)!;
    const log = await opts.executor.ssh.readTail(`${attemptDir(rec, a.n)}/shard-${i}.out`, LOG_TAIL_BYTES).catch(() => null);
    const what = v.exitCode !== undefined ? `exit ${v.exitCode}` : (v.detail ?? v.state);
    parts.push(`shard ${i} (job ${a.jobId}_${i}, ${what}); log tail:\n${lastLines(log, LOG_TAIL_LINES).map((l) => `  | ${l}`).join('\n') || '  | (no log)'}`);
  }
  return new InfraError(`${failed.length} of ${rec.shards} shard(s) failed on ${rec.cluster}; ${m.done}/${m.total} rows gathered into ${opts.outDir}\n${parts.join('\n')}`, {
    retryable: false,
    hint: 'the rows of the other shards are kept; fix the cause and rerun the same command: only the failed shards are submitted again',
  });
}
