/**
 * The offline planner on a held-out set of phrasings (tests/fixtures/phrasings/heldout.json),
 * written apart from the planner and its own corpus (tests/unit/agents/phrasings/): each item's
 * turns run through a real runtime session (offline model, the real engineering tools with
 * iterations capped for speed); the last turn's tool calls and answer are checked. The goal
 * is ≥ 90 % with no silent wrong value; the score and the misses are printed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemorySaver } from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import { createOfflineModel, createRuntime, EventCollector, SPECIALISTS, Tracer, type SpecialistFactory } from '../../../agents/index.ts';
import type { BoundTool, ToolRuntime } from '../../../tools/tool.ts';
import { testConfig } from '../../unit/agents/sessionKit.ts';
import { yieldToLoop } from '../../support/yieldToLoop.ts';

const items: Item[] = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'phrasings', 'heldout.json'), 'utf8'));

type Values = Record<string, number | boolean>;
interface Item {
  id: string;
  cls: string;
  turns: string[];
  expect: {
    problem?: string;
    conditions?: Values;
    approx?: Record<string, number>;
    config?: Values;
    tools?: string[];
    noTool?: string[];
    ask?: boolean;
    unavailable?: string;
    notAppliedOrAsk?: string;
    notAppliedOrAskOrError?: string;
    simConditions?: Values;
    answerMentions?: string;
    stl?: Values;
  };
}
interface Args {
  problem?: string;
  conditions?: Values;
  config?: Values;
  [k: string]: unknown;
}
const CAP: Record<string, number> = { max_iter: 4, num_optimization_steps: 2 };
const recorded: { name: string; args: Args }[] = [];

/** The registry's specialists; optimize_design runs with iterations capped (the requested args are recorded). */
const specialists: SpecialistFactory[] = SPECIALISTS.map((f) => async (deps) => {
  const s = await f(deps);
  if (s.name !== 'engineering') return s;
  return {
    ...s,
    tools: s.tools.map((t: BoundTool) => ({
      ...t,
      run: async (raw: unknown, rt: ToolRuntime) => {
        const args = raw as Args;
        recorded.push({ name: t.name, args: structuredClone(args) });
        if (t.name !== 'optimize_design') return t.run(args, rt);
        const problem = String(args.problem);
        const key = problem.startsWith('photonics') ? 'num_optimization_steps' : 'max_iter';
        const config = { ...(args.config ?? {}), [key]: Math.min(Number(args.config?.[key] ?? 999), CAP[key]) };
        if (problem.startsWith('photonics')) Object.assign(config, { num_elems_x: 90, num_elems_y: 110 });
        return t.run({ ...args, config }, rt);
      },
    })),
  };
});

async function score(home: string) {
  const config = testConfig(home);
  const runtime = await createRuntime({ config, saver: new MemorySaver(), specialists });
  const session = await runtime.session({ model: createOfflineModel() });

  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-3 * Math.max(1, Math.abs(b));
  const results: { id: string; cls: string; ok: boolean; why: string[] }[] = [];
  for (const item of items) {
    await yieldToLoop();
    const threadId = `h-${item.id}`;
    let events = new EventCollector();
    let answer = '';
    let status = '';
    let pendingAsk = false;
    for (let i = 0; i < item.turns.length; i++) {
      recorded.length = 0;
      const ec = new EventCollector();
      // a turn after a question is the person's answer to it, sent as an answer (a message would be a new request)
      const r = await session.runTurn({ threadId, ...(pendingAsk ? { resume: item.turns[i] } : { message: item.turns[i] }), tracer: new Tracer([ec]) });
      events = ec;
      answer = r.answer ?? r.interrupt?.question ?? '';
      status = r.status;
      pendingAsk = r.status === 'interrupted';
    }
    const e = item.expect;
    const why: string[] = [];
    const calls = recorded.slice();
    const ok = events.ofType('tool_result').filter((x) => x.ok).map((x) => x.name);
    const opt = calls.find((c) => c.name === 'optimize_design') ?? calls.find((c) => c.name === 'create_problem');
    if (e.ask) {
      if (!pendingAsk) why.push(`expected a question, got ${status}: ${ok.join(',')}`);
    }
    if (e.problem !== undefined || e.conditions || e.config) {
      if (!opt) why.push(`no create/optimize call (status ${status}; answer: ${answer.slice(0, 160)})`);
      else {
        if (e.problem && opt.args.problem !== e.problem) why.push(`problem ${opt.args.problem} != ${e.problem}`);
        for (const [k, v] of Object.entries(e.conditions ?? {})) {
          const got = opt.args.conditions?.[k];
          if (typeof v === 'number' ? !(typeof got === 'number' && close(got, v)) : got !== v) why.push(`condition ${k}=${JSON.stringify(got)} != ${v}`);
        }
        for (const [k, v] of Object.entries(e.approx ?? {})) {
          const got = opt.args.conditions?.[k];
          if (!(typeof got === 'number' && Math.abs(got - (v as number)) < 5e-3)) why.push(`condition ${k}=${got} !~ ${v}`);
        }
        for (const [k, v] of Object.entries(e.config ?? {})) {
          const got = opt.args.config?.[k];
          if (got !== v) why.push(`config ${k}=${JSON.stringify(got)} != ${v}`);
        }
        // no silent extra values: every given condition must be one the expectation names (when the item lists conditions)
        if (e.conditions && !e.approx) {
          for (const [k, v] of Object.entries(opt.args.conditions ?? {})) {
            if (!(k in e.conditions)) why.push(`unexpected condition ${k}=${v}`);
          }
        }
      }
    }
    if (e.tools) for (const t of e.tools) if (!ok.includes(t)) why.push(`missing ${t} (got ${ok.join(',')})`);
    if (e.noTool) for (const t of e.noTool) if (calls.some((c) => c.name === t)) why.push(`called ${t}`);
    if (e.unavailable && !new RegExp(`${e.unavailable}[^\\n]*unavailable|unavailable[^\\n]*${e.unavailable}`, 'i').test(answer)) why.push(`answer does not report ${e.unavailable} unavailable: ${answer.slice(0, 160)}`);
    if (e.notAppliedOrAsk && !(pendingAsk || (answer.includes(e.notAppliedOrAsk) && /not appl|could not|ignored|did not use|unknown/i.test(answer)))) why.push(`value ${e.notAppliedOrAsk} silently dropped: ${answer.slice(0, 200)}`);
    if (e.notAppliedOrAskOrError && !(pendingAsk || /outside|error|not appl|could not/i.test(answer))) why.push(`out-of-range ${e.notAppliedOrAskOrError} not reported`);
    if (e.simConditions) {
      const sim = calls.find((c) => c.name === 'simulate_design');
      for (const [k, v] of Object.entries(e.simConditions)) if (sim?.args.conditions?.[k] !== v) why.push(`simulate condition ${k}=${sim?.args.conditions?.[k]}`);
    }
    if (e.answerMentions && !new RegExp(e.answerMentions, 'i').test(answer)) why.push(`answer lacks /${e.answerMentions}/`);
    if (e.stl) {
      const stl = calls.find((c) => c.name === 'convert_design_to_stl');
      for (const [k, v] of Object.entries(e.stl)) if (stl?.args[k] !== v) why.push(`stl ${k}=${stl?.args[k]}`);
    }
    results.push({ id: item.id, cls: item.cls, ok: why.length === 0, why });
      }
  await runtime.close();
  return results;
}

describe('held-out phrasings for the offline planner', () => {
  it('reads at least 90 % of them right, with no silent wrong value', async () => {
    const home = mkdtempSync(join(tmpdir(), 'engiai-heldout-'));
    try {
      const results = await score(home);
      const passed = results.filter((r) => r.ok).length;
      const misses = results.filter((r) => !r.ok).map((r) => `${r.id} (${r.cls}): ${r.why.join('; ')}`);
      console.info(`held-out phrasings: ${passed}/${results.length}\n${misses.join('\n')}`);
      expect(passed / results.length).toBeGreaterThanOrEqual(0.9);
      // a value read into the wrong field, or dropped without a word, is never acceptable
      expect(results.flatMap((r) => r.why).filter((w) => /silently dropped|unexpected condition|not reported/.test(w))).toEqual([]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 600_000);
});
