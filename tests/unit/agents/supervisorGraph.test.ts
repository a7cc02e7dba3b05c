import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AIMessage } from '@langchain/core/messages';
import type { ChatSession } from '../../../agents/runtime/chatSession.ts';
import { EventCollector, Tracer } from '../../../agents/trace/agentEvent.ts';
import { ScriptedChatModel, toolCall } from './scriptedModel.ts';
import { testSession, type TestSessionOptions } from './sessionKit.ts';

let home: string;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'engiai-graph-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

function run(session: ChatSession, threadId: string, message?: string, resume?: unknown) {
  const events = new EventCollector();
  return session.runTurn({ threadId, message, resume, tracer: new Tracer([events]) }).then((r) => ({ ...r, events }));
}

const offline = (extra: TestSessionOptions = {}) => testSession(home, extra);

describe('supervisor graph with the offline model', () => {
  it('routes to engineering, runs the workflow on the real engine and reports artifact paths', async () => {
    const r = await run(await offline(), 't-full', 'Optimize a Beams2D beam with volfrac 0.4, forcedist 0.65 and rmin 4 on a 30x15 grid, simulate it and render it');
    expect(r.status).toBe('done');
    expect(r.events.ofType('handoff').map((e) => e.to)).toEqual(['engineering']);
    const results = r.events.ofType('tool_result');
    expect(results.map((e) => [e.name, e.ok])).toEqual([['create_problem', true], ['optimize_design', true], ['simulate_design', true], ['render_design', true]]);
    const opt = results[1].result as { design_id: string; final_objective: { c: number } };
    const sim = results[2].result as { objectives: { c: number } };
    expect(sim.objectives.c).toBeGreaterThan(0);
    const files = (results[3].result as { files: { render: string } }).files;
    expect(existsSync(files.render)).toBe(true);
    expect(r.answer).toContain(opt.design_id);
    expect(r.answer).toContain(files.render);
    expect(r.events.ofType('progress').length).toBeGreaterThan(0);
  });

  it('reports an unavailable specialist first, then does the rest of the request', async () => {
    const session = await offline();
    const r = await run(session, 't-chain', 'Optimize a beams2d beam with volfrac 0.3, forcedist 0.5 and rmin 2 on a 30x15 grid, then print it on the Prusa');
    expect(r.status).toBe('done');
    const msgs = await session.messages('t-chain');
    const transfers = msgs.flatMap((m) => (m as AIMessage).tool_calls ?? []).map((c) => c.name);
    expect(transfers).toEqual(['transfer_to_engineering']);
    expect(r.answer).toMatch(/^The prusa agent is unavailable \(no printer configured/);
    expect(r.answer).toMatch(/Optimized beams2d/);
    // the specialist's transcript stays out of the supervisor's conversation
    expect(msgs.some((m) => (m as AIMessage).tool_calls?.some((c) => c.name === 'create_problem'))).toBe(false);
  });

  it('continues the conversation: a follow-up uses the design from the previous turn', async () => {
    const session = await offline();
    await run(session, 't-follow', 'Optimize a beams2d beam with volfrac 0.35, forcedist 0 and rmin 2 on a 30x15 grid');
    const r = await run(session, 't-follow', 'Now export it as an STL with threshold 0.5, scale_xy 1, scale_z 5');
    expect(r.status).toBe('done');
    const calls = r.events.ofType('tool_result');
    expect(calls.map((e) => e.name)).toEqual(['convert_design_to_stl']);
    const stl = calls[0].result as { stl_path: string; watertight: boolean };
    expect(existsSync(stl.stl_path)).toBe(true);
    expect(stl.watertight).toBe(true);
  });
});

describe('supervisor guards', () => {
  it("turns LangGraph's recursion limit into a partial answer and leaves the thread usable", async () => {
    const session = await offline({ limits: { recursionLimit: 6 } });
    const r = await run(session, 't-rec', 'Optimize a beams2d beam with volfrac 0.3, forcedist 0.5 and rmin 2 on a 30x15 grid, simulate it and render it');
    expect(r.status).toBe('stopped');
    expect(r.answer).toMatch(/recursion limit of 6/);
    expect((await session.state('t-rec')).next).toEqual([]);
    const next = await run(session, 't-rec', 'hello');
    expect(next.status).toBe('done');
    expect(next.answer).toMatch(/I am EngiAI/);
  });

  it('stops a routing loop with a useful partial answer instead of a recursion error', async () => {
    const model = new ScriptedChatModel((_m, tools) =>
      tools.includes('create_problem') ? new AIMessage('Nothing to do, sorry.') : new AIMessage({ content: '', tool_calls: [toolCall('transfer_to_engineering', { task: 'do it' })] }),
    );
    const session = await testSession(home, { model });
    const r = await run(session, 't-loop', 'do it');
    expect(r.status).toBe('done');
    expect(r.answer).toMatch(/I stopped here: .*routing loop/);
    expect(r.answer).toMatch(/engineering \(done\): Nothing to do, sorry/);
    expect(r.events.ofType('handoff')).toHaveLength(1);
  });

  it('enforces the hand-off budget when every hand-off has a new task', async () => {
    let n = 0;
    const model = new ScriptedChatModel((_m, tools) =>
      tools.includes('create_problem') ? new AIMessage(`done ${n}`) : new AIMessage({ content: '', tool_calls: [toolCall('transfer_to_engineering', { task: `task ${n++}` })] }),
    );
    const session = await testSession(home, { model, limits: { maxHandoffs: 3 } });
    const r = await run(session, 't-budget', 'keep going');
    expect(r.events.ofType('handoff')).toHaveLength(3);
    expect(r.answer).toMatch(/hand-off budget of 3 is spent/);
  });

  it('returns malformed tool arguments to the model as a tool error and carries on', async () => {
    const model = new ScriptedChatModel((messages, tools) => {
      if (!tools.includes('create_problem')) {
        return messages.some((m) => m.getType() === 'tool') ? new AIMessage('finished') : new AIMessage({ content: '', tool_calls: [toolCall('transfer_to_engineering')] });
      }
      const sawError = messages.some((m) => m.getType() === 'tool' && String(m.content).includes('not valid JSON'));
      if (sawError) return new AIMessage('I sent bad arguments; fixed nothing.');
      return new AIMessage({ content: '', tool_calls: [], invalid_tool_calls: [{ id: 'bad1', name: 'create_problem', args: '{"problem": "beams2d", ', error: 'Unexpected end of JSON', type: 'invalid_tool_call' }] });
    });
    const session = await testSession(home, { model });
    const r = await run(session, 't-bad', 'set up a beam');
    expect(r.status).toBe('done');
    const [res] = r.events.ofType('tool_result');
    expect(res).toMatchObject({ name: 'create_problem', ok: false });
    expect(JSON.stringify(res.result)).toMatch(/ModelBehaviorError/);
    // the history the model saw next pairs the malformed call with its error
    const seen = model.calls.find((c) => c.messages.some((m) => m.getType() === 'tool'))!.messages;
    const ai = seen.find((m) => m.getType() === 'ai') as AIMessage;
    expect(ai.tool_calls?.[0]).toMatchObject({ id: 'bad1', name: 'create_problem' });
    expect(model.calls.length).toBeGreaterThanOrEqual(4);
  });

  it('invalid schema values come back as a tool error naming the field', async () => {
    const model = new ScriptedChatModel((messages, tools) => {
      if (!tools.includes('create_problem')) return messages.some((m) => m.getType() === 'tool') ? new AIMessage('ok') : new AIMessage({ content: '', tool_calls: [toolCall('transfer_to_engineering')] });
      if (messages.some((m) => m.getType() === 'tool')) return new AIMessage('gave up');
      return new AIMessage({ content: '', tool_calls: [toolCall('convert_design_to_stl', { design_id: 'beams2d-0000000000000000', threshold: 3 })] });
    });
    const session = await testSession(home, { model });
    const r = await run(session, 't-schema', 'export');
    const [res] = r.events.ofType('tool_result');
    expect(res.ok).toBe(false);
    expect(JSON.stringify(res.result)).toMatch(/threshold/);
  });
});
