/**
 * Live tokens: with streamTokens (the web server, `engiai chat` at a terminal) each model call's
 * streamed text arrives as `token` events of its agent, in order with the other events: inside the
 * model's node, before its model_call event, and the supervisor's tokens spell its answer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SPECIALISTS, type SpecialistFactory } from '../../../agents/specialists/index.ts';
import { EventCollector, Tracer, type AgentEvent } from '../../../agents/trace/agentEvent.ts';
import { testSession } from './sessionKit.ts';

const ID = 'beams2d-0123456789abcdef';
const RESULTS: Record<string, Record<string, unknown>> = {
  create_problem: { problem: 'beams2d', conditions: { volfrac: 0.4 } },
  optimize_design: { design_id: ID, problem: 'beams2d', iterations: 5, final_objective: { c: 1 }, path: `/tmp/${ID}` },
};
/** The registry's specialists, the engineering tools answering instantly. */
const specialists: SpecialistFactory[] = SPECIALISTS.map((f) => async (deps) => {
  const s = await f(deps);
  return s.name !== 'engineering' ? s : { ...s, tools: s.tools.map((t) => ({ ...t, run: async () => ({ result: RESULTS[t.name] ?? {} }) })) };
});
const home = mkdtempSync(join(tmpdir(), 'engiai-tokens-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

async function turn(streamTokens: boolean) {
  const session = await testSession(home, { specialists });
  const events = new EventCollector();
  const r = await session.runTurn({ threadId: 't', message: 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2', tracer: new Tracer([events]), streamTokens });
  return { r, events: events.events };
}

describe('live tokens', () => {
  it('stream each agent’s text in order with the other events', async () => {
    const { r, events } = await turn(true);
    expect(r.status).toBe('done');
    const tokens = events.filter((e): e is Extract<AgentEvent, { type: 'token' }> => e.type === 'token');
    expect(new Set(tokens.map((t) => t.agent))).toEqual(new Set(['engineering', 'supervisor']));
    // the supervisor's last model call: its tokens come after its node started and before its model_call
    const lastIndex = (pred: (e: AgentEvent) => boolean) => events.length - 1 - [...events].reverse().findIndex(pred);
    const lastStart = lastIndex((e) => e.type === 'node_start' && e.node === 'supervisor');
    const lastCall = lastIndex((e) => e.type === 'model_call' && e.agent === 'supervisor');
    const between = events.slice(lastStart, lastCall).filter((e) => e.type === 'token').map((e) => (e as { text: string }).text);
    expect(between.length).toBeGreaterThan(3);
    expect(between.join('').trim()).toBe(r.answer!.trim());
    const answerAt = events.findIndex((e) => e.type === 'answer');
    expect(events.slice(answerAt).some((e) => e.type === 'token')).toBe(false);
  });

  it('without streamTokens there are no token events and the same other events', async () => {
    const live = await turn(true);
    const quiet = await turn(false);
    expect(quiet.events.some((e) => e.type === 'token')).toBe(false);
    const shape = (es: AgentEvent[]) => es.filter((e) => e.type !== 'token').map((e) => e.type);
    expect(shape(quiet.events)).toEqual(shape(live.events));
  });
});
