/**
 * Asking the person, and reading the answer. A question lists slots in order: fields with no value
 * ("missing"), values that cannot be used as written ("fix": out of range, wrong unit, given twice)
 * and numbers that could belong to several fields ("choose"). The answer fills them: named values
 * ("volfrac 0.3") first, then bare numbers in the order asked ("0.3, 2 and 0.5"; a bare number is
 * never replaced by a word rule such as "middle"), a field word for a "choose" slot, "yes" for the
 * suggested values, "skip" to drop a value, "defaults" for the rest.
 */
import type { ProblemInfo } from '../../../tools/engineering/tools/index.ts';
import { checkValue, rangeText } from './read/checkValue.ts';
import type { FieldRef } from './read/mentions.ts';
import { readRequest, type Issue, type Values } from './read/readRequest.ts';
import { digits } from './read/text.ts';

export type Slot = { kind: 'missing'; ref: FieldRef } | { kind: 'fix'; issue: Issue } | { kind: 'choose'; issue: Issue; value: number };

/** What the planner knows of the values so far. */
export interface ValueState {
  conditions: Values;
  config: Values;
  /** Fields a run needs a value for (asked unless given, defaulted or in question). */
  required: FieldRef[];
  /** Required fields the person let default ("defaults", "skip"). */
  defaulted: string[];
  issues: Issue[];
  /** Reported in the answer: values dropped, defaults used. */
  notApplied: string[];
  notes: string[];
  useDefaults: boolean;
  vague: string[];
  /** Catalog order of the problem's fields, for asking in that order. */
  order: string[];
}

const has = (v: ValueState, ref: FieldRef) => v[ref.kind][ref.field.name] !== undefined;
const inQuestion = (v: ValueState, name: string) => v.issues.some((i) => i.refs.some((r) => r.field.name === name));

/** Required fields with no value that are not in question. */
export const missingOf = (v: ValueState): FieldRef[] => v.required.filter((r) => !has(v, r) && !inQuestion(v, r.field.name) && !v.defaulted.includes(r.field.name));

export function slotsOf(v: ValueState): Slot[] {
  const slots: Slot[] = [
    ...(v.useDefaults ? [] : missingOf(v).map((ref): Slot => ({ kind: 'missing', ref }))),
    ...v.issues.map((issue): Slot => (issue.refs.length > 1 ? { kind: 'choose', issue, value: issue.value ?? NaN } : { kind: 'fix', issue })),
  ];
  const at = (s: Slot) => v.order.indexOf(s.kind === 'missing' ? s.ref.field.name : s.issue.refs[0].field.name);
  return slots.map((s, i) => ({ s, i })).sort((a, b) => at(a.s) - at(b.s) || a.i - b.i).map((x) => x.s);
}

function describe(ref: FieldRef): string {
  const f = ref.field;
  const range = rangeText(f.allowed);
  return `${f.name} (${f.description}${f.unit ? `, in ${f.unit}` : ''}${range ? `, allowed ${range}` : ''}; default ${f.default})`;
}

export function questionText(problem: string, slots: Slot[], v: ValueState): string {
  const parts: string[] = [];
  const missing = slots.filter((s) => s.kind === 'missing');
  if (missing.length) parts.push(`To run ${problem} I need values for: ${missing.map((s) => describe(s.ref)).join('; ')}.`);
  if (missing.length && v.vague.length) parts.push(`You described it as "${v.vague.join('", "')}", which I cannot turn into numbers.`);
  for (const s of slots) {
    if (s.kind === 'fix') parts.push(`I cannot use "${s.issue.said}": ${s.issue.reason}.${s.issue.suggestion !== undefined ? ` Did you mean ${s.issue.refs[0].field.name} ${digits(s.issue.suggestion)}?` : ''}`);
    if (s.kind === 'choose') parts.push(`${s.issue.reason[0].toUpperCase()}${s.issue.reason.slice(1)}. Which setting is it: ${s.issue.refs.map((r) => describe(r)).join(', or ')}?`);
  }
  const numbersWanted = slots.some((s) => s.kind !== 'choose');
  const hints = [numbersWanted ? 'give the numbers (in this order) or name the fields' : 'name the setting'];
  if (slots.some((s) => s.kind === 'fix' && s.issue.suggestion !== undefined)) hints.push('"yes" for the suggested values');
  if (slots.some((s) => s.kind !== 'missing')) hints.push('"skip" to leave those out');
  if (missing.length) hints.push('"defaults" to use the defaults');
  parts.push(`Please ${hints.join(', ')}.`);
  return parts.join(' ');
}

/** The field names a question asks for, in order (the `missing` argument of the ask tool). */
export const slotNames = (slots: Slot[]): string[] => slots.flatMap((s) => (s.kind === 'missing' ? [s.ref.field.name] : s.issue.refs.map((r) => r.field.name)));

const YES = /^\s*(?:yes|yeah|yep|y|correct|right|sure|ok(?:ay)?|please do|do that|that'?s right|exactly|indeed|use (?:that|those|them|the suggestions?))\b/i;
/** In an answer, the word alone means "use the defaults": "defaults on a 30x15 grid", "the default is fine". */
const ANSWER_DEFAULTS = /\bdefaults\b|\bthe default\b|^\s*default\b|\bdefault (?:values?|settings?|ones?|is fine)\b/i;
const SKIP = /\b(?:skip|ignore|drop|leave (?:it|them|that) out|never ?mind|forget (?:it|that)|no|none|nothing)\b/i;

function set(v: ValueState, ref: FieldRef, value: number | boolean, said: string): boolean {
  const c = checkValue(ref.field, { value });
  if (!c.ok) {
    v.issues.push({ refs: [ref], said, reason: c.reason, ...(c.suggestion !== undefined ? { suggestion: c.suggestion } : {}) });
    return false;
  }
  v[ref.kind][ref.field.name] = c.value;
  return true;
}

/** Applies an answer to the slots it answers; returns the state for the next step. */
export function applyAnswer(answer: string, slots: Slot[], v: ValueState, info: ProblemInfo, catalog: readonly ProblemInfo[]): ValueState {
  const r = readRequest(answer, catalog, { problem: info });
  const next: ValueState = { ...v, conditions: { ...v.conditions }, config: { ...v.config }, defaulted: [...v.defaulted], issues: [...r.issues], notApplied: [...v.notApplied], notes: [...v.notes] };
  const named = new Set([...Object.keys(r.conditions), ...Object.keys(r.config)]);
  Object.assign(next.conditions, r.conditions);
  Object.assign(next.config, r.config);
  const numbers = r.loose.map((l) => l.token);
  const yes = YES.test(answer);
  const skip = SKIP.test(answer) && !numbers.length && !named.size;
  const defaults = r.useDefaults || ANSWER_DEFAULTS.test(answer);
  for (const s of slots) {
    const names = s.kind === 'missing' ? [s.ref.field.name] : s.issue.refs.map((x) => x.field.name);
    if (names.some((n) => named.has(n))) continue;
    if (s.kind === 'choose') {
      const chosen = s.issue.refs.filter((x) => r.named.includes(x.field.name));
      if (chosen.length === 1 && set(next, chosen[0], s.value, s.issue.said)) next.notes.push(`"${s.issue.said}" read as ${chosen[0].field.name} ${s.value} (your answer)`);
      else if (skip || !yes) next.notApplied.push(`"${s.issue.said}" (${s.issue.reason})`);
      continue;
    }
    const n = numbers.shift();
    const ref = s.kind === 'missing' ? s.ref : s.issue.refs[0];
    if (n) {
      const c = checkValue(ref.field, { value: n.value, unit: n.unit, percent: n.percent });
      if (c.ok) next[ref.kind][ref.field.name] = c.value;
      else next.issues.push({ refs: [ref], said: `${ref.field.name} ${r.loose.find((l) => l.token === n)?.said ?? digits(n.value)}`, reason: c.reason, ...(c.suggestion !== undefined ? { suggestion: c.suggestion } : {}) });
    } else if (s.kind === 'fix' && yes && s.issue.suggestion !== undefined) set(next, ref, s.issue.suggestion, s.issue.said);
    else if (s.kind === 'fix') {
      next.notApplied.push(`"${s.issue.said}" (${s.issue.reason})`);
      if (skip || defaults) next.defaulted.push(ref.field.name);
    } else if (defaults || skip) next.defaulted.push(ref.field.name);
  }
  if (defaults) next.useDefaults = true;
  for (const l of r.loose.filter((x) => numbers.includes(x.token))) next.notApplied.push(`"${l.said}" (more numbers than values asked for)`);
  next.notes.push(...r.notes);
  return next;
}

/** The person may be asked this many times per request; then defaults are used and the rest is reported. */
export const MAX_ASKS = 2;

/**
 * Applies the answers of the questions already asked, in order. Returns the question to ask next
 * (when something is still open and questions are left), or the state to run with.
 */
export function afterAnswers(v: ValueState, answers: string[], info: ProblemInfo, catalog: readonly ProblemInfo[]): { v: ValueState; ask?: { question: string; missing: string[] } } {
  for (const a of answers) {
    const slots = slotsOf(v);
    if (!slots.length) break;
    v = applyAnswer(a, slots, v, info, catalog);
  }
  const slots = slotsOf(v);
  if (slots.length && answers.length < MAX_ASKS) return { v, ask: { question: questionText(info.id, slots, v), missing: slotNames(slots) } };
  const out: ValueState = { ...v, notes: [...v.notes], notApplied: [...v.notApplied], issues: [] };
  const defaulted = [...v.required.filter((r) => v.defaulted.includes(r.field.name) && !has(v, r)), ...missingOf(v)];
  if (defaulted.length) out.notes.push(`${v.useDefaults || v.defaulted.length ? 'used the defaults' : 'no value given, so used the defaults'} for ${defaulted.map((m) => m.field.name).join(', ')} (${defaulted.map((m) => String(m.field.default)).join(', ')})`);
  for (const i of v.issues) out.notApplied.push(`"${i.said}" (${i.reason})`);
  return { v: out };
}
