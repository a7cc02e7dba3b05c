/**
 * Ranking: BM25 over the FTS5 index always; with an embedding model, also the nearest chunks by
 * cosine distance, and the two lists fused by reciprocal-rank fusion (Cormack et al. 2009):
 * score(d) = Σ_lists 1 / (K + rank_list(d)), K = 60. Each list is read CANDIDATE_DEPTH deep, whatever k is.
 */
import { expansionWords, FEEDBACK, mergeFeedback, type FeedbackOptions } from './feedback.ts';
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
 * more than `depth` chunks, the chunks holding every word (AND) come first. `budget` replaces
 * the postings budget, `strict` drops even the rarest word when it alone exceeds it, and
 * `allWordsFirst: false` skips the AND pass.
 */
export function lexicalCandidates(store: RetrievalStore, terms: string[], depth: number, collection?: string, opts: { budget?: number; allWordsFirst?: boolean; strict?: boolean } = {}): { id: number; score: number }[] {
  const present = terms.map((t) => ({ t, df: store.documentFrequency(t) })).filter((x) => x.df > 0).sort((a, b) => a.df - b.df);
  if (!present.length) return [];
  const chosen: string[] = [];
  let postings = 0;
  for (const { t, df } of present) {
    if ((chosen.length || opts.strict) && postings + df > (opts.budget ?? Math.max(POSTINGS_BUDGET, depth * 20))) break;
    chosen.push(t);
    postings += df;
  }
  if (!chosen.length) return [];
  const any = store.searchBm25(joinTerms(chosen, 'OR')!, depth, collection);
  if (opts.allWordsFirst === false || present[0].df <= depth || chosen.length === present.length) return any;
  const all = store.searchBm25(joinTerms(present.map((p) => p.t), 'AND')!, depth, collection);
  const seen = new Set(all.map((r) => r.id));
  return [...all, ...any.filter((r) => !seen.has(r.id))];
}

/** Postings the feedback query may walk; a word that alone exceeds it is left out (it says little and costs much). */
const FEEDBACK_POSTINGS = 2000;

/** How deep the lexical candidates are read, whatever k is (k ≤ 100), so the first ten hits are the same for k = 10 and k = 100. */
export const CANDIDATE_DEPTH = 200;

/**
 * The lexical ranking: BM25 candidates for the query words, then pseudo-relevance feedback
 * (feedback.ts) — the best FEEDBACK.chunks candidates lend their most telling words to a second
 * BM25 query, and the two scores are added (the second weighted by FEEDBACK.lambda). Best first,
 * `score` as SQLite's bm25() (lower is better). The list is read CANDIDATE_DEPTH deep.
 */
export function rankLexical(store: RetrievalStore, terms: string[], collection?: string, feedback: FeedbackOptions = FEEDBACK): { id: number; score: number }[] {
  const first = lexicalCandidates(store, terms, CANDIDATE_DEPTH, collection);
  if (!first.length || feedback.words < 1 || feedback.chunks < 1) return first;
  const top = first.slice(0, feedback.chunks);
  const rows = store.chunks(top.map((r) => r.id));
  const texts = top.map((r) => ({ text: rows.get(r.id)?.text ?? '', score: r.score }));
  const words = expansionWords(texts, terms, (w) => store.documentFrequency(w), Math.max(1, store.chunkCount()), feedback.words);
  if (!words.length) return first;
  // the expansion words are many and may be common: OR over the rarest that fit a fixed postings
  // budget (none when even the rarest is too common), no AND pass — the second query stays cheap at any size
  const second = lexicalCandidates(store, words, CANDIDATE_DEPTH, collection, { budget: FEEDBACK_POSTINGS, allWordsFirst: false, strict: true });
  return mergeFeedback(first, second, feedback.lambda).slice(0, CANDIDATE_DEPTH);
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
