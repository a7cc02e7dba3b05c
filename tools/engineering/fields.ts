/**
 * Shared pieces every Problem uses: merging config over defaults, checking
 * that a design lies in the design space (shape, finite, bounds), and bringing
 * an optimizer's returned design into it.
 */
import { InputError } from '../errors.ts';
import { errorsOnly, runConstraints, type Constraint, type ConfigValues, type GivenValues, type Violation } from './constraint.ts';
import { parseNodeMask, type MaskSpec } from './nodeMask.ts';
import type { Design, DesignShape, FieldSpec, OptimizeResult, StepEvent } from './problem.ts';

/**
 * Merge `partial` over the defaults of `fields`; unknown keys and wrong types are InputErrors. A declared mask
 * (`masks`) is parsed (nodeMask.ts) when given and left out when not: its absence means the problem's default mask.
 */
export function resolveFields(problemId: string, fields: readonly FieldSpec[], partial: GivenValues = {}, masks: readonly MaskSpec[] = []): ConfigValues {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const maskByName = new Map(masks.map((m) => [m.name, m]));
  const out: ConfigValues = {};
  for (const f of fields) out[f.name] = f.default;
  for (const [key, value] of Object.entries(partial)) {
    if (value === undefined) continue;
    const mask = maskByName.get(key);
    if (mask) {
      out[key] = parseNodeMask(`${problemId}: ${key}`, value, mask.maxSide);
      continue;
    }
    const spec = byName.get(key);
    if (!spec) {
      throw new InputError(`${problemId}: unknown condition or config field "${key}"`, {
        field: key,
        hint: `known fields: ${[...fields.map((f) => f.name), ...masks.map((m) => m.name)].join(', ')}`,
      });
    }
    if (spec.type === 'boolean') {
      if (typeof value !== 'boolean') throw new InputError(`${problemId}: ${key} must be true or false, got ${value}`, { field: key });
      out[key] = value;
      continue;
    }
    if (typeof value === 'object' || typeof value === 'string') throw new InputError(`${problemId}: ${key} must be a number, got a node mask`, { field: key });
    const n = typeof value === 'boolean' ? Number(value) : value;
    if (typeof n !== 'number' || Number.isNaN(n)) throw new InputError(`${problemId}: ${key} must be a number, got ${value}`, { field: key });
    if (spec.type === 'integer' && !Number.isInteger(n)) throw new InputError(`${problemId}: ${key} must be an integer, got ${value}`, { field: key });
    out[key] = n;
  }
  return out;
}

/** Where a design leaves [lo, hi]: how many finite values do, the design's min and max, and the farthest one with its index ([row, col] of a 2-D design). */
export interface OutOfBounds {
  count: number;
  min: number;
  max: number;
  farthest: number;
  at: number[];
}

/** The multi-index of flat C-order position i in `shape`. */
export function unravelIndex(i: number, shape: readonly number[]): number[] {
  const out = new Array<number>(shape.length);
  for (let d = shape.length - 1; d >= 0; d--) {
    out[d] = i % shape[d];
    i = Math.floor(i / shape[d]);
  }
  return out;
}

export function outOfBounds(design: Design, lo = 0, hi = 1): OutOfBounds | null {
  const { data } = design;
  let count = 0, min = Infinity, max = -Infinity, far = 0, farIndex = -1;
  for (let i = 0; i < data.length; i++) {
    const v = data[i];
    if (!Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
    const d = v < lo ? lo - v : v - hi;
    if (d > 0) {
      count++;
      if (d > far) [far, farIndex] = [d, i];
    }
  }
  return count ? { count, min, max, farthest: data[farIndex], at: unravelIndex(farIndex, design.shape) } : null;
}

/** "4 values outside [0, 1] (min 0, max 1.0041; farthest 1.0041 at [row 3, col 27])" */
export function describeOutOfBounds(o: OutOfBounds, lo = 0, hi = 1): string {
  const where = o.at.length === 2 ? `[row ${o.at[0]}, col ${o.at[1]}]` : `[${o.at.join(', ')}]`;
  return `${o.count} values outside [${lo}, ${hi}] (min ${o.min}, max ${o.max}; farthest ${o.farthest} at ${where})`;
}

/** Design-space check (EngiBench's Box.contains): shape, finite values, bounds [lo, hi]. */
export function designSpaceViolations(design: Design, shape: DesignShape, lo = 0, hi = 1): Violation[] {
  const base = { constraint: 'design_space', categories: ['THEORY' as const], criticality: 'error' as const };
  const same = design.shape.length === shape.length && shape.every((v, d) => design.shape[d] === v);
  if (!same || design.data.length !== shape.reduce((a, b) => a * b, 1)) {
    return [{ ...base, cause: `design shape ${design.shape.join('x')} (${design.data.length} values) does not match the expected ${shape.join('x')}` }];
  }
  const nonFinite = design.data.reduce((n, v) => (Number.isFinite(v) ? n : n + 1), 0);
  const outside = outOfBounds(design, lo, hi);
  const out: Violation[] = [];
  if (nonFinite) out.push({ ...base, cause: `design has ${nonFinite} NaN or infinite values` });
  if (outside) out.push({ ...base, cause: `design has ${describeOutOfBounds(outside, lo, hi)}` });
  return out;
}

/** EngiBench's volume_fraction_bound design constraint (Beams2D, ThermoElastic3D): |mean(design) − volfrac| ≤ 0.01, a THEORY warning. */
export const VOLUME_FRACTION_TOLERANCE = 0.01;

export function volumeFractionViolations(design: Design, volfrac: number, tol = VOLUME_FRACTION_TOLERANCE): Violation[] {
  const m = mean(design.data);
  if (Math.abs(m - volfrac) <= tol) return [];
  return [{ constraint: 'volume_fraction_bound', categories: ['THEORY'], criticality: 'warning', cause: `design mean ${m.toFixed(4)} differs from volfrac ${volfrac} by more than ${tol}` }];
}

/**
 * The largest entry (NaN if any is NaN, −Infinity if empty, as Math.max), by a loop: `Math.max(...a)` passes
 * every entry as an argument and overflows the stack from ~10⁵ entries (a 51³ nodal field has 132,651).
 */
export function maxValue(a: ArrayLike<number>): number {
  let m = -Infinity;
  for (let i = 0; i < a.length; i++) if (a[i] > m || Number.isNaN(a[i])) m = a[i];
  return m;
}

export function mean(a: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i];
  return s / a.length;
}

/** The field a constraint is about: the longest field name its name starts with. */
export function fieldOfConstraint(fields: readonly FieldSpec[], constraintName: string): string {
  return fields.map((f) => f.name).filter((n) => constraintName.startsWith(n)).sort((a, b) => b.length - a.length)[0] ?? constraintName;
}

/** Throws an InputError naming the first error-level violation: constraint, value and allowed set. */
export function assertConfigValid(problemId: string, fields: readonly FieldSpec[], constraints: readonly Constraint[], values: ConfigValues): void {
  const errors = errorsOnly(runConstraints(constraints, values));
  if (!errors.length) return;
  const v = errors[0];
  const allowed = constraints.find((c) => c.name === v.constraint)?.allowed ?? '';
  throw new InputError(`${problemId}: constraint ${v.constraint} violated: ${v.cause} (allowed: ${allowed})`, {
    field: fieldOfConstraint(fields, v.constraint),
    hint: errors.length > 1 ? `${errors.length - 1} more: ${errors.slice(1).map((e) => e.constraint).join(', ')}` : undefined,
  });
}

/** Throws an InputError when `design` is outside the design space (shape, NaN, bounds). */
export function assertInDesignSpace(problemId: string, design: Design, shape: DesignShape, what: string, hint: string): void {
  const bad = designSpaceViolations(design, shape);
  if (bad.length) {
    throw new InputError(`${problemId}: ${what} is outside the design space: ${bad.map((v) => v.cause).join('; ')}`, { field: what, hint });
  }
}

/**
 * Runs an optimizer and brings its returned design into the design space [lo, hi]. EngiBench's own optimizers can
 * return values just outside it (Beams2D's overhang filter: up to ~1.004), which its own `simulate` would then refuse.
 * The steps and the history pass through as recorded; only the returned design is clipped, with a warning
 * (constraint `design_space_clipped`) naming how many values were out and how far. A design inside is returned as is.
 */
export function* clippedToDesignSpace(steps: Generator<StepEvent, OptimizeResult, void>, lo = 0, hi = 1): Generator<StepEvent, OptimizeResult, void> {
  const result = yield* steps;
  const outside = outOfBounds(result.design, lo, hi);
  if (!outside) return result;
  const warning: Violation = {
    constraint: 'design_space_clipped',
    categories: ['THEORY'],
    criticality: 'warning',
    cause: `the optimizer returned a design with ${describeOutOfBounds(outside, lo, hi)}; the design is clipped to [${lo}, ${hi}], its history is as the optimizer recorded it`,
  };
  const data = result.design.data.map((v) => Math.min(hi, Math.max(lo, v)));
  return { ...result, design: { shape: result.design.shape, data }, warnings: [...(result.warnings ?? []), warning] };
}
