/**
 * The condition list of a dataset: a named grid (Cartesian product, first field slowest) or N seeded
 * uniform samples within the problem's ranges; fixed knobs and caller overrides are merged into every
 * row. A field the caller overrides is no longer varied (its grid axis or range is dropped).
 */
import { createHash } from 'node:crypto';
import { InputError } from '../../errors.ts';
import type { ConfigValues } from '../constraint.ts';
import type { DatasetSpec, SampleRange } from './datasetSpec.ts';
import { splitmix32 } from './prng.ts';

export function gridConditions(spec: DatasetSpec, gridName: string, overrides: ConfigValues = {}): ConfigValues[] {
  const grid = spec.grids[gridName];
  if (!grid) {
    throw new InputError(`unknown dataset grid "${gridName}"`, { field: 'grid', hint: `grids: ${Object.keys(spec.grids).join(', ')}` });
  }
  const axes = Object.entries(grid).filter(([field]) => !(field in overrides));
  let rows: ConfigValues[] = [{}];
  for (const [field, values] of axes) rows = rows.flatMap((row) => values.map((v) => ({ ...row, [field]: v })));
  return rows.map((row) => ({ ...spec.fixed, ...row, ...overrides }));
}

export function sampledConditions(spec: DatasetSpec, n: number, seed: number, overrides: ConfigValues = {}): ConfigValues[] {
  if (!Number.isInteger(n) || n < 1) throw new InputError(`n must be a positive integer, got ${n}`, { field: 'n' });
  if (!Number.isInteger(seed)) throw new InputError(`seed must be an integer, got ${seed}`, { field: 'seed' });
  const rand = splitmix32(seed);
  const fields = Object.keys(spec.ranges).sort().filter((f) => !(f in overrides));
  const out: ConfigValues[] = [];
  for (let i = 0; i < n; i++) {
    const row: ConfigValues = {};
    for (const f of fields) row[f] = draw(spec.ranges[f], rand());
    out.push({ ...spec.fixed, ...row, ...overrides });
  }
  return out;
}

function draw(range: SampleRange, u: number): number {
  if ('choices' in range) return range.choices[Math.floor(u * range.choices.length)];
  return range.integer ? range.lo + Math.floor(u * (range.hi - range.lo + 1)) : range.lo + u * (range.hi - range.lo);
}

/** Canonical JSON (sorted keys) of a flat config. */
export function canonicalJson(values: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}

/** The resume key of a row: a hash of the problem, its version and the fully resolved config. */
export function conditionKey(problemId: string, version: number, config: ConfigValues): string {
  return createHash('sha256').update(`${problemId}@${version}:${canonicalJson(config)}`).digest('hex').slice(0, 20);
}
