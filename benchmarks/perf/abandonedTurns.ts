/**
 * `npm run bench:perf -- abandonedTurns [--turns 20] [--drop-after 0.5] [--unattended 3] [--settle 3] [--message TEXT]`:
 * N chat turns, each asking for a long optimization, whose clients drop the SSE stream after
 * --drop-after seconds, against the web server in its own process (server.unattendedS =
 * --unattended). A turn belongs to the server and runs on when its client goes, up to the
 * unattended limit. Reports how many were still running at the drop, how many the server stopped,
 * how long until none was running (after the last drop), and the server's RSS: before (after one
 * warm-up turn), at its peak, and --settle seconds after the last turn stopped. Unbounded, 18 of
 * 20 such turns kept running and RSS went 107 → 216 MB.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { numberFlag, parseFlags } from './lib/flags.ts';
import { startServerProcess, type ServerProcess } from './lib/serverProcess.ts';
import { round } from './lib/stats.ts';

export const description = 'web server: N turns dropped by their clients after 0.5 s run on until the unattended limit stops them; time to stop, RSS before/peak/after';

const LONG = 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 200x100 grid with max_iter 2000';
const WARM = 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 20x10 grid with max_iter 3';
const HEADERS = { 'content-type': 'application/json', 'x-engiai-csrf': '1' };

/** Posts a turn and reads it until `dropAfterMs` (then the connection is dropped) or its end. */
async function postTurn(url: string, threadId: string, message: string, dropAfterMs?: number): Promise<void> {
  const signal = dropAfterMs === undefined ? undefined : AbortSignal.timeout(dropAfterMs);
  try {
    const res = await fetch(`${url}/api/threads/${threadId}/turn`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ message }), signal });
    const reader = res.body?.getReader();
    while (reader && !(await reader.read()).done);
  } catch (err) {
    if (!signal?.aborted) throw err;
  }
}

async function runningThreads(url: string): Promise<number> {
  const list = (await (await fetch(`${url}/api/threads`)).json()) as { threads: { running: boolean }[] };
  return list.threads.filter((t) => t.running).length;
}

async function runStatus(url: string, id: string): Promise<string> {
  const t = (await (await fetch(`${url}/api/threads/${id}`)).json()) as { events: { event: { type: string; status?: string } }[] };
  return t.events.map((e) => e.event).filter((e) => e.type === 'run_end').pop()?.status ?? 'none';
}

export async function run(argv: string[], log: (line: string) => void): Promise<object> {
  const { flags } = parseFlags(argv);
  const turns = numberFlag(flags, 'turns', 20, { integer: true, min: 1 });
  const dropAfterS = numberFlag(flags, 'drop-after', 0.5, { min: 0.05 });
  const settleS = numberFlag(flags, 'settle', 3, { min: 0 });
  const unattendedS = numberFlag(flags, 'unattended', 3, { integer: true, min: 1 });
  const timeoutS = numberFlag(flags, 'timeout', 120, { min: 1 });
  const message = typeof flags.message === 'string' ? flags.message : LONG;
  const home = mkdtempSync(join(tmpdir(), 'engiai-abandoned-'));
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess(home, { log, env: { ENGIAI_UNATTENDED_S: String(unattendedS) } });
    await postTurn(server.url, 'warmup', WARM);
    await new Promise((r) => setTimeout(r, 1000));
    const baseline = server.rssMb();
    log(`baseline RSS ${baseline} MB; ${turns} turns dropped after ${dropAfterS} s`);
    let peak = baseline ?? 0;
    const sampler = setInterval(() => (peak = Math.max(peak, server!.rssMb() ?? 0)), 100);
    const ids = Array.from({ length: turns }, (_, i) => `dropped-${i}`);
    await Promise.all(ids.map((id) => postTurn(server!.url, id, message, dropAfterS * 1000)));
    const dropped = performance.now();
    let stillRunning = await runningThreads(server.url);
    const runningAtDrop = stillRunning;
    while (stillRunning > 0 && performance.now() - dropped < timeoutS * 1000) {
      await new Promise((r) => setTimeout(r, 50));
      stillRunning = await runningThreads(server.url);
    }
    const stopMs = performance.now() - dropped;
    await new Promise((r) => setTimeout(r, settleS * 1000));
    clearInterval(sampler);
    const after = server.rssMb();
    const statuses = await Promise.all(ids.map((id) => runStatus(server!.url, id)));
    const count = (s: string) => statuses.filter((x) => x === s).length;
    return {
      turns,
      drop_after_s: dropAfterS,
      unattended_s: unattendedS,
      running_when_dropped: runningAtDrop,
      still_running: stillRunning,
      all_stopped_ms: round(stopMs, 4),
      cancelled: count('stopped'),
      finished: count('done'),
      other: turns - count('stopped') - count('done'),
      rss_baseline_mb: baseline,
      rss_peak_mb: peak,
      rss_after_mb: after,
      rss_growth_mb: after !== null && baseline !== null ? round(after - baseline, 4) : null,
      message,
    };
  } finally {
    await server?.stop();
    rmSync(home, { recursive: true, force: true });
  }
}
