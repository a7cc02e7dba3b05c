/**
 * The document index: one SQLite file (better-sqlite3, WAL) holding documents, their chunks, an
 * FTS5 index of the chunks (BM25, Porter stemming) and — when an embedding model is set — a
 * sqlite-vec `vec0` table of the chunks' vectors, partitioned by collection. The vectors all
 * belong to the model recorded in `meta`; setting another model drops them (they are re-embedded,
 * never mixed). For a dense model (its vectors have almost no zero components) whose dimension
 * divides by 8, the store also keeps each vector's signs in a `bit[dim]` table and the floats in a
 * plain rowid table: past EXACT_SCAN_MAX vectors a search scans the bits by Hamming distance for
 * RESCORE_FACTOR × k candidates (at least RESCORE_MIN) and ranks those by exact cosine distance.
 * Sparse vectors (the fake embedding's) lose too much in their signs and are always scanned exactly. A document is replaced in one transaction (row, chunks, FTS rows, vectors), so a
 * process killed mid-indexing leaves every document either as it was or fully replaced.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { getLoadablePath } from 'sqlite-vec';
import { ConfigError } from '../errors.ts';
import type { Chunk, CollectionInfo, DocumentInfo, DocumentKind } from './types.ts';

type DB = Database.Database;

export interface NewDocument {
  collection: string;
  source: string;
  title: string;
  kind: DocumentKind;
  contentHash: string;
  bytes: number;
  mtimeMs: number;
  pages: number;
}

export interface StoredDocument extends DocumentInfo {
  rowid: number;
  mtimeMs: number;
}

export interface ChunkRow {
  id: number;
  docId: string;
  collection: string;
  title: string;
  source: string;
  page: number;
  section: string;
  text: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents (
  id INTEGER PRIMARY KEY,
  doc_key TEXT NOT NULL UNIQUE,
  collection TEXT NOT NULL,
  source TEXT NOT NULL,
  title TEXT NOT NULL,
  kind TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  pages INTEGER NOT NULL,
  chunks INTEGER NOT NULL,
  indexed_at TEXT NOT NULL,
  UNIQUE (collection, source)
);
CREATE INDEX IF NOT EXISTS documents_hash ON documents (collection, content_hash);
CREATE TABLE IF NOT EXISTS chunks (
  id INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  ord INTEGER NOT NULL,
  page INTEGER NOT NULL,
  section TEXT NOT NULL,
  text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chunks_document ON chunks (document_id);
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5 (text, section, title, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_vocab USING fts5vocab (chunks_fts, 'row');
`;

/** The stable short id of a document: the same collection and source always give the same id. */
export const docKey = (collection: string, source: string) => createHash('sha256').update(`${collection}\0${source}`).digest('hex').slice(0, 16);

const toBlob = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

/** Up to this many vectors a search scans the float vectors exactly. */
export const EXACT_SCAN_MAX = 4000;
const RESCORE_FACTOR = 8;
const RESCORE_MIN = 200;

/** Whether vectors like this one keep their neighbours in their signs: dense (≥ 90 % non-zero components) and a dimension divisible by 8. */
export const quantisable = (v: Float32Array) => v.length % 8 === 0 && v.filter((x) => x !== 0).length >= 0.9 * v.length;

export class RetrievalStore {
  readonly db: DB;
  private vecLoaded = false;
  private readonly statements = new Map<string, Database.Statement>();
  /** Chunks per query word (document frequency), cleared whenever chunks change. */
  private readonly df = new Map<string, number>();
  private chunkTotal: number | null = null;
  private vectorTotal: number | null = null;
  private quantisedCache: boolean | null = null;

  /** A prepared statement, compiled once per SQL text (dropped when the schema changes). */
  private sql(text: string): Database.Statement {
    let s = this.statements.get(text);
    if (!s) this.statements.set(text, (s = this.db.prepare(text)));
    return s;
  }

  constructor(readonly path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    if (this.meta('embedding_model')) this.loadVec();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private meta(key: string): string | null {
    return (this.sql('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null;
  }

  private loadVec(): void {
    if (this.vecLoaded) return;
    try {
      // sqlite-vec ships its loadable extension for this platform as an npm optional dependency
      this.db.loadExtension(getLoadablePath());
      this.vecLoaded = true;
    } catch (err) {
      throw new ConfigError(`sqlite-vec could not be loaded for vector search: ${(err as Error).message}`, { cause: err, hint: 'reinstall dependencies (npm ci), or set retrieval.embeddings: none for BM25 only' });
    }
  }

  /** The model whose vectors the store holds, with their dimension, or null. */
  embeddingModel(): { id: string; dim: number } | null {
    const id = this.meta('embedding_model');
    return id ? { id, dim: Number(this.meta('embedding_dim')) } : null;
  }

  /** Whether the store keeps sign bits and a float table for quantised search (see the header). */
  quantised(): boolean {
    return (this.quantisedCache ??= this.meta('embedding_quantised') === '1');
  }

  /**
   * Sets the vector space; a different model or dimension drops every stored vector. `quantise`
   * (a dense model, see quantisable) adds the sign-bit and float tables. Returns true when vectors
   * were dropped.
   */
  setEmbeddingModel(id: string, dim: number, quantise = false): boolean {
    const cur = this.embeddingModel();
    if (cur && cur.id === id && cur.dim === dim) return false;
    this.loadVec();
    const q = quantise && dim % 8 === 0;
    this.db.transaction(() => {
      for (const t of ['vec_chunks', 'vec_chunk_bits', 'vec_chunk_floats']) this.db.exec(`DROP TABLE IF EXISTS ${t}`);
      this.db.exec(`CREATE VIRTUAL TABLE vec_chunks USING vec0 (chunk_id INTEGER PRIMARY KEY, collection TEXT PARTITION KEY, embedding FLOAT[${dim}] distance_metric=cosine)`);
      if (q) {
        this.db.exec(`CREATE VIRTUAL TABLE vec_chunk_bits USING vec0 (chunk_id INTEGER PRIMARY KEY, collection TEXT PARTITION KEY, embedding BIT[${dim}])`);
        this.db.exec('CREATE TABLE vec_chunk_floats (chunk_id INTEGER PRIMARY KEY, embedding BLOB NOT NULL)');
      }
      this.statements.clear();
      const put = this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
      put.run('embedding_model', id);
      put.run('embedding_dim', String(dim));
      put.run('embedding_quantised', q ? '1' : '0');
    })();
    this.vectorTotal = null;
    this.quantisedCache = q;
    return cur !== null;
  }

  /** Stores one chunk's vector (in every table the store keeps). */
  private putVector(id: number, collection: string, v: Float32Array): void {
    this.sql('INSERT OR REPLACE INTO vec_chunks (chunk_id, collection, embedding) VALUES (?, ?, ?)').run(BigInt(id), collection, toBlob(v));
    if (!this.quantised()) return;
    this.sql('DELETE FROM vec_chunk_bits WHERE chunk_id = ?').run(BigInt(id));
    this.sql('INSERT INTO vec_chunk_bits (chunk_id, collection, embedding) VALUES (?, ?, vec_quantize_binary(?))').run(BigInt(id), collection, toBlob(v));
    this.sql('INSERT OR REPLACE INTO vec_chunk_floats (chunk_id, embedding) VALUES (?, ?)').run(id, toBlob(v));
  }

  findDocument(collection: string, source: string): StoredDocument | undefined {
    const row = this.db.prepare('SELECT * FROM documents WHERE collection = ? AND source = ?').get(collection, source);
    return row ? toInfo(row as DocRow) : undefined;
  }

  findByHash(collection: string, contentHash: string): StoredDocument | undefined {
    const row = this.db.prepare('SELECT * FROM documents WHERE collection = ? AND content_hash = ? LIMIT 1').get(collection, contentHash);
    return row ? toInfo(row as DocRow) : undefined;
  }

  getDocument(id: string): StoredDocument | undefined {
    const row = this.db.prepare('SELECT * FROM documents WHERE doc_key = ?').get(id);
    return row ? toInfo(row as DocRow) : undefined;
  }

  /** Inserts or replaces a document with its chunks (and their vectors, when the store has a model) in one transaction. */
  replaceDocument(doc: NewDocument, chunks: Chunk[], vectors?: Float32Array[]): string {
    const key = docKey(doc.collection, doc.source);
    const insertDoc = this.db.prepare(
      `INSERT INTO documents (doc_key, collection, source, title, kind, content_hash, bytes, mtime_ms, pages, chunks, indexed_at)
       VALUES (@key, @collection, @source, @title, @kind, @contentHash, @bytes, @mtimeMs, @pages, @chunks, @at)`,
    );
    const insertChunk = this.db.prepare('INSERT INTO chunks (document_id, ord, page, section, text) VALUES (?, ?, ?, ?, ?)');
    const insertFts = this.db.prepare('INSERT INTO chunks_fts (rowid, text, section, title) VALUES (?, ?, ?, ?)');
    const withVectors = this.embeddingModel() !== null && vectors !== undefined;
    this.changed();
    this.db.transaction(() => {
      const old = this.db.prepare('SELECT id FROM documents WHERE doc_key = ?').get(key) as { id: number } | undefined;
      if (old) this.deleteRows(old.id);
      const { lastInsertRowid } = insertDoc.run({ ...doc, key, chunks: chunks.length, at: new Date().toISOString() });
      chunks.forEach((c, i) => {
        const id = insertChunk.run(lastInsertRowid, c.ord, c.page, c.section, c.text).lastInsertRowid;
        insertFts.run(id, c.text, c.section, doc.title);
        if (withVectors && vectors?.[i]) this.putVector(Number(id), doc.collection, vectors[i]);
      });
    })();
    return key;
  }

  private deleteRows(documentRowid: number): void {
    const ids = (this.db.prepare('SELECT id FROM chunks WHERE document_id = ?').all(documentRowid) as { id: number }[]).map((r) => r.id);
    const delFts = this.db.prepare('DELETE FROM chunks_fts WHERE rowid = ?');
    const delVec = this.embeddingModel() ? this.db.prepare('DELETE FROM vec_chunks WHERE chunk_id = ?') : null;
    const q = delVec !== null && this.quantised();
    for (const id of ids) {
      delFts.run(id);
      delVec?.run(BigInt(id));
      if (q) {
        this.sql('DELETE FROM vec_chunk_bits WHERE chunk_id = ?').run(BigInt(id));
        this.sql('DELETE FROM vec_chunk_floats WHERE chunk_id = ?').run(id);
      }
    }
    this.db.prepare('DELETE FROM documents WHERE id = ?').run(documentRowid);
  }

  /** Removes documents (by their ids) with everything indexed from them. */
  removeDocuments(ids: string[]): number {
    this.changed();
    let n = 0;
    this.db.transaction(() => {
      for (const id of ids) {
        const row = this.db.prepare('SELECT id FROM documents WHERE doc_key = ?').get(id) as { id: number } | undefined;
        if (row) {
          this.deleteRows(row.id);
          n++;
        }
      }
    })();
    return n;
  }

  listDocuments(collection?: string): StoredDocument[] {
    const rows = collection
      ? this.db.prepare('SELECT * FROM documents WHERE collection = ? ORDER BY collection, source').all(collection)
      : this.db.prepare('SELECT * FROM documents ORDER BY collection, source').all();
    return (rows as DocRow[]).map(toInfo);
  }

  collections(): CollectionInfo[] {
    const model = this.embeddingModel()?.id ?? null;
    const rows = this.db.prepare('SELECT collection AS name, COUNT(*) AS documents, SUM(chunks) AS chunks, SUM(bytes) AS bytes FROM documents GROUP BY collection ORDER BY collection').all() as Omit<CollectionInfo, 'embeddingModel'>[];
    return rows.map((r) => ({ ...r, embeddingModel: model }));
  }

  private changed(): void {
    this.df.clear();
    this.chunkTotal = null;
    this.vectorTotal = null;
  }

  /** How many vectors there are (cached until the next change). */
  vectorCount(): number {
    if (!this.embeddingModel()) return 0;
    return (this.vectorTotal ??= (this.sql('SELECT COUNT(*) AS n FROM vec_chunks').get() as { n: number }).n);
  }

  /** How many chunks there are (cached until the next change). */
  chunkCount(): number {
    return (this.chunkTotal ??= (this.sql('SELECT COUNT(*) AS n FROM chunks').get() as { n: number }).n);
  }

  /**
   * In how many chunks a query word occurs: from the FTS5 vocabulary when the word is stored as is
   * (it holds Porter stems), else by counting its matches (the tokenizer stems the query the same
   * way). 0 when it occurs nowhere. Cached until the next change.
   */
  documentFrequency(word: string): number {
    const cached = this.df.get(word);
    if (cached !== undefined) return cached;
    const n =
      (this.sql('SELECT doc FROM chunks_vocab WHERE term = ?').get(word) as { doc: number } | undefined)?.doc ??
      (this.sql('SELECT COUNT(*) AS n FROM chunks_fts WHERE chunks_fts MATCH ?').get(`"${word.replace(/"/g, '')}"`) as { n: number }).n;
    this.df.set(word, n);
    return n;
  }

  /** BM25 over the chunks (best first): the chunk ids with SQLite's bm25() (lower is better). */
  searchBm25(match: string, limit: number, collection?: string): { id: number; score: number }[] {
    const sql = `SELECT f.rowid AS id, bm25(chunks_fts, 1.0, 0.6, 0.6) AS score FROM chunks_fts f
      ${collection ? 'JOIN chunks c ON c.id = f.rowid JOIN documents d ON d.id = c.document_id' : ''}
      WHERE chunks_fts MATCH ? ${collection ? 'AND d.collection = ?' : ''} ORDER BY score LIMIT ?`;
    return this.sql(sql).all(...(collection ? [match, collection, limit] : [match, limit])) as { id: number; score: number }[];
  }

  /**
   * Nearest chunks by cosine distance (best first), within a collection when given: the exact scan,
   * or — quantised, past EXACT_SCAN_MAX vectors, unless `exact` — the sign bits' nearest re-ranked
   * by exact cosine distance.
   */
  searchVector(vector: Float32Array, limit: number, collection?: string, opts: { exact?: boolean } = {}): { id: number; distance: number }[] {
    if (!this.embeddingModel()) return [];
    const q = toBlob(vector);
    const where = collection ? 'AND collection = ?' : '';
    if (opts.exact || !this.quantised() || this.vectorCount() <= EXACT_SCAN_MAX) {
      return this.sql(`SELECT chunk_id AS id, distance FROM vec_chunks WHERE embedding MATCH ? AND k = ? ${where} ORDER BY distance`).all(...(collection ? [q, limit, collection] : [q, limit])) as { id: number; distance: number }[];
    }
    const depth = Math.max(RESCORE_MIN, limit * RESCORE_FACTOR);
    const ids = (this.sql(`SELECT chunk_id AS id FROM vec_chunk_bits WHERE embedding MATCH vec_quantize_binary(?) AND k = ? ${where} ORDER BY distance`).all(...(collection ? [q, depth, collection] : [q, depth])) as { id: number }[]).map((r) => r.id);
    return this.sql('SELECT chunk_id AS id, vec_distance_cosine(embedding, ?) AS distance FROM vec_chunk_floats WHERE chunk_id IN (SELECT value FROM json_each(?)) ORDER BY distance, chunk_id LIMIT ?').all(q, JSON.stringify(ids), limit) as { id: number; distance: number }[];
  }

  chunks(ids: number[]): Map<number, ChunkRow> {
    const out = new Map<number, ChunkRow>();
    if (!ids.length) return out;
    const rows = this.sql(
      `SELECT c.id, d.doc_key AS docId, d.collection, d.title, d.source, c.page, c.section, c.text
       FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.id IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(ids)) as ChunkRow[];
    for (const r of rows) out.set(r.id, r);
    return out;
  }

  /** A document's chunks in order (the document view, citations). */
  documentChunks(id: string): { page: number; section: string; text: string }[] {
    return this.db.prepare('SELECT c.page, c.section, c.text FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.doc_key = ? ORDER BY c.ord').all(id) as { page: number; section: string; text: string }[];
  }

  /** Chunks that have no vector yet (after a model change, or a run stopped before embedding). */
  chunksWithoutVectors(limit: number): { id: number; collection: string; text: string }[] {
    if (!this.embeddingModel()) return [];
    return this.db
      .prepare(
        `SELECT c.id, d.collection, d.title || char(10) || c.section || char(10) || c.text AS text FROM chunks c JOIN documents d ON d.id = c.document_id
         WHERE c.id NOT IN (SELECT chunk_id FROM vec_chunks) ORDER BY c.id LIMIT ?`,
      )
      .all(limit) as { id: number; collection: string; text: string }[];
  }

  countWithoutVectors(): number {
    if (!this.embeddingModel()) return 0;
    return (this.db.prepare('SELECT COUNT(*) AS n FROM chunks WHERE id NOT IN (SELECT chunk_id FROM vec_chunks)').get() as { n: number }).n;
  }

  putVectors(rows: { id: number; collection: string; vector: Float32Array }[]): void {
    this.vectorTotal = null;
    this.db.transaction(() => {
      for (const r of rows) {
        // the chunk may have been replaced since it was read: only existing chunks get vectors
        if (this.db.prepare('SELECT 1 FROM chunks WHERE id = ?').get(r.id)) this.putVector(r.id, r.collection, r.vector);
      }
    })();
  }

  counts(): { documents: number; chunks: number; fts: number; vectors: number } {
    const n = (sql: string) => (this.db.prepare(sql).get() as { n: number }).n;
    return {
      documents: n('SELECT COUNT(*) AS n FROM documents'),
      chunks: n('SELECT COUNT(*) AS n FROM chunks'),
      fts: n('SELECT COUNT(*) AS n FROM chunks_fts'),
      vectors: this.embeddingModel() ? n('SELECT COUNT(*) AS n FROM vec_chunks') : 0,
    };
  }
}

interface DocRow {
  id: number;
  doc_key: string;
  collection: string;
  source: string;
  title: string;
  kind: DocumentKind;
  content_hash: string;
  bytes: number;
  mtime_ms: number;
  pages: number;
  chunks: number;
  indexed_at: string;
}

function toInfo(r: DocRow): StoredDocument {
  return { rowid: r.id, id: r.doc_key, collection: r.collection, source: r.source, title: r.title, kind: r.kind, contentHash: r.content_hash, bytes: r.bytes, mtimeMs: r.mtime_ms, pages: r.pages, chunks: r.chunks, indexedAt: r.indexed_at };
}
