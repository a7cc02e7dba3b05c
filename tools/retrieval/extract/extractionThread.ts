/**
 * Document extraction and chunking on a worker thread, so the caller's event loop (the web
 * server's, with health checks and other sessions on it) stays free while a large upload is read.
 * One thread serves an indexing run's files in turn. The limits hold here in full: a file that
 * takes longer than `timeoutMs` has its thread terminated (a new one serves the next file), and
 * the thread's heap is capped at `maxMemoryMb`; either is an ExtractLimitError naming the limit.
 * The thread's errors keep their class (InputError, ExtractLimitError) and message.
 */
import { Worker } from 'node:worker_threads';
import { InfraError, InputError } from '../../errors.ts';
import type { ChunkOptions } from '../chunker.ts';
import type { ExtractionJob } from './extractionWorker.ts';
import { ExtractLimitError, type ExtractLimit, type ExtractLimits } from './limits.ts';
import type { PreparedDocument } from './prepareDocument.ts';

const BOOT = new URL('../../engineering/workerBoot.mjs', import.meta.url);
const ENTRY = new URL('./extractionWorker.ts', import.meta.url).href;

/** How long a new thread may take to load its modules (a busy machine) before it counts as failed to start. */
const BOOT_TIMEOUT_MS = 60_000;

type Reply = { ready: true } | { id: number; ok: true; doc: PreparedDocument } | { id: number; ok: false; name: string; message: string; hint?: string; field?: string; limit?: ExtractLimit };

function rebuild(r: Extract<Reply, { ok: false }>): Error {
  if (r.name === 'ExtractLimitError' && r.limit) return new ExtractLimitError(r.message, r.limit, { hint: r.hint });
  if (r.name === 'InputError') return new InputError(r.message, { field: r.field, hint: r.hint });
  const e = new Error(r.message);
  e.name = r.name;
  return e;
}

export class ExtractionThread {
  private worker: Worker | null = null;
  /** Resolves when the current thread has loaded its modules (its `{ready: true}` message). */
  private ready: Promise<void> = Promise.resolve();
  private markReady: () => void = () => undefined;
  private nextId = 1;
  private pending: { id: number; resolve: (d: PreparedDocument) => void; reject: (e: Error) => void } | null = null;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly chunking: ChunkOptions,
    private readonly limits: ExtractLimits,
  ) {}

  private start(): Worker {
    const w = new Worker(BOOT, { execArgv: [], workerData: { entry: ENTRY }, resourceLimits: { maxOldGenerationSizeMb: this.limits.maxMemoryMb } });
    this.ready = new Promise((resolve) => (this.markReady = resolve));
    w.on('message', (r: Reply) => {
      if ('ready' in r) return this.markReady();
      const p = this.pending;
      if (!p || p.id !== r.id) return;
      this.pending = null;
      if (r.ok) p.resolve(r.doc);
      else p.reject(rebuild(r));
    });
    w.on('error', (err: Error & { code?: string }) => this.worker === w && this.fail(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ExtractLimitError(`reading the document needed more than ${this.limits.maxMemoryMb} MB of memory`, 'memory', { hint: 'split it into smaller files' }) : new InfraError(`the extraction thread failed: ${err.message}`, { cause: err })));
    w.on('exit', (code) => this.worker === w && this.fail(new InfraError(`the extraction thread exited (code ${code})`)));
    return w;
  }

  private fail(err: Error): void {
    this.worker = null;
    const p = this.pending;
    this.pending = null;
    p?.reject(err);
  }

  /** Extracts and chunks one file on the thread (files are served one at a time, in call order). */
  prepare(bytes: Uint8Array, path: string): Promise<PreparedDocument> {
    const run = this.chain.then(() => this.run(bytes, path));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async run(bytes: Uint8Array, path: string): Promise<PreparedDocument> {
    let w: Worker;
    try {
      w = this.worker ??= this.start();
    } catch (err) {
      throw new InfraError(`cannot start an extraction thread: ${(err as Error).message}`, { cause: err, retryable: true });
    }
    await this.booted(w);
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => {
        if (this.pending?.id !== id) return;
        const name = path.split('/').pop();
        this.pending = null;
        this.worker = null;
        void w.terminate();
        reject(new ExtractLimitError(`${name} took longer than ${this.limits.timeoutMs / 1000} s to read`, 'time', { hint: 'split the document into smaller files' }));
      }, this.limits.timeoutMs);
      this.pending = {
        id,
        resolve: (d) => (clearTimeout(timer), resolve(d)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      };
      const job: ExtractionJob = { id, bytes, path, chunking: this.chunking, limits: this.limits };
      w.postMessage(job);
    });
  }

  /** Waits until thread w has loaded its modules; a thread that exits or takes too long is an InfraError. */
  private booted(w: Worker): Promise<void> {
    return new Promise((resolve, reject) => {
      const done = (err?: Error) => {
        clearTimeout(timer);
        w.off('exit', exited);
        if (!err) return resolve();
        if (this.worker === w) this.worker = null;
        void w.terminate();
        reject(err);
      };
      const exited = (code: number) => done(new InfraError(`the extraction thread exited while starting (code ${code})`, { retryable: true }));
      const timer = setTimeout(() => done(new InfraError(`the extraction thread did not start within ${BOOT_TIMEOUT_MS / 1000} s`, { retryable: true })), BOOT_TIMEOUT_MS);
      w.once('exit', exited);
      this.ready.then(() => done());
    });
  }

  /** Stops the thread (waiting for nothing: a file being read is abandoned). */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) {
      w.removeAllListeners('exit');
      await w.terminate();
    }
  }
}
