/**
 * Changes relative to an earlier value: "double the filter radius", "halve rmin", "increase rmin by
 * 1", "reduce the volume fraction by 10 %", "rmin up by 0.5", "raise max_iter by a factor of 2". A
 * follow-up applies them to the earlier design's values; with no earlier value they are reported.
 */
import type { FieldRef, Mention } from './mentions.ts';
import { gapIs, type Claims, type NumberToken } from './tokens.ts';

export interface Relative {
  ref: FieldRef;
  /** new = old × factor, or old + delta (delta in % of old when `percent`). */
  factor?: number;
  delta?: number;
  percent?: boolean;
  /** What the reader assumed (the amount of "make it lighter"), said in the note. */
  assumed?: string;
  start: number;
  end: number;
}

const FACTORS: Record<string, number> = { double: 2, twice: 2, triple: 3, halve: 0.5, half: 0.5 };
const UP = /\b(?:increase|raise|bump(?: up)?|grow|enlarge|extend)\s+(?:the\s+)?$/;
const DOWN = /\b(?:decrease|lower|reduce|cut|drop|shrink|trim)\s+(?:the\s+)?$/;

/** The words are the field's name or name a setting ("volume fraction", "filter radius"), not a physical thing ("the span"). */
const namesValue = (words: string, name: string) =>
  words.replace(/[\s_-]/g, '') === name.replace(/_/g, '') || /\b(?:fraction|radius|ratio|value|factor|penali[sz]ation|exponent|weight|iterations?|steps?)\b/.test(words);

export function readRelative(text: string, mentions: Mention[], numbers: NumberToken[], claims: Claims): Relative[] {
  const out: Relative[] = [];
  for (const m of mentions) {
    if (m.refs.length !== 1 || m.refs[0].field.type === 'boolean') continue;
    const before = text.slice(Math.max(0, m.start - 40), m.start);
    const times = /\b(double|twice|triple|halve|half)\s+(?:the\s+)?$/.exec(before);
    if (times) {
      out.push({ ref: m.refs[0], factor: FACTORS[times[1]], start: m.start - times[0].length, end: m.end });
      continue;
    }
    // "with half the volfrac" (the number words already read as 0.5): a fraction of the field's own value,
    // when the words name the value itself ("half the material" is a volume fraction of 0.5)
    const part = /(?<![\w.])(\d+(?:\.\d+)?)\s+(?:of\s+the|of|the)\s+$/.exec(before);
    const fraction = part && numbers.find((t) => t.start === m.start - before.length + part.index && claims.isFree(t.start, t.numEnd));
    if (part && fraction && namesValue(text.slice(m.start, m.end), m.refs[0].field.name)) {
      claims.claim(fraction.start, fraction.numEnd);
      out.push({ ref: m.refs[0], factor: fraction.value, start: fraction.start, end: m.end });
      continue;
    }
    const n = numbers.find((t) => t.start >= m.end && claims.isFree(t.start, t.numEnd));
    if (!n) continue;
    const factor = gapIs(text, m.end, n.start, /^\s+by\s+(?:a\s+)?factor\s+(?:of\s+)?$/);
    const by = gapIs(text, m.end, n.start, /^\s+by\s+$/);
    const upDown = gapIs(text, m.end, n.start, /^\s+(?:up|down)\s+by\s+$/);
    const sign = UP.test(before) || /^\s+up\b/.test(text.slice(m.end)) ? 1 : DOWN.test(before) || /^\s+down\b/.test(text.slice(m.end)) ? -1 : 0;
    if (!(factor || ((by || upDown) && sign))) continue;
    claims.claim(n.start, n.numEnd);
    const lead = UP.exec(before) ?? DOWN.exec(before);
    out.push({ ref: m.refs[0], ...(factor ? { factor: n.value } : { delta: sign * n.value, percent: n.percent }), start: lead ? m.start - lead[0].length : m.start, end: n.end });
  }
  return out;
}

/** The new value of a relative change from the old one. */
export function applyRelative(r: Relative, old: number): number {
  const v = r.factor !== undefined ? old * r.factor : old + (r.percent ? (old * (r.delta ?? 0)) / 100 : (r.delta ?? 0));
  return Number(v.toPrecision(10));
}

/** "swap the wavelengths", "exchange lambda1 and lambda2": two fields that trade values. */
export function readSwaps(text: string, mentions: Mention[]): { refs: [FieldRef, FieldRef]; start: number; end: number }[] {
  const out: { refs: [FieldRef, FieldRef]; start: number; end: number }[] = [];
  for (const m of text.matchAll(/\b(?:swap|exchange|switch|interchange|reverse)\s+(?:the\s+)?/g)) {
    const at = m.index + m[0].length;
    const group = mentions.find((x) => x.start > m.index && x.start <= at && x.refs.length === 2);
    if (group) {
      out.push({ refs: [group.refs[0], group.refs[1]], start: m.index, end: group.end });
      continue;
    }
    const [a, b] = mentions.filter((x) => x.start > m.index && x.refs.length === 1).slice(0, 2);
    if (a && b && a.start <= at && gapIs(text, a.end, b.start, /^\s*(?:and|&|,|with)\s*$/)) out.push({ refs: [a.refs[0], b.refs[0]], start: m.index, end: b.end });
  }
  return out;
}

