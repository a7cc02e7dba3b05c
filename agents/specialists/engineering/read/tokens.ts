/**
 * The pieces of a normalized request the readers share: the numbers in it (with the unit or "%"
 * written after them) and which stretches of text a reader has already used, so that no number is
 * read twice and every number left over can be reported.
 */
import { UNIT_SOURCE, unitKey } from './units.ts';

export interface NumberToken {
  value: number;
  start: number;
  /** End of the number with its unit or "%". */
  end: number;
  /** End of the digits alone. */
  numEnd: number;
  /** Unit key (units.ts) written after the number, if any. */
  unit: string | null;
  /** Start of the written unit (or end when none). */
  unitStart: number;
  percent: boolean;
}

const NUMBER = new RegExp(String.raw`(?<![\w.@#])([-+]?(?:\d+(?:\.\d+)?|\.\d+)(?:e[-+]?\d+)?)(?:(\s*%)|(\s*)${UNIT_SOURCE})?(?![a-z0-9_%]|\.\d)`, 'g');

/** Every number of the text that stands on its own ("2d", "60x30", "1st" and ids are not numbers). */
export function numbersOf(text: string): NumberToken[] {
  const out: NumberToken[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const numEnd = m.index + m[1].length;
    const unit = m[4] ? unitKey(m[4]) : null;
    out.push({ value: Number(m[1]), start: m.index, end: m.index + m[0].length, numEnd, unit, unitStart: m[4] ? numEnd + (m[3]?.length ?? 0) : m.index + m[0].length, percent: Boolean(m[2]) });
  }
  return out;
}

/** Stretches of text already read. */
export class Claims {
  private readonly spans: [number, number][] = [];

  claim(start: number, end: number): void {
    this.spans.push([start, end]);
  }

  /** Nothing of [start, end) has been read yet. */
  isFree(start: number, end: number): boolean {
    return !this.spans.some(([a, b]) => start < b && a < end);
  }

  /** Some of [start, end) has been read. */
  covers(start: number, end: number): boolean {
    return !this.isFree(start, end);
  }
}

/** Text between two indices contains only what `gap` allows. */
export const gapIs = (text: string, from: number, to: number, gap: RegExp): boolean => from <= to && gap.test(text.slice(from, to));
