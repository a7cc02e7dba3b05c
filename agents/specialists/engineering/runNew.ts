/**
 * A request for a new design: its values (asking for missing ones and for values that cannot be used
 * as written), then create_problem → optimize_design and the steps asked for.
 */
import type { ProblemInfo } from '../../../tools/engineering/tools/index.ts';
import type { DoneCall } from '../specialistTask.ts';
import type { AnswerExtras } from './finalAnswer.ts';
import { parseExports } from './parseExports.ts';
import type { Work } from './program.ts';
import { fieldRefs, type FieldRef } from './read/mentions.ts';
import type { Reading } from './read/readRequest.ts';
import { afterAnswers, type ValueState } from './slots.ts';

export interface Decision {
  work?: Work;
  ask?: { question: string; missing: string[] };
  /** A final answer with no tool call. */
  text?: string;
  /** Call list_designs first to find the conversation's designs. */
  needList?: boolean;
  extras: AnswerExtras;
}

/** Numeric conditions a run needs from the person (the catalog marks ignored ones "IGNORED"). */
export const requiredRefs = (info: ProblemInfo): FieldRef[] =>
  fieldRefs(info).filter((r) => r.kind === 'conditions' && r.field.type !== 'boolean' && !/\bIGNORED\b/.test(r.field.description));

export const answersOf = (done: DoneCall[]): string[] => done.filter((d) => d.name === 'ask_human_for_clarification' && d.ok).map((d) => String(d.result.answer ?? ''));

export const looseNotApplied = (r: Reading, problem: string): string[] => [
  ...r.loose.map((l) => `"${l.said}" (no setting of ${problem} takes it)`),
  ...[...r.relative, ...r.swaps].map((x) => `"${x.said}" (no earlier design to change: give the values themselves)`),
];

export function valueState(r: Reading, info: ProblemInfo, required: FieldRef[], notApplied: string[]): ValueState {
  return {
    conditions: { ...r.conditions }, config: { ...r.config }, required, defaulted: [], issues: [...r.issues], notApplied, notes: [...r.notes],
    useDefaults: r.useDefaults, vague: r.vague, order: fieldRefs(info).map((x) => x.field.name),
  };
}

/** "seed=N" in the request (e.g. the benchmark's "IMPORTANT: Use seed=N when calling tools."): optimize_design's seed. */
const seedOf = (text: string): { seed?: number } => {
  const m = /\bseed\s*=\s*(\d{1,9})\b/i.exec(text);
  return m ? { seed: Number(m[1]) } : {};
};

export function newRun(r: Reading, info: ProblemInfo, done: DoneCall[], catalog: readonly ProblemInfo[], compareWith: string[]): Decision {
  const problem = r.problem.id ?? info.id;
  const st = r.steps;
  const hasValues = Object.keys(r.conditions).length + Object.keys(r.config).length + Object.keys(r.masks).length + r.issues.length > 0;
  const optimize = st.optimize || st.simulate || st.render || st.stl || hasValues || !st.describe;
  if (!optimize) return { work: { describe: problem }, extras: { notes: r.notes, notApplied: looseNotApplied(r, info.id) } };
  const others = r.problem.others.map((o) => `the ${o} part (one problem per request: ask for it next)`);
  const { v, ask } = afterAnswers(valueState(r, info, requiredRefs(info), [...r.notApplied, ...looseNotApplied(r, info.id), ...others]), answersOf(done), info, catalog);
  // words that describe the design without a value ("a fine mesh", "stiffer") are named, never silently dropped
  const s = r.text.text;
  const described = r.vague.map((w) => {
    const at = s.indexOf(w);
    const noun = /^\s+(?:mesh|grid|resolution|beam|design|part|structure|filter|load|plate|shape)\b/.exec(s.slice(at + w.length))?.[0] ?? '';
    return `"${w}${noun}" (a description, not a value: the run uses the values above)`;
  });
  const extras = { notes: v.notes, notApplied: [...v.notApplied, ...(ask ? [] : described)] };
  if (ask) return { ask, extras };
  return {
    extras,
    work: {
      ...(st.describe ? { describe: problem } : {}),
      optimize: { problem, conditions: v.conditions, config: v.config, ...seedOf(r.text.text), ...(Object.keys(r.masks).length ? { masks: r.masks } : {}) },
      simulate: st.simulate,
      render: st.render,
      stl: st.stl,
      exports: parseExports(r.text.text, v.conditions),
      ...(st.compare && compareWith.length ? { compare: compareWith } : {}),
    },
  };
}
