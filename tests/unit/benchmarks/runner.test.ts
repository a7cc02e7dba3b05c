/** The shared trial runner: traces, resume, refusal of a changed configuration, retries, concurrency. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backoffMs, configHash, isRetryable, runTrials, type RunOptions, type Trial } from '../../../benchmarks/runner/index.ts';
import { readTraceDir } from '../../../benchmarks/trace/index.ts';
import { InfraError, InputError, ModelBehaviorError, TimeoutError } from '../../../tools/errors.ts';

const trials: Trial[] = ['a', 'b', 'c', 'd', 'e'].map((id, i) => ({ id, sampleId: id, seed: i }));
const base = (dir: string, execute: RunOptions<Trial>['execute'], extra: Partial<RunOptions<Trial>> = {}): RunOptions<Trial> => ({
  dir,
  suite: 'demo',
  suiteVersion: 1,
  model: 'scripted',
  config: { k: 1 },
  trials,
  execute,
  git: { sha: 'deadbeef', dirty: false },
  now: () => new Date('2026-01-01T00:00:00Z'),
  retryBaseMs: 1,
  retryMaxMs: 2,
  ...extra,
});

describe('runTrials', () => {
  it('writes one trace per trial with the versioned header, and resumes by skipping finished trials', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'runner-'));
    const seen: string[] = [];
    const first = await runTrials(base(dir, async (t, ctx) => {
      seen.push(t.id);
      ctx.event('answer', { value: t.seed });
      if (t.id === 'c') throw new ModelBehaviorError('malformed');
    }));
    expect(first).toMatchObject({ total: 5, skipped: 0, completed: 4 });
    expect(first.failed).toEqual([{ trialId: 'c', error: 'ModelBehaviorError: malformed' }]);
    const traces = readTraceDir(dir);
    expect(traces).toHaveLength(5);
    expect(traces[0].header).toMatchObject({ format: 1, suite: 'demo', trialId: 'a', seed: 0, model: 'scripted', configHash: configHash({ k: 1 }), gitSha: 'deadbeef' });
    expect(traces[0].events).toEqual([{ type: 'answer', t: expect.any(Number), value: 0 }]);
    expect(JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')).configHash).toBe(configHash({ k: 1 }));
    seen.length = 0;
    const second = await runTrials(base(dir, async (t) => void seen.push(t.id)));
    expect(seen).toEqual(['c']);
    expect(second).toMatchObject({ skipped: 4, completed: 1, failed: [] });
  });

  it('refuses to mix results of a changed configuration', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'runner-'));
    await runTrials(base(dir, async () => {}));
    await expect(runTrials(base(dir, async () => {}, { config: { k: 2 } }))).rejects.toBeInstanceOf(InputError);
  });

  it('retries retryable errors with back-off and records them; gives up after the limit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'runner-'));
    const attempts = new Map<string, number>();
    const r = await runTrials(base(dir, async (t, ctx) => {
      const n = (attempts.get(t.id) ?? 0) + 1;
      attempts.set(t.id, n);
      ctx.event('try', { n });
      if (t.id === 'a' && n < 3) throw new InfraError('429', { retryable: true });
      if (t.id === 'b') throw new InfraError('still down', { retryable: true });
    }, { retries: 2 }));
    expect(attempts.get('a')).toBe(3);
    expect(attempts.get('b')).toBe(3);
    expect(r.failed.map((f) => f.trialId)).toEqual(['b']);
    const a = readTraceDir(dir).find((t) => t.header.trialId === 'a')!;
    expect(a.end).toMatchObject({ status: 'ok', attempts: 3 });
    expect(a.events.map((e) => e.type)).toEqual(['retry', 'retry', 'try']);
  });

  it('keeps at most `concurrency` trials in flight', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'runner-'));
    let inFlight = 0;
    let peak = 0;
    await runTrials(base(dir, async () => {
      peak = Math.max(peak, ++inFlight);
      await new Promise((r) => setTimeout(r, 10));
      inFlight--;
    }, { concurrency: 2 }));
    expect(peak).toBe(2);
  });

  it('classes errors by fault and backs off exponentially up to a cap', () => {
    expect(isRetryable(new InfraError('x', { retryable: true }))).toBe(true);
    expect(isRetryable(new InfraError('x'))).toBe(false);
    expect(isRetryable(new TimeoutError('slow', 10))).toBe(true);
    expect(isRetryable(Object.assign(new Error('rate'), { status: 429 }))).toBe(true);
    expect(isRetryable(Object.assign(new Error('bad'), { status: 400 }))).toBe(false);
    expect([1, 2, 3, 4, 5].map((a) => backoffMs(a, 100, 500))).toEqual([100, 200, 400, 500, 500]);
  });
});
