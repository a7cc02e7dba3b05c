/**
 * What a model must know before its first call, generated from the problem registry: each
 * problem's conditions and solver knobs with type, unit, default, allowed range and meaning. The
 * tool schemas (`conditions`, `config`) list every field with this text, and `describe_problem`
 * returns it whole, so field names never have to be guessed.
 */
import { z } from 'zod';
import type { Constraint } from '../constraint.ts';
import type { MaskSpec } from '../nodeMask.ts';
import type { FieldSpec, Problem } from '../problem.ts';
import { allProblems, olderVersions } from '../registry.ts';

/** When to ask and when to use defaults: the same words in the tool schemas and the agent's prompt. */
export const ASK_RULE =
  'Use exactly the values the person gave. If a condition is missing or described only in words ("lightweight", "near the tip"), ' +
  'call ask_human_for_clarification naming the missing fields with their ranges; use a default only when the person says so ' +
  '("use the defaults") and say which defaults were used. Solver knobs (grid size, iterations) keep their defaults unless given.';

export interface FieldInfo {
  name: string;
  type: FieldSpec['type'];
  default: number | boolean;
  unit?: string;
  description: string;
  /** Values outside are refused, e.g. "[0, 1]". */
  allowed?: string;
  /** Values outside run with a warning. */
  recommended?: string;
}

export interface ProblemInfo {
  id: string;
  version: number;
  title: string;
  description: string;
  objectives: { name: string; direction: string; description?: string }[];
  conditions: FieldInfo[];
  config: FieldInfo[];
  /** Node masks (EngiBench's boundary-condition masks), given in `conditions` or `config` by their role; absent when none. */
  masks?: MaskSpec[];
}

function rangeOf(field: string, constraints: readonly Constraint[], criticality: Constraint['criticality']): string | undefined {
  const prefix = `${field} in `;
  const ranges = constraints.filter((c) => c.criticality === criticality && c.allowed.startsWith(prefix)).map((c) => c.allowed.slice(prefix.length));
  return ranges.length ? ranges.join(' and ') : undefined;
}

function fieldInfo(f: FieldSpec, constraints: readonly Constraint[]): FieldInfo {
  const allowed = rangeOf(f.name, constraints, 'error');
  const recommended = rangeOf(f.name, constraints, 'warning');
  return { name: f.name, type: f.type, default: f.default, ...(f.unit ? { unit: f.unit } : {}), description: f.description, ...(allowed ? { allowed } : {}), ...(recommended ? { recommended } : {}) };
}

export function problemInfo(p: Problem): ProblemInfo {
  return {
    id: p.id,
    version: p.version,
    title: p.title,
    description: p.description,
    objectives: p.objectives.map((o) => ({ name: o.name, direction: o.direction, ...(o.description ? { description: o.description } : {}) })),
    conditions: p.conditions.map((f) => fieldInfo(f, p.configConstraints)),
    config: p.configFields.map((f) => fieldInfo(f, p.configConstraints)),
    ...(p.masks?.length ? { masks: p.masks.map((m) => ({ ...m })) } : {}),
  };
}

/** Every registered problem that loads (a broken module does not hide the others). */
export async function problemCatalog(): Promise<ProblemInfo[]> {
  return (await allProblems()).map(problemInfo);
}

/** One line per field: "volfrac (beams2d: …, default 0.35, allowed [0, 1]; thermoelastic2d: …)". */
function describeField(uses: { problem: string; f: FieldInfo }[]): string {
  return uses
    .map(({ problem, f }) => {
      const parts = [`${problem}: ${f.description}`];
      if (f.unit) parts.push(`unit ${f.unit}`);
      if (f.allowed) parts.push(`allowed ${f.allowed}`);
      if (f.recommended) parts.push(`recommended ${f.recommended}`);
      parts.push(`default ${f.default}`);
      return parts.join(', ');
    })
    .join('; ');
}

/**
 * A mask's schema: an array of arrays (a node list [[x, y, z], ...] or EngiBench's nested 0/1 array), bounded by
 * the largest maxSide; what the entries are is checked by the problem (nodeMask.ts), whose errors name the mask.
 */
function maskSchema(uses: { problem: string; m: MaskSpec }[]): z.ZodType<unknown[][] | undefined> {
  const side = Math.max(...uses.map((u) => u.m.maxSide));
  const text = uses.map(({ problem, m }) => `${problem}: ${m.description}; default ${m.default}`).join('; ');
  return z.array(z.array(z.unknown()).max(side)).max(side ** 3).optional().describe(`${text}. E.g. [[0, 0, 0], [4, 0, 0]]; omit it for the default`);
}

/**
 * A strict object with one optional property per field name used by any problem (`kind`:
 * conditions or config knobs, and every node mask), each described per problem. Unknown names are
 * refused by the schema, so a misspelt field reaches the model as an error instead of being dropped.
 */
export function valuesSchema(catalog: readonly ProblemInfo[], kind: 'conditions' | 'config'): z.ZodObject<Record<string, z.ZodType<number | boolean | unknown[][] | undefined>>> {
  const byName = new Map<string, { problem: string; f: FieldInfo }[]>();
  for (const p of catalog) for (const f of p[kind]) byName.set(f.name, [...(byName.get(f.name) ?? []), { problem: p.id, f }]);
  const shape: Record<string, z.ZodType<number | boolean | unknown[][] | undefined>> = {};
  for (const [name, uses] of byName) {
    const base = uses[0].f.type === 'boolean' ? z.boolean() : uses[0].f.type === 'integer' ? z.number().int() : z.number();
    shape[name] = base.optional().describe(describeField(uses));
  }
  // a mask is accepted in either object (EngiBench makes some masks conditions, others config: MaskSpec.role)
  const masks = new Map<string, { problem: string; m: MaskSpec }[]>();
  for (const p of catalog) for (const m of p.masks ?? []) if (!byName.has(m.name)) masks.set(m.name, [...(masks.get(m.name) ?? []), { problem: p.id, m }]);
  for (const [name, uses] of masks) shape[name] = maskSchema(uses);
  return z.strictObject(shape);
}

export function problemIdSchema(catalog: readonly ProblemInfo[]) {
  const versions = olderVersions();
  const known = [...catalog.map((p) => p.id), ...versions] as [string, ...string[]];
  return z
    .enum(known)
    .describe(`Problem id: ${catalog.map((p) => `${p.id} (${p.title})`).join(', ')}${versions.length ? `; older versions: ${versions.join(', ')}` : ''}`);
}
