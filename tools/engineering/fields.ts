/**
 * Shared pieces every Problem uses: merging config over defaults and checking
 * that a design lies in the design space (shape, finite, bounds).
 */
import { InputError } from '../errors.ts';
import { errorsOnly, runConstraints, type Constraint, type ConfigValues, type Violation } from './constraint.ts';
import type { Design, FieldSpec } from './problem.ts';

/** Merge `partial` over the defaults of `fields`; unknown keys and wrong types are InputErrors. */
export function resolveFields(problemId: string, fields: readonly FieldSpec[], partial: ConfigValues = {}): ConfigValues {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const out: ConfigValues = {};
  for (const f of fields) out[f.name] = f.default;
  for (const [key, value] of Object.entries(partial)) {
    if (value === undefined) continue;
    const spec = byName.get(key);
    if (!spec) {
      throw new InputError(`${problemId}: unknown condition or config field "${key}"`, {
        field: key,
        hint: `known fields: ${fields.map((f) => f.name).join(', ')}`,
      });
    }
    if (spec.type === 'boolean') {
      if (typeof value !== 'boolean') throw new InputError(`${problemId}: ${key} must be true or false, got ${value}`, { field: key });
      out[key] = value;
      continue;
    }
    const n = typeof value === 'boolean' ? Number(value) : value;
    if (typeof n !== 'number' || Number.isNaN(n)) throw new InputError(`${problemId}: ${key} must be a number, got ${value}`, { field: key });
    if (spec.type === 'integer' && !Number.isInteger(n)) throw new InputError(`${problemId}: ${key} must be an integer, got ${value}`, { field: key });
    out[key] = n;
  }
  return out;
}

/** Design-space check (EngiBench's Box.contains): shape, finite values, bounds [lo, hi]. */
export function designSpaceViolations(design: Design, shape: [number, number], lo = 0, hi = 1): Violation[] {
  const base = { constraint: 'design_space', categories: ['THEORY' as const], criticality: 'error' as const };
  const [r, c] = design.shape;
  if (r !== shape[0] || c !== shape[1] || design.data.length !== shape[0] * shape[1]) {
    return [{ ...base, cause: `design shape ${r}x${c} (${design.data.length} values) does not match the expected ${shape[0]}x${shape[1]}` }];
  }
  let nonFinite = 0;
  let outside = 0;
  let worst = 0;
  for (let i = 0; i < design.data.length; i++) {
    const v = design.data[i];
    if (!Number.isFinite(v)) nonFinite++;
    else if (v < lo || v > hi) {
      outside++;
      if (Math.abs(v - (v < lo ? lo : hi)) > Math.abs(worst - (worst < lo ? lo : hi))) worst = v;
    }
  }
  const out: Violation[] = [];
  if (nonFinite) out.push({ ...base, cause: `design has ${nonFinite} NaN or infinite values` });
  if (outside) out.push({ ...base, cause: `design has ${outside} values outside [${lo}, ${hi}] (e.g. ${worst})` });
  return out;
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
export function assertInDesignSpace(problemId: string, design: Design, shape: [number, number], what: string, hint: string): void {
  const bad = designSpaceViolations(design, shape);
  if (bad.length) {
    throw new InputError(`${problemId}: ${what} is outside the design space: ${bad.map((v) => v.cause).join('; ')}`, { field: what, hint });
  }
}
