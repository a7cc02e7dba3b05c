/**
 * Misspelt domain words ("optimze a bem", "volum fracton", "beams2D" as "bemas2d") read as the
 * words meant: the optimal-string-alignment edit distance (insertions, deletions, substitutions and
 * swaps of neighbouring letters) to a small domain vocabulary (aliases.ts). Words of 5–7 letters may
 * be one edit off, longer ones two; 3–4 letter words only one inserted, dropped or swapped letter
 * off a few short nouns ("bem" → "beam"). Common English words near a domain word (aliases.ts
 * NOT_TYPOS), inflections of a domain word ("scaled") and ties are left alone.
 */
import { NOT_TYPOS, SHORT_TARGETS, VOCABULARY } from './aliases.ts';
import { replaceSpans, type Text } from './text.ts';

/** Optimal string alignment distance, stopping early above `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length][b.length];
}

/** One edit that is not a substitution: a letter inserted, dropped, or two neighbours swapped. */
function oneGapOrSwap(a: string, b: string): boolean {
  if (a.length === b.length) {
    const diff = [...a].map((c, i) => (c === b[i] ? -1 : i)).filter((i) => i >= 0);
    return diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]];
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length !== short.length + 1) return false;
  for (let i = 0; i < long.length; i++) if (long.slice(0, i) + long.slice(i + 1) === short) return true;
  return false;
}

/** Endings of another form of a word: "scaled", "renders", "rendering". */
const SUFFIX = /(?:e?s|e?d|ing|ers?|ly|ment|ions?|al)$/;
const isSuffix = (rest: string) => new RegExp(`^${SUFFIX.source}`).test(rest);

const VOCAB = new Set([...VOCABULARY, ...SHORT_TARGETS]);
const KEEP = new Set(NOT_TYPOS);

/** The single nearest word of `words` within `max` edits, or null (none, or a tie). */
export function nearest(word: string, words: Iterable<string>, max: number): string | null {
  let best: string | null = null;
  let bestD = max + 1;
  let tie = false;
  for (const w of words) {
    const d = editDistance(word, w, max);
    if (d < bestD) [best, bestD, tie] = [w, d, false];
    else if (d === bestD && w !== best) tie = true;
  }
  return best !== null && bestD <= max && !tie ? best : null;
}

const corrected = new Map<string, string | null>();

/** The domain word a token was meant to be, or null to leave it. */
export function correction(token: string): string | null {
  if (!corrected.has(token)) {
    if (corrected.size >= 4096) corrected.clear();
    corrected.set(token, findCorrection(token));
  }
  return corrected.get(token)!;
}

function findCorrection(token: string): string | null {
  if (token.length < 3 || VOCAB.has(token) || KEEP.has(token)) return null;
  // another form of a domain word, not a typo: "scaled", "renders", "supports" (next to "supported")
  const stem = token.replace(SUFFIX, '');
  if ([...VOCAB].some((v) => (v.length >= 4 && token.startsWith(v) && isSuffix(token.slice(v.length))) || (stem.length >= 4 && stem !== token && v.startsWith(stem)))) return null;
  const short = SHORT_TARGETS.filter((v) => oneGapOrSwap(token, v));
  if (token.length <= 4 || short.length) return short.length === 1 ? short[0] : null;
  const max = token.length >= 8 ? 2 : 1;
  return nearest(token, VOCABULARY.filter((v) => v.length >= 5), max);
}

/** Corrects the misspelt domain words of a text (problem ids written with digits too: "bemas2d"). */
export function correctWords(t: Text): Text {
  const edits: { start: number; end: number; by: string }[] = [];
  const corrections = [...t.corrections];
  for (const m of t.text.matchAll(/(?<![\w-])[a-z]+(?:2d)?(?![a-z_-])/g)) {
    const to = correction(m[0]);
    if (!to) continue;
    edits.push({ start: m.index, end: m.index + m[0].length, by: to });
    corrections.push({ from: m[0], to });
  }
  return replaceSpans(t, edits, corrections);
}

/** A word the matcher knows as itself: a domain word or a common word near one. */
export const isKnownWord = (token: string): boolean => VOCAB.has(token) || KEEP.has(token);

