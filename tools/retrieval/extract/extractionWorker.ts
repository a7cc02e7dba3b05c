/**
 * Worker-thread entry of ExtractionThread (extractionThread.ts): answers each message
 * {id, bytes, path, chunking, limits} with {id, ok: true, doc} (prepareDocument's result) or
 * {id, ok: false, name, message, hint, field, limit}. Once its modules are loaded it posts {ready: true},
 * so the parent's per-file time limit counts reading, not the thread's start.
 */
import { parentPort } from 'node:worker_threads';
import type { ChunkOptions } from '../chunker.ts';
import type { ExtractLimits } from './limits.ts';
import { prepareDocument } from './prepareDocument.ts';

export interface ExtractionJob {
  id: number;
  bytes: Uint8Array;
  path: string;
  chunking: ChunkOptions;
  limits: ExtractLimits;
}

const port = parentPort;
if (!port) throw new Error('extractionWorker.ts must run in a worker thread');

port.on('message', (job: ExtractionJob) => {
  prepareDocument(job.bytes, job.path, job.chunking, job.limits).then(
    (doc) => port.postMessage({ id: job.id, ok: true, doc }),
    (err: unknown) => {
      const e = err instanceof Error ? err : new Error(String(err));
      const { hint, field, limit } = e as { hint?: string; field?: string; limit?: string };
      port.postMessage({ id: job.id, ok: false, name: e.name, message: e.message, hint, field, limit });
    },
  );
});
port.postMessage({ ready: true });
