// Worker-thread entry: on Node 20 a worker started on a .ts file does not get tsx's hooks (not even
// with execArgv ['--import', 'tsx']), so it starts here, registers tsx in this thread, then loads
// the TypeScript entry named in workerData.entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
