/**
 * Worker-thread entry of optimizeInThread (optimizeThread.ts): resolves the problem, runs one
 * optimization and streams it to the parent as messages {type: 'step', event} per recorded step,
 * then {type: 'done', history, iterations, objectives, warnings, shape, data} (the objectives of
 * the returned design, simulated here; the design's buffer transferred) or
 * {type: 'error', name, message, hint, field, iteration}.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import type { ConfigValues } from './constraint.ts';
import type { Design } from './problem.ts';
import { getProblem } from './registry.ts';

export interface OptimizeJob {
  problemId: string;
  config: ConfigValues;
  start?: Design;
  /** 'full': the steps also carry EngiBench's OptiStep arrays (structured-cloned back to the parent). */
  history?: 'objectives' | 'full';
}

const port = parentPort;
if (!port) throw new Error('optimizeWorker.ts must run in a worker thread');
const job = workerData as OptimizeJob & { entry: string };

try {
  const problem = await getProblem(job.problemId);
  const steps = problem.optimizeSteps(job.config, { startingPoint: job.start, history: job.history });
  for (;;) {
    const next = steps.next();
    if (next.done) {
      const { design, history, iterations, warnings } = next.value;
      const objectives = problem.simulate(design, job.config);
      port.postMessage({ type: 'done', history, iterations, objectives, warnings, shape: design.shape, data: design.data, threadId }, [design.data.buffer as ArrayBuffer]);
      break;
    }
    port.postMessage({ type: 'step', event: next.value });
  }
} catch (err) {
  const e = err instanceof Error ? err : new Error(String(err));
  const { hint, field, iteration } = e as { hint?: string; field?: string; iteration?: number };
  port.postMessage({ type: 'error', name: e.name, message: e.message, hint, field, iteration });
}
