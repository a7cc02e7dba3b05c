/**
 * `slurm.json` in a dataset folder: which cluster and remote folder the dataset's job array runs in,
 * its shard count, and every submission (attempt) with the shards it ran. An attempt is recorded
 * before it is submitted and its job id right after, so a run killed in between resubmits the same
 * attempt from the same remote folder, which the idempotent submit turns into the same job.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { StorageError } from '../../errors.ts';

export const RECORD_FILE = 'slurm.json';

export interface ArrayAttempt {
  n: number;
  tasks: number[];
  /** Set once sbatch (or the submit's reuse) printed it. */
  jobId?: string;
  submittedAt: string;
}

export interface ArrayRecord {
  version: 1;
  cluster: string;
  /** 16 hex digits, random per dataset folder: names the remote folder. */
  key: string;
  /** `<remoteDir>/dataset-<key>` on the cluster: attempt-<n>/ (scripts, logs) and shards/<i>/. */
  baseDir: string;
  shards: number;
  attempts: ArrayAttempt[];
}

export function readRecord(outDir: string): ArrayRecord | undefined {
  const path = join(outDir, RECORD_FILE);
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ArrayRecord;
  } catch (err) {
    throw new StorageError(`${path} is not valid JSON`, path, { cause: err, hint: 'it records the dataset job array; move it away to submit a new one' });
  }
}

export function writeRecord(outDir: string, rec: ArrayRecord): void {
  const path = join(outDir, RECORD_FILE);
  writeFileSync(`${path}.tmp`, JSON.stringify(rec, null, 2) + '\n');
  renameSync(`${path}.tmp`, path);
}

export function newRecord(cluster: string, remoteDir: string, shards: number): ArrayRecord {
  const key = randomBytes(8).toString('hex');
  return { version: 1, cluster, key, baseDir: posix.join(remoteDir, `dataset-${key}`), shards, attempts: [] };
}

export const attemptDir = (rec: ArrayRecord, n: number) => posix.join(rec.baseDir, `attempt-${n}`);
export const shardDir = (rec: ArrayRecord, i: number) => posix.join(rec.baseDir, 'shards', String(i));
/** The submit key of attempt n (the job comment). */
export const attemptKey = (rec: ArrayRecord, n: number) => createHash('sha256').update(`${rec.key}:${n}`).digest('hex').slice(0, 16);

/** The latest attempt that ran shard i. */
export function latestAttempt(rec: ArrayRecord, i: number): ArrayAttempt | undefined {
  for (let a = rec.attempts.length - 1; a >= 0; a--) if (rec.attempts[a].tasks.includes(i)) return rec.attempts[a];
  return undefined;
}
