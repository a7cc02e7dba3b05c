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

/** Postings an OR query may walk for candidates (beyond the rarest word, which is always used). */
const POSTINGS_BUDGET = 1000;

/**
 * BM25 candidates, `depth` of them, without scoring every chunk a common word occurs in: the best
 * chunks holding any of the rarest query words (OR over words taken from the rarest up while their
 * chunk counts add up to at most POSTINGS_BUDGET, at least one) — a word in most chunks adds almost
 * nothing to BM25 but costs a pass over its whole posting list. When even the rarest word is in
 * more than `depth` chunks, the chunks holding every word (AND) come first. The coverage
 * re-ranking below still counts every query word in each candidate.
 */
export function lexicalCandidates(store: RetrievalStore, terms: string[], depth: number, collection?: string): { id: number; score: number }[] {
  const present = terms.map((t) => ({ t, df: store.documentFrequency(t) })).filter((x) => x.df > 0).sort((a, b) => a.df - b.df);
  if (!present.length) return [];
  const chosen: string[] = [];
  let postings = 0;
  for (const { t, df } of present) {
    if (chosen.length && postings + df > Math.max(POSTINGS_BUDGET, depth * 20)) break;
    chosen.push(t);
    postings += df;
  }
  const any = store.searchBm25(joinTerms(chosen, 'OR')!, depth, collection);
  if (present[0].df <= depth || chosen.length === present.length) return any;
  const all = store.searchBm25(joinTerms(present.map((p) => p.t), 'AND')!, depth, collection);
  const seen = new Set(all.map((r) => r.id));
  return [...all, ...any.filter((r) => !seen.has(r.id))];
}

const key = (w: string) => (w.length >= 6 ? w.slice(0, 5) : w);
const isWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || c > 127;

/** Start positions of words in `text` (lower case) that begin with `prefix`. */
function wordStarts(text: string, prefix: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf(prefix); i >= 0; i = text.indexOf(prefix, i + 1)) if (i === 0 || !isWordChar(text.charCodeAt(i - 1))) out.push(i);
  return out;
}

/** Whether a word starting with `b` follows the word starting at `at` (only separators between them). */
function followedBy(text: string, at: number, b: string): boolean {
  let i = at;
  while (i < text.length && isWordChar(text.charCodeAt(i))) i++;
  const gap = i;
  while (i < text.length && !isWordChar(text.charCodeAt(i))) i++;
  return i > gap && text.startsWith(b, i);
}

/**
 * BM25 candidates re-ordered by how much of the query they cover: distinct query words present
 * (title, section and text, compared by a 5-letter prefix so "fractions" covers "fraction"), plus
 * half a point per pair of adjacent query words found adjacent ("filter radius", "K 77"), then by
 * BM25. In a small collection BM25's IDF flattens (a word in half the chunks scores ~0), and a
 * chunk naming the report the query names must not lose to one that only shares its vocabulary.
 */
export function coverageRerank(bm25: { id: number; score: number }[], terms: string[], textOf: (id: number) => string): { id: number; score: number }[] {
  const keys = terms.map(key);
  const unique = [...new Set(keys)];
  const cover = new Map<number, number>();
  for (const r of bm25) {
    const t = textOf(r.id).toLowerCase();
    const starts = new Map(unique.map((k) => [k, wordStarts(t, k)]));
    let c = unique.filter((k) => starts.get(k)!.length).length;
    for (let i = 1; i < keys.length; i++) if (starts.get(keys[i - 1])!.some((at) => followedBy(t, at, keys[i]))) c += 0.5;
    cover.set(r.id, c);
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
