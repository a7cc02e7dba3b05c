// Factorization helper thread entry: on Node 20 a worker started on a .ts file does not get tsx's
// hooks, so the thread starts here, registers tsx itself, then loads the entry in workerData.entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
