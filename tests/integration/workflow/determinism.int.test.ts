/**
 * The offline model gives identical traces and scores for identical seeds (up to timings), saved
 * traces re-score to the same numbers without any model, a re-run resumes, and a changed
 * configuration is refused in the same directory.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scoreWorkflowDir, STYLES } from '../../../benchmarks/workflow/index.ts';
import { readTraceDir, type Trace } from '../../../benchmarks/trace/index.ts';
import { benchHome, byTrial } from './helpers.ts';

const VOLATILE = new Set(['t', 'durationMs', 'latencyMs', 'startedAt', 'seconds']);

/** A trace without its timings. */
function canonical(trace: Trace): unknown {
  return JSON.parse(JSON.stringify({ header: trace.header, events: trace.events }), (k, v) => (VOLATILE.has(k) ? undefined : v));
}

describe('workflow suite with the offline model', () => {
  it('reproduces traces and scores for identical seeds, re-scores saved traces, resumes, refuses a changed configuration', async () => {
    const { run, home, config } = benchHome();
    const a = await run({ model: 'offline', styles: [...STYLES], out: join(home, 'a') });
    const b = await run({ model: 'offline', styles: [...STYLES], out: join(home, 'b') });
    expect(a.run.failed).toEqual([]);
    const ta = readTraceDir(a.run.dir);
    const tb = readTraceDir(b.run.dir);
    expect(ta).toHaveLength(7);
    expect(ta.map(canonical)).toEqual(tb.map(canonical));
    expect(byTrial(a)).toEqual(byTrial(b));
    // the offline planner completes every main-set style
    expect(a.trials.map((t) => [t.sample.style, t.score.s_completion])).toEqual(expect.arrayContaining(STYLES.map((s) => [s, 1])));

    const scoresBefore = readFileSync(join(a.run.dir, 'scores.jsonl'), 'utf8');
    const again = await scoreWorkflowDir(a.run.dir, { home: config.home });
    expect(readFileSync(again.files.scores, 'utf8')).toBe(scoresBefore);

    const resumed = await run({ model: 'offline', styles: [...STYLES], out: join(home, 'a') });
    expect(resumed.run.skipped).toBe(7);
    expect(byTrial(resumed)).toEqual(byTrial(a));
    await expect(run({ model: 'offline', styles: [...STYLES], seeds: [1], out: join(home, 'a') })).rejects.toThrow(/Results of different configurations are not mixed/);
  });
});
