// Worker-thread entry for the engines' threads (dataset pool, factorization helper, optimizations
// run off the main thread). On Node 20 a worker started on a .ts file gets no TypeScript loader,
// so it starts here and loads the entry named in workerData.entry (a path or file URL) the way
// the engiai command loads its code: from the launcher's cached bundle (tools/launch.js; tsx if no
// bundle can be built), which starts in a fraction of the time a TypeScript loader needs.
import { workerData } from 'node:worker_threads';
import { launch } from '../launch.js';

await launch(workerData.entry);
