/** The web load benchmark module, small: its own server process, concurrent sessions, one JSON result. */
import { describe, expect, it } from 'vitest';
import { run } from '../../../benchmarks/perf/webLoad.ts';

describe('bench:perf webLoad', () => {
  it('runs 6 concurrent offline sessions without errors and reports latency percentiles', async () => {
    const lines: string[] = [];
    const r = (await run(['--sessions', '6', '--message', 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 20x10 grid with max_iter 3'], (l) => lines.push(l))) as Record<string, number | string | null>;
    expect(r).toMatchObject({ sessions: 6, turns: 6, errors: 0 });
    for (const k of ['accepted_p95_ms', 'first_event_p50_ms', 'first_event_p95_ms', 'turn_p95_ms', 'turns_per_s']) {
      expect(r[k]).toBeGreaterThan(0);
    }
    expect(r.first_event_p95_ms as number).toBeLessThanOrEqual(r.turn_p95_ms as number);
    expect(r.events_per_turn_median as number).toBeGreaterThan(10);
    expect(lines.some((l) => /warm-up turn: done/.test(l))).toBe(true);
  });
});
