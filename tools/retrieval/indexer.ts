/**
 * An indexing run: list the files under the roots, then for each file decide — unchanged (same
 * size and time, or same content hash), a duplicate of another document's content in the
 * collection, or new/changed — and index it (extract → chunk → embed → one transaction). A file
 * that cannot be read is reported with its reason and the batch goes on. Documents under a folder
 * root whose files are gone are removed. Progress is reported per file.
 */
import { createHash } from 'node:crypto';
import { EngiError, InputError } from '../errors.ts';
import type { ChunkOptions } from './chunker.ts';
import type { Embedder } from './embeddings/embedder.ts';
import { prepareDocument, type Prepare } from './extract/prepareDocument.ts';
import type { RetrievalStore } from './store.ts';
import type { FileReport } from './types.ts';
import { isInside, listFiles, readCandidate, statFile, tooLarge, type Candidate } from './walk.ts';

export interface IndexProgress {
  /** Files finished so far, of `total`. */
  done: number;
  total: number;
  path: string;
  status?: FileReport['status'];
  phase: 'file' | 'embedding';
}

export interface IndexRunOptions {
  collection: string;
  /** Folders the roots must lie in (agents, web); the CLI passes none. */
  allowed?: string[];
  maxFileBytes: number;
  chunking: ChunkOptions;
  /** A title for a file instead of the one found in it (fetched papers carry their catalogue title). */
  titleFor?: (path: string) => string | undefined;
  /** Remove documents under a folder root whose files are gone (default true). */
  prune?: boolean;
  onProgress?: (p: IndexProgress) => void;
}

export interface IndexReport {
  collection: string;
  files: FileReport[];
  counts: Record<FileReport['status'], number>;
  pages: number;
  chunks: number;
  durationMs: number;
}

export interface IndexDeps {
  store: RetrievalStore;
  /** The embedder, already matched to the store (see Retrieval.vectorSpace). */
  embedder: Embedder | null;
  /** Extraction and chunking of one file (default: prepareDocument on this thread; the web server's engine uses an ExtractionThread). */
  prepare?: Prepare;
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

export async function embedAll(embedder: Embedder, texts: string[]): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += embedder.batchSize) out.push(...(await embedder.embed(texts.slice(i, i + embedder.batchSize), 'document')));
  return out;
}

async function indexOne(c: Candidate, deps: IndexDeps, opts: IndexRunOptions): Promise<FileReport> {
  const { store, embedder } = deps;
  const { size, mtimeMs } = await statFile(c);
  if (size > opts.maxFileBytes) throw tooLarge(c.path, size, opts.maxFileBytes);
  const existing = store.findDocument(opts.collection, c.path);
  if (existing && existing.bytes === size && existing.mtimeMs === mtimeMs) return { path: c.path, status: 'unchanged', docId: existing.id };
  const file = await readCandidate(c, opts.maxFileBytes);
  const contentHash = sha256(file.bytes);
  if (existing && existing.contentHash === contentHash) return { path: c.path, status: 'unchanged', docId: existing.id };
  const twin = store.findByHash(opts.collection, contentHash);
  if (twin && twin.source !== c.path) return { path: c.path, status: 'duplicate', reason: `same content as ${twin.source}`, docId: twin.id };
  const doc = await (deps.prepare ?? ((b, p) => prepareDocument(b, p, opts.chunking)))(file.bytes, c.path);
  doc.title = opts.titleFor?.(c.path) ?? doc.title;
  const chunks = doc.chunks;
  const vectors = embedder ? await embedAll(embedder, chunks.map((ch) => `${doc.title}\n${ch.section}\n${ch.text}`)) : undefined;
  const docId = store.replaceDocument(
    { collection: opts.collection, source: c.path, title: doc.title, kind: doc.kind, contentHash, bytes: file.size, mtimeMs: file.mtimeMs, pages: doc.pages },
    chunks,
    vectors,
  );
  return { path: c.path, status: existing ? 'updated' : 'indexed', docId, pages: doc.pages, chunks: chunks.length };
}

function failure(path: string, err: unknown): FileReport {
  if (err instanceof EngiError) return { path, status: 'failed', reason: err.hint ? `${err.message} (${err.hint})` : err.message };
  const code = (err as NodeJS.ErrnoException)?.code;
  return { path, status: 'failed', reason: code ? `${code}: ${(err as Error).message}` : String((err as Error)?.message ?? err) };
}

export async function runIndex(roots: string[], deps: IndexDeps, opts: IndexRunOptions): Promise<IndexReport> {
  const t0 = performance.now();
  const listing = await listFiles(roots, opts.allowed);
  const files: FileReport[] = [...listing.skipped];
  const total = listing.files.length;
  let done = 0;
  for (const c of listing.files) {
    opts.onProgress?.({ done, total, path: c.path, phase: 'file' });
    let report: FileReport;
    try {
      report = await indexOne(c, deps, opts);
    } catch (err) {
      // an embedding backend that fails is not the file's fault: stop the run with its error
      if (err instanceof EngiError && !(err instanceof InputError)) throw err;
      report = failure(c.path, err);
    }
    files.push(report);
    done++;
    opts.onProgress?.({ done, total, path: c.path, status: report.status, phase: 'file' });
  }
  if (opts.prune !== false && listing.folders.length) {
    const seen = new Set(listing.files.map((f) => f.path));
    const gone = deps.store.listDocuments(opts.collection).filter((d) => listing.folders.some((f) => isInside(f, d.source)) && !seen.has(d.source));
    deps.store.removeDocuments(gone.map((d) => d.id));
    for (const d of gone) files.push({ path: d.source, status: 'removed', reason: 'the file is gone', docId: d.id });
  }
  const counts = { indexed: 0, updated: 0, unchanged: 0, duplicate: 0, skipped: 0, failed: 0, removed: 0 };
  for (const f of files) counts[f.status]++;
  const fresh = files.filter((f) => f.status === 'indexed' || f.status === 'updated');
  return {
    collection: opts.collection,
    files,
    counts,
    pages: fresh.reduce((s, f) => s + (f.pages ?? 0), 0),
    chunks: fresh.reduce((s, f) => s + (f.chunks ?? 0), 0),
    durationMs: performance.now() - t0,
  };
}
