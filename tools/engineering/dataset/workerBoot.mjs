// Worker-thread entry: on Node 20 a worker started on a .ts file gets no TypeScript loader, so it
// starts here and loads the entry named in workerData.entry the way the engiai command loads its
// code: from the launcher's cached bundle (cli/launch.js; tsx if no bundle can be built).
import { workerData } from 'node:worker_threads';
import { launch } from '../../../cli/launch.js';

await launch(workerData.entry);
