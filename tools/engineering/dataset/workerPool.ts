/**
 * Runs dataset tasks on `workers` worker threads (0: in this thread), one task per worker at a time,
 * and reports each outcome as it arrives. An AbortSignal stops dispatching and terminates the
 * workers; tasks in flight are dropped (a resumed run redoes them).
 */
import { Worker } from 'node:worker_threads';
import { getProblem } from '../registry.ts';
import { optimizeRow, type RowResult } from './optimizeRow.ts';
import { taskError, type TaskError } from './taskError.ts';
import type { WorkerTask } from './worker.ts';

export interface PoolOutcome {
  index: number;
  result?: RowResult;
  error?: TaskError;
}

export interface PoolOptions {
  problemId: string;
  tasks: readonly WorkerTask[];
  workers: number;
  signal?: AbortSignal;
  /** Called in the main thread for each finished task; an exception stops the pool. */
  onOutcome: (o: PoolOutcome) => void;
}

const BOOT = new URL('../workerBoot.mjs', import.meta.url);
const ENTRY = new URL('./worker.ts', import.meta.url).href;

export async function runPool(opts: PoolOptions): Promise<{ aborted: boolean }> {
  if (opts.signal?.aborted || opts.tasks.length === 0) return { aborted: !!opts.signal?.aborted };
  return opts.workers <= 0 ? runInline(opts) : runThreads(opts);
}

async function runInline(opts: PoolOptions): Promise<{ aborted: boolean }> {
  const problem = await getProblem(opts.problemId);
  for (const task of opts.tasks) {
    await new Promise((r) => setImmediate(r));
    if (opts.signal?.aborted) return { aborted: true };
    let outcome: PoolOutcome;
    try {
      outcome = { index: task.index, result: optimizeRow(problem, task.config) };
    } catch (err) {
      outcome = { index: task.index, error: taskError(err) };
    }
    opts.onOutcome(outcome);
  }
  return { aborted: false };
}

type WorkerMessage = { type: 'ready' } | ({ type: 'result'; index: number } & RowResult) | ({ type: 'error'; index: number } & TaskError);

function runThreads(opts: PoolOptions): Promise<{ aborted: boolean }> {
  const queue = [...opts.tasks];
  const count = Math.min(opts.workers, queue.length);
  const workers: Worker[] = [];
  let pending = queue.length;
  let settled = false;
  return new Promise((resolve, reject) => {
    const finish = (err: unknown, aborted = false) => {
      if (settled) return;
      settled = true;
      opts.signal?.removeEventListener('abort', onAbort);
      void Promise.all(workers.map((w) => w.terminate())).then(() => (err ? reject(err) : resolve({ aborted })));
    };
    const onAbort = () => finish(undefined, true);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const dispatch = (w: Worker) => {
      const task = queue.shift();
      if (task) w.postMessage(task);
    };
    for (let i = 0; i < count; i++) {
      // execArgv []: the boot file registers tsx itself; inherited flags (e.g. --input-type) can break a worker.
      const w = new Worker(BOOT, { execArgv: [], workerData: { problemId: opts.problemId, entry: ENTRY } });
      workers.push(w);
      w.on('error', (err) => finish(err));
      w.on('exit', (code) => finish(new Error(`dataset worker exited early (code ${code})`)));
      w.on('message', (m: WorkerMessage) => {
        if (settled) return;
        if (m.type === 'ready') return dispatch(w);
        try {
          if (m.type === 'result') {
            const { type: _t, index, ...result } = m;
            opts.onOutcome({ index, result });
          } else {
            opts.onOutcome({ index: m.index, error: { name: m.name, message: m.message, iteration: m.iteration } });
          }
        } catch (err) {
          return finish(err);
        }
        if (--pending === 0) return finish(undefined);
        dispatch(w);
      });
    }
  });
}
