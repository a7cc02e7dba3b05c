/**
 * Ranking: BM25 over the FTS5 index always; with an embedding model, also the nearest chunks by
 * cosine distance, and the two lists fused by reciprocal-rank fusion (Cormack et al. 2009):
 * score(d) = Σ_lists 1 / (K + rank_list(d)), K = 60. Each list is read `depth` deep.
 */
import { joinTerms } from './ftsQuery.ts';
import type { RetrievalStore } from './store.ts';
import type { SearchHit } from './types.ts';

export const RRF_K = 60;

export interface RankedLists {
  bm25: { id: number; score: number }[];
  vector: { id: number; distance: number }[];
}

/**
 * BM25 candidates, `depth` of them, without scoring every chunk a common word occurs in: first the
 * chunks holding all the query's words (AND — cheap, FTS5 skips along the rarest list); if those are
 * fewer than `depth`, also the best chunks holding any of the informative words (OR over the words
 * in at most a fifth of the chunks — a word in most chunks adds almost nothing to BM25 but costs a
 * pass over its whole posting list). When every word is common, all of them are used.
 */
export function lexicalCandidates(store: RetrievalStore, terms: string[], depth: number, collection?: string): { id: number; score: number }[] {
  const all = store.searchBm25(joinTerms(terms, 'AND')!, depth, collection);
  if (all.length >= depth || terms.length === 1) return all;
  const limit = Math.max(50, 0.2 * store.chunkCount());
  const present = terms.filter((t) => store.documentFrequency(t) > 0);
  if (!present.length) return all;
  const informative = present.filter((t) => store.documentFrequency(t) <= limit);
  const any = store.searchBm25(joinTerms(informative.length ? informative : present, 'OR')!, depth, collection);
  const seen = new Set(all.map((r) => r.id));
  return [...all, ...any.filter((r) => !seen.has(r.id))];
}

const key = (w: string) => (w.length >= 6 ? w.slice(0, 5) : w);
const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const B = '(?:^|[^\\p{L}\\p{N}])';

/**
 * BM25 candidates re-ordered by how much of the query they cover: distinct query words present
 * (title, section and text, compared by a 5-letter prefix so "fractions" covers "fraction"), plus
 * half a point per pair of adjacent query words found adjacent ("filter radius", "K 77"), then by
 * BM25. In a small collection BM25's IDF flattens (a word in half the chunks scores ~0), and a
 * chunk naming the report the query names must not lose to one that only shares its vocabulary.
 */
export function coverageRerank(bm25: { id: number; score: number }[], terms: string[], textOf: (id: number) => string): { id: number; score: number }[] {
  const q = [...new Set(terms.map(key))];
  const words = q.map((w) => new RegExp(`${B}${escape(w)}`, 'u'));
  const pairs = terms.slice(1).map((w, i) => new RegExp(`${B}${escape(key(terms[i]))}[\\p{L}\\p{N}]*[^\\p{L}\\p{N}]+${escape(key(w))}`, 'u'));
  const cover = new Map<number, number>();
  for (const r of bm25) {
    const t = textOf(r.id).toLowerCase();
    cover.set(r.id, words.filter((re) => re.test(t)).length + 0.5 * pairs.filter((re) => re.test(t)).length);
  }
  return [...bm25].sort((a, b) => cover.get(b.id)! - cover.get(a.id)! || a.score - b.score);
}

/** Fuses the lists (or orders by BM25 alone when there is no vector list) and returns the top k chunk ids with their ranks. */
export function fuse(lists: RankedLists, k: number): { id: number; score: number; bm25Rank?: number; vectorRank?: number }[] {
  const byId = new Map<number, { id: number; score: number; bm25Rank?: number; vectorRank?: number }>();
  const entry = (id: number) => byId.get(id) ?? byId.set(id, { id, score: 0 }).get(id)!;
  if (!lists.vector.length) {
    return lists.bm25.slice(0, k).map((r, i) => ({ id: r.id, score: -r.score, bm25Rank: i + 1 }));
  }
  lists.bm25.forEach((r, i) => {
    const e = entry(r.id);
    e.bm25Rank = i + 1;
    e.score += 1 / (RRF_K + i + 1);
  });
  lists.vector.forEach((r, i) => {
    const e = entry(r.id);
    e.vectorRank = i + 1;
    e.score += 1 / (RRF_K + i + 1);
  });
  return [...byId.values()].sort((a, b) => b.score - a.score || (a.bm25Rank ?? 1e9) - (b.bm25Rank ?? 1e9)).slice(0, k);
}

/** The hits for fused ids, with their chunks' text and metadata. */
export function hitsOf(store: RetrievalStore, ranked: ReturnType<typeof fuse>): SearchHit[] {
  const rows = store.chunks(ranked.map((r) => r.id));
  const hits: SearchHit[] = [];
  for (const r of ranked) {
    const c = rows.get(r.id);
    if (!c) continue;
    hits.push({
      rank: hits.length + 1,
      docId: c.docId,
      collection: c.collection,
      title: c.title,
      source: c.source,
      page: c.page,
      section: c.section,
      text: c.text,
      score: r.score,
      ...(r.bm25Rank ? { bm25Rank: r.bm25Rank } : {}),
      ...(r.vectorRank ? { vectorRank: r.vectorRank } : {}),
    });
  }
  return hits;
}
