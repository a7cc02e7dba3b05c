/**
 * Reads an engineering request the way a person writes it (agents/README.md, "What the offline
 * planner understands"): the problem, each value with the field it belongs to (checked against the
 * catalog), the steps asked for, vague words, and — so that nothing is passed on wrong or dropped
 * silently — the values that cannot be used (`issues`, asked about) and the numbers and settings
 * that belong to no field (`notApplied`, reported in the answer).
 */
import type { ProblemInfo } from '../../../../tools/engineering/tools/index.ts';
import { exportSpans } from '../parseExports.ts';
import { VAGUE, WORD_VALUES } from './aliases.ts';
import { readBooleans } from './booleans.ts';
import { checkValue } from './checkValue.ts';
import { readGrids } from './grids.ts';
import { readKeyValues } from './keyValues.ts';
import { fieldRefs, findMentions, type FieldRef } from './mentions.ts';
import { readProblem, type ProblemReading } from './problem.ts';
import { readSteps, type Steps } from './steps.ts';
import { digits, normalize, originalOf, type Text } from './text.ts';
import { Claims, numbersOf, type NumberToken } from './tokens.ts';
import { attachValues, type Assignment } from './values.ts';

export type Values = Record<string, number | boolean>;

/** A value that cannot be used as written, or a number that could belong to several fields. */
export interface Issue {
  /** The field(s) it is about; several when the reader cannot tell which. */
  refs: FieldRef[];
  /** The person's words. */
  said: string;
  reason: string;
  suggestion?: number;
  /** The number in question, when the reader cannot tell its field. */
  value?: number;
}

export interface Reading {
  text: Text;
  problem: ProblemReading;
  conditions: Values;
  config: Values;
  /** The person's words for each value read, by field name. */
  said: Record<string, string>;
  steps: Steps;
  vague: string[];
  useDefaults: boolean;
  designIds: string[];
  issues: Issue[];
  /** Settings and numbers that belong to no field: reported as "not applied". */
  notApplied: string[];
  /** Fields the text names, with or without a value. */
  named: string[];
  /** Numbers that belong to no field (for follow-ups: "make it 0.4"). */
  loose: { token: NumberToken; said: string }[];
  notes: string[];
}

const DESIGN_ID = /(?<![a-z0-9_])[a-z][a-z0-9_]*-[0-9a-f]{6,16}(?![a-z0-9_])/g;
/** Numbers that count things, not values: "2 designs", "both 2 runs", list markers "1." */
const COUNTS = /(?<![\w.])\d+\s+(?:designs?|versions?|ones|options|runs|results|times|alternatives|variants|candidates)\b|\b(?:last|first|latest|top|previous|newest)\s+\d+\b|(?:^|\n)\s*\d+[.)](?=\s)/g;
const DEFAULTS = /\b(?:use|with|keep|take|leave)(?: the| all)? defaults?\b|\bdefault (?:values|settings|parameters|conditions)\b|\bdefaults? (?:for|otherwise|elsewhere)\b|\b(?:everything|anything|rest) (?:else )?(?:at |as )?defaults?\b/;

/** The person's words around a number: "3 supports", "at 210 degrees". */
function quote(t: Text, n: NumberToken): string {
  const before = /(?:[a-z_]+[\s:=]+){0,2}$/.exec(t.text.slice(Math.max(0, n.start - 30), n.start))?.[0] ?? '';
  const after = /^(?:\s*[a-z_%]+){0,2}/.exec(t.text.slice(n.end, n.end + 30))?.[0] ?? '';
  return originalOf(t, n.start - before.length, n.end + after.length);
}

export interface ReadOptions {
  /** The problem when the request does not name one (a follow-up). */
  problem?: ProblemInfo;
}

export function readRequest(request: string, catalog: readonly ProblemInfo[], opts: ReadOptions = {}): Reading {
  const text = normalize(request);
  const s = text.text;
  const claims = new Claims();
  const designIds = [...new Set([...s.matchAll(DESIGN_ID)].map((m) => m[0]))];
  for (const m of s.matchAll(DESIGN_ID)) claims.claim(m.index, m.index + m[0].length);
  for (const [a, b] of exportSpans(s)) claims.claim(a, b);
  for (const m of s.matchAll(COUNTS)) claims.claim(m.index, m.index + m[0].length);
  const problem = readProblem(s, catalog, claims);
  const info = catalog.find((p) => p.id === problem.id?.split('@')[0]) ?? (problem.id ? undefined : opts.problem);
  const r: Reading = {
    text, problem, conditions: {}, config: {}, said: {}, steps: readSteps(s), vague: [...new Set([...s.matchAll(VAGUE)].map((m) => m[0]))],
    useDefaults: DEFAULTS.test(s), designIds, issues: [], notApplied: [], named: [], loose: [], notes: [...problem.notes, ...text.corrections.map((c) => `"${c.from}" read as "${c.to}"`)],
  };
  const numbers = numbersOf(s);
  if (info) readValues(r, info, numbers, claims);
  for (const n of numbers) {
    if (!claims.isFree(n.start, n.numEnd)) continue;
    r.loose.push({ token: n, said: quote(text, n) });
  }
  return r;
}

function readValues(r: Reading, info: ProblemInfo, numbers: NumberToken[], claims: Claims): void {
  const s = r.text.text;
  const mentions = findMentions(s, info).filter((m) => claims.isFree(m.start, m.end));
  for (const m of mentions) claims.claim(m.start, m.end);
  r.named = [...new Set(mentions.flatMap((m) => m.refs.map((x) => x.field.name)))];
  const grids = readGrids(s, info, claims);
  const booleans = readBooleans(s, mentions, numbers, claims);
  const attached = attachValues(s, mentions.filter((m) => m.refs.some((x) => x.field.type !== 'boolean')), numbers, claims);
  const kv = readKeyValues(r.text, fieldRefs(info), numbers, claims, info.id);
  r.notes.push(...kv.notes);
  const said = (a: { start: number; end: number }) => originalOf(r.text, a.start, a.end);
  for (const u of [...grids.unusable, ...kv.unknown]) r.notApplied.push(`"${said(u)}" (${u.reason})`);
  for (const a of [...attached.ambiguities, ...grids.ambiguities]) {
    r.issues.push({ refs: a.refs, said: said(a), value: a.token.value, reason: `"${said(a)}": I cannot tell whether ${digits(a.token.value)} is ${a.refs.map((x) => x.field.name).join(' or ')}` });
  }
  for (const a of [...grids.assignments, ...attached.assignments, ...booleans, ...kv.assignments]) setValue(r, a, said(a));
  for (const [name, rules] of Object.entries(WORD_VALUES)) {
    const ref = fieldRefs(info).find((x) => x.field.name === name);
    const rule = rules.find((w) => w.words.test(s));
    if (!ref || !rule) continue;
    if (r[ref.kind][name] === undefined && !r.issues.some((i) => i.refs.includes(ref))) {
      r[ref.kind][name] = rule.value;
      r.notes.push(rule.note);
    } else if (r[ref.kind][name] !== rule.value) r.notes.push(`${rule.note.split(' read as ')[0]} and ${name} ${r[ref.kind][name]} were both given: used ${name} ${r[ref.kind][name]}`);
  }
}

function setValue(r: Reading, a: Assignment, said: string): void {
  const { field, kind } = a.ref;
  const c = checkValue(field, a.written);
  if (!c.ok) {
    r.issues.push({ refs: [a.ref], said, reason: c.reason, ...(c.suggestion !== undefined ? { suggestion: c.suggestion } : {}) });
    return;
  }
  const before = r[kind][field.name];
  if (before !== undefined && before !== c.value) {
    r.issues.push({ refs: [a.ref], said: `${r.said[field.name]}; ${said}`, reason: `${field.name} was given twice: ${before} and ${c.value}` });
    delete r[kind][field.name];
    return;
  }
  r[kind][field.name] = c.value;
  r.said[field.name] = said;
  if (c.note) r.notes.push(`"${said}" read as ${field.name} ${c.value}${field.unit ? ` ${field.unit}` : ''}`);
}
