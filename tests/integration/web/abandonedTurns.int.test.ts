/**
 * Turns belong to the server, over real HTTP: a turn whose client drops the SSE stream runs on and
 * a client re-attaches (`/events?after=`); what runs unattended is bounded: past the unattended
 * limit or the turn's budget it is stopped (the graph run stops, the optimizer's thread ends, the
 * partial answer closes the turn and the thread takes the next message); Stop ends a turn within
 * seconds; beyond `maxTurns` running turns a new one gets 503 with Retry-After; stopping the server
 * cancels what runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as abandonedTurnsBench } from '../../../benchmarks/perf/abandonedTurns.ts';
import { optimizationThreads } from '../../../tools/engineering/optimizeThread.ts';
import type { RunningWebServer } from '../../../web/server/webServer.ts';
import { CSRF, startTestServer, streamTurn, tempHome, turn, waitFor } from './helpers.ts';

// about a minute of optimizer work on 2 cores: a turn that is still running when the client leaves
const LONG = 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 200x100 grid with max_iter 2000';
const SHORT = 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 20x10 grid with max_iter 3';

// a few seconds of optimizer work: long enough to drop the client mid-run and re-attach
/** Long enough to be still running 300 ms after its client left, on a quiet machine too (120x60 with 25 iterations could finish by then). */
const LONGER = 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 160x80 grid with max_iter 80';

let server: RunningWebServer;
let tmp: ReturnType<typeof tempHome>;
beforeAll(async () => {
  tmp = tempHome('engiai-abandon-');
  server = await startTestServer(tmp.home, { maxTurns: 2, unattendedMs: 60_000 });
});
afterAll(async () => {
  await server.close();
  tmp.remove();
});

const startedOptimizing = (f: { event: string }) => f.event === 'progress';
type Ev = { type: string; reason?: string; status?: string; name?: string; step?: number };

/** GET …/events?after=N read to its end: frames with their ids. */
async function attach(url: string, id: string, after: number): Promise<{ id?: number; event: string; data: Record<string, unknown> }[]> {
  const res = await fetch(`${url}/api/threads/${id}/events?after=${after}`);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const frames: { id?: number; event: string; data: Record<string, unknown> }[] = [];
  for (const block of (await res.text()).split('\n\n')) {
    const f: { id?: number; event: string; data: Record<string, unknown> } = { event: 'message', data: {} };
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('id: ')) f.id = Number(line.slice(4));
      else if (line.startsWith('event: ')) f.event = line.slice(7);
      else if (line.startsWith('data: ')) data += line.slice(6);
    }
    if (data) frames.push({ ...f, data: JSON.parse(data) as Record<string, unknown> });
  }
  return frames;
}

async function storedEvents(url: string, id: string): Promise<{ seq: number; event: Ev }[]> {
  return ((await (await fetch(`${url}/api/threads/${id}`)).json()) as { events: { seq: number; event: Ev }[] }).events;
}

describe('a turn whose client went away', () => {
  it('runs on; a client re-attaches after the events it saw and follows it live to its end', async () => {
    const dropped = await streamTurn(server.url, 'gone', { message: LONGER }, startedOptimizing);
    expect(dropped.dropped).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(server.state.chat.isRunning('gone')).toBe(true);
    const seen = await storedEvents(server.url, 'gone');
    const cursor = seen.at(-1)!.seq;
    const frames = await attach(server.url, 'gone', cursor);
    // only what came after the cursor, in order, then the end of the turn
    const ids = frames.filter((f) => f.id !== undefined).map((f) => f.id!);
    expect(ids[0]).toBeGreaterThan(cursor);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(frames.at(-1)).toMatchObject({ event: 'turn_end', data: { status: 'done', stopReason: null } });
    expect(frames.some((f) => f.event === 'tool_result' && f.data.name === 'optimize_design' && f.data.ok === true)).toBe(true);
    const all = await storedEvents(server.url, 'gone');
    expect(all.map((e) => e.event).find((e) => e.type === 'run_end')?.status).toBe('done');
    expect(all.some((e) => e.event.type === 'stopped')).toBe(false);
    // a thread that runs nothing: its events after the cursor, then "idle"
    const idle = await attach(server.url, 'gone', all.at(-2)!.seq);
    expect(idle.map((f) => f.event)).toEqual([all.at(-1)!.event.type, 'idle']);
    expect((await fetch(`${server.url}/api/threads/nope/events`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/threads/gone/events?after=-1`)).status).toBe(400);
  });

  it('with no one watching past server.unattendedS it is stopped: the optimizer thread ends, the partial answer says why, the thread goes on', async () => {
    const home = tempHome('engiai-unattended-');
    const s = await startTestServer(home.home, { unattendedMs: 1500 });
    try {
      const dropped = await streamTurn(s.url, 'left', { message: LONG }, startedOptimizing);
      expect(dropped.dropped).toBe(true);
      await new Promise((r) => setTimeout(r, 800));
      expect(s.state.chat.isRunning('left')).toBe(true); // not cancelled by the drop
      const ms = await waitFor(() => !s.state.chat.isRunning('left'), 8000);
      expect(ms).toBeGreaterThan(300);
      await waitFor(() => optimizationThreads().running === 0, 3000);
      const types = (await storedEvents(s.url, 'left')).map((e) => e.event as Ev & { content?: string });
      expect(types.find((e) => e.type === 'stopped')?.reason).toBe('cancelled');
      expect(types.find((e) => e.type === 'run_end')?.status).toBe('stopped');
      expect(types.filter((e) => e.type === 'answer').at(-1)?.content).toContain('no one watched it for 1.5 s (server.unattendedS)');
      expect(types.some((e) => e.type === 'tool_result' && e.name === 'optimize_design')).toBe(false);
      const next = await turn(s.url, 'left', { message: SHORT });
      expect(next.at(-1)?.data).toMatchObject({ status: 'done' });
    } finally {
      await s.close();
      home.remove();
    }
  });

  it('past server.turnBudgetS it is stopped even while watched, and the answer names the budget', async () => {
    const home = tempHome('engiai-budget-');
    const s = await startTestServer(home.home, { turnBudgetMs: 2000 });
    try {
      const t0 = performance.now();
      const watched = await streamTurn(s.url, 'long', { message: LONG });
      expect(performance.now() - t0).toBeLessThan(15_000);
      expect(watched.frames.at(-1)).toMatchObject({ event: 'turn_end', data: { status: 'stopped' } });
      expect(String(watched.frames.at(-1)!.data.stopReason)).toContain('budget of 2 s per turn (server.turnBudgetS)');
      await waitFor(() => optimizationThreads().running === 0, 3000);
    } finally {
      await s.close();
      home.remove();
    }
  });
});

describe('Stop', () => {
  it('POST …/stop ends the running turn within seconds, answers with what was kept, and the watching stream ends stopped', async () => {
    const watching = streamTurn(server.url, 'stopme', { message: LONG });
    await waitFor(() => optimizationThreads().running > 0, 20_000);
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/threads/stopme/stop`, { method: 'POST', headers: CSRF });
    const stopMs = performance.now() - t0;
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; answer: string; stopReason: string };
    expect(stopMs).toBeLessThan(5000);
    expect(body.status).toBe('stopped');
    expect(body.stopReason).toBe('you pressed Stop');
    expect(body.answer).toMatch(/^I stopped here: the turn was cancelled \(you pressed Stop\)\./);
    expect(body.answer).toMatch(/What was done in this turn:|No specialist finished any work/);
    // what was kept of the open visit: the problem it created; the optimization it was in is not
    expect(body.answer).toContain('Kept: engineering.create_problem; stopped in engineering.optimize_design (its partial work is not kept).');
    const frames = (await watching).frames;
    expect(frames.at(-1)).toMatchObject({ event: 'turn_end', data: { status: 'stopped', stopReason: 'you pressed Stop' } });
    await waitFor(() => optimizationThreads().running === 0, 3000);
    // nothing runs now: 409; without the CSRF header: refused
    expect((await fetch(`${server.url}/api/threads/stopme/stop`, { method: 'POST', headers: CSRF })).status).toBe(409);
    expect((await fetch(`${server.url}/api/threads/stopme/stop`, { method: 'POST' })).status).toBe(403);
  });
});

describe('the cap on running turns', () => {
  it('answers 503 with Retry-After beyond maxTurns, and takes turns again once they end', async () => {
    const held = [0, 1].map((i) => streamTurn(server.url, `held-${i}`, { message: LONG }, startedOptimizing));
    await waitFor(() => server.state.chat.active === 2, 10_000);
    const refused = await streamTurn(server.url, 'third', { message: SHORT });
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await Promise.all(held);
    // their clients went, they run on (and still hold their slots) until stopped
    expect(server.state.chat.active).toBe(2);
    for (const i of [0, 1]) expect((await fetch(`${server.url}/api/threads/held-${i}/stop`, { method: 'POST', headers: CSRF })).status).toBe(200);
    await waitFor(() => server.state.chat.active === 0, 5000);
    const after = await turn(server.url, 'third', { message: SHORT });
    expect(after.at(-1)?.data).toMatchObject({ status: 'done' });
  });

  it('closing the server cancels the turns it runs', async () => {
    const home = tempHome('engiai-abandon-close-');
    const s = await startTestServer(home.home);
    try {
      const running = streamTurn(s.url, 'long', { message: LONG }).catch(() => null);
      await waitFor(() => optimizationThreads().running > 0, 10_000);
      const t0 = performance.now();
      await s.close();
      expect(performance.now() - t0).toBeLessThan(3000);
      await running;
      await waitFor(() => optimizationThreads().running === 0, 2000);
    } finally {
      home.remove();
    }
  });
});

describe('bench:perf abandonedTurns (small)', () => {
  it('8 turns dropped after 0.5 s against a server process: they run on, the unattended limit (2 s) stops them all, RSS back near its baseline', async () => {
    const r = (await abandonedTurnsBench(['--turns', '8', '--settle', '1', '--unattended', '2'], () => {})) as Record<string, number>;
    expect(r).toMatchObject({ turns: 8, running_when_dropped: 8, still_running: 0, cancelled: 8, finished: 0 });
    // not at the drop: after the unattended limit, and soon after it
    expect(r.all_stopped_ms).toBeGreaterThan(1000);
    expect(r.all_stopped_ms).toBeLessThan(12_000);
    // unbounded, the dropped turns kept optimizing and RSS grew by ~190 MB for 20 turns
    expect(r.rss_growth_mb).toBeLessThan(60);
  });
});
