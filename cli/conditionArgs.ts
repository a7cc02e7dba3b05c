/**
 * Problem-specific condition flags (`--volfrac 0.3`, `--blur-radius 2`, `--overhang`) parsed against
 * the problem's declared fields, so every problem gets the same CLI without per-problem code.
 * A flag is the field name with `_` written as `-` (the `_` spelling is accepted too); booleans take
 * `--flag`, `--no-flag` or `--flag true|false`; a few short aliases are listed below. A node mask the
 * problem declares (`--fixed-elements`) takes JSON text (a node list [[x,y,z],...] or EngiBench's nested 0/1
 * array) or the path of a .json or .npy file holding one (store/nodeMaskFile.ts).
 */
import type { ConfigValues } from '../tools/engineering/constraint.ts';
import type { FieldSpec, Problem } from '../tools/engineering/problem.ts';
import { InputError } from '../tools/errors.ts';
import { parseNodeMask, type MaskSpec, type NodeMask } from '../tools/engineering/nodeMask.ts';
import { readNodeMaskFile } from '../tools/engineering/store/nodeMaskFile.ts';

/** Short names people type, per field name. */
const ALIASES: Record<string, string> = {
  overhang: 'overhang_constraint',
  steps: 'num_optimization_steps',
  'max-iter': 'max_iter',
};

export const flagName = (field: string) => field.replace(/_/g, '-');

const BOOL_LITERAL = /^(1|0|true|false|yes|no|on|off)$/i;
/** A decimal number as a person writes one: 0.3, -2, .5, 1e-3 (not 0x1, 0b1, Infinity or an empty string). */
export const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

export function problemFields(problem: Problem): FieldSpec[] {
  return [...problem.conditions, ...problem.configFields];
}

/** Parse `tokens` (what commander left unparsed) into config values for `problem`. */
export function parseConditionArgs(problem: Problem, tokens: string[]): ConfigValues {
  const fields = new Map(problemFields(problem).map((f) => [flagName(f.name), f]));
  const masks = new Map((problem.masks ?? []).map((m) => [flagName(m.name), m]));
  const out: ConfigValues = {};
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token.startsWith('--')) throw new InputError(`unexpected argument "${token}"`, { hint: usageHint(problem) });
    const [flag, inlineValue] = token.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    let inline = inlineValue;
    let name = flagName(flag);
    let negated = false;
    if (name.startsWith('no-') && !fields.has(name)) {
      negated = true;
      name = name.slice(3);
    }
    const mask = masks.get(name);
    if (mask) {
      const raw = inline ?? tokens[++i];
      if (raw === undefined || raw.startsWith('--')) throw new InputError(`--${name} needs a value: a node list as JSON, e.g. '[[0,0,0],[4,0,0]]', or a .json or .npy file`, { field: mask.name });
      out[mask.name] = maskArg(problem.id, mask, raw);
      continue;
    }
    const spec = fields.get(name) ?? fields.get(flagName(Object.hasOwn(ALIASES, name) ? ALIASES[name] : ''));
    if (!spec) throw new InputError(`${problem.id} has no condition or setting "--${name}"`, { field: name, hint: usageHint(problem) });
    if (spec.type === 'boolean') {
      if (inline === undefined && BOOL_LITERAL.test(tokens[i + 1] ?? '')) inline = tokens[++i];
      const value = inline === undefined ? !negated : parseBool(spec.name, inline);
      out[spec.name] = negated && inline !== undefined ? !value : value;
      continue;
    }
    const raw = inline ?? tokens[++i];
    if (raw === undefined || raw.startsWith('--')) throw new InputError(`--${name} needs a value`, { field: spec.name });
    const value = Number(raw);
    if (!DECIMAL.test(raw.trim()) || !Number.isFinite(value)) throw new InputError(`--${name} must be a decimal number, got "${raw}"`, { field: spec.name });
    out[spec.name] = value;
  }
  return out;
}

/** A mask flag's value: JSON text when it starts with [ or {, else a file path. */
function maskArg(problemId: string, mask: MaskSpec, raw: string): NodeMask {
  const name = `${problemId}: ${mask.name}`;
  if (!/^\s*[[{]/.test(raw)) return readNodeMaskFile(name, raw, mask.maxSide);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    throw new InputError(`--${flagName(mask.name)}: not valid JSON (${(e as Error).message})`, { field: mask.name, hint: `e.g. --${flagName(mask.name)} '[[0,0,0],[4,0,0]]', or a .json or .npy file` });
  }
  return parseNodeMask(name, value, mask.maxSide);
}

function parseBool(field: string, raw: string): boolean {
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new InputError(`${field} must be true or false, got "${raw}"`, { field });
}

export function usageHint(problem: Problem): string {
  const masks = (problem.masks ?? []).map((m) => `--${flagName(m.name)} <nodes.json|mask.npy|JSON> (default ${m.default})`);
  return `${problem.id} accepts: ${[...problemFields(problem).map((f) => `--${flagName(f.name)}${f.type === 'boolean' ? '' : ` <${f.type}>`} (default ${f.default})`), ...masks].join(', ')}`;
}
