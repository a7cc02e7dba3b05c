/**
 * Runs phrasings through a chat session (the offline supervisor and engineering planner, the real
 * graph, MemorySaver) and scores each turn against what a careful engineer would do: the engineering
 * tool calls with their values, the question asked, the settings reported as not applied, the agents
 * reported as unavailable. A value passed on that differs from the expected one — or an expected
 * value dropped — that no question, "Read:" or "Not applied:" line mentions is a silent wrong value.
 */
import { EventCollector, Tracer, type ChatSession, type InterruptPayload } from '../../../../agents/index.ts';

export type Values = Record<string, number | boolean>;

/** One expected engineering tool call. Unset keys are not checked; conditions and config are compared whole. */
export interface ExpectedCall {
  tool: string;
  problem?: string;
  conditions?: Values;
  config?: Values;
  /** design_id: '#1' is the first design made in the conversation, '#2' the second, … */
  design?: string;
  /** compare_designs' design_ids, as placeholders. */
  designs?: string[];
  /** convert_design_to_stl arguments that must match. */
  stl?: Record<string, number | boolean>;
  /** simulate_design's `conditions` (absent: none). */
  under?: Values;
}

export interface Expect {
  /** Engineering tool calls in order (questions, and list_designs unless listed, are not counted). */
  calls: ExpectedCall[];
  /** A question is expected first: the fields it names (in order), words it must contain. */
  ask?: { missing?: string[]; says?: RegExp };
  /** Settings the answer must list under "Not applied". */
  notApplied?: (string | RegExp)[];
  /** Patterns the final answer must match. */
  says?: RegExp[];
  /** Agents the answer must report as unavailable. */
  unavailable?: string[];
}

export interface Turn {
  say: string;
  /** Answers to the questions of this turn, in order. */
  answers?: string[];
  /** Unset for set-up turns that are not scored. */
  expect?: Expect;
}

export interface Phrasing {
  id: string;
  /** The failure class it exercises (issue 9): booleans, grids, numberWords, units, json, typos, synonyms, mesh, unavailable, clarification, followUps, … */
  cls: string;
  turns: Turn[];
}

export interface Outcome {
  id: string;
  cls: string;
  ok: boolean;
  problems: string[];
  silent: string[];
}

interface TurnLog {
  calls: { name: string; args: Record<string, unknown> }[];
  questions: InterruptPayload[];
  answer: string;
}

async function runTurn(session: ChatSession, threadId: string, turn: Turn, made: string[]): Promise<TurnLog> {
  const events = new EventCollector();
  const tracer = new Tracer([events]);
  const questions: InterruptPayload[] = [];
  const answers = [...(turn.answers ?? [])];
  const say = turn.say.replace(/\{#(\d+)\}/g, (_, n: string) => made[Number(n) - 1] ?? `#${n}`);
  let res = await session.runTurn({ threadId, message: say, tracer, streamTokens: false, durableSteps: false });
  while (res.status === 'interrupted' && res.interrupt) {
    questions.push(res.interrupt);
    const a = answers.shift();
    if (a === undefined) break;
    // the answer to the question, sent as an answer (a message would be a new request)
    res = await session.runTurn({ threadId, resume: a, tracer, streamTokens: false, durableSteps: false });
  }
  for (const e of events.ofType('tool_result')) if (e.name === 'optimize_design' && e.ok) made.push(String((e.result as Record<string, unknown>).design_id));
  const calls = events.ofType('tool_call').filter((e) => e.agent === 'engineering').map((e) => ({ name: e.name, args: (e.args ?? {}) as Record<string, unknown> }));
  return { calls, questions, answer: res.status === 'interrupted' ? '' : (res.answer ?? '') };
}

const same = (a: unknown, b: unknown) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
function sortKeys(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  return Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, sortKeys(x)]));
}

const VALUE_TOOLS = new Set(['create_problem', 'optimize_design', 'simulate_design']);
const valuesOf = (name: string, args: Record<string, unknown>): Values =>
  name === 'simulate_design' ? ((args.conditions ?? {}) as Values) : { ...((args.conditions ?? {}) as Values), ...((args.config ?? {}) as Values) };
const expectedValues = (c: ExpectedCall): Values => (c.tool === 'simulate_design' ? (c.under ?? {}) : { ...(c.conditions ?? {}), ...(c.config ?? {}) });

/** What the planner flagged: its questions and its "Read:" / "Not applied:" lines. */
function flaggedText(log: TurnLog): string {
  const lines = log.answer.split('\n').filter((l) => /^(?:Read|Not applied|Notes):/.test(l.trim()));
  return [...log.questions.map((q) => `${q.question} ${(q.missing ?? []).join(' ')}`), ...lines].join('\n').toLowerCase();
}

function score(exp: Expect, log: TurnLog, made: string[]): { problems: string[]; silent: string[] } {
  const problems: string[] = [];
  const silent: string[] = [];
  const resolve = (p: string | undefined) => (p && /^#\d+$/.test(p) ? (made[Number(p.slice(1)) - 1] ?? p) : p);
  const wantList = exp.calls.some((c) => c.tool === 'list_designs');
  const calls = log.calls.filter((c) => c.name !== 'ask_human_for_clarification' && (wantList || c.name !== 'list_designs'));
  const names = calls.map((c) => c.name).join(' → ');
  const wanted = exp.calls.map((c) => c.tool).join(' → ');
  if (names !== wanted) problems.push(`calls: got [${names}], expected [${wanted}]`);
  const flagged = flaggedText(log);
  const isFlagged = (field: string, ...values: unknown[]) => flagged.includes(field.toLowerCase()) || values.some((v) => v !== undefined && flagged.includes(String(v)));
  exp.calls.forEach((e, i) => {
    const got = calls[i];
    if (!got || got.name !== e.tool) return;
    const a = got.args;
    if (e.problem && a.problem !== e.problem) problems.push(`${e.tool}: problem ${String(a.problem)}, expected ${e.problem}`);
    if (VALUE_TOOLS.has(e.tool) && (e.tool !== 'simulate_design' || e.under || a.conditions)) {
      if (e.tool !== 'simulate_design' && e.conditions && !same(a.conditions ?? {}, e.conditions)) problems.push(`${e.tool}: conditions ${JSON.stringify(a.conditions ?? {})}, expected ${JSON.stringify(e.conditions)}`);
      if (e.tool !== 'simulate_design' && !same(a.config ?? {}, e.config ?? {})) problems.push(`${e.tool}: config ${JSON.stringify(a.config ?? {})}, expected ${JSON.stringify(e.config ?? {})}`);
      if (e.tool === 'simulate_design' && !same(a.conditions ?? {}, e.under ?? {})) problems.push(`simulate_design: conditions ${JSON.stringify(a.conditions ?? {})}, expected ${JSON.stringify(e.under ?? {})}`);
    }
    if (e.design && a.design_id !== resolve(e.design)) problems.push(`${e.tool}: design ${String(a.design_id)}, expected ${e.design} (${resolve(e.design)})`);
    if (e.designs && !same(a.design_ids, e.designs.map(resolve))) problems.push(`${e.tool}: designs ${JSON.stringify(a.design_ids)}, expected ${JSON.stringify(e.designs.map(resolve))}`);
    for (const [k, v] of Object.entries(e.stl ?? {})) if (a[k] !== v) problems.push(`${e.tool}: ${k} ${String(a[k])}, expected ${v}`);
  });
  // silent wrong values: a value passed on that differs from the expected, or dropped, with no word about it
  calls.forEach((c, i) => {
    if (!VALUE_TOOLS.has(c.name)) return;
    const e = exp.calls[i]?.tool === c.name ? exp.calls[i] : undefined;
    const got = valuesOf(c.name, c.args);
    const want = e ? expectedValues(e) : {};
    if (!e && c.name === 'simulate_design') return;
    for (const f of new Set([...Object.keys(got), ...Object.keys(want)])) {
      if (got[f] === want[f] || (e?.tool !== 'simulate_design' && e && !e.conditions && f in got && !(f in want))) continue;
      if (!isFlagged(f, want[f], got[f])) silent.push(`${c.name}: ${f} = ${String(got[f])}, expected ${String(want[f])}, not mentioned`);
    }
  });
  if (exp.ask) {
    const q = log.questions[0];
    if (!q) problems.push('expected a question, none asked');
    else {
      if (exp.ask.missing && !same(q.missing, exp.ask.missing)) problems.push(`question names ${JSON.stringify(q.missing)}, expected ${JSON.stringify(exp.ask.missing)}`);
      if (exp.ask.says && !exp.ask.says.test(q.question)) problems.push(`question "${q.question}" does not match ${exp.ask.says}`);
    }
  } else if (log.questions.length) problems.push(`unexpected question: ${log.questions[0].question}`);
  const notApplied = log.answer.split('\n').find((l) => l.startsWith('Not applied:')) ?? '';
  for (const n of exp.notApplied ?? []) {
    const hit = typeof n === 'string' ? notApplied.toLowerCase().includes(n.toLowerCase()) : n.test(notApplied);
    if (!hit) problems.push(`"Not applied" lacks ${String(n)} (answer: ${log.answer.slice(0, 300)})`);
  }
  for (const re of exp.says ?? []) if (!re.test(log.answer)) problems.push(`answer does not match ${re}: ${log.answer.slice(0, 300)}`);
  for (const a of exp.unavailable ?? []) if (!new RegExp(`The ${a} agent is unavailable`).test(log.answer)) problems.push(`answer does not report ${a} as unavailable`);
  return { problems, silent };
}

export async function runPhrasing(session: ChatSession, p: Phrasing): Promise<Outcome> {
  const made: string[] = [];
  const out: Outcome = { id: p.id, cls: p.cls, ok: true, problems: [], silent: [] };
  for (const [i, turn] of p.turns.entries()) {
    const log = await runTurn(session, `phrasing-${p.id}`, turn, made);
    if (!turn.expect) continue;
    const s = score(turn.expect, log, made);
    out.problems.push(...s.problems.map((x) => `turn ${i + 1}: ${x}`));
    out.silent.push(...s.silent.map((x) => `turn ${i + 1}: ${x}`));
  }
  out.ok = out.problems.length === 0 && out.silent.length === 0;
  return out;
}

/** Per-class accuracy as text lines. */
export function report(outcomes: Outcome[]): string {
  const classes = [...new Set(outcomes.map((o) => o.cls))].sort();
  const lines = classes.map((c) => {
    const of = outcomes.filter((o) => o.cls === c);
    const ok = of.filter((o) => o.ok).length;
    return `${c.padEnd(16)} ${String(ok).padStart(3)}/${String(of.length).padEnd(3)} ${((100 * ok) / of.length).toFixed(0).padStart(3)} %`;
  });
  const ok = outcomes.filter((o) => o.ok).length;
  const silent = outcomes.filter((o) => o.silent.length).length;
  lines.push(`${'all'.padEnd(16)} ${String(ok).padStart(3)}/${String(outcomes.length).padEnd(3)} ${((100 * ok) / outcomes.length).toFixed(1).padStart(5)} %  (silent wrong values: ${silent})`);
  for (const o of outcomes.filter((x) => !x.ok)) lines.push(`  ✗ ${o.id} [${o.cls}]: ${[...o.silent.map((s) => `SILENT ${s}`), ...o.problems].join(' | ')}`);
  return lines.join('\n');
}
