/**
 * Ranking-quality metrics over a ranked list of document ids and graded judgements (the id → gain
 * map of one query; a gain ≤ 0 means "not relevant"). Definitions as trec_eval computes them:
 *
 * - nDCG@k: DCG@k / IDCG@k with DCG@k = Σ_{i=1..k} gain(d_i) / log2(i + 1) (linear gains) and
 *   IDCG@k the DCG@k of the judged documents sorted by gain (Järvelin & Kekäläinen 2002).
 * - AP: the mean over the relevant documents of the precision at the rank each is retrieved at (0
 *   for one not retrieved); MAP is its mean over queries.
 * - P@k: relevant documents among the first k, divided by k.
 * - RR: 1 / rank of the first relevant document (0 when none is retrieved); MRR is its mean.
 * - recall@k: relevant documents among the first k, divided by all relevant documents.
 *
 * A query with no relevant document has no defined nDCG, AP or recall: `queryMetrics` returns null
 * for it and `meanMetrics` leaves it out (trec_eval's convention of averaging over judged queries).
 */

export type Judgements = ReadonlyMap<string, number>;

export interface QueryMetrics {
  ndcg10: number;
  ap: number;
  p10: number;
  rr: number;
  recall100: number;
}

export const METRIC_NAMES: (keyof QueryMetrics)[] = ['ndcg10', 'ap', 'p10', 'rr', 'recall100'];

const isRelevant = (judged: Judgements, id: string) => (judged.get(id) ?? 0) > 0;

/** The ranking with repeated ids removed (the first occurrence counts), so a document is never credited twice. */
function distinct(ranking: readonly string[]): string[] {
  return [...new Set(ranking)];
}

export function dcgAt(gains: readonly number[], k: number): number {
  let s = 0;
  for (let i = 0; i < Math.min(k, gains.length); i++) if (gains[i] > 0) s += gains[i] / Math.log2(i + 2);
  return s;
}

export function ndcgAt(ranking: readonly string[], judged: Judgements, k: number): number {
  const ideal = dcgAt([...judged.values()].filter((g) => g > 0).sort((a, b) => b - a), k);
  if (ideal === 0) return 0;
  return dcgAt(distinct(ranking).map((id) => judged.get(id) ?? 0), k) / ideal;
}

export function averagePrecision(ranking: readonly string[], judged: Judgements): number {
  const relevant = [...judged.values()].filter((g) => g > 0).length;
  if (!relevant) return 0;
  let hits = 0;
  let sum = 0;
  distinct(ranking).forEach((id, i) => {
    if (isRelevant(judged, id)) sum += ++hits / (i + 1);
  });
  return sum / relevant;
}

export function precisionAt(ranking: readonly string[], judged: Judgements, k: number): number {
  return distinct(ranking).slice(0, k).filter((id) => isRelevant(judged, id)).length / k;
}

export function reciprocalRank(ranking: readonly string[], judged: Judgements): number {
  const i = distinct(ranking).findIndex((id) => isRelevant(judged, id));
  return i < 0 ? 0 : 1 / (i + 1);
}

export function recallAt(ranking: readonly string[], judged: Judgements, k: number): number {
  const relevant = [...judged.values()].filter((g) => g > 0).length;
  if (!relevant) return 0;
  return distinct(ranking).slice(0, k).filter((id) => isRelevant(judged, id)).length / relevant;
}

/** Every metric for one query, or null when the query has no relevant document. */
export function queryMetrics(ranking: readonly string[], judged: Judgements): QueryMetrics | null {
  if (![...judged.values()].some((g) => g > 0)) return null;
  return {
    ndcg10: ndcgAt(ranking, judged, 10),
    ap: averagePrecision(ranking, judged),
    p10: precisionAt(ranking, judged, 10),
    rr: reciprocalRank(ranking, judged),
    recall100: recallAt(ranking, judged, 100),
  };
}

/** The mean of each metric over the queries that have one (null entries are left out). */
export function meanMetrics(perQuery: readonly (QueryMetrics | null)[]): QueryMetrics & { queries: number } {
  const judged = perQuery.filter((m): m is QueryMetrics => m !== null);
  const mean = (key: keyof QueryMetrics) => (judged.length ? judged.reduce((s, m) => s + m[key], 0) / judged.length : 0);
  return { ndcg10: mean('ndcg10'), ap: mean('ap'), p10: mean('p10'), rr: mean('rr'), recall100: mean('recall100'), queries: judged.length };
}
