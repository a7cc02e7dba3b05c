/**
 * Units written after numbers, converted to the unit the catalog declares for a field. Only two
 * kinds occur in the catalog: lengths (µm) and grid counts (elements, cells, px — one design pixel is
 * one finite element is one grid cell in every problem here). A small table covers them, so no
 * units library is needed; a unit of another kind ("3 mm" for a radius in elements, "5 kN" for a
 * load position) is reported, never dropped or guessed.
 */

interface Unit {
  kind: 'length' | 'count' | 'other';
  /** Size in the kind's base unit (metres, or one grid cell). */
  factor: number;
}

const UNITS: Record<string, Unit> = {
  nm: { kind: 'length', factor: 1e-9 },
  um: { kind: 'length', factor: 1e-6 },
  mm: { kind: 'length', factor: 1e-3 },
  cm: { kind: 'length', factor: 1e-2 },
  m: { kind: 'length', factor: 1 },
  element: { kind: 'count', factor: 1 },
  cell: { kind: 'count', factor: 1 },
  px: { kind: 'count', factor: 1 },
  other: { kind: 'other', factor: 1 },
};

/** The written forms of each unit (normalized text: µ is already u), longest first. */
const WRITTEN: [string, string][] = [
  ['nm', String.raw`nanomet(?:er|re)s?|nm`],
  ['um', String.raw`micromet(?:er|re)s?|microns?|um`],
  ['mm', String.raw`millimet(?:er|re)s?|mm`],
  ['cm', String.raw`centimet(?:er|re)s?|cm`],
  ['m', String.raw`met(?:er|re)s?|m`],
  ['element', String.raw`elements?|elems?`],
  ['cell', String.raw`cells?`],
  ['px', String.raw`pixels?|px`],
  ['other', String.raw`k?n|kilonewtons?|newtons?|[mgk]?pa|megapascals?|gigapascals?|degrees?|deg|°c?|kelvin|k|kg|grams?|g|seconds?|s|hz|ghz|thz|ev|w|kw|watts?`],
];

/** A unit right after a number ("850 nm", "850nm", "3 px"): the regex source, in group 1. */
export const UNIT_SOURCE = String.raw`(${WRITTEN.map(([, re]) => re).join('|')})(?![a-z0-9_])`;

/** The unit key of a written unit ("microns" → "um"), or null when not a unit. */
export function unitKey(written: string): string | null {
  for (const [key, re] of WRITTEN) if (new RegExp(`^(?:${re})$`).test(written)) return key;
  return null;
}

/** The unit key of a catalog unit ("µm" → "um", "elements" → "element"). */
const catalogUnit = (unit: string | undefined): string | null => (unit ? unitKey(unit.replace(/[µμ]/g, 'u').toLowerCase()) : null);

export type Converted = { ok: true; value: number; note?: string } | { ok: false; reason: string };

/** `value` written in `written` (a unit key, or none), in the field's declared unit. */
export function convert(value: number, written: string | null, fieldUnit: string | undefined): Converted {
  if (!written) return { ok: true, value };
  const from = UNITS[written];
  const toKey = catalogUnit(fieldUnit);
  if (!toKey) {
    return { ok: false, reason: `it takes a plain number${fieldUnit ? ` in ${fieldUnit}` : ''}, and ${written === 'other' ? 'that unit' : written} cannot be converted to it` };
  }
  const to = UNITS[toKey];
  if (from.kind !== to.kind || from.kind === 'other') return { ok: false, reason: `it is in ${fieldUnit}, and ${written === 'other' ? 'that unit' : written} cannot be converted to ${fieldUnit}` };
  const out = Number(((value * from.factor) / to.factor).toPrecision(10));
  return { ok: true, value: out, ...(written !== toKey ? { note: `${value} ${written} = ${out} ${fieldUnit}` } : {}) };
}

/** Whether a field is a length (so a bare 1550 for a µm field may mean nanometres). */
export const isLengthField = (fieldUnit: string | undefined): boolean => {
  const k = catalogUnit(fieldUnit);
  return k !== null && UNITS[k].kind === 'length';
};

/** Whether a written unit key is a length. */
export const isLengthUnit = (key: string): boolean => UNITS[key]?.kind === 'length';

