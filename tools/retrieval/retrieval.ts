/**
 * The retrieval engine as one object: index files, search (BM25, or hybrid with an embedding
 * model), list collections and documents, forget. Used by the CLI (`engiai index|search|
 * collections|forget`), the RAG and arXiv specialists' tools and the web server's Documents API.
 * `Retrieval.open(config)` opens ENGIAI_HOME/retrieval/index.sqlite with the configured embedder;
 * mode `empty` opens an empty in-memory index instead (the benchmark's "tools over an empty
 * index" condition). Engines opened from the settings extract and chunk files on a worker thread
 * (extract/extractionThread.ts), within the limits of extract/limits.ts.
 */
import { realpathSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { EngiConfig } from '../../config/schema.ts';
import { InputError, NotFoundError } from '../errors.ts';
import { DEFAULT_CHUNKING, type ChunkOptions } from './chunker.ts';
import { resolveEmbedder, type Embedder } from './embeddings/embedder.ts';
import { queryTerms } from './ftsQuery.ts';
import { ExtractionThread } from './extract/extractionThread.ts';
import { DEFAULT_EXTRACT_LIMITS, type ExtractLimits } from './extract/limits.ts';
import { prepareDocument } from './extract/prepareDocument.ts';
import { embedAll, runIndex, type IndexProgress, type IndexReport } from './indexer.ts';
import { CANDIDATE_DEPTH, fuse, hitsOf, rankLexical } from './search.ts';
import { quantisable, RetrievalStore, type StoredDocument } from './store.ts';
import type { CollectionInfo, SearchHit } from './types.ts';
import { isInside } from './walk.ts';

export interface RetrievalOptions {
  /** The SQLite file, or ':memory:'. */
  path: string;
  embedder: Embedder | null;
  chunking?: ChunkOptions;
  maxFileBytes?: number;
  defaultCollection?: string;
  /** Extract and chunk files on a worker thread (ExtractionThread), keeping this thread's event loop free. */
  offThread?: boolean;
  extractLimits?: ExtractLimits;
}

export interface SearchOptions {
  k?: number;
  collection?: string;
}

export const DEFAULT_MAX_FILE_BYTES = 50 * 1024 * 1024;
const COLLECTION = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

const realOr = (p: string) => {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
};

export const indexPath = (home: string) => join(home, 'retrieval', 'index.sqlite');

export function checkCollection(name: string): string {
  if (!COLLECTION.test(name)) throw new InputError(`collection "${name}" must be 1-64 letters, digits, "_", "." or "-" (starting with a letter or digit)`, { field: 'collection' });
  return name;
}

const SHARED = new Map<string, Retrieval>();

export class Retrieval {
  readonly store: RetrievalStore;
  readonly embedder: Embedder | null;
  readonly defaultCollection: string;
  private readonly chunking: ChunkOptions;
  readonly maxFileBytes: number;
  private readonly offThread: boolean;
  private readonly extractLimits: ExtractLimits;
  private matched = false;
  /** Every chunk has a vector of the current model (checked once, kept true by index()). */
  private complete = false;

  constructor(opts: RetrievalOptions) {
    this.store = new RetrievalStore(opts.path);
    this.embedder = opts.embedder;
    this.chunking = opts.chunking ?? DEFAULT_CHUNKING;
    this.maxFileBytes = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    this.defaultCollection = opts.defaultCollection ?? 'default';
    this.offThread = opts.offThread ?? false;
    this.extractLimits = opts.extractLimits ?? DEFAULT_EXTRACT_LIMITS;
  }

  /** The index the settings describe (retrieval.mode `empty`: a fresh in-memory one). */
  static open(config: EngiConfig, opts: { memory?: boolean } = {}): Retrieval {
    const r = config.retrieval;
    return new Retrieval({
      path: opts.memory || r.mode === 'empty' ? ':memory:' : indexPath(config.home),
      embedder: resolveEmbedder(r.embeddings, config),
      chunking: { targetChars: r.chunkChars, maxChars: Math.max(r.chunkChars * 2, r.chunkChars + 400) },
      maxFileBytes: r.maxFileBytes,
      defaultCollection: r.collection,
      offThread: true,
    });
  }

  /**
   * One engine per index and embedding model in this process, shared by the specialists and the
   * web server (in mode `empty`, they share one in-memory index). Never closed before exit.
   */
  static shared(config: EngiConfig): Retrieval {
    const key = `${config.home}\0${config.retrieval.mode}\0${config.retrieval.embeddings}`;
    let r = SHARED.get(key);
    if (!r || !r.store.db.open) SHARED.set(key, (r = Retrieval.open(config)));
    return r;
  }

  close(): void {
    this.store.close();
  }

  /**
   * Makes the store's vectors belong to the configured embedder: a different (or new) model drops
   * the old vectors and embeds every chunk again, reporting progress. Idempotent.
   */
  async syncVectors(onProgress?: (p: IndexProgress) => void): Promise<number> {
    const e = this.embedder;
    if (!e) return 0;
    if (!this.matched) {
      const cur = this.store.embeddingModel();
      if (cur?.id !== e.id) {
        const [probe] = await e.embed(['dimension probe'], 'document');
        this.store.setEmbeddingModel(e.id, probe.length, quantisable(probe));
      }
      this.matched = true;
    }
    if (this.complete) return 0;
    const total = this.store.countWithoutVectors();
    let done = 0;
    while (done < total) {
      const batch = this.store.chunksWithoutVectors(Math.max(e.batchSize, 64));
      if (!batch.length) break;
      const vectors = await embedAll(e, batch.map((b) => b.text));
      this.store.putVectors(batch.map((b, i) => ({ id: b.id, collection: b.collection, vector: vectors[i] })));
      done += batch.length;
      onProgress?.({ done: Math.min(done, total), total, path: '', phase: 'embedding' });
    }
    this.complete = true;
    return total;
  }

  async index(roots: string[], opts: { collection?: string; allowed?: string[]; prune?: boolean; titleFor?: (path: string) => string | undefined; onProgress?: (p: IndexProgress) => void } = {}): Promise<IndexReport & { embedded: number }> {
    if (!roots.length) throw new InputError('give at least one file or folder to index', { field: 'paths' });
    const collection = checkCollection(opts.collection ?? this.defaultCollection);
    const embedded = await this.syncVectors(opts.onProgress);
    this.complete = false;
    const thread = this.offThread ? new ExtractionThread(this.chunking, this.extractLimits) : null;
    const prepare = thread ? thread.prepare.bind(thread) : (bytes: Uint8Array, path: string) => prepareDocument(bytes, path, this.chunking, this.extractLimits);
    const report = await runIndex(roots, { store: this.store, embedder: this.embedder, prepare }, { collection, allowed: opts.allowed, maxFileBytes: this.maxFileBytes, chunking: this.chunking, prune: opts.prune, titleFor: opts.titleFor, onProgress: opts.onProgress }).finally(() => thread?.close());
    // chunks a killed run left without vectors, or a run stopped by an embedding error
    const filled = await this.syncVectors(opts.onProgress);
    return { ...report, embedded: embedded + filled };
  }

  async search(query: string, opts: SearchOptions = {}): Promise<SearchHit[]> {
    const k = opts.k ?? 5;
    if (!Number.isInteger(k) || k < 1 || k > 100) throw new InputError(`k must be an integer 1..100, got ${k}`, { field: 'k' });
    if (opts.collection) checkCollection(opts.collection);
    const terms = queryTerms(query);
    if (!terms.length) throw new InputError('the query has no words to search for', { field: 'query', hint: 'ask with words, e.g. "volume fraction of the beam"' });
    const bm25 = rankLexical(this.store, terms, opts.collection);
    let vector: { id: number; distance: number }[] = [];
    if (this.embedder) {
      await this.syncVectors();
      const [q] = await this.embedder.embed([query], 'query');
      vector = this.store.searchVector(q, CANDIDATE_DEPTH, opts.collection);
    }
    return hitsOf(this.store, fuse({ bm25, vector }, k));
  }

  collections(): CollectionInfo[] {
    return this.store.collections();
  }

  documents(collection?: string): StoredDocument[] {
    return this.store.listDocuments(collection);
  }

  document(id: string): { document: StoredDocument; chunks: { page: number; section: string; text: string }[] } {
    const document = this.store.getDocument(id);
    if (!document) throw new NotFoundError(`no indexed document with id ${id}`, { hint: 'list them with engiai collections or list_documents' });
    return { document, chunks: this.store.documentChunks(id) };
  }

  /** Removes the documents at (or under) the paths, or a whole collection. Returns what was removed. */
  forget(target: { paths?: string[]; collection?: string }): StoredDocument[] {
    const docs = this.store.listDocuments(target.collection ? checkCollection(target.collection) : undefined);
    const paths = (target.paths ?? []).flatMap((p) => [p, resolve(p), realOr(p)]);
    const gone = paths.length ? docs.filter((d) => paths.some((p) => d.source === p || (isAbsolute(p) && isAbsolute(d.source) && isInside(p, d.source)))) : target.collection ? docs : [];
    this.store.removeDocuments(gone.map((d) => d.id));
    return gone;
  }
}
