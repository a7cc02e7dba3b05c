/**
 * The offline semantic score (used when no embedding provider is configured, and always by the
 * scripted policies): how much of a ground-truth step's vocabulary a predicted step uses.
 *
 *   tokens(s)  = lower-cased words and symbols of s, numbers and stop words removed, each word cut
 *                to a crude stem (plural, -ing, -ed, -ion, -al, -ity endings stripped);
 *   S_lex(g,p) = |tokens(g) ∩ tokens(p)| / |tokens(g)|   (coverage of the ground-truth step)
 *
 * Ground-truth tokens come from the step's statement and its formula (so "A = π·d²/4" contributes
 * a, π, d). Coverage rather than symmetric overlap, because model steps also carry substitutions
 * and prose. The default match threshold for this score is τ = 0.2 (match.ts), since it is paired
 * with a 2 % numeric check; the papers' 0.7 belongs to a cross-encoder and does not carry over.
 */

const STOP = new Set(
  'a an the of to in on at for by with from and or as is are be was were this that these those it its into per than then there here which what when where how we our us you your use using used find determine calculate compute given known value values step result results equal equals gives give obtain so thus therefore hence now next first second final answer units unit'.split(
    ' ',
  ),
);

function stem(word: string): string {
  if (word.length <= 3) return word;
  for (const suffix of ['ations', 'ation', 'ities', 'ity', 'ions', 'ion', 'ings', 'ing', 'ed', 'al', 'es', 's']) {
    if (suffix === 's' && word.endsWith('ss')) continue;
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, -suffix.length);
  }
  return word;
}

/** Content tokens of a text (see the file comment). */
export function lexicalTokens(text: string): Set<string> {
  const cleaned = text
    .toLowerCase()
    .replace(/\\[a-z]+/g, (m) => ` ${m.slice(1)} `)
    .replace(/[0-9]+(?:[.,][0-9]+)*(?:e[-+]?[0-9]+)?/g, ' ')
    .replace(/[^\p{L}\s]+/gu, ' ');
  const out = new Set<string>();
  for (const w of cleaned.split(/\s+/)) {
    if (!w || STOP.has(w)) continue;
    out.add(stem(w));
  }
  return out;
}

export function lexicalSimilarity(groundTruth: Set<string>, predicted: Set<string>): number {
  if (groundTruth.size === 0) return 0;
  let hit = 0;
  for (const t of groundTruth) if (predicted.has(t)) hit++;
  return hit / groundTruth.size;
}

/** S_lex for every (ground-truth step, predicted step) pair: rows = ground truth. */
export function lexicalMatrix(groundTruth: readonly string[], predicted: readonly string[]): number[][] {
  const g = groundTruth.map(lexicalTokens);
  const p = predicted.map(lexicalTokens);
  return g.map((gi) => p.map((pj) => lexicalSimilarity(gi, pj)));
}
