/**
 * The text the reader works on: the person's words lower-cased, with symbols folded (× → x,
 * µ → u, λ → lambda), scientific notation and number words written as digits, "percent" as "%",
 * and misspelt domain words corrected. Every character keeps the span of the original text it came
 * from, so whatever the reader cannot use is quoted back in the person's own words.
 */
import { correctWords } from './fuzzy.ts';
import { numberWordsToDigits } from './numberWords.ts';

export interface Text {
  /** The normalized text. */
  readonly text: string;
  /** For each character of `text`, the span [from, to) of the original it came from. */
  readonly spans: readonly (readonly [number, number])[];
  readonly original: string;
  /** Words read as others ("optimze" → "optimize"). */
  readonly corrections: readonly { from: string; to: string }[];
}

/** The original words behind text[start, end). */
export function originalOf(t: Text, start: number, end: number): string {
  if (end <= start || start >= t.spans.length) return '';
  const from = t.spans[start][0];
  const to = t.spans[Math.min(end, t.spans.length) - 1][1];
  return t.original.slice(from, to).trim();
}

/** The original index behind a normalized index (for ordering mentions across readers). */
export const originalIndex = (t: Text, i: number): number => (i < t.spans.length ? t.spans[i][0] : t.original.length);

/** Replaces the given spans of the text (sorted, not overlapping); replaced characters map to the whole span. */
export function replaceSpans(t: Text, edits: readonly { start: number; end: number; by: string }[], corrections: Text['corrections'] = t.corrections): Text {
  let text = '';
  const spans: (readonly [number, number])[] = [];
  let last = 0;
  for (const { start, end, by } of edits) {
    text += t.text.slice(last, start);
    spans.push(...t.spans.slice(last, start));
    const from = t.spans[start]?.[0] ?? t.original.length;
    const span: readonly [number, number] = [from, end > start ? t.spans[end - 1][1] : from];
    text += by;
    for (let i = 0; i < by.length; i++) spans.push(span);
    last = end;
  }
  text += t.text.slice(last);
  spans.push(...t.spans.slice(last));
  return { text, spans, original: t.original, corrections };
}

/** Replaces every match of a global regex by `fn(match)` (null keeps it). */
export function rewrite(t: Text, re: RegExp, fn: (m: RegExpExecArray) => string | null): Text {
  const edits: { start: number; end: number; by: string }[] = [];
  for (const m of t.text.matchAll(re)) {
    const by = fn(m as RegExpExecArray);
    if (by !== null) edits.push({ start: m.index, end: m.index + m[0].length, by });
  }
  return replaceSpans(t, edits);
}

const FOLD: Record<string, string> = {
  '×': 'x', '·': '*', '−': '-', '–': '-', '—': '-', '‘': "'", '’': "'", '“': '"', '”': '"', 'µ': 'u', 'μ': 'u', 'λ': 'lambda', 'η': 'eta', 'β': 'beta',
  '≈': ' about ', '~': ' about ', '≤': '<=', '≥': '>=', '\u00a0': ' ', '⁄': '/',
};
const SUPERSCRIPT: Record<string, string> = { '⁻': '-', '⁺': '+', '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9' };

function fold(original: string): Text {
  let text = '';
  const spans: [number, number][] = [];
  for (let i = 0; i < original.length; i++) {
    const c = original[i];
    const out = (FOLD[c] ?? c).toLowerCase();
    text += out;
    for (let k = 0; k < out.length; k++) spans.push([i, i + 1]);
  }
  return { text, spans, original, corrections: [] };
}

/** Short forms written out: "filter rad 2", "load pos 0.5", "50 iters". */
const ABBREVIATIONS: Record<string, string> = { rad: 'radius', pos: 'position', res: 'resolution', iter: 'iterations', iters: 'iterations', len: 'length' };

/** Field words a number may be written against without a space ("rmin2"); names ending in a digit (lambda1) are not split. */
const GLUED = new Set(['volfrac', 'rmin', 'forcedist', 'penal', 'nelx', 'nely', 'nx', 'ny', 'max_iter', 'maxiter', 'blur', 'blur_radius', 'weight', 'eta', 'iterations', 'steps']);

/** A number as short digits: 0.30000000000000004 → "0.3". */
export const digits = (v: number): string => String(Number(v.toPrecision(10)));

/** 1.5x10^-3, 1.5 × 10⁻³, 2*10**4 → plain numbers. */
function scientific(t: Text): Text {
  const sup = `[${Object.keys(SUPERSCRIPT).join('')}]+`;
  const re = new RegExp(String.raw`(\d+(?:\.\d+)?)\s*(?:x|\*)\s*10\s*(?:(?:\^|\*\*)\s*([-+]?\d+)|(${sup}))`, 'g');
  return rewrite(t, re, (m) => {
    const exp = m[2] ?? [...m[3]].map((c) => SUPERSCRIPT[c]).join('');
    return digits(Number(m[1]) * 10 ** Number(exp));
  });
}

/** "3/4 of the span" → 0.75 (a simple fraction of small integers, not an id or a date). */
function fractions(t: Text): Text {
  return rewrite(t, /(?<![\w./-])(\d{1,2})\s*\/\s*(\d{1,3})(?![\w./-])/g, (m) => {
    const [n, d] = [Number(m[1]), Number(m[2])];
    return d > 0 && n < d ? digits(n / d) : null;
  });
}

/** The planner reads the same request at every step: the last readings are kept. */
const memo = new Map<string, Text>();

export function normalize(original: string): Text {
  const known = memo.get(original);
  if (known) return known;
  const t = normalizeText(original);
  if (memo.size >= 256) memo.delete(memo.keys().next().value!);
  memo.set(original, t);
  return t;
}

/**
 * A decimal comma ("0,45", "1,5") as a point, with a note: a comma between digits with one or two
 * digits after a single digit, or any digits after a lone 0 ("0,125"); not a list ("2,3,4"), a
 * pair ("40,20") or a thousands group ("1,000": two numbers, asked about).
 */
function decimalCommas(t: Text): Text {
  const corrections = [...t.corrections];
  const edits: { start: number; end: number; by: string }[] = [];
  for (const m of t.text.matchAll(/(?<![\w.,])(\d+),(\d+)(?![\w,]|\.\d)/g)) {
    if (!(m[1] === '0' || (m[1].length === 1 && m[2].length <= 2))) continue;
    const by = `${m[1]}.${m[2]}`;
    edits.push({ start: m.index, end: m.index + m[0].length, by });
    corrections.push({ from: m[0], to: by });
  }
  return edits.length ? replaceSpans(t, edits, corrections) : t;
}

function normalizeText(original: string): Text {
  let t = decimalCommas(fold(original));
  t = scientific(t);
  t = numberWordsToDigits(t);
  t = fractions(t);
  t = rewrite(t, /\b(vol|frac|min|max|approx|dist|pos|res|rad|iter|iters|no|nr|temp)\.(?!\d)/g, (m) => m[1]);
  t = rewrite(t, /\b(rad|pos|res|iters?|len)\b(?![_-])/g, (m) => ABBREVIATIONS[m[1]]);
  // markdown emphasis and code marks; a number glued to a field name ("volfrac0.4", "rmin2")
  t = rewrite(t, /\*\*|__|`+/g, () => ' ');
  t = rewrite(t, /\s*@\s*(?=[-+]?\.?\d)/g, () => ' at ');
  t = rewrite(t, /\b([a-z][a-z_]*[a-z])(\d+(?:\.\d+)?)(?![\w.])/g, (m) => (m[2].includes('.') || GLUED.has(m[1]) ? `${m[1]} ${m[2]}` : null));
  t = rewrite(t, /\b(?:per[\s-]?cent|pct)\b/g, () => '%');
  return correctWords(t);
}
