/**
 * Dataset worker thread: loads the problem once, then answers each task message
 * {index, config} with {type: 'result', index, ...RowResult} (the design buffer transferred) or
 * {type: 'error', index, name, message, iteration}.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ConfigValues } from '../constraint.ts';
import { getProblem } from '../registry.ts';
import { optimizeRow } from './optimizeRow.ts';
import { taskError } from './taskError.ts';

export interface WorkerTask {
  index: number;
  config: ConfigValues;
}

const port = parentPort;
if (!port) throw new Error('dataset worker.ts must run in a worker thread');
const problem = await getProblem((workerData as { problemId: string }).problemId);

port.on('message', (task: WorkerTask) => {
  try {
    const r = optimizeRow(problem, task.config);
    port.postMessage({ type: 'result', index: task.index, ...r }, [r.data.buffer as ArrayBuffer]);
  } catch (err) {
    port.postMessage({ type: 'error', index: task.index, ...taskError(err) });
  }
});
port.postMessage({ type: 'ready' });
