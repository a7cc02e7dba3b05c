/**
 * Quantities with units for the reasoning templates and scorers, on a private mathjs instance
 * (mathjs' unit system does the conversions; nothing here multiplies by hand-written factors).
 *
 * Templates compute with `q(value, unit)` and the arithmetic helpers; a chain step records a
 * quantity in a chosen display unit through `valueIn`. Scorers use `conversionFactor` to compare a
 * number a model wrote in one unit with a ground truth in another (kPa vs MPa), and
 * `normalizeUnitText` to turn what models write (Ω, µF, m³, kg·m⁻³) into mathjs syntax.
 * Labels mathjs cannot parse (dB, dBm) stay labels: they are compared by value only.
 */
import { all, create, type Unit } from 'mathjs';

const math = create(all, {});
math.createUnit('rpm', '1/min');
math.createUnit('ha', '10000 m^2');

/** A dimensional quantity (mathjs Unit) or a plain dimensionless number. */
export type Quantity = Unit | number;

export const PI = Math.PI;

export function q(value: number, unit: string): Unit {
  return math.unit(value, computeUnit(unit));
}

export function mul(...xs: Quantity[]): Quantity {
  return xs.reduce((a, b) => math.multiply(a, b) as Quantity);
}

export function div(a: Quantity, b: Quantity): Quantity {
  return math.divide(a, b) as Quantity;
}

export function add(a: Quantity, b: Quantity): Quantity {
  return math.add(a, b) as Quantity;
}

export function sub(a: Quantity, b: Quantity): Quantity {
  return math.subtract(a, b) as Quantity;
}

export function pow(a: Quantity, n: number): Quantity {
  return (typeof a === 'number' ? Math.pow(a, n) : math.pow(a, n)) as Quantity;
}

export function sqrt(a: Quantity): Quantity {
  return (typeof a === 'number' ? Math.sqrt(a) : math.sqrt(a)) as Quantity;
}

/** a < b for two quantities of the same dimension (mathjs compares across units: 1 kPa < 1 MPa). */
export function lessThan(a: Quantity, b: Quantity): boolean {
  return Boolean(math.smaller(a, b));
}

/** Logarithmic labels: not mathjs units; a step in dB is a plain number with a label. */
export const LABEL_UNITS = new Set(['dB', 'dBm', 'dBi']);

/** Display units that mathjs spells differently when converting (rad is an angle unit there). */
const COMPUTE_ALIASES: Record<string, string> = { 'rad/s': 's^-1', '1/s': 's^-1', '1/min': 'min^-1', '1/h': 'h^-1' };

function computeUnit(unit: string): string {
  return Object.hasOwn(COMPUTE_ALIASES, unit) ? COMPUTE_ALIASES[unit] : unit;
}

/** The number `x` expressed in `unit` ('' for dimensionless). Throws when the dimensions differ. */
export function valueIn(x: Quantity, unit: string): number {
  if (typeof x === 'number') {
    if (unit === '' || unit === '-' || LABEL_UNITS.has(unit)) return x;
    throw new Error(`a dimensionless number cannot be expressed in ${unit}`);
  }
  if (unit === '' || unit === '-') throw new Error(`${x.toString()} is not dimensionless`);
  return x.toNumber(computeUnit(unit));
}

/** Value of a quantity in SI base units (for tests and sanity checks). */
export function siValue(x: Quantity): number {
  return typeof x === 'number' ? x : x.toSI().toNumber();
}

const unicodeSuperscripts: Record<string, string> = { '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9', '⁻': '-' };

/**
 * What models write → mathjs unit syntax: Ω → ohm, µ/μ → u, superscripts → ^n, · and ⋅ → space,
 * "kg m-3" stays as written (not recognised), LaTeX \mathrm{...}, \text{...}, \, and ^{n} unwrapped.
 */
export function normalizeUnitText(text: string): string {
  let s = text.trim();
  s = s.replace(/\\(?:mathrm|text|mathit|operatorname)\{([^}]*)\}/g, '$1').replace(/\\[,;:! ]/g, ' ').replace(/\\Omega/g, 'Ω').replace(/\\mu\s*/g, 'u').replace(/\\cdot/g, ' ');
  s = s.replace(/\^\{([^}]*)\}/g, '^$1').replace(/[{}$]/g, '');
  s = s.replace(/[ΩΩ]/g, 'ohm').replace(/[µμ]/g, 'u').replace(/[·⋅×*]/g, ' ').replace(/°\s*C\b/g, 'degC').replace(/°\s*F\b/g, 'degF').replace(/°/g, 'deg');
  s = s.replace(/([⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)/g, (m) => '^' + [...m].map((c) => unicodeSuperscripts[c] ?? c).join(''));
  s = s.replace(/\bohms\b/gi, 'ohm').replace(/\bOhm\b/g, 'ohm').replace(/\bkOhm\b/g, 'kohm').replace(/\bMOhm\b/g, 'Mohm').replace(/\bsec\b/g, 's');
  s = s.replace(/\bliters?\b|\blitres?\b/g, 'L').replace(/\bmeters?\b|\bmetres?\b/g, 'm').replace(/\bseconds?\b/g, 's');
  return s.replace(/\s+/g, ' ').trim();
}

const factorCache = new Map<string, number | null>();

/**
 * The factor f with `v [from] = v·f [to]`, or null when either unit is not a mathjs unit or the
 * dimensions differ (then callers compare raw numbers). Memoised: scoring calls this a lot.
 */
export function conversionFactor(from: string, to: string): number | null {
  if (from === to) return 1;
  const key = `${from}\u0000${to}`;
  const hit = factorCache.get(key);
  if (hit !== undefined) return hit;
  let f: number | null = null;
  try {
    const a = math.unit(1, computeUnit(from));
    const b = math.unit(1, computeUnit(to));
    if (a.equalBase(b) && !hasOffset(from) && !hasOffset(to)) f = a.toNumber(computeUnit(to));
  } catch {
    f = null;
  }
  factorCache.set(key, f);
  return f;
}

/** Temperatures with an offset (degC, degF) are compared in their own unit only. */
function hasOffset(unit: string): boolean {
  return /\bdeg[CF]\b|^deg[CF]$/.test(unit);
}

/** True when mathjs understands `unit` (used to tell a unit after a number from a word). */
export function isKnownUnit(unit: string): boolean {
  if (!unit) return false;
  const key = `known\u0000${unit}`;
  const hit = factorCache.get(key);
  if (hit !== undefined) return hit !== null;
  let ok = false;
  try {
    math.unit(1, computeUnit(unit));
    ok = true;
  } catch {
    ok = false;
  }
  factorCache.set(key, ok ? 1 : null);
  return ok;
}

/** Temperature in kelvin from a Celsius value (the one offset conversion templates need). */
export function celsiusToKelvin(tC: number): number {
  return math.unit(tC, 'degC').toNumber('K');
}

const TEMPERATURES = new Set(['K', 'degC', 'degF', 'degR']);

/**
 * `value` in `from` expressed in `to`: a pure factor for ordinary units (conversionFactor), the
 * offset conversion for absolute temperatures (°C ↔ K ↔ °F), null when not convertible.
 */
export function convertValue(value: number, from: string, to: string): number | null {
  if (from === to) return value;
  if (TEMPERATURES.has(from) && TEMPERATURES.has(to)) return math.unit(value, from).toNumber(to);
  const f = conversionFactor(from, to);
  return f === null ? null : value * f;
}
