/**
 * Free text → an FTS5 MATCH expression that treats every word as text: the query is cut into
 * words (letters and digits, as FTS5's unicode61 tokenizer cuts them), each word is quoted, and the
 * words are OR-ed, so BM25 ranks chunks by how many of the rarer words they hold. Quotes, `*`,
 * `-`, `:`, parentheses and the operators AND/OR/NOT/NEAR are therefore searched as text, never
 * parsed. Common English words are dropped unless nothing else is left.
 */

const STOP = new Set(
  ('a an and are as at be been but by can could did do does for from had has have how i if in into is it its me my of on or our ' +
    'say says said should so than that the their them then there these they this those to us used use using was we were what when where ' +
    'which while who why will with would you your about find tell show give please document documents report paper papers').split(' '),
);

/** The words of a query (lower case, as the tokenizer sees them), stop words removed unless that leaves none. */
export function queryTerms(query: string): string[] {
  const words = (query.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length <= 64);
  const unique = [...new Set(words)];
  const content = unique.filter((w) => !STOP.has(w));
  return (content.length ? content : unique).slice(0, 32);
}

/** The MATCH expression joining the query's words with OR (or AND), or null when the query has no words at all. */
export function ftsMatch(query: string, op: 'OR' | 'AND' = 'OR'): string | null {
  return joinTerms(queryTerms(query), op);
}

/** Words (already cut by queryTerms, so free of quotes and operators) as one MATCH expression. */
export function joinTerms(terms: string[], op: 'OR' | 'AND' = 'OR'): string | null {
  return terms.length ? terms.map((t) => `"${t}"`).join(` ${op} `) : null;
}
