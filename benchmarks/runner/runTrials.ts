/**
 * The trial runner shared by the benchmark suites: one versioned JSONL trace per trial
 * (benchmarks/trace), resume (finished trials are skipped; a changed configuration is refused),
 * bounded concurrency, whole-trial retries with back-off on retryable (infrastructure) errors,
 * and progress. What a trial does is the suite's `execute`, which records events through its
 * context; the runner never scores.
 */
import { performance } from 'node:perf_hooks';
import { TRACE_FORMAT_VERSION, tryReadTrace, writeTrace, type Trace, type TraceEvent } from '../trace/index.ts';
import { forEachLimit } from './pool.ts';
import { gitInfo, type GitInfo } from './provenance.ts';
import { backoffMs, isRetryable, sleep } from './retry.ts';
import { configHash, openRunDir } from './runConfig.ts';

export interface Trial {
  /** Unique within the run (the trace's file name). */
  id: string;
  sampleId: string;
  seed: number;
}

export interface TrialContext {
  trialId: string;
  /** 1 for the first attempt. */
  attempt: number;
  signal?: AbortSignal;
  /** Appends an event to the trial's trace. */
  event(type: string, data?: Record<string, unknown>): void;
}

export type TrialStatus = 'done' | 'skipped' | 'failed';

export interface RunOptions<T extends Trial> {
  dir: string;
  suite: string;
  suiteVersion: number;
  /** The agent under test: model spec or scripted policy name. */
  model: string;
  /** Everything that changes results; hashed into every trace header and run.json. */
  config: Record<string, unknown>;
  trials: readonly T[];
  execute(trial: T, ctx: TrialContext): Promise<void>;
  concurrency?: number;
  /** Whole-trial retries after a retryable error (default 2). */
  retries?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Skip trials whose trace already ended ok (default true). */
  resume?: boolean;
  onTrial?(trial: T, status: TrialStatus): void;
  signal?: AbortSignal;
  git?: GitInfo;
  now?: () => Date;
}

export interface RunResult {
  dir: string;
  configHash: string;
  total: number;
  skipped: number;
  completed: number;
  failed: { trialId: string; error: string }[];
  durationMs: number;
}

export async function runTrials<T extends Trial>(options: RunOptions<T>): Promise<RunResult> {
  const t0 = performance.now();
  const now = options.now ?? (() => new Date());
  const git = options.git ?? gitInfo();
  const hash = configHash(options.config);
  openRunDir(options.dir, { suite: options.suite, suiteVersion: options.suiteVersion, configHash: hash, config: options.config, createdAt: now().toISOString(), gitSha: git.sha, gitDirty: git.dirty });
  const ids = new Set<string>();
  for (const t of options.trials) {
    if (ids.has(t.id)) throw new Error(`duplicate trial id ${t.id}`);
    ids.add(t.id);
  }
  const result: RunResult = { dir: options.dir, configHash: hash, total: options.trials.length, skipped: 0, completed: 0, failed: [], durationMs: 0 };
  const pending = options.trials.filter((t) => {
    const old = options.resume === false ? undefined : tryReadTrace(options.dir, t.id);
    const done = old && old.end.status === 'ok' && old.header.configHash === hash;
    if (done) {
      result.skipped++;
      options.onTrial?.(t, 'skipped');
    }
    return !done;
  });
  await forEachLimit(
    pending,
    options.concurrency ?? 1,
    async (trial) => {
      const trace = await runOne(options, trial, hash, git, now);
      writeTrace(options.dir, trace);
      if (trace.end.status === 'ok') result.completed++;
      else result.failed.push({ trialId: trial.id, error: `${trace.end.error?.name}: ${trace.end.error?.message}` });
      options.onTrial?.(trial, trace.end.status === 'ok' ? 'done' : 'failed');
    },
    options.signal,
  );
  result.durationMs = performance.now() - t0;
  return result;
}

async function runOne<T extends Trial>(options: RunOptions<T>, trial: T, hash: string, git: GitInfo, now: () => Date): Promise<Trace> {
  const header = {
    type: 'header' as const,
    format: TRACE_FORMAT_VERSION,
    suite: options.suite,
    suiteVersion: options.suiteVersion,
    trialId: trial.id,
    sampleId: trial.sampleId,
    seed: trial.seed,
    model: options.model,
    configHash: hash,
    gitSha: git.sha,
    gitDirty: git.dirty,
    startedAt: now().toISOString(),
  };
  const start = performance.now();
  const retries = options.retries ?? 2;
  const notes: TraceEvent[] = [];
  for (let attempt = 1; ; attempt++) {
    const events: TraceEvent[] = [...notes];
    const ctx: TrialContext = {
      trialId: trial.id,
      attempt,
      signal: options.signal,
      event: (type, data = {}) => void events.push({ type, t: Math.round(performance.now() - start), ...data }),
    };
    try {
      await options.execute(trial, ctx);
      return { header, events, end: { type: 'end', status: 'ok', attempts: attempt, durationMs: Math.round(performance.now() - start) } };
    } catch (err) {
      const error = describe(err);
      if (error.retryable && attempt <= retries && !options.signal?.aborted) {
        notes.push({ type: 'retry', t: Math.round(performance.now() - start), attempt, error });
        await sleep(backoffMs(attempt, options.retryBaseMs ?? 1000, options.retryMaxMs ?? 30_000), options.signal);
        continue;
      }
      return { header, events, end: { type: 'end', status: 'error', attempts: attempt, durationMs: Math.round(performance.now() - start), error } };
    }
  }
}

function describe(err: unknown): { name: string; message: string; retryable: boolean } {
  const e = err instanceof Error ? err : new Error(String(err));
  return { name: e.name, message: e.message, retryable: isRetryable(err) };
}
