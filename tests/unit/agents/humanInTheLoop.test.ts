import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatSession } from '../../../agents/runtime/chatSession.ts';
import { openCheckpointer } from '../../../agents/runtime/checkpointer.ts';
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

  it('a message sent while a question is pending answers it', async () => {
    const session = await testSession(home);
    await run(session, { threadId: 'hitl-2', message: 'Optimize a beam with a stiff design' });
    const r = await run(session, { threadId: 'hitl-2', message: 'defaults, on a 30x15 grid' });
    expect(r.status).toBe('done');
    expect(r.answer).toMatch(/used the defaults for volfrac, rmin, forcedist/);
  });

  it('approval: a declined tool does not run, an approved one does', async () => {
    const session = await testSession(home, { approvals: ['optimize_design'] });
    const msg = 'Optimize a beams2d beam with volfrac 0.3, forcedist 0.5 and rmin 2 on a 30x15 grid';
    const asked = await run(session, { threadId: 'hitl-3', message: msg });
    expect(asked.interrupt).toMatchObject({ kind: 'approval', tool: 'optimize_design' });
    const declined = await run(session, { threadId: 'hitl-3', resume: 'no' });
    expect(declined.status).toBe('done');
    expect(declined.events.ofType('tool_result')).toEqual([expect.objectContaining({ name: 'optimize_design', ok: false })]);
    expect(declined.answer).toMatch(/did not approve optimize_design/);

    const again = await run(session, { threadId: 'hitl-4', message: msg });
    expect(again.status).toBe('interrupted');
    const approved = await run(session, { threadId: 'hitl-4', resume: true });
    expect(approved.events.ofType('tool_result')).toEqual([expect.objectContaining({ name: 'optimize_design', ok: true })]);
  });
});
