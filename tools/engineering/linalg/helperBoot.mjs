// Factorization helper thread entry. On Node 20 a worker started on a .ts file does not get tsx's
// hooks, so the thread starts here and registers tsx itself. tsx's CommonJS hooks run in this
// thread (its ESM hooks would start one more loader thread): about half the start-up CPU.
import { createRequire } from 'node:module';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/cjs/api';

register();
createRequire(import.meta.url)(workerData.entry);
