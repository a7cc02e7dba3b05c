/**
 * A specialist's step runs the model and the reply's first tool call together; calls that can
 * interrupt (approval, a question to the person) run in the tools node, so resuming re-runs only the
 * interrupted call — never the model call that asked for it, nor an earlier tool's side effects.
 */
import { describe, expect, it } from 'vitest';
import { AIMessage } from '@langchain/core/messages';
import { MemorySaver } from '@langchain/langgraph';
import { z } from 'zod';
import { ChatSession } from '../../../agents/runtime/chatSession.ts';
import { decisionFor } from '../../../agents/supervisor/approvalDecision.ts';
import type { Specialist } from '../../../agents/specialists/specialist.ts';
import { EventCollector, Tracer } from '../../../agents/trace/agentEvent.ts';
import { defineTool, type BoundTool, type Tool } from '../../../tools/tool.ts';
import { ScriptedChatModel, toolCall } from './scriptedModel.ts';

/** A specialist `lab` with counting tools: `prepare`, `measure` (may need approval) and `confirm` (asks the person). */
function lab() {
  const runs: Record<string, number> = { prepare: 0, measure: 0, confirm: 0 };
  const schema = z.strictObject({});
  const tool = (name: string, run: Tool<typeof schema>['run']): BoundTool => defineTool({ name, description: name, schema, run });
  const tools = [
    tool('prepare', async () => ({ result: { prepared: ++runs.prepare } })),
    tool('measure', async () => ({ result: { measured: ++runs.measure } })),
    tool('confirm', async (_a, ctx) => {
      runs.confirm++;
      return { result: { answer: await ctx.askHuman({ question: 'sure?' }) } };
    }),
  ];
  const spec: Specialist = { name: 'lab', description: 'lab work', tools, prompt: 'You run lab tools.', availability: { available: true } };
  return { spec, runs };
}

/** Supervisor: hand off once, then answer. Lab: call `plan` in order (one call per reply, or a batch), then answer. */
function model(plan: string[][]) {
  return new ScriptedChatModel((messages, tools) => {
    const results = messages.filter((m) => m.getType() === 'tool').length;
    if (!tools.includes('prepare')) return results ? new AIMessage('all done') : new AIMessage({ content: '', tool_calls: [toolCall('transfer_to_lab', { task: 'work' })] });
    const calls = messages.filter((m) => m.getType() === 'ai').length;
    return calls < plan.length ? new AIMessage({ content: '', tool_calls: plan[calls].map((n) => toolCall(n)) }) : new AIMessage('lab finished');
  });
}

function session(m: ScriptedChatModel, spec: Specialist, approvals: string[] = []) {
  return new ChatSession({ model: m, modelName: 'scripted', checkpointer: new MemorySaver(), specialists: [spec], approvals });
}

async function run(s: ChatSession, input: { threadId: string; message?: string; resume?: unknown; streamTokens?: boolean }) {
  const events = new EventCollector();
  const r = await s.runTurn({ ...input, tracer: new Tracer([events]) });
  return { ...r, events };
}

const labModelCalls = (m: ScriptedChatModel) => m.calls.filter((c) => c.toolNames.includes('prepare')).length;

describe('specialist step: model call and first tool call in one superstep', () => {
  it('a hop of two tool calls takes four supersteps, each tool inside its model step', async () => {
    const { spec, runs } = lab();
    const r = await run(session(model([['prepare'], ['measure']]), spec), { threadId: 'a', message: 'go' });
    expect(r.status).toBe('done');
    expect(r.events.ofType('node_end').map((e) => e.node)).toEqual(['supervisor', 'lab', 'lab', 'lab', 'supervisor']);
    const order = r.events.events.filter((e) => e.type !== 'node_start' && e.type !== 'run_start' && e.type !== 'run_end').map((e) => (e.type === 'tool_call' || e.type === 'tool_result' ? `${e.type}:${e.name}` : e.type));
    expect(order.slice(0, 8)).toEqual(['model_call', 'handoff', 'node_end', 'model_call', 'tool_call:prepare', 'tool_result:prepare', 'node_end', 'model_call']);
    expect(runs).toEqual({ prepare: 1, measure: 1, confirm: 0 });
  });

  it('a hand-back is checkpointed in its own step, before the supervisor decides', async () => {
    const { spec } = lab();
    const s = session(model([['prepare'], ['measure']]), spec);
    const r = await run(s, { threadId: 'steps', message: 'go' });
    expect(r.status).toBe('done');
    // LangGraph's steps (the checkpoint after each names the next node): supervisor, lab + prepare,
    // lab + measure, lab's answer (the hand-back), supervisor's answer
    const steps: string[][] = [];
    for await (const c of s.graph.getStateHistory({ configurable: { thread_id: 'steps' } })) if (c.metadata?.source === 'loop') steps.push([...c.next]);
    expect(steps.reverse()).toEqual([['lab'], ['lab'], ['lab'], ['supervisor'], []]);
  });

  it("a turn cancelled during the supervisor's decision after a hand-back keeps the specialist's summary", async () => {
    const { spec } = lab();
    const ac = new AbortController();
    const m = new ScriptedChatModel((messages, tools) => {
      const results = messages.filter((x) => x.getType() === 'tool').length;
      if (tools.includes('prepare')) return results ? new AIMessage('lab finished: 42') : new AIMessage({ content: '', tool_calls: [toolCall('prepare')] });
      if (!results) return new AIMessage({ content: '', tool_calls: [toolCall('transfer_to_lab', { task: 'work' })] });
      ac.abort('the person left');
      return new AIMessage('all done');
    });
    const s = session(m, spec);
    const events = new EventCollector();
    const r = await s.runTurn({ threadId: 'cancel', message: 'go', tracer: new Tracer([events]), signal: ac.signal });
    expect(r.status).toBe('stopped');
    expect(r.answer).toMatch(/lab finished: 42/);
    const state = await s.graph.getState({ configurable: { thread_id: 'cancel' } });
    expect(state.values.messages.map((x: { getType(): string }) => x.getType())).toEqual(['human', 'ai', 'tool', 'ai']);
  });

  it('parallel calls: the first runs in the model step, the rest one per tools step', async () => {
    const { spec, runs } = lab();
    const r = await run(session(model([['prepare', 'measure', 'prepare']]), spec), { threadId: 'b', message: 'go' });
    expect(r.status).toBe('done');
    expect(r.events.ofType('node_end').map((e) => e.node)).toEqual(['supervisor', 'lab', 'lab_tools', 'lab_tools', 'lab', 'supervisor']);
    expect(runs).toEqual({ prepare: 2, measure: 1, confirm: 0 });
  });

  it('approval: the model call and the earlier tool are not repeated on resume', async () => {
    const { spec, runs } = lab();
    const m = model([['prepare'], ['measure']]);
    const s = session(m, spec, ['measure']);
    const asked = await run(s, { threadId: 'c', message: 'go' });
    expect(asked.interrupt).toMatchObject({ kind: 'approval', tool: 'measure' });
    // measure was not started in the model step: the tools step announced it, then asked
    expect(asked.events.ofType('node_end').map((e) => e.node)).toEqual(['supervisor', 'lab', 'lab', 'lab_tools']);
    expect(asked.events.ofType('tool_call').map((e) => e.name)).toEqual(['prepare', 'measure']);
    const before = labModelCalls(m);
    const done = await run(s, { threadId: 'c', resume: decisionFor(asked.interrupt!, 'approve') });
    expect(done.status).toBe('done');
    expect(done.events.ofType('tool_result').map((e) => [e.name, e.ok])).toEqual([['measure', true]]);
    expect(labModelCalls(m) - before).toBe(1); // only the lab's final answer
    expect(runs).toEqual({ prepare: 1, measure: 1, confirm: 0 });
  });

  it('a tool that asks the person mid-step moves to the tools node and interrupts there', async () => {
    const { spec, runs } = lab();
    const m = model([['prepare'], ['confirm']]);
    const s = session(m, spec);
    const asked = await run(s, { threadId: 'd', message: 'go' });
    expect(asked.interrupt).toMatchObject({ kind: 'clarification', question: 'sure?', agent: 'lab' });
    expect(asked.events.ofType('node_end').map((e) => e.node)).toEqual(['supervisor', 'lab', 'lab', 'lab_tools']);
    const before = labModelCalls(m);
    const done = await run(s, { threadId: 'd', resume: 'yes' });
    expect(done.status).toBe('done');
    expect(done.events.ofType('tool_result')).toEqual([expect.objectContaining({ name: 'confirm', ok: true, result: { answer: 'yes' } })]);
    expect(labModelCalls(m) - before).toBe(1);
    expect(runs.prepare).toBe(1);
    // the confirm tool started in the model step, again in the tools step (interrupted), once more on resume
    expect(runs.confirm).toBe(3);
  });

  it('events delivered directly (no token stream) come in the same order as through the stream', async () => {
    const shape = (r: { events: EventCollector }) =>
      r.events.events.filter((e) => e.type !== 'token').map((e) => `${e.type}:${'node' in e ? e.node : 'name' in e ? e.name : ''}`);
    const { spec } = lab();
    const m = model([['prepare', 'measure'], ['confirm']]);
    const [s1, s2] = [session(m, spec), session(m, spec)];
    const streamed = await run(s1, { threadId: 'e1', message: 'go', streamTokens: true });
    const direct = await run(s2, { threadId: 'e2', message: 'go', streamTokens: false });
    expect(direct.status).toBe('interrupted');
    expect(shape(direct)).toEqual(shape(streamed));
    expect(shape(direct)).toContain('interrupt:');
    const resumed = [await run(s1, { threadId: 'e1', resume: 'ok', streamTokens: true }), await run(s2, { threadId: 'e2', resume: 'ok', streamTokens: false })];
    expect(resumed[1].events.ofType('tool_result').map((e) => e.name)).toEqual(['confirm']);
    expect(resumed.map((r) => r.status)).toEqual(['done', 'done']);
    expect(shape(resumed[1])).toEqual(shape(resumed[0]));
  });
});
