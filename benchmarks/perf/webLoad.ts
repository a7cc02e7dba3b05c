/**
 * `npm run bench:perf -- webLoad [--sessions 50] [--turns 1] [--message TEXT] [--timeout 300]`:
 * N concurrent chat sessions with the offline model against the web server on loopback (started
 * here in its own process over a temp ENGIAI_HOME, port 0). Each session posts its turns and
 * reads the SSE stream to the end. Reports errors, first-event latency (request sent → first SSE
 * event) and turn times (p50/p95/max), throughput and the server's peak RSS. Bounded: every
 * request is aborted after --timeout seconds and the server is stopped at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { numberFlag, parseFlags } from './lib/flags.ts';
import { startServerProcess } from './lib/serverProcess.ts';
import { round } from './lib/stats.ts';

export const description = 'web server load: N concurrent offline chat sessions over SSE (errors, p95 first-event latency)';

const DEFAULT_MESSAGE = 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 30x15 grid with max_iter 5';

interface TurnSample {
  /** Request sent → the server's `accepted` frame (the stream is open). */
  acceptedMs: number;
  /** Request sent → the first agent event (run_start). */
  firstEventMs: number;
  turnMs: number;
  events: number;
  status: string;
  error?: string;
}

async function oneTurn(url: string, threadId: string, message: string, timeoutMs: number): Promise<TurnSample> {
  const t0 = performance.now();
  let firstEventMs = NaN;
  let acceptedMs = NaN;
  let events = 0;
  let status = 'none';
  const res = await fetch(`${url}/api/threads/${threadId}/turn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-engiai-csrf': '1' },
    body: JSON.stringify({ message }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!res.ok || !res.body) return { acceptedMs, firstEventMs, turnMs: performance.now() - t0, events, status: `http ${res.status}`, error: await res.text() };
  const decoder = new TextDecoder();
  let buffer = '';
  let error: string | undefined;
  const reader = res.body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const name = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!name || !data) continue;
      if (name === 'accepted') {
        acceptedMs = performance.now() - t0;
        continue;
      }
      if (events++ === 0) firstEventMs = performance.now() - t0;
      if (name === 'turn_end') status = String((JSON.parse(data) as { status: string }).status);
      if (name === 'error') error = data;
    }
  }
  return { acceptedMs, firstEventMs, turnMs: performance.now() - t0, events, status, error };
}

function pct(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

const ms = (x: number) => round(x, 4);

export async function run(argv: string[], log: (line: string) => void): Promise<object> {
  const { flags } = parseFlags(argv);
  const sessions = numberFlag(flags, 'sessions', 50, { integer: true, min: 1 });
  const turns = numberFlag(flags, 'turns', 1, { integer: true, min: 1 });
  const timeoutS = numberFlag(flags, 'timeout', 300, { min: 1 });
  const message = typeof flags.message === 'string' ? flags.message : DEFAULT_MESSAGE;
  const home = mkdtempSync(join(tmpdir(), 'engiai-webload-'));
  const server = await startServerProcess(home, { log });
  const { url } = server;
  try {
    // one warm-up turn so graph compilation and module loading are not in the numbers
    const warm = await oneTurn(url, 'warmup', message, timeoutS * 1000);
    log(`warm-up turn: ${warm.status} in ${Math.round(warm.turnMs)} ms`);
    const t0 = performance.now();
    const samples: TurnSample[] = [];
    await Promise.all(
      Array.from({ length: sessions }, async (_, i) => {
        for (let k = 0; k < turns; k++) {
          const s = await oneTurn(url, `load-${i}`, message, timeoutS * 1000).catch((e: Error) => ({ acceptedMs: NaN, firstEventMs: NaN, turnMs: NaN, events: 0, status: 'exception', error: e.message }));
          samples.push(s);
          if (samples.length % 10 === 0) log(`${samples.length}/${sessions * turns} turns done`);
        }
      }),
    );
    const wallS = (performance.now() - t0) / 1000;
    const bad = samples.filter((s) => s.status !== 'done' || s.error);
    const accepted = samples.filter((s) => Number.isFinite(s.acceptedMs)).map((s) => s.acceptedMs);
    const first = samples.filter((s) => Number.isFinite(s.firstEventMs)).map((s) => s.firstEventMs);
    const turnMs = samples.filter((s) => Number.isFinite(s.turnMs)).map((s) => s.turnMs);
    return {
      sessions,
      turns_per_session: turns,
      turns: samples.length,
      errors: bad.length,
      error_examples: bad.slice(0, 3).map((s) => `${s.status}: ${s.error ?? ''}`.slice(0, 300)),
      accepted_p50_ms: ms(pct(accepted, 50)),
      accepted_p95_ms: ms(pct(accepted, 95)),
      first_event_p50_ms: ms(pct(first, 50)),
      first_event_p95_ms: ms(pct(first, 95)),
      first_event_max_ms: ms(Math.max(...first)),
      turn_p50_ms: ms(pct(turnMs, 50)),
      turn_p95_ms: ms(pct(turnMs, 95)),
      turn_max_ms: ms(Math.max(...turnMs)),
      events_per_turn_median: pct(samples.map((s) => s.events), 50),
      wall_s: round(wallS, 4),
      turns_per_s: round(samples.length / wallS, 4),
      server_peak_rss_mb: server.peakRssMb(),
      message,
    };
  } finally {
    await server.stop();
    rmSync(home, { recursive: true, force: true });
  }
}
