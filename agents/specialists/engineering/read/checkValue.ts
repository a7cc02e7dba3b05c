/**
 * A value the person gave for a field, checked against what the catalog says of the field: its
 * unit (converted), its type (a whole number for integer fields; on/off for booleans), its allowed
 * range, and whether a bare number for a length is likely in another unit (1550 for a wavelength
 * in µm). A value that fails is not passed on: the reader asks about it instead.
 */
import type { FieldInfo } from '../../../../tools/engineering/tools/index.ts';
import { digits } from './text.ts';
import { convert, isLengthField } from './units.ts';

interface Interval {
  lo: number;
  hi: number;
  loOpen: boolean;
  hiOpen: boolean;
}

/** "[0, 1] and (0, inf)" → intervals (all must hold); "the integers" is the field's type. */
export function parseRange(text: string | undefined): Interval[] {
  if (!text) return [];
  const out: Interval[] = [];
  for (const m of text.matchAll(/([[(])\s*(-?inf|-?[\d.e+-]+)\s*,\s*(-?inf|-?[\d.e+-]+)\s*([\])])/g)) {
    const num = (s: string) => (s === 'inf' ? Infinity : s === '-inf' ? -Infinity : Number(s));
    out.push({ lo: num(m[2]), hi: num(m[3]), loOpen: m[1] === '(', hiOpen: m[4] === ')' });
  }
  return out;
}

const inside = (v: number, r: Interval) => (r.loOpen ? v > r.lo : v >= r.lo) && (r.hiOpen ? v < r.hi : v <= r.hi);
export const inRange = (v: number, range: string | undefined) => parseRange(range).every((r) => inside(v, r));

/** The tightest written form of a field's allowed range, e.g. "[0.5, inf)" from "(0, inf) and [0.5, inf]". */
export function rangeText(range: string | undefined): string {
  const rs = parseRange(range);
  if (!rs.length) return '';
  const lo = rs.reduce((a, r) => (r.lo > a.lo || (r.lo === a.lo && r.loOpen) ? r : a));
  const hi = rs.reduce((a, r) => (r.hi < a.hi || (r.hi === a.hi && r.hiOpen) ? r : a));
  return `${lo.loOpen ? '(' : '['}${lo.lo}, ${hi.hi === Infinity ? 'inf)' : `${hi.hi}${hi.hiOpen ? ')' : ']'}`}`;
}

/** What the person wrote for one field. */
export interface Written {
  value: number | boolean;
  /** Unit key written after the number (units.ts), if any. */
  unit?: string | null;
  percent?: boolean;
}

export type Checked =
  | { ok: true; value: number | boolean; note?: string }
  | { ok: false; reason: string; /** A likely meaning, offered in the question ("did you mean …?"). */ suggestion?: number };

/** A fraction-valued field: its allowed range lies inside [0, 1]. */
const isFraction = (f: FieldInfo) => {
  const rs = parseRange(f.allowed);
  return rs.length > 0 && rs.some((r) => r.lo >= 0 && r.hi <= 1);
};

export function checkValue(f: FieldInfo, w: Written): Checked {
  if (f.type === 'boolean') {
    if (typeof w.value === 'boolean') return { ok: true, value: w.value };
    if (w.value === 0 || w.value === 1) return { ok: true, value: w.value === 1 };
    return { ok: false, reason: `${f.name} is on or off (true/false)` };
  }
  if (typeof w.value === 'boolean') return { ok: false, reason: `${f.name} takes a number, not on/off` };
  let value = w.value;
  let note: string | undefined;
  if (w.percent) {
    if (!isFraction(f)) return { ok: false, reason: `${f.name} is not a fraction, so a percentage cannot be used` };
    value = Number((value / 100).toPrecision(10));
  } else {
    const c = convert(value, w.unit ?? null, f.unit);
    if (!c.ok) return { ok: false, reason: `${f.name}: ${c.reason}` };
    value = c.value;
    note = c.note;
  }
  if (f.type === 'integer' && !Number.isInteger(value)) return { ok: false, reason: `${f.name} must be a whole number`, suggestion: Math.round(value) };
  if (!inRange(value, f.allowed)) {
    const suggestion = isFraction(f) && value > 1 && value <= 100 ? Number((value / 100).toPrecision(10)) : undefined;
    return { ok: false, reason: `${f.name} = ${digits(value)} is outside the allowed range ${rangeText(f.allowed)}`, suggestion };
  }
  // nothing or everything at the closed end of the allowed range, outside the usual one (volfrac 0: no
  // material at all; 1: a solid block) is degenerate: asked about, never run on a reading that may be
  // wrong ("0,45" read as 0). Other ends (the smallest grid a solver takes) are ordinary values.
  const edge = parseRange(f.allowed).some((r) => (!r.loOpen && value === r.lo) || (!r.hiOpen && value === r.hi));
  const nothingOrAll = value === 0 || (value === 1 && isFraction(f));
  if (edge && nothingOrAll && f.recommended && !inRange(value, f.recommended)) {
    return { ok: false, reason: `${f.name} = ${digits(value)} is at the very edge of the allowed range ${rangeText(f.allowed)}, outside the usual ${rangeText(f.recommended)}: the result would be degenerate` };
  }
  if (!w.unit && isLengthField(f.unit) && f.recommended) {
    const hi = Math.max(...parseRange(f.recommended).map((r) => r.hi));
    const asNm = value / 1000;
    if (Number.isFinite(hi) && value > 100 * hi && inRange(asNm, f.allowed)) {
      return { ok: false, reason: `${f.name} = ${digits(value)} ${f.unit} is far above the usual ${rangeText(f.recommended)} ${f.unit}`, suggestion: asNm };
    }
  }
  return { ok: true, value, ...(note ? { note } : {}) };
}
