/**
 * The reasoning suite end to end in-process: a run directory of traces, resume, refusal of a changed
 * configuration, re-scoring from traces only, and the headline numbers of the scripted agents.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReasoning, scoreRunDir, type ReasoningRunOptions } from '../../../benchmarks/reasoning/index.ts';
import { loadConfig } from '../../../config/load.ts';
import { InputError } from '../../../tools/errors.ts';

const home = mkdtempSync(join(tmpdir(), 'reasoning-home-'));
const config = loadConfig({ env: { ENGIAI_HOME: home }, cwd: home });
const ids = ['mechanical.axial_elongation', 'civil.terzaghi_bearing', 'electrical.friis_link_budget', 'chemical.levenspiel_pfr', 'mechanical.beams2d_compliance'];
const opts = (out: string, extra: Partial<ReasoningRunOptions> = {}): ReasoningRunOptions => ({ templateIds: ids, instances: 2, seed: 3, agent: 'reference', out, config, ...extra });

describe('runReasoning', () => {
  it('runs the reference agent to accuracy 1 and Step F1 1, writing traces and reports', async () => {
    const out = mkdtempSync(join(tmpdir(), 'reasoning-run-'));
    const r = await runReasoning(opts(out));
    expect(r.summary).toMatchObject({ templates: 5, instances: 10, accuracy: 1, step_f1: 1, step_precision: 1, step_recall: 1, failed: 0 });
    expect(readdirSync(join(out, 'traces'))).toHaveLength(10);
    for (const f of ['run.json', 'scores.jsonl', 'summary.json', 'report.md', 'report.html']) expect(existsSync(join(out, f))).toBe(true);
    expect(r.summary.by_branch).toHaveProperty('civil');
    expect(r.summary.by_difficulty).toHaveProperty('advanced');
  });

  it('resumes (skips finished trials), refuses another configuration, re-scores from traces alone', async () => {
    const out = mkdtempSync(join(tmpdir(), 'reasoning-run-'));
    const first = await runReasoning(opts(out));
    const again = await runReasoning(opts(out));
    expect(again.run.skipped).toBe(10);
    expect(again.run.completed).toBe(0);
    await expect(runReasoning(opts(out, { agent: 'wrong-unit' }))).rejects.toBeInstanceOf(InputError);
    await expect(runReasoning(opts(out, { seed: 4 }))).rejects.toThrow(/not mixed/);
    const rescored = scoreRunDir(out);
    for (const k of ['accuracy', 'step_f1', 'step_precision', 'step_recall', 'instances', 'templates']) expect(rescored.summary[k]).toEqual(first.summary[k]);
  });

  it('shows the papers’ gap with the scripted agents', async () => {
    const wrong = await runReasoning(opts(mkdtempSync(join(tmpdir(), 'reasoning-run-')), { agent: 'wrong-unit' }));
    expect(wrong.summary.accuracy).toBe(0);
    expect(wrong.summary.step_f1).toBeGreaterThan(0.5);
    expect(wrong.summary.step_f1).toBeLessThan(1);
    const rfwr = await runReasoning(opts(mkdtempSync(join(tmpdir(), 'reasoning-run-')), { agent: 'right-for-wrong-reasons' }));
    expect(rfwr.summary).toMatchObject({ accuracy: 1, step_f1: 0 });
  });

  it('validates its options', async () => {
    const out = mkdtempSync(join(tmpdir(), 'reasoning-run-'));
    await expect(runReasoning(opts(out, { agent: 'guesser' }))).rejects.toThrow(/unknown agent/);
    await expect(runReasoning(opts(out, { agent: undefined }))).rejects.toThrow(/exactly one/);
    await expect(runReasoning(opts(out, { agent: undefined, model: 'offline' }))).rejects.toThrow(/offline planner/);
    await expect(runReasoning(opts(out, { instances: 0 }))).rejects.toThrow(/--instances/);
  });
});
