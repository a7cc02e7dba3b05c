/**
 * A model that fails mid-turn: the SSE stream reports the error after run_end (which carries it, for
 * a reopened thread), and the thread stays usable (the failed run is dropped or run again only on a
 * bound answer). The model is the chat's own: the server default changes new chats only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineChatModel, createOfflineModel } from '../../../agents/models/offline/index.ts';
import type { RunningWebServer } from '../../../web/server/webServer.ts';
import { CSRF, startTestServer, tempHome, turn } from './helpers.ts';

class ExplodingModel extends OfflineChatModel {
  override bindTools(): OfflineChatModel {
    return this;
  }
  override forRole(): OfflineChatModel {
    return this;
  }
  override async plan(): Promise<never> {
    throw new Error('model exploded (test)');
  }
}

let server: RunningWebServer;
let tmp: ReturnType<typeof tempHome>;
beforeAll(async () => {
  tmp = tempHome();
  server = await startTestServer(tmp.home, { openModel: async (spec) => (spec === 'exploding' ? new ExplodingModel() : createOfflineModel()) });
});
afterAll(async () => {
  await server.close();
  tmp.remove();
});

describe('a failing turn', () => {
  it('streams run_end with status error, then an error frame; the next turn on the thread works', async () => {
    const put = (model: string) => fetch(`${server.url}/api/settings`, { method: 'PUT', headers: { 'content-type': 'application/json', ...CSRF }, body: JSON.stringify({ model }) });
    expect((await put('exploding')).status).toBe(200);
    const frames = await turn(server.url, 'err-1', { message: 'hello' });
    const names = frames.map((f) => f.event);
    expect(names.slice(0, 2)).toEqual(['accepted', 'run_start']);
    expect(names.at(-2)).toBe('run_end');
    // why it failed travels with the stored event: a reopened thread says it too
    expect(frames.at(-2)!.data).toMatchObject({ status: 'error', error: expect.stringMatching(/model exploded/) });
    expect(frames.at(-1)).toMatchObject({ event: 'error', data: { error: expect.stringMatching(/model exploded/) } });
    const stored = (await (await fetch(`${server.url}/api/threads/err-1`)).json()) as { thread: { model: string }; events: { event: { type: string; error?: string } }[] };
    expect(stored.events.find((e) => e.event.type === 'run_end')?.event.error).toMatch(/model exploded/);
    expect(stored.thread.model).toBe('exploding');
    // the server's default for new chats does not change a chat that exists: it keeps its own model
    expect((await put('offline')).status).toBe(200);
    const held = await turn(server.url, 'err-1', { message: 'hello again' });
    const pending = held.at(-1)!.data.interrupt as { callId: string; digest: string };
    // "deny" drops the failed run, then the message runs: on the chat's own model, which fails again
    const same = await turn(server.url, 'err-1', { message: 'hello again', resume: { decision: 'deny', callId: pending.callId, digest: pending.digest } });
    expect(same.at(-1)).toMatchObject({ event: 'error', data: { error: expect.stringMatching(/model exploded/) } });
    // a new chat gets the new default
    expect((await turn(server.url, 'err-2', { message: 'hello' })).at(-1)?.event).toBe('turn_end');
    // the chat switches its own model with its next turn (a spec that is not text is a 400 before anything runs)
    const bad = await fetch(`${server.url}/api/threads/err-1/turn`, { method: 'POST', headers: { 'content-type': 'application/json', ...CSRF }, body: JSON.stringify({ message: 'x', model: 42 }) });
    expect(bad.status).toBe(400);
    // the failed run is not continued under the new message: the turn asks first, and "deny" drops it
    const message = 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 20x10 grid with max_iter 3';
    const asked = await turn(server.url, 'err-1', { message, model: 'offline' });
    expect(asked.at(-1)).toMatchObject({ event: 'turn_end', data: { status: 'interrupted', interrupt: { kind: 'approval', interrupted: true, question: expect.stringMatching(/while running the supervisor step on "hello( again)?"/) } } });
    const { callId, digest } = asked.at(-1)!.data.interrupt as { callId: string; digest: string };
    const again = await turn(server.url, 'err-1', { message, resume: { decision: 'deny', callId, digest } });
    expect(again.at(-1)).toMatchObject({ event: 'turn_end', data: { status: 'done' } });
    expect(again.filter((f) => f.event === 'tool_result' && f.data.name === 'optimize_design').map((f) => f.data.ok)).toEqual([true]);
    expect(((await (await fetch(`${server.url}/api/threads/err-1`)).json()) as { thread: { model: string } }).thread.model).toBe('offline');
  });
});
