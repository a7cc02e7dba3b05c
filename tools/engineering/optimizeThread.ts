/**
 * Runs an optimization on a worker thread, so the caller's event loop (the web server's, with
 * other sessions' streams on it) stays free while the engine computes: steps arrive as they are
 * recorded, the design comes back as a transferred buffer, and the engine's errors keep their
 * class (InputError, NumericError, …) and fields. A thread that cannot start or dies is an
 * InfraError; callers that prefer the calling thread keep using problem.optimizeSteps.
 * At most one optimization per core runs at a time (each thread holds its own engine memory);
 * later calls wait their turn in call order.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { CancelledError, ConfigError, EngiError, InfraError, InputError, ModelBehaviorError, NotFoundError, NumericError, reasonOf, throwIfCancelled } from '../errors.ts';
import type { ConfigValues, Violation } from './constraint.ts';
import type { OptimizeJob } from './optimizeWorker.ts';
import type { Design, OptimizeResult, OptiStep, StepEvent } from './problem.ts';

const BOOT = new URL('./workerBoot.mjs', import.meta.url);
const ENTRY = new URL('./optimizeWorker.ts', import.meta.url).href;

type Message =
  | { type: 'step'; event: StepEvent }
  | { type: 'done'; history: OptiStep[]; iterations: number; objectives: number[]; warnings?: Violation[]; shape: [number, number]; data: Float64Array; threadId: number }
  | { type: 'error'; name: string; message: string; hint?: string; field?: string; iteration?: number };

/** The engine's error again, with its class and fields, from the worker's plain-data report. */
function rebuild(m: Extract<Message, { type: 'error' }>): Error {
  const o = { hint: m.hint };
  switch (m.name) {
    case 'InputError':
      return new InputError(m.message, { ...o, field: m.field });
    case 'NumericError':
      return new NumericError(m.message, { ...o, iteration: m.iteration });
    case 'NotFoundError':
      return new NotFoundError(m.message, o);
    case 'ConfigError':
      return new ConfigError(m.message, o);
    case 'ModelBehaviorError':
      return new ModelBehaviorError(m.message, o);
    case 'CancelledError':
      return new CancelledError(m.message, o);
    default: {
      const e = new Error(m.message);
      e.name = m.name;
      return e;
    }
  }
}

/** Slots for concurrent optimization threads, and the calls waiting for one. */
const slots = { free: Math.max(1, availableParallelism()), waiting: [] as Array<() => void> };

async function acquire(signal?: AbortSignal): Promise<void> {
  throwIfCancelled(signal);
  if (slots.free > 0) {
    slots.free--;
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const take = () => {
      signal?.removeEventListener('abort', leave);
      resolve();
    };
    const leave = () => {
      slots.waiting.splice(slots.waiting.indexOf(take), 1);
      reject(new CancelledError(`cancelled while waiting for an optimization thread: ${reasonOf(signal!)}`));
    };
    slots.waiting.push(take);
    signal?.addEventListener('abort', leave, { once: true });
  });
}

function release(): void {
  const next = slots.waiting.shift();
  if (next) next();
  else slots.free++;
}

/** Optimization threads running now and calls waiting for one (diagnostics, tests). */
export function optimizationThreads(): { running: number; waiting: number } {
  return { running: Math.max(1, availableParallelism()) - slots.free, waiting: slots.waiting.length };
}

export interface ThreadedResult extends OptimizeResult {
  /** The objectives of the returned design (problem.simulate), computed on the worker too. */
  objectives: number[];
  /** The worker thread that computed it. */
  threadId: number;
}

/** problem.optimizeSteps(config, {startingPoint: start}) to completion and the result simulated, on a worker thread. */
export async function optimizeInThread(problemId: string, config: ConfigValues, start: Design | undefined, onStep: (e: StepEvent) => void, signal?: AbortSignal, history?: 'objectives' | 'full'): Promise<ThreadedResult> {
  await acquire(signal);
  try {
    return await runInThread(problemId, config, start, onStep, signal, history);
  } finally {
    release();
  }
}

/** A cancelled signal terminates the thread at once (the engine's memory goes with it). */
function runInThread(problemId: string, config: ConfigValues, start: Design | undefined, onStep: (e: StepEvent) => void, signal?: AbortSignal, history?: 'objectives' | 'full'): Promise<ThreadedResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CancelledError(`cancelled: ${reasonOf(signal)}`));
    const job: OptimizeJob & { entry: string } = { problemId, config, start, history, entry: ENTRY };
    let worker: Worker;
    try {
      worker = new Worker(BOOT, { execArgv: [], workerData: job });
    } catch (err) {
      reject(new InfraError(`cannot start an optimization thread: ${err instanceof Error ? err.message : String(err)}`, { cause: err, retryable: true }));
      return;
    }
    let settled = false;
    const cancel = () => finish(() => reject(new CancelledError(`optimization cancelled: ${reasonOf(signal!)}`)));
    const finish = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', cancel);
      fn();
      void worker.terminate();
    };
    signal?.addEventListener('abort', cancel, { once: true });
    worker.on('message', (m: Message) => {
      if (m.type === 'step') {
        try {
          onStep(m.event);
        } catch (err) {
          finish(() => reject(err));
        }
      } else if (m.type === 'done') {
        finish(() => resolve({ design: { shape: m.shape, data: m.data }, history: m.history, iterations: m.iterations, objectives: m.objectives, warnings: m.warnings, threadId: m.threadId }));
      } else {
        finish(() => reject(rebuild(m)));
      }
    });
    worker.on('error', (err) => finish(() => reject(err instanceof EngiError ? err : new InfraError(`optimization thread failed: ${err.message}`, { cause: err }))));
    worker.on('exit', (code) => finish(() => reject(new InfraError(`optimization thread exited (code ${code}) before finishing`))));
  });
}
