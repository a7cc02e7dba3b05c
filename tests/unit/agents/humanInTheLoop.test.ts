import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatSession } from '../../../agents/runtime/chatSession.ts';
import { openCheckpointer } from '../../../agents/runtime/checkpointer.ts';
import { decisionFor } from '../../../agents/supervisor/approvalDecision.ts';
import { EventCollector, Tracer } from '../../../agents/trace/agentEvent.ts';
import { testSession } from './sessionKit.ts';

let home: string;
beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'engiai-hitl-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

function run(session: ChatSession, input: { threadId: string; message?: string; resume?: unknown }) {
  const events = new EventCollector();
  return session.runTurn({ ...input, tracer: new Tracer([events]) }).then((r) => ({ ...r, events }));
}

describe('human in the loop', () => {
  it('a clarification interrupt survives a restart: two sessions on the same SQLite file', async () => {
    const db = join(home, 'threads.sqlite');
    const first = await openCheckpointer({ kind: 'sqlite', path: db });
    const a = await testSession(home, { saver: first.saver });
    const asked = await run(a, { threadId: 'hitl-1', message: 'Design a lightweight beam with the load near the tip' });
    expect(asked.status).toBe('interrupted');
    expect(asked.interrupt).toMatchObject({ kind: 'clarification', agent: 'engineering', missing: ['volfrac', 'rmin', 'forcedist'] });
    expect(asked.events.ofType('interrupt')).toHaveLength(1);
    await first.close();

    const second = await openCheckpointer({ kind: 'sqlite', path: db });
    const b = await testSession(home, { saver: second.saver });
    expect(await b.pendingInterrupt('hitl-1')).toMatchObject({ kind: 'clarification' });
    const done = await run(b, { threadId: 'hitl-1', resume: 'volfrac 0.3, rmin 1.5, forcedist 1 on a 30x15 grid' });
    expect(done.status).toBe('done');
    const opt = done.events.ofType('tool_result').find((e) => e.name === 'optimize_design')!;
    expect(opt.ok).toBe(true);
    expect((opt.result as { conditions: Record<string, number> }).conditions).toMatchObject({ volfrac: 0.3, rmin: 1.5, forcedist: 1 });
    // the clarification tool ran once with the answer; nothing before the question was lost
    const msgs = await b.messages('hitl-1');
    expect(msgs[0].content).toBe('Design a lightweight beam with the load near the tip');
    expect(done.answer).toMatch(/You answered: volfrac 0.3/);
    await second.close();
  });

  it('a message sent while a question is pending is a new request: the question is declined, visibly, and never answered by it', async () => {
    const session = await testSession(home);
    const asked = await run(session, { threadId: 'hitl-2', message: 'Optimize a beam with a stiff design' });
    expect(asked.interrupt).toMatchObject({ kind: 'clarification', agent: 'engineering' });
    const r = await run(session, { threadId: 'hitl-2', message: 'bracket Q-17' });
    // the waiting tool was told no answer came, in the timeline; the message did not become volfrac 17
    expect(r.events.ofType('reply')).toEqual([expect.objectContaining({ kind: 'clarification', text: expect.stringMatching(/^denied: a new message came instead of an answer \("bracket Q-17"\)/) })]);
    const results = r.events.ofType('tool_result');
    expect(results[0]).toMatchObject({ ok: false, result: { error: { message: expect.stringMatching(/did not answer the question/) } } });
    expect(results.filter((e) => e.name === 'optimize_design' && e.ok)).toEqual([]);
    expect(r.events.ofType('run_start').map((e) => e.input)).toEqual([null, 'bracket Q-17']);
    const msgs = await session.messages('hitl-2');
    expect(msgs.filter((m) => m.getType() === 'human').map((m) => m.content)).toEqual(['Optimize a beam with a stiff design', 'bracket Q-17']);
  });

  it('a question is answered only by an explicit answer', async () => {
    const session = await testSession(home);
    await run(session, { threadId: 'hitl-2b', message: 'Optimize a beam with a stiff design' });
    await expect(run(session, { threadId: 'hitl-2b', resume: { volfrac: 0.3 } })).rejects.toThrow(/the answer to a question is text/);
    const r = await run(session, { threadId: 'hitl-2b', resume: 'defaults, on a 30x15 grid' });
    expect(r.status).toBe('done');
    expect(r.answer).toMatch(/used the defaults for volfrac, rmin, forcedist/);
  });

  it('approval: only a typed decision bound to the pending call decides; free text, booleans and other calls approve nothing', async () => {
    const session = await testSession(home, { approvals: ['optimize_design'] });
    const msg = 'Optimize a beams2d beam with volfrac 0.3, forcedist 0.5 and rmin 2 on a 30x15 grid';
    const asked = await run(session, { threadId: 'hitl-3', message: msg });
    const q = asked.interrupt!;
    expect(q).toMatchObject({ kind: 'approval', tool: 'optimize_design', callId: expect.any(String), digest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const refused = ['ok no, do not run it', 'go away', 'sure not', 'yes', 'no', true, false, 1, null, { approved: 'false' }, { approved: true }, { decision: 'approve' }, { answer: 'yes' },
      { decision: 'approve', callId: q.callId, digest: '0'.repeat(64) }, { decision: 'approve', callId: 'another-call', digest: q.digest }, { decision: 'APPROVE', callId: q.callId, digest: q.digest }];
    for (const resume of refused) {
      await expect(run(session, { threadId: 'hitl-3', resume }), JSON.stringify(resume)).rejects.toThrow(/nothing (ran|was approved or run)/);
    }
    expect(await session.pendingInterrupt('hitl-3')).toEqual(q); // still waiting, nothing ran
    const declined = await run(session, { threadId: 'hitl-3', resume: decisionFor(q, 'deny') });
    expect(declined.status).toBe('done');
    expect(declined.events.ofType('tool_result')).toEqual([expect.objectContaining({ name: 'optimize_design', ok: false })]);
    expect(declined.answer).toMatch(/did not approve optimize_design/);

    const again = await run(session, { threadId: 'hitl-4', message: msg });
    expect(again.status).toBe('interrupted');
    const approved = await run(session, { threadId: 'hitl-4', resume: decisionFor(again.interrupt!, 'approve') });
    expect(approved.events.ofType('tool_result')).toEqual([expect.objectContaining({ name: 'optimize_design', ok: true })]);
  });

  it('a new message while an approval is pending declines it visibly and runs as its own request', async () => {
    const session = await testSession(home, { approvals: ['optimize_design'] });
    const asked = await run(session, { threadId: 'hitl-5', message: 'Optimize a beams2d beam with volfrac 0.3, forcedist 0.5 and rmin 2 on a 30x15 grid' });
    expect(asked.interrupt).toMatchObject({ kind: 'approval', tool: 'optimize_design' });
    const r = await run(session, { threadId: 'hitl-5', message: 'ok then list my designs' });
    expect(r.events.ofType('reply')).toEqual([expect.objectContaining({ kind: 'approval', text: expect.stringMatching(/^denied: a new message came/) })]);
    const opt = r.events.ofType('tool_result').filter((e) => e.name === 'optimize_design');
    expect(opt).toEqual([expect.objectContaining({ ok: false, result: { error: expect.objectContaining({ type: 'Declined', message: expect.stringMatching(/optimize_design was not run: a new message came/) }) } })]);
    expect(r.events.ofType('tool_result').some((e) => e.name === 'list_designs')).toBe(true);
    expect(r.status).toBe('done');
  });
});
