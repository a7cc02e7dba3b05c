/**
 * Runs a test collection through the retrieval engine and scores it: every document is written as
 * a Markdown file (`# title` then the text) and indexed by the engine's own indexer, every query
 * is searched, chunk hits are read as a ranking of documents (a document's first chunk counts,
 * later ones are dropped), and the metrics are averaged over the judged queries. Two rankers run
 * on the same index: the engine's `search()`, and plain BM25 (all query words OR-ed, FTS5's bm25()
 * straight from the store) as the baseline it must beat.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { joinTerms, queryTerms } from '../ftsQuery.ts';
import { Retrieval } from '../retrieval.ts';
import type { TestCollection } from './collection.ts';
import { meanMetrics, queryMetrics, type QueryMetrics } from './metrics.ts';

export type Ranker = (query: string, k: number) => Promise<string[]>;

export interface IndexedCollection {
  collection: TestCollection;
  retrieval: Retrieval;
  /** The engine's search as a ranking of collection document ids. */
  engine: Ranker;
  /** Plain BM25 over the same index, as a ranking of collection document ids. */
  plainBm25: Ranker;
  close(): void;
}

/** Indexes the collection into a fresh index in a temporary folder (removed by close()). */
export async function indexCollection(collection: TestCollection): Promise<IndexedCollection> {
  const dir = mkdtempSync(join(tmpdir(), `engiai-relevance-${collection.name}-`));
  const docs = join(dir, 'docs');
  mkdirSync(docs);
  for (const d of collection.docs) writeFileSync(join(docs, `${d.id}.md`), `# ${d.title || `Document ${d.id}`}\n\n${d.text}\n`);
  const retrieval = new Retrieval({ path: join(dir, 'index.sqlite'), embedder: null });
  await retrieval.index([docs]);
  const idOf = (source: string) => basename(source, '.md');
  const docIds = (chunkIds: number[]) => {
    const rows = retrieval.store.chunks(chunkIds);
    return [...new Set(chunkIds.map((id) => rows.get(id)).filter((r) => r !== undefined).map((r) => idOf(r.source)))];
  };
  return {
    collection,
    retrieval,
    engine: async (query, k) => [...new Set((await retrieval.search(query, { k })).map((h) => idOf(h.source)))],
    plainBm25: async (query, k) => {
      const match = joinTerms(queryTerms(query), 'OR');
      return match ? docIds(retrieval.store.searchBm25(match, k).map((r) => r.id)) : [];
    },
    close: () => {
      retrieval.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The mean metrics of a ranker over the collection's queries (all, or those `which` keeps). */
export async function evaluate(c: TestCollection, rank: Ranker, opts: { k?: number; which?: (queryId: string) => boolean } = {}): Promise<QueryMetrics & { queries: number; perQuery: Map<string, QueryMetrics> }> {
  const perQuery = new Map<string, QueryMetrics>();
  for (const q of c.queries) {
    if (opts.which && !opts.which(q.id)) continue;
    const judged = c.qrels.get(q.id);
    if (!judged) continue;
    const m = queryMetrics(await rank(q.text, opts.k ?? 100), judged);
    if (m) perQuery.set(q.id, m);
  }
  return { ...meanMetrics([...perQuery.values()]), perQuery };
}
