/**
 * Abandoned turns and the server-wide cap, over real HTTP: a turn whose client drops the SSE
 * stream mid-optimization is cancelled (the graph run stops, the optimizer's thread is
 * terminated, the partial answer closes the turn and the thread takes the next message); beyond
 * `maxTurns` running turns a new one gets 503 with Retry-After; stopping the server cancels what runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as abandonedTurnsBench } from '../../../benchmarks/perf/abandonedTurns.ts';
import { optimizationThreads } from '../../../tools/engineering/optimizeThread.ts';
import type { RunningWebServer } from '../../../web/server/webServer.ts';
import { startTestServer, streamTurn, tempHome, turn, waitFor } from './helpers.ts';

// about a minute of optimizer work on 2 cores: a turn that is still running when the client leaves
const LONG = 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 200x100 grid with max_iter 2000';
const SHORT = 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 20x10 grid with max_iter 3';

let server: RunningWebServer;
let tmp: ReturnType<typeof tempHome>;
beforeAll(async () => {
  tmp = tempHome('engiai-abandon-');
  server = await startTestServer(tmp.home, { maxTurns: 2 });
});
afterAll(async () => {
  await server.close();
  tmp.remove();
});

const startedOptimizing = (f: { event: string }) => f.event === 'progress';

describe('a turn whose client went away', () => {
  it('is cancelled: the run and the optimizer thread stop, the thread closes the turn and takes the next message', async () => {
    const dropped = await streamTurn(server.url, 'gone', { message: LONG }, startedOptimizing);
    expect(dropped.dropped).toBe(true);
    const ms = await waitFor(() => !server.state.chat.isRunning('gone'), 5000);
    expect(ms).toBeLessThan(5000);
    await waitFor(() => optimizationThreads().running === 0, 2000);
    const reopened = (await (await fetch(`${server.url}/api/threads/gone`)).json()) as { events: { event: { type: string; reason?: string; status?: string } }[]; running: boolean };
    expect(reopened.running).toBe(false);
    const types = reopened.events.map((e) => e.event as { type: string; reason?: string; status?: string; name?: string });
    expect(types.find((e) => e.type === 'stopped')?.reason).toBe('cancelled');
    expect(types.find((e) => e.type === 'run_end')?.status).toBe('stopped');
    // nothing was stored for the abandoned optimization, and the thread goes on
    expect(types.some((e) => e.type === 'tool_result' && e.name === 'optimize_design')).toBe(false);
    expect(types.some((e) => e.type === 'tool_call' && e.name === 'optimize_design')).toBe(true);
    const next = await turn(server.url, 'gone', { message: SHORT });
    expect(next.at(-1)?.data).toMatchObject({ status: 'done' });
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
  it('8 turns dropped after 0.5 s against a server process: all cancelled, none left running, RSS back near its baseline', async () => {
    const r = (await abandonedTurnsBench(['--turns', '8', '--settle', '1'], () => {})) as Record<string, number>;
    expect(r).toMatchObject({ turns: 8, still_running: 0, cancelled: 8, finished: 0 });
    expect(r.all_stopped_ms).toBeLessThan(10_000);
    // before: the dropped turns kept optimizing and RSS grew by ~190 MB for 20 turns
    expect(r.rss_growth_mb).toBeLessThan(60);
  });
});
