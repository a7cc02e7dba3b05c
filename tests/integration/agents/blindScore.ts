/**
 * Scores the offline planner on a phrasing set with outcomes (tests/fixtures/phrasings/blind-*.json):
 * each item's turns run through a real runtime session (offline model, the registry's specialists
 * with every tool call recorded, optimizations capped for speed); the last turn is judged by its
 * expected outcome. A miss is a "silent wrong value" when a call ran with a value other than the
 * one asked for (or an out-of-range one, or with a vague/unknown value replaced) and the answer
 * does not name that field; a question that starts a tool with an effect is a "false action".
 */
import { MemorySaver } from '@langchain/langgraph';
import { createOfflineModel, createRuntime, EventCollector, SPECIALISTS, Tracer, type SpecialistFactory } from '../../../agents/index.ts';
import type { BoundTool, ToolRuntime } from '../../../tools/tool.ts';
import { loadConfig } from '../../../config/load.ts';
import { yieldToLoop } from '../../support/yieldToLoop.ts';

type Value = number | boolean | string;
type Values = Record<string, Value>;
export interface BlindItem {
  id: string;
  kind: string;
  sealed: boolean;
  turns: string[];
  expect: {
    outcome: 'apply' | 'ask' | 'askOrApply' | 'askOrNote' | 'refuse' | 'answer';
    problem?: string;
    conditions?: Values;
    approx?: Record<string, number>;
    config?: Values;
    lessThan?: Record<string, number>;
    defaultsOnly?: boolean;
    note?: string;
    field?: string;
    bad?: number;
    tools?: string[];
    noTool?: string[];
    forbidTool?: string[];
    noApprovalFor?: string;
    args?: Record<string, Values>;
    argsContain?: Record<string, Record<string, string>>;
    forbidArgs?: Record<string, Record<string, (string | null)[]>>;
    stl?: Values;
    stls?: Values[];
    question?: boolean;
  };
}
export interface BlindResult {
  id: string;
  kind: string;
  sealed: boolean;
  ok: boolean;
  silentWrong: boolean;
  falseAction: boolean;
  why: string[];
}

/** Tools with an effect (a design, a job, a command, a device call): a question never starts one. */
export const ACTION_TOOLS = new Set([
  'optimize_design', 'create_problem', 'simulate_design', 'convert_design_to_stl', 'render_design', 'compare_designs',
  'generate_slurm_script', 'submit_job', 'wait_for_job', 'cancel_job', 'evaluate_model', 'run_command',
  'printer_status', 'start_print', 'upload_gcode', 'slice_stl', 'index_document',
]);
const DESIGN = new Set(['optimize_design', 'create_problem']);
const CAP: Record<string, number> = { max_iter: 4, num_optimization_steps: 2 };
const NOTE = /not appl|not used|ignored|did not use|unknown|could not|cannot|can't|not (?:on the|in the|a )?(?:whitelist|allowed|configured|known)|outside|refus|must be|invalid|interpret|read as|assum|default/i;

interface Call { name: string; args: Record<string, unknown> }
interface Pending { kind: string; tool?: string; args?: unknown; question: string }

/** The registry's specialists, each tool call recorded; optimizations run with iterations capped. */
function recording(recorded: Call[]): SpecialistFactory[] {
  return SPECIALISTS.map((f) => async (deps) => {
    const s = await f(deps);
    return {
      ...s,
      tools: s.tools.map((t: BoundTool) => ({
        ...t,
        run: async (raw: unknown, rt: ToolRuntime) => {
          const args = (raw ?? {}) as Record<string, unknown>;
          recorded.push({ name: t.name, args: structuredClone(args) });
          if (t.name !== 'optimize_design') return t.run(raw, rt);
          const problem = String(args.problem);
          const key = problem.startsWith('photonics') ? 'num_optimization_steps' : 'max_iter';
          const cfg = (args.config ?? {}) as Record<string, unknown>;
          const config = { ...cfg, [key]: Math.min(Number(cfg[key] ?? 999), CAP[key]) };
          if (problem.startsWith('photonics')) Object.assign(config, { num_elems_x: 90, num_elems_y: 110 });
          return t.run({ ...args, config }, rt);
        },
      })),
    };
  });
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-3 * Math.max(1, Math.abs(b));
const same = (got: unknown, want: Value) => (typeof want === 'number' ? typeof got === 'number' && close(got, want) : got === want);

export async function scoreBlind(home: string, items: BlindItem[], defaults: Record<string, Values>): Promise<BlindResult[]> {
  const recorded: Call[] = [];
  // a printer is configured (nothing listens there): a question must still never call it
  const config = loadConfig({ env: { ENGIAI_HOME: home, ENGIAI_PRINTER_URL: 'http://127.0.0.1:9' }, configPath: undefined, cwd: home });
  const runtime = await createRuntime({ config, saver: new MemorySaver(), specialists: recording(recorded) });
  const session = await runtime.session({ model: createOfflineModel() });
  const results: BlindResult[] = [];
  try {
    for (const item of items) {
      await yieldToLoop();
      const threadId = `blind-${item.id}`;
      let answer = '';
      let interrupt = null as Pending | null;
      let calls: Call[] = [];
      let okTools: string[] = [];
      for (const turn of item.turns) {
        recorded.length = 0;
        const ec = new EventCollector();
        // a turn after a clarification is its answer; after an approval it is a new message
        const resume = interrupt?.kind === 'clarification';
        const r = await session.runTurn({ threadId, ...(resume ? { resume: turn } : { message: turn }), tracer: new Tracer([ec]) });
        answer = r.answer ?? r.interrupt?.question ?? '';
        interrupt = r.interrupt as Pending | null;
        calls = recorded.slice();
        okTools = ec.ofType('tool_result').filter((x) => x.ok).map((x) => x.name);
      }
      // an approval pending is the call it asks for
      const requested = interrupt?.kind === 'approval' && interrupt.tool ? [...calls, { name: interrupt.tool, args: (interrupt.args ?? {}) as Record<string, unknown> }] : calls;
      results.push(judge(item, { answer, interrupt, calls: requested, okTools, defaults }));
    }
  } finally {
    await runtime.close();
  }
  return results;
}

interface Seen {
  answer: string;
  interrupt: { kind: string; tool?: string; question: string } | null;
  calls: Call[];
  okTools: string[];
  defaults: Record<string, Values>;
}

function judge(item: BlindItem, s: Seen): BlindResult {
  const e = item.expect;
  const why: string[] = [];
  let silent = false;
  const asked = s.interrupt?.kind === 'clarification';
  const approval = s.interrupt?.kind === 'approval' ? s.interrupt.tool : undefined;
  const names = s.calls.map((c) => c.name);
  const actions = names.filter((n) => ACTION_TOOLS.has(n));
  const design = s.calls.find((c) => c.name === 'optimize_design') ?? s.calls.find((c) => DESIGN.has(c.name));
  const mentions = (pattern: string) => new RegExp(pattern, 'i').test(s.answer) && NOTE.test(s.answer);

  const checkDesign = () => {
    if (!design) return void why.push(`no design call (answer: ${s.answer.slice(0, 160)})`);
    const cond = (design.args.conditions ?? {}) as Record<string, unknown>;
    const cfg = (design.args.config ?? {}) as Record<string, unknown>;
    if (e.problem && design.args.problem !== e.problem) why.push(`problem ${String(design.args.problem)} != ${e.problem}`);
    const flag = (k: string, msg: string) => {
      why.push(msg);
      if (!mentions(k)) silent = true;
    };
    for (const [k, v] of Object.entries(e.conditions ?? {})) if (!same(cond[k], v)) flag(k, `condition ${k}=${JSON.stringify(cond[k])} != ${v}`);
    for (const [k, v] of Object.entries(e.approx ?? {})) if (!(typeof cond[k] === 'number' && Math.abs((cond[k] as number) - v) < 5e-3)) flag(k, `condition ${k}=${JSON.stringify(cond[k])} !~ ${v}`);
    for (const [k, v] of Object.entries(e.config ?? {})) if (!same(cfg[k], v)) flag(k, `config ${k}=${JSON.stringify(cfg[k])} != ${v}`);
    for (const [k, v] of Object.entries(e.lessThan ?? {})) if (!(typeof cond[k] === 'number' && (cond[k] as number) < v)) flag(k, `condition ${k}=${JSON.stringify(cond[k])} not < ${v}`);
    // no value the person did not give, unless it is the problem's default (or named in the answer)
    const defs = s.defaults[String(design.args.problem)] ?? {};
    for (const [k, v] of [...Object.entries(cond), ...Object.entries(cfg)]) {
      if (k in (e.conditions ?? {}) || k in (e.config ?? {}) || k in (e.approx ?? {}) || k in (e.lessThan ?? {}) || k in CAP) continue;
      if (k in defs && same(v, defs[k])) continue;
      if (e.note && new RegExp(e.note, 'i').test(k) && mentions(k)) continue;
      flag(k, `unexpected ${k}=${JSON.stringify(v)}`);
    }
  };
  const checkArgs = () => {
    for (const [tool, want] of Object.entries(e.args ?? {})) {
      const c = s.calls.find((x) => x.name === tool);
      if (!c) {
        why.push(`no ${tool} call`);
        continue;
      }
      for (const [k, v] of Object.entries(want)) if (!same(c.args[k], v)) {
        why.push(`${tool} ${k}=${JSON.stringify(c.args[k])} != ${JSON.stringify(v)}`);
        if (!mentions(k)) silent = true;
      }
    }
    for (const [tool, want] of Object.entries(e.argsContain ?? {})) {
      const c = s.calls.find((x) => x.name === tool);
      if (!c) why.push(`no ${tool} call`);
      else for (const [k, v] of Object.entries(want)) if (!String(c.args[k] ?? '').toLowerCase().includes(v.toLowerCase())) {
        why.push(`${tool} ${k}=${JSON.stringify(c.args[k])} lacks "${v}"`);
        silent = true;
      }
    }
    const stls = s.calls.filter((c) => c.name === 'convert_design_to_stl');
    const wantStls = e.stls ?? (e.stl ? [e.stl] : []);
    if (wantStls.length && stls.length < wantStls.length) why.push(`${stls.length} STL calls, expected ${wantStls.length}`);
    wantStls.forEach((w, i) => {
      const c = stls[i];
      if (c) for (const [k, v] of Object.entries(w)) if (!same(c.args[k], v)) {
        why.push(`stl ${k}=${JSON.stringify(c.args[k])} != ${v}`);
        if (!mentions(k)) silent = true;
      }
    });
  };
  const checkTools = () => {
    for (const t of e.tools ?? []) if (!names.includes(t)) why.push(`missing ${t} (got ${names.join(',') || 'none'})`);
  };

  // what the answer must never do, whatever the outcome
  for (const t of e.noTool ?? []) if (names.includes(t)) why.push(`called ${t}`);
  if (e.noApprovalFor && approval === e.noApprovalFor) why.push(`asked to approve ${approval}`);
  for (const [tool, forbid] of Object.entries(e.forbidArgs ?? {})) {
    for (const c of s.calls.filter((x) => x.name === tool)) for (const [k, vals] of Object.entries(forbid)) if (vals.includes((c.args[k] ?? null) as string | null)) {
      why.push(`${tool} ran with ${k}=${JSON.stringify(c.args[k] ?? null)}`);
      if (!(e.note && mentions(e.note))) silent = true;
    }
  }
  for (const t of e.forbidTool ?? []) if (s.okTools.includes(t)) {
    why.push(`${t} ran`);
    if (!(e.note && mentions(e.note))) silent = true;
  }

  switch (e.outcome) {
    case 'apply':
      if (asked) why.push(`asked: ${s.interrupt?.question.slice(0, 160)}`);
      else {
        if (e.problem || e.conditions || e.config) checkDesign();
        checkArgs();
        checkTools();
      }
      break;
    case 'askOrApply':
      if (!asked) {
        if (e.problem || e.conditions || e.config || e.lessThan) checkDesign();
        checkArgs();
        checkTools();
        if (e.note && !new RegExp(e.note, 'i').test(s.answer)) why.push(`answer does not name ${e.note}`);
      }
      break;
    case 'ask':
      if (!asked) why.push(`no question (answer: ${s.answer.slice(0, 160)})`);
      if (actions.length) why.push(`acted: ${actions.join(',')}`);
      break;
    case 'askOrNote':
      if (!asked && !(e.note && mentions(e.note))) {
        why.push(`neither asked nor named ${e.note}: ${s.answer.slice(0, 200)}`);
        if (actions.length) silent = true;
      }
      if (!asked && (e.problem || e.conditions) && actions.length) checkDesign();
      break;
    case 'refuse': {
      const ran = s.calls.some((c) => c.name === 'optimize_design' && (c.args.conditions as Values | undefined)?.[e.field!] === e.bad) && s.okTools.includes('optimize_design');
      if (ran) {
        why.push(`optimized with ${e.field}=${e.bad}`);
        silent = true;
      }
      if (!asked && !mentions(e.field!)) why.push(`${e.field}=${e.bad} not reported: ${s.answer.slice(0, 200)}`);
      break;
    }
    case 'answer':
      if (s.interrupt) why.push(`${s.interrupt.kind}: ${s.interrupt.question.slice(0, 160)}`);
      if (e.question && actions.length) why.push(`acted: ${actions.join(',')}`);
      if (!s.answer.trim()) why.push('no answer');
      checkTools();
      checkArgs();
      break;
  }
  const falseAction = Boolean(e.question) && (actions.length > 0 || Boolean(s.interrupt));
  return { id: item.id, kind: item.kind, sealed: item.sealed, ok: why.length === 0, silentWrong: silent && why.length > 0, falseAction, why };
}

/** One line per set: passed/total, silent wrong values, false actions. */
export function summary(label: string, rs: BlindResult[]): string {
  const passed = rs.filter((r) => r.ok).length;
  return `${label}: ${passed}/${rs.length} (${((100 * passed) / Math.max(1, rs.length)).toFixed(1)} %), silent wrong values ${rs.filter((r) => r.silentWrong).length}, false actions ${rs.filter((r) => r.falseAction).length}`;
}
