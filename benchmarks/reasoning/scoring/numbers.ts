/**
 * Numbers with units out of model text. Handles signs (-, −, –), thousands separators (12,500),
 * decimals (.5), scientific notation in the forms models write it (1.2e-3, 1.2E+03, 1.2 × 10^-3,
 * 1.2×10⁻³, 1.2 \times 10^{-3}, 1.2·10^3, 1.2 x 10^3, 10^-3), percent signs, and a unit right after
 * the number (kPa, m³/s, W/(m²·K), kN·m/m, µF, Ω, °C …) recognised by mathjs (units.ts) or as a
 * logarithmic label (dB, dBm, dBi). Words that happen to be unit names ("in", "at") are not units.
 */
import { isKnownUnit, LABEL_UNITS, normalizeUnitText } from '../units.ts';

export interface ParsedNumber {
  value: number;
  /** Normalised unit text ('' when none was recognised). */
  unit: string;
  /** Offset of the number in the (LaTeX-normalised) text. */
  index: number;
  raw: string;
}

const SUPERSCRIPT: Record<string, string> = { '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9', '⁻': '-', '⁺': '+' };

/** Strip LaTeX and markdown noise so numbers and units are plain text (positions change; callers use the result). */
export function plainMath(text: string): string {
  return text
    .replace(/\\(?:left|right|displaystyle|quad|qquad)\b/g, ' ')
    .replace(/\\(?:text|mathrm|mathit|operatorname|textbf|mathbf)\{([^}]*)\}/g, '$1')
    .replace(/\\times/g, '×')
    .replace(/\\cdot/g, '·')
    .replace(/\\approx/g, '≈')
    .replace(/\\(?:,|;|:|!|\s)/g, ' ')
    .replace(/\\%/g, '%')
    .replace(/\\Omega/g, 'Ω')
    .replace(/\\mu/g, 'µ')
    .replace(/\\circ/g, '°')
    .replace(/\^\{([^}]*)\}/g, '^$1')
    .replace(/\^\\circ/g, '°')
    .replace(/\*\*|__|`|\$/g, ' ')
    .replace(/~/g, ' ');
}

const SIGN = '[-−–+]?';
const MANTISSA = '(?:\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d*)?|\\.\\d+)';
const EXP_E = '(?:[eE][-−+]?\\d+)';
const TIMES_TEN = '(?:\\s*[×x·*]\\s*10\\s*(?:\\^\\s*\\(?\\s*[-−+]?\\s*\\d+\\s*\\)?|[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+))';
const NUMBER_RE = new RegExp(`(?<![\\w.^])(${SIGN})(${MANTISSA})(${EXP_E}|${TIMES_TEN})?(?![\\d^⁰¹²³⁴⁵⁶⁷⁸⁹⁻])`, 'g');
/** A bare power of ten: "10^-3" or "10⁻³" with no mantissa. */
const POWER_RE = /(?<![\w.^×x·*])10\s*(?:\^\s*\(?\s*([-−+]?\s*\d+)\s*\)?|([⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+))/g;

const NOT_UNITS = new Set(['in', 'at', 'a', 'an', 'and', 'or', 'the', 'is', 'of', 'to', 'for', 'by', 'from', 'with', 'per', 'as', 'on', 'be', 'are', 'it', 'if', 'so', 'no', 'each', 'times', 'cycles', 'bars', 'bits']);

function exponentOf(text: string): number {
  const t = text.replace(/\s/g, '');
  if (/^[eE]/.test(t)) return Number(t.slice(1).replace('−', '-'));
  const sup = t.match(/[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+$/);
  if (sup) return Number([...sup[0]].map((c) => SUPERSCRIPT[c]).join(''));
  const caret = t.match(/\^\(?([-−+]?\d+)\)?$/);
  return caret ? Number(caret[1].replace('−', '-')) : 0;
}

/** The longest run of unit-looking tokens after a number that mathjs (or the label list) accepts. */
export function unitAfter(text: string): string {
  const m = text.match(/^\s?\s?(\(?[A-Za-zµμΩΩ°%][A-Za-z0-9µμΩΩ°%^·⋅*/()\-⁰¹²³⁴⁵⁶⁷⁸⁹⁻]*(?:\s[A-Za-zµμΩΩ°/(][A-Za-z0-9µμΩΩ°^·⋅*/()\-⁰¹²³⁴⁵⁶⁷⁸⁹⁻]*){0,5})/);
  if (!m) return '';
  const tokens = m[1].split(/\s+/);
  for (let k = tokens.length; k >= 1; k--) {
    let cand = tokens.slice(0, k).join(' ').replace(/[.,;:\]]+$/, '');
    while (cand.endsWith(')') && countOf(cand, ')') > countOf(cand, '(')) cand = cand.slice(0, -1).replace(/[.,;:]+$/, '');
    if (!cand) continue;
    if (cand === '%') return '%';
    if (k === 1 && NOT_UNITS.has(cand)) return '';
    if (LABEL_UNITS.has(cand)) return cand;
    const norm = normalizeUnitText(cand);
    if (norm && isKnownUnit(norm)) return norm;
  }
  return '';
}

function countOf(s: string, ch: string): number {
  let n = 0;
  for (const c of s) if (c === ch) n++;
  return n;
}

/** Every number in `text` (already passed through plainMath), in order, with the unit after it. */
export function numbersIn(text: string): ParsedNumber[] {
  const out: ParsedNumber[] = [];
  for (const m of text.matchAll(NUMBER_RE)) {
    const sign = m[1] === '' || m[1] === '+' ? 1 : -1;
    const mantissa = Number(m[2].replace(/,/g, ''));
    const value = sign * mantissa * Math.pow(10, m[3] ? exponentOf(m[3]) : 0);
    if (!Number.isFinite(value)) continue;
    const end = (m.index ?? 0) + m[0].length;
    out.push({ value, unit: unitAfter(text.slice(end)), index: m.index ?? 0, raw: m[0] });
  }
  for (const m of text.matchAll(POWER_RE)) {
    const idx = m.index ?? 0;
    if (out.some((n) => idx >= n.index && idx < n.index + n.raw.length)) continue;
    const e = m[1] !== undefined ? Number(m[1].replace(/\s/g, '').replace('−', '-')) : exponentOf(m[2]);
    const end = idx + m[0].length;
    out.push({ value: Math.pow(10, e), unit: unitAfter(text.slice(end)), index: idx, raw: m[0] });
  }
  return out.sort((a, b) => a.index - b.index);
}

/**
 * The result a step states: the first number after the last "=" or "≈" (so trailing remarks such as
 * "(below the yield strength of 250 MPa)" are ignored); without one, the last number of the step.
 */
export function resultOf(text: string): ParsedNumber | undefined {
  const plain = plainMath(text);
  const nums = numbersIn(plain);
  if (!nums.length) return undefined;
  const eq = Math.max(plain.lastIndexOf('='), plain.lastIndexOf('≈'));
  if (eq >= 0) {
    const after = nums.find((n) => n.index > eq);
    if (after) return after;
  }
  return nums[nums.length - 1];
}
