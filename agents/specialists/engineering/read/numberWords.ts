/**
 * Number words as digits: "zero point four" → 0.4, "forty" → 40, "one hundred and twenty" → 120,
 * "a third" → 0.333…, "two and a half" → 2.5, "half of the material" → 0.5. A lone "one" after a
 * determiner ("the last one", "this one") is a pronoun, not a number, and ordinals ("the third
 * design") stay words.
 */
import { digits, replaceSpans, type Text } from './text.ts';

const SMALL: Record<string, number> = {
  zero: 0, nought: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const SCALE: Record<string, number> = { hundred: 100, thousand: 1000 };
const DENOM: Record<string, number> = { half: 2, halves: 2, third: 3, thirds: 3, quarter: 4, quarters: 4, fifth: 5, fifths: 5, tenth: 10, tenths: 10 };
/** Words before which "one" is a pronoun ("the last one"). */
const DETERMINER = new Set(['the', 'this', 'that', 'last', 'first', 'second', 'new', 'old', 'other', 'previous', 'latest', 'each', 'any', 'every', 'which', 'no', 'another', 'same', 'earlier', 'original', 'best', 'better', 'worse', 'only', 'single', 'current', 'next', 'final', 'older', 'newer', 'stiffer', 'lighter', 'good', 'right', 'left']);
/** "at half the span", "use half the material" (but "halve"/"half the filter radius" is a relative change). */
const HALF_THE_AFTER = new Set(['at', 'to', 'is', 'use', 'uses', 'using', 'with', 'of', 'be', 'about', 'around']);
const AFTER_PRONOUN = new Set(['of', 'more', 'another', 'by', 'or', 'with', 'without', 'to']);

const isIn = (table: Record<string, number>, w: string | undefined): w is string => w !== undefined && Object.hasOwn(table, w);

interface Word {
  w: string;
  start: number;
  end: number;
}

function wordsOf(text: string): Word[] {
  return [...text.matchAll(/[a-z]+/g)].map((m) => ({ w: m[0], start: m.index, end: m.index + m[0].length }));
}

/** Words i and i+1 are next to each other (only spaces or a hyphen between). */
const adjacent = (text: string, a: Word, b: Word) => /^[\s-]+$/.test(text.slice(a.end, b.start));

interface Parsed {
  value: number;
  next: number;
}

function integerAt(ws: Word[], i: number, text: string): Parsed | null {
  let total = 0;
  let current = 0;
  let j = i;
  let any = false;
  while (j < ws.length && (j === i || adjacent(text, ws[j - 1], ws[j]))) {
    const w = ws[j].w;
    if (isIn(SMALL, w) && (current % 10 === 0 || current >= 100)) current += SMALL[w];
    else if (isIn(TENS, w) && current % 100 === 0) current += TENS[w];
    else if (isIn(SCALE, w) && (current > 0 || (j === i + 1 && ['a', 'an'].includes(ws[i].w)))) {
      if (w === 'thousand') {
        total += (current || 1) * 1000;
        current = 0;
      } else current = (current || 1) * 100;
    } else if ((w === 'a' || w === 'an') && j === i && isIn(SCALE, ws[j + 1]?.w)) {
      j++;
      continue;
    } else if (w === 'and' && current >= 100 && current % 100 === 0 && (isIn(SMALL, ws[j + 1]?.w) || isIn(TENS, ws[j + 1]?.w))) {
      j++;
      continue;
    } else break;
    any = true;
    j++;
  }
  return any ? { value: total + current, next: j } : null;
}

function decimalsAt(ws: Word[], i: number, text: string): { digits: string; next: number } | null {
  if (ws[i]?.w !== 'point') return null;
  let out = '';
  let j = i + 1;
  while (j < ws.length && adjacent(text, ws[j - 1], ws[j]) && isIn(SMALL, ws[j].w) && SMALL[ws[j].w] < 10) out += String(SMALL[ws[j++].w]);
  return out ? { digits: out, next: j } : null;
}

function numberAt(ws: Word[], i: number, text: string): Parsed | null {
  const w = ws[i].w;
  const next = ws[i + 1];
  const adj = next && adjacent(text, ws[i], next);
  if ((w === 'a' || w === 'an') && adj && isIn(DENOM, next.w) && next.w !== 'halves') return { value: 1 / DENOM[next.w], next: i + 2 };
  if (w === 'half' && adj && (next.w === 'of' || (next.w === 'the' && HALF_THE_AFTER.has(ws[i - 1]?.w ?? '')))) return { value: 0.5, next: i + 1 };
  if (w === 'point') {
    const d = decimalsAt(ws, i, text);
    return d ? { value: Number(`0.${d.digits}`), next: d.next } : null;
  }
  const int = integerAt(ws, i, text);
  if (!int) return null;
  const { value, next: j } = int;
  const d = j < ws.length && adjacent(text, ws[j - 1], ws[j]) ? decimalsAt(ws, j, text) : null;
  if (d) return { value: Number(`${value}.${d.digits}`), next: d.next };
  const after = ws[j];
  if (after && adjacent(text, ws[j - 1], after) && isIn(DENOM, after.w) && value > 0 && value < DENOM[after.w] * 10) {
    // "one third", "two thirds", "three quarters" (not "the third")
    return { value: value / DENOM[after.w], next: j + 1 };
  }
  if (after?.w === 'and' && ws[j + 1]?.w === 'a' && ws[j + 2]?.w === 'half' && adjacent(text, ws[j + 1], ws[j + 2])) return { value: value + 0.5, next: j + 3 };
  if (j === i + 1 && w === 'one') {
    const before = ws[i - 1];
    const isPronoun = (before && DETERMINER.has(before.w) && adjacent(text, before, ws[i])) || (after && AFTER_PRONOUN.has(after.w) && adjacent(text, ws[i], after));
    if (isPronoun) return null;
  }
  return { value, next: j };
}

export function numberWordsToDigits(t: Text): Text {
  const ws = wordsOf(t.text);
  const edits: { start: number; end: number; by: string }[] = [];
  for (let i = 0; i < ws.length; ) {
    const p = numberAt(ws, i, t.text);
    if (!p) {
      i++;
      continue;
    }
    edits.push({ start: ws[i].start, end: ws[p.next - 1].end, by: digits(p.value) });
    i = p.next;
  }
  return replaceSpans(t, edits);
}
