/**
 * On/off fields (the catalog's boolean fields): "overhang_constraint=False", `"overhang": false`,
 * "overhang off", "overhang constraint: 0", "disable the overhang filter", "without overhang",
 * "no overhang constraint", "overhang not needed" are off; "with overhang", "overhang on",
 * "enable the overhang constraint", "overhang=true" or the bare name are on.
 */
import type { Assignment } from './values.ts';
import type { Mention } from './mentions.ts';
import type { Claims, NumberToken } from './tokens.ts';

const ON = String.raw`true|yes|y|on|enabled?|active|activated|applied|required|wanted|1`;
const OFF = String.raw`false|no|n|off|disabled?|inactive|deactivated|none|not (?:needed|required|wanted|applied|used)|unnecessary|0`;
/** A value right after the name: "=False", ": off", " is disabled", " set to true". */
const AFTER = new RegExp(String.raw`^\s*["']?\s*(?:[:=]|\b(?:is|be|set to|to|turned|switched|should be|must be)\b)?\s*["']?\s*(?:(${ON})|(${OFF}))(?![a-z0-9_]|\.\d)(?!\s+(?:(?:a|an|the)\b|\d))`);
const NEGATION = new RegExp(
  String.raw`(?:\b(?:no|not|without|w\/o|disable[sd]?|disabling|deactivate[sd]?|switch(?:ed)? off|turn(?:ed)? off|don'?t (?:use|apply|want|need|add|include|impose|enforce)|do not (?:use|apply|want|need|add|include|impose|enforce)|skip|skipping|ignore|ignoring|exclude|excluding|remove|removing|drop|dropping|no need (?:for|to (?:use|apply|add))|free of|neglect(?:ing)?|omit(?:ting)?)\s+(?:[a-z'-]+\s+){0,3})$`,
);

export function readBooleans(text: string, mentions: Mention[], numbers: NumberToken[], claims: Claims): Assignment[] {
  const out: Assignment[] = [];
  for (const m of mentions) {
    if (m.refs.length !== 1 || m.refs[0].field.type !== 'boolean') continue;
    const after = AFTER.exec(text.slice(m.end));
    if (after) {
      const value = after[1] !== undefined;
      const end = m.end + after[0].length;
      const n = numbers.find((t) => t.start >= m.end && t.start < end);
      if (n) claims.claim(n.start, n.numEnd);
      out.push({ ref: m.refs[0], written: { value }, start: m.start, end });
      continue;
    }
    const before = NEGATION.exec(text.slice(Math.max(0, m.start - 60), m.start));
    const value = !before;
    const start = before ? m.start - before[0].length : m.start;
    out.push({ ref: m.refs[0], written: { value }, start, end: m.end, fromWords: true });
  }
  return out;
}
