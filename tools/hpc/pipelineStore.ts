/**
 * The pipeline record, one JSON file per conversation thread under ENGIAI_HOME/hpc/threads/: for each
 * pipeline (generate → submit → monitor → fetch → evaluate) which steps are done, the job id and its
 * folder, the last known state and log tail, the fetched files and the metrics. It lives outside the
 * conversation checkpoint on purpose: a tool call reads and writes it directly, it survives a server
 * restart, and a resumed agent finds the job already submitted (submit_job returns it instead of
 * submitting again; wait_for_job resumes monitoring). Writes are atomic (write + rename) and
 * serialised per thread within the process.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExecutorKind } from './executor.ts';
import type { JobInfo } from './jobState.ts';
import type { TrainJobSpec } from './jobScript.ts';

export const STEPS = ['generate', 'submit', 'monitor', 'fetch', 'evaluate'] as const;
export type Step = (typeof STEPS)[number];

export interface JobRecord extends Omit<JobInfo, 'source'> {
  jobDir: string;
  submittedAt: string;
  checkedAt?: string;
  logTail: string[];
  /** Training progress read from the log ("[train] epoch E/N"). */
  progress?: { epoch: number; epochs: number };
}

export interface PipelineRecord {
  key: string;
  index: number;
  cluster: string;
  executor: ExecutorKind;
  spec: TrainJobSpec;
  createdAt: string;
  updatedAt: string;
  steps: Record<Step, { done: boolean; at?: string }>;
  script: { path: string; jobName: string; outputs: string[] };
  job?: JobRecord;
  fetched?: { dir: string; files: string[]; model?: string; log?: string };
  metrics?: Record<string, unknown>;
}

export interface ThreadRecord {
  version: 1;
  threadId: string;
  pipelines: PipelineRecord[];
}

const SAFE_THREAD = /^[A-Za-z0-9_-]{1,64}$/;

export const fileNameOf = (threadId: string) => (SAFE_THREAD.test(threadId) ? threadId : `t-${createHash('sha256').update(threadId).digest('hex').slice(0, 24)}`);

export class PipelineStore {
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(readonly dir: string) {}

  private path(threadId: string): string {
    return join(this.dir, `${fileNameOf(threadId)}.json`);
  }

  read(threadId: string): ThreadRecord {
    const p = this.path(threadId);
    if (!existsSync(p)) return { version: 1, threadId, pipelines: [] };
    return JSON.parse(readFileSync(p, 'utf8')) as ThreadRecord;
  }

  /** Applies `change` to the thread's record and saves it; calls on one thread run one after another. */
  update<T>(threadId: string, change: (rec: ThreadRecord) => T): Promise<T> {
    const run = async () => {
      const rec = this.read(threadId);
      const out = change(rec);
      mkdirSync(this.dir, { recursive: true });
      const p = this.path(threadId);
      writeFileSync(`${p}.${process.pid}.tmp`, JSON.stringify(rec, null, 2));
      renameSync(`${p}.${process.pid}.tmp`, p);
      return out;
    };
    const next = (this.chains.get(threadId) ?? Promise.resolve()).then(run, run);
    this.chains.set(threadId, next.catch(() => {}));
    return next;
  }

  /** The thread's latest pipeline. */
  current(threadId: string): PipelineRecord | undefined {
    return this.read(threadId).pipelines.at(-1);
  }

  /** A pipeline by key or job id (the latest when neither is given). */
  find(threadId: string, ref: { key?: string; jobId?: string }): PipelineRecord | undefined {
    const all = this.read(threadId).pipelines;
    if (ref.key) return all.find((p) => p.key === ref.key);
    if (ref.jobId) return all.find((p) => p.job?.id === ref.jobId);
    return all.at(-1);
  }
}

export function mark(p: PipelineRecord, step: Step): void {
  const now = new Date().toISOString();
  p.steps[step] = { done: true, at: now };
  p.updatedAt = now;
}

export const newSteps = (): PipelineRecord['steps'] => Object.fromEntries(STEPS.map((s) => [s, { done: false }])) as PipelineRecord['steps'];
