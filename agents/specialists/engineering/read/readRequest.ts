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
import { readGridSingles, readGrids } from './grids.ts';
import { readKeyValues } from './keyValues.ts';
import { readMaskMentions } from './masks.ts';
import { describedMentions, fieldRefs, findMentions, misspeltMentions, type FieldRef, type Mention } from './mentions.ts';
import { readProblem, type ProblemReading } from './problem.ts';
import { readReferences, type Reference } from './references.ts';
import { purposesOf, withoutPurposes } from '../../../models/offline/purpose.ts';
import { readMaterialChange } from './lighter.ts';
import { readRelative, readSwaps, type Relative } from './relative.ts';
import { readSteps, type Steps } from './steps.ts';
import { digits, normalize, originalOf, type Text } from './text.ts';
import { Claims, numbersOf, type NumberToken } from './tokens.ts';
import { isLengthField, isLengthUnit } from './units.ts';
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
  /** Node masks given as JSON after their names (read/masks.ts), by name; passed to the tools as given. */
  masks: Record<string, unknown[]>;
  /** The person's words for each value read, by field name. */
  said: Record<string, string>;
  steps: Steps;
  vague: string[];
  useDefaults: boolean;
  designIds: string[];
  issues: Issue[];
  /** Settings and numbers that belong to no field: reported as "not applied". */
  notApplied: string[];
  /** Changes relative to an earlier value ("double the filter radius"), with the person's words. */
  relative: (Relative & { said: string })[];
  /** Fields that trade values ("swap the wavelengths"). */
  swaps: { refs: [FieldRef, FieldRef]; said: string }[];
  /** Fields the text names, with or without a value. */
  named: string[];
  /** Numbers that belong to no field (for follow-ups: "make it 0.4"). */
  loose: { token: NumberToken; said: string }[];
  notes: string[];
}

const DESIGN_ID = /(?<![a-z0-9_])[a-z][a-z0-9_]*-[0-9a-f]{6,16}(?![a-z0-9_])/g;
/** Numbers that count things, not values: "2 designs", "both 2 runs", list markers "1." */
const COUNTS = /(?<![\w.])\d+\s+(?:designs?|versions?|ones|options|runs|results|times|alternatives|variants|candidates|stls|stl files|exports|meshes|files|copies)\b|\b(?:last|first|latest|top|previous|newest|all|these|those|both)\s+\d+\b|(?:^|\n)\s*\d+[.)](?=\s)/g;
const DEFAULTS = /\bdefault\s+(?:[a-z0-9]+\s+){0,2}?(?:optimi[sz]ation|run|design|setup|set-up|case|configuration)\b|\b(?:standard|stock|usual) (?:settings|values|parameters|conditions|setup)\b|\bdon'?t care about the (?:details|values|settings|numbers)\b|\b(?:use|with|keep|take|leave)(?: the| all)? defaults?\b|\bdefault (?:values|settings|parameters|conditions)\b|\bdefaults? (?:for|otherwise|elsewhere)\b|\b(?:everything|anything|rest) (?:else )?(?:at |as )?defaults?\b/;

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
    text, problem, conditions: {}, config: {}, masks: {}, said: {}, steps: readSteps(withoutPurposes(s)), vague: [...new Set([...s.matchAll(VAGUE)].map((m) => m[0]))],
    useDefaults: DEFAULTS.test(s), designIds, issues: [], notApplied: [], named: [], relative: [], swaps: [], loose: [], notes: [...problem.notes, ...text.corrections.map((c) => `"${c.from}" read as "${c.to}"`)],
  };
  // "since we'll 3D print it": a reason, not an order — the STL is offered, not made
  for (const p of purposesOf(request)) if (readSteps(p.toLowerCase()).stl && !r.steps.stl) r.notes.push(`"${p}" is a plan, not a request, so no STL was made: say "export it as an STL" for one`);
  const numbers = numbersOf(s);
  if (info) readValues(r, info, numbers, claims);
  for (const n of numbers) {
    if (!claims.isFree(n.start, n.numEnd)) continue;
    claims.claim(n.start, n.numEnd);
    r.loose.push({ token: n, said: quote(text, n) });
  }
  // digits no reader understood ("50x25" for a problem without a grid, "2.5.1"): reported, never dropped
  for (const m of s.matchAll(/(?<![a-z_\d.])\d+(?:[.,]\d+)*/g)) {
    const [a, b] = [m.index, m.index + m[0].length];
    if (claims.covers(a, b) || /^(?:st|nd|rd|th|d)\b/.test(s.slice(b))) continue;
    const word = /[^\s,;]*$/.exec(s.slice(0, a))![0].length;
    const end = b + /^[^\s,;]*/.exec(s.slice(b))![0].length;
    claims.claim(a - word, end);
    r.notApplied.push(`"${originalOf(text, a - word, end)}" (not understood)`);
  }
  return r;
}

function readValues(r: Reading, info: ProblemInfo, numbers: NumberToken[], claims: Claims): void {
  const s = r.text.text;
  // masks first, so that a node list's numbers are not read as values
  const masks = readMaskMentions(s, info, claims);
  r.masks = masks.read;
  for (const [name, said] of Object.entries(masks.said)) r.notes.push(`"${said}" read as ${name} (${masks.read[name].length} entries, checked by the tools)`);
  for (const m of masks.unread) r.notApplied.push(`"${originalOf(r.text, s.indexOf(m.said), s.indexOf(m.said) + m.said.length)}" (${m.reason})`);
  const mentions = findMentions(s, info).filter((m) => claims.isFree(m.start, m.end));
  for (const m of mentions) claims.claim(m.start, m.end);
  const misspelt = misspeltMentions(s, info, (a, b) => claims.isFree(a, b));
  for (const m of misspelt.mentions) claims.claim(m.start, m.end);
  mentions.push(...misspelt.mentions);
  // words no alias knows, read from the catalog's field descriptions (after the numbers' own units and grids)
  const described = describedMentions(s, info, (a, b) => claims.isFree(a, b));
  for (const m of described.mentions) claims.claim(m.start, m.end);
  mentions.push(...described.mentions);
  mentions.sort((a, b) => a.start - b.start);
  r.notes.push(...misspelt.notes, ...described.notes);
  r.named = [...new Set(mentions.flatMap((m) => m.refs.map((x) => x.field.name)))];
  const said = (a: { start: number; end: number }) => originalOf(r.text, a.start, a.end);
  const references = readReferences(s, mentions, claims);
  const inReference = (m: { start: number; end: number }) => references.some((x) => m.start >= x.start && m.end <= x.end);
  const free = mentions.filter((m) => !inReference(m));
  const relative = readRelative(s, free, numbers, claims);
  r.relative = relative.map((x) => ({ ...x, said: said(x) }));
  r.swaps = readSwaps(s, mentions).map((x) => ({ refs: x.refs, said: said(x) }));
  const grids = readGrids(s, info, claims);
  const booleans = readBooleans(s, mentions, numbers, claims);
  const changed = new Set(relative.map((x) => x.ref.field.name));
  const valued = free.filter((m) => m.refs.some((x) => x.field.type !== 'boolean') && !(m.refs.length === 1 && changed.has(m.refs[0].field.name)));
  const attached = attachValues(s, valued, numbers, claims);
  const kv = readKeyValues(r.text, fieldRefs(info), numbers, claims, info.id);
  const singles = readGridSingles(s, info, claims);
  r.notes.push(...kv.notes);
  for (const u of [...grids.unusable, ...singles.unusable, ...kv.unknown]) r.notApplied.push(`"${said(u)}" (${u.reason})`);
  for (const a of [...attached.ambiguities, ...grids.ambiguities, ...singles.ambiguities]) {
    r.issues.push({ refs: a.refs, said: said(a), value: a.token.value, reason: `"${said(a)}": I cannot tell whether ${digits(a.token.value)} is ${a.refs.map((x) => x.field.name).join(' or ')}` });
  }
  for (const a of attached.alternatives) {
    r.issues.push({ refs: [a.ref], said: said(a), reason: `${a.ref.field.name} was given as ${a.values.map((v) => digits(v.value)).join(' or ')}: I need one value` });
  }
  const assignments = corrected(r, [...grids.assignments, ...attached.assignments, ...booleans, ...kv.assignments], numbers, claims);
  for (const a of assignments) setValue(r, a, said(a));
  byUnit(r, info, numbers, claims);
  // "make it lighter": less material than the earlier design, unless the volume fraction is given
  const material = readMaterialChange(s, info);
  if (material && !changed.has(material.ref.field.name) && r.conditions[material.ref.field.name] === undefined && !r.issues.some((i) => i.refs.includes(material.ref))) r.relative.push(material);
  for (const x of references) askReference(r, x, said(x));
  askQualified(r, free);
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

/** "a high penalization", "lots of iterations", "iterations: many": a field described, not given. */
const QUALIFIER = String.raw`(?:very\s+|quite\s+|really\s+|a\s+bit\s+)?(?:high(?:er)?|low(?:er)?|large(?:r)?|big(?:ger)?|small(?:er)?|fine(?:r)?|coarse(?:r)?|lots\s+of|a\s+lot\s+of|many|more|fewer|few|much|less|strong(?:er)?|weak(?:er)?|heavy|heavier|long(?:er)?|short(?:er)?|tight(?:er)?|dense(?:r)?|aggressive|extreme)`;
const QUALIFIED_BEFORE = new RegExp(String.raw`\b${QUALIFIER}\s+(?:the\s+)?$`);
const QUALIFIED_AFTER = new RegExp(String.raw`^\s*(?:is\s+|of\s+|:\s*|=\s*|set\s+to\s+|at\s+)?(?:very\s+|quite\s+)?(?:high|low|large|small|big|fine|coarse|many|few|strong|weak|long|short)\b`);

function askQualified(r: Reading, mentions: Mention[]): void {
  const s = r.text.text;
  for (const m of mentions) {
    const refs = m.refs.filter((x) => x.field.type !== 'boolean' && r[x.kind][x.field.name] === undefined && !r.issues.some((i) => i.refs.includes(x)));
    if (refs.length !== m.refs.length || !refs.length) continue;
    const b = QUALIFIED_BEFORE.exec(s.slice(Math.max(0, m.start - 30), m.start));
    const a = b ? null : QUALIFIED_AFTER.exec(s.slice(m.end, m.end + 30));
    if (!b && !a) continue;
    const said = originalOf(r.text, b ? m.start - b[0].length : m.start, a ? m.end + a[0].length : m.end);
    for (const ref of refs) r.issues.push({ refs: [ref], said, reason: `"${said}" describes ${ref.field.name} without a number: which value of ${ref.field.name}?` });
  }
}

/** A value given relative to another: asked for as a number, with the product offered when it is known. */
function askReference(r: Reading, x: Reference, said: string): void {
  const { target, source } = x;
  const base = x.ofDefault ? target.field.default : (r[source.kind][source.field.name] ?? source.field.default);
  let product = typeof base === 'number' ? Number((x.factor * base).toPrecision(10)) : undefined;
  if (product !== undefined && target.field.type === 'integer') product = Math.round(product);
  const ok = product !== undefined && checkValue(target.field, { value: product }).ok;
  const of = x.ofDefault ? `its default (${String(target.field.default)})` : `${source.field.name}${r[source.kind][source.field.name] === undefined ? ` (default ${String(source.field.default)})` : ''}`;
  delete r[target.kind][target.field.name];
  r.issues.push({ refs: [target], said, reason: `${target.field.name} was given relative to ${of}, not as a number${ok ? ` (${digits(Number(x.factor.toPrecision(4)))} × ${String(base)} = ${digits(product!)})` : ''}`, ...(ok ? { suggestion: product } : {}) });
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
  if (a.fromWords) r.notes.push(`"${said}" read as ${field.name} ${c.value ? 'on' : 'off'}`);
  if (c.note) r.notes.push(`"${said}" read as ${field.name} ${c.value}${field.unit ? ` ${field.unit}` : ''}`);
}

/**
 * Lengths named by no field ("a demultiplexer separating 1.55 µm and 1.31 µm") fill the problem's
 * length conditions that have no value yet, in order, when their counts agree; one length for
 * several such fields is asked about.
 */
function byUnit(r: Reading, info: ProblemInfo, numbers: NumberToken[], claims: Claims): void {
  const lengths = numbers.filter((n) => n.unit && isLengthUnit(n.unit) && claims.isFree(n.start, n.numEnd));
  const taken = new Set(r.issues.flatMap((i) => i.refs.map((x) => x.field.name)));
  const fields = fieldRefs(info).filter((x) => x.kind === 'conditions' && isLengthField(x.field.unit) && r.conditions[x.field.name] === undefined && !taken.has(x.field.name));
  if (!lengths.length || !fields.length) return;
  const said = (n: NumberToken) => originalOf(r.text, n.start, n.end);
  for (const n of lengths) claims.claim(n.start, n.numEnd);
  if (lengths.length === fields.length) {
    lengths.forEach((n, i) => {
      setValue(r, { ref: fields[i], written: { value: n.value, unit: n.unit }, start: n.start, end: n.end }, said(n));
      r.notes.push(`"${said(n)}" read as ${fields[i].field.name} (the ${ordinal(i)} length given)`);
    });
  } else {
    for (const n of lengths) r.issues.push({ refs: fields, said: said(n), value: n.value, reason: `"${said(n)}": I cannot tell whether it is ${fields.map((f) => f.field.name).join(' or ')}` });
  }
}

const ordinal = (i: number) => ['first', 'second', 'third', 'fourth'][i] ?? `#${i + 1}`;

const CORRECTION = /\b(?:i meant|i mean|sorry|actually|make that|correction|or rather|rather)\b[\s,:;-]*(?:i meant\s*|make (?:it|that)\s*)?$/;

/** "volfrac 0.4 (sorry, I meant 0.45)": the corrected number replaces the value just before it. */
function corrected(r: Reading, assignments: Assignment[], numbers: NumberToken[], claims: Claims): Assignment[] {
  const s = r.text.text;
  const out = [...assignments];
  for (const n of numbers) {
    if (!claims.isFree(n.start, n.numEnd) || !CORRECTION.test(s.slice(Math.max(0, n.start - 30), n.start))) continue;
    const i = out.reduce((best, a, k) => (a.end <= n.start && n.start - a.end < 40 && typeof a.written.value === 'number' && (best < 0 || a.end > out[best].end) ? k : best), -1);
    if (i < 0) continue;
    claims.claim(n.start, n.numEnd);
    r.notes.push(`"${originalOf(r.text, out[i].start, n.end)}" read as a correction to ${n.value}`);
    out[i] = { ...out[i], written: { value: n.value, unit: n.unit, percent: n.percent }, end: n.end };
  }
  return out;
}

