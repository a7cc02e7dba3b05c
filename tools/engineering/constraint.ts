/**
 * Declared constraints on conditions, config knobs and designs, after EngiBench's
 * `engibench/constraint.py`: each has a category (THEORY: physically meaningless outside,
 * IMPL: the implementation is not meant for it) and a criticality (error: refuse to run,
 * warning: run and tell the person).
 */
export type Category = 'THEORY' | 'IMPL';
export type Criticality = 'error' | 'warning';
import type { NodeMask } from './nodeMask.ts';

/** A condition or config value: a number, a boolean, or a node mask (nodeMask.ts; only for the problem's declared masks). */
export type ConfigValue = number | boolean | NodeMask;
export type ConfigValues = Record<string, ConfigValue>;
/** What a caller may pass to resolveConfig: a mask also as an array (EngiBench's nested 0/1 array or a node list). */
export type GivenValues = Record<string, ConfigValue | readonly unknown[] | undefined>;

export interface Constraint {
  /** e.g. "volfrac_impl_bounds" */
  readonly name: string;
  readonly categories: readonly Category[];
  readonly criticality: Criticality;
  /** Human text of the allowed set, e.g. "[0.1, 0.9]". */
  readonly allowed: string;
  /** Returns the cause when violated, null when satisfied. */
  check(values: ConfigValues): string | null;
}

export interface Violation {
  constraint: string;
  categories: readonly Category[];
  criticality: Criticality;
  cause: string;
}

interface FieldConstraintOptions {
  category?: Category | Category[];
  criticality?: Criticality;
  name?: string;
}

function fieldConstraint(
  field: string,
  allowed: string,
  ok: (v: number) => boolean,
  opts: FieldConstraintOptions,
  suffix: string,
): Constraint {
  const categories = opts.category === undefined ? [] : Array.isArray(opts.category) ? opts.category : [opts.category];
  const criticality = opts.criticality ?? 'error';
  return {
    name: opts.name ?? `${field}_${suffix}`,
    categories,
    criticality,
    allowed: `${field} in ${allowed}`,
    check(values) {
      const raw = values[field];
      if (raw === undefined) return null;
      const v = Number(raw);
      if (Number.isNaN(v) || !ok(v)) return `${field} = ${raw} is outside ${allowed}`;
      return null;
    },
  };
}

/** Inclusive bounds, like EngiBench's `bounded(lower, upper)`; either side may be omitted. */
export function bounded(field: string, lower: number | undefined, upper: number | undefined, opts: FieldConstraintOptions = {}): Constraint {
  const lo = lower ?? -Infinity;
  const hi = upper ?? Infinity;
  const allowed = `[${lower ?? '-inf'}, ${upper ?? 'inf'}]`;
  const suffix = `${(opts.category && !Array.isArray(opts.category) ? opts.category.toLowerCase() + '_' : '')}${opts.criticality === 'warning' ? 'recommended' : 'bounds'}`;
  return fieldConstraint(field, allowed, (v) => v >= lo && v <= hi, opts, suffix);
}

/** Strict lower bound, like EngiBench's `greater_than`. */
export function greaterThan(field: string, lower: number, opts: FieldConstraintOptions = {}): Constraint {
  return fieldConstraint(field, `(${lower}, inf)`, (v) => v > lower, opts, 'positive');
}

/** Integer-valued field (e.g. grid sizes, iteration counts). */
export function integer(field: string, opts: FieldConstraintOptions = {}): Constraint {
  return fieldConstraint(field, 'the integers', (v) => Number.isInteger(v), opts, 'integer');
}

/**
 * A hard upper bound EngiAI puts on a knob whose memory or time grows with it (grid size,
 * iterations): an IMPL error named `<field>_limit` whose cause names the limit and why.
 */
export function limit(field: string, max: number, why: string): Constraint {
  return {
    name: `${field}_limit`,
    categories: ['IMPL'],
    criticality: 'error',
    allowed: `${field} <= ${max}`,
    check(values) {
      const raw = values[field];
      if (raw === undefined) return null;
      return Number(raw) <= max ? null : `${field} = ${raw} is above EngiAI's limit of ${max} (${why})`;
    },
  };
}

/** A hard upper bound on the product of two knobs (the cells of a grid), named `name`. */
export function productLimit(name: string, fields: [string, string], max: number, why: string): Constraint {
  const [a, b] = fields;
  return {
    name,
    categories: ['IMPL'],
    criticality: 'error',
    allowed: `${a}·${b} <= ${max}`,
    check(values) {
      if (values[a] === undefined || values[b] === undefined) return null;
      const product = Number(values[a]) * Number(values[b]);
      return product <= max ? null : `${a}·${b} = ${values[a]}·${values[b]} = ${product} is above EngiAI's limit of ${max} cells (${why})`;
    },
  };
}

/** A cross-field constraint given as a predicate over all values. */
export function crossField(
  name: string,
  allowed: string,
  check: (values: ConfigValues) => string | null,
  opts: { category?: Category | Category[]; criticality?: Criticality } = {},
): Constraint {
  const categories = opts.category === undefined ? [] : Array.isArray(opts.category) ? opts.category : [opts.category];
  return { name, categories, criticality: opts.criticality ?? 'error', allowed, check };
}

export function runConstraints(constraints: readonly Constraint[], values: ConfigValues): Violation[] {
  const out: Violation[] = [];
  for (const c of constraints) {
    const cause = c.check(values);
    if (cause !== null) out.push({ constraint: c.name, categories: c.categories, criticality: c.criticality, cause });
  }
  return out;
}

export const errorsOnly = (vs: Violation[]) => vs.filter((v) => v.criticality === 'error');
export const warningsOnly = (vs: Violation[]) => vs.filter((v) => v.criticality === 'warning');

export function formatViolation(v: Violation): string {
  const cat = v.categories.length ? ` [${v.categories.join('|')}]` : '';
  return `${v.criticality === 'error' ? 'error' : 'warning'}: ${v.constraint}${cat}: ${v.cause}`;
}
