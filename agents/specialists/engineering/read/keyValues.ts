/**
 * `key=value`, `key: value` and JSON `"key": value` pairs whose key is not a field word: a misspelt
 * field name ("volfrack=0.3") is read as the field with a note; any other key ("mesh_quality=2",
 * "youngs_modulus: 200") is reported as a setting the problem does not have.
 */
import { nearest } from './fuzzy.ts';
import type { FieldRef } from './mentions.ts';
import { originalOf, type Text } from './text.ts';
import type { Claims, NumberToken } from './tokens.ts';
import type { Assignment } from './values.ts';

const PAIR = /(?<![a-z0-9_])["']?([a-z][a-z0-9_]*(?:[\s-][a-z][a-z0-9_]*){0,2})["']?\s*(?:=|:)\s*["']?/g;
const BOOL = /^(true|false|yes|no|on|off)(?![a-z0-9_])/;
/** Keys that are not settings: STL export parameters (read by parseExports) and ids. */
const NOT_SETTINGS = /^(?:threshold|density threshold|scale[_\s-]?xy|scale[_\s-]?z|mirror[_\s-]?y|design[_\s-]?ids?|id|problem|e\.?g|i\.?e|note|ps|step \d+)$/;

export interface KeyValueReading {
  assignments: Assignment[];
  notes: string[];
  unknown: { start: number; end: number; reason: string }[];
}

export function readKeyValues(t: Text, refs: FieldRef[], numbers: NumberToken[], claims: Claims, problem: string): KeyValueReading {
  const out: KeyValueReading = { assignments: [], notes: [], unknown: [] };
  const byName = new Map(refs.map((r) => [r.field.name.replace(/_/g, ''), r]));
  for (const m of t.text.matchAll(PAIR)) {
    const valueAt = m.index + m[0].length;
    const number = numbers.find((n) => n.start === valueAt && claims.isFree(n.start, n.numEnd));
    const bool = BOOL.exec(t.text.slice(valueAt));
    if (!number && !bool) continue;
    // the longest last words of the key that name something: "with nx" → "nx"
    const words = m[1].split(/[\s-]+/);
    const key = words[words.length - 1];
    const keyStart = m.index + m[0].indexOf(m[1]) + m[1].lastIndexOf(key);
    if (!claims.isFree(keyStart, keyStart + key.length) || NOT_SETTINGS.test(m[1]) || NOT_SETTINGS.test(key)) continue;
    const end = number ? number.end : valueAt + bool![0].length;
    const compact = key.replace(/[_-]/g, '');
    const guess = compact.length >= 4 ? nearest(compact, byName.keys(), compact.length >= 6 ? 2 : 1) : null;
    if (number) claims.claim(number.start, number.numEnd);
    claims.claim(keyStart, end);
    if (guess) {
      const ref = byName.get(guess)!;
      const written = number ? { value: number.value, unit: number.unit, percent: number.percent } : { value: /^(true|yes|on)$/.test(bool![1]) };
      out.assignments.push({ ref, written, start: keyStart, end });
      out.notes.push(`"${originalOf(t, keyStart, keyStart + key.length)}" read as ${ref.field.name}`);
    } else out.unknown.push({ start: keyStart, end, reason: `${problem} has no setting "${key}"` });
  }
  return out;
}
