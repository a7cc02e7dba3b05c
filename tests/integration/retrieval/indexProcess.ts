/**
 * Indexes a folder in its own process (for the SIGKILL test), with a fake embedding backend that
 * takes a few milliseconds per call like a network service; prints "done N" after each file.
 */
import { Retrieval } from '../../../tools/retrieval/index.ts';
import { fakeEmbedder } from '../../../tools/retrieval/index.ts';

const [dbPath, folder] = process.argv.slice(2);
const base = fakeEmbedder(32);
const slow = { ...base, embed: async (t: string[], k: 'document' | 'query') => (await new Promise((r) => setTimeout(r, 8)), base.embed(t, k)) };
const r = new Retrieval({ path: dbPath, embedder: slow });
const report = await r.index([folder], { onProgress: (p) => p.status && process.stdout.write(`done ${p.done}\n`) });
process.stdout.write(`finished ${JSON.stringify(report.counts)}\n`);
r.close();
