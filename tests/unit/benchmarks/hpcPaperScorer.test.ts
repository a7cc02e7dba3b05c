/**
 * The paper protocol's HPC scorer against the reference's own scorer unit tests, restated as data
 * (tests/fixtures/reference/hpcWorkflowScorerCases.json): every case with an equivalent agrees;
 * the ones without are listed there with why.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { paperMetrics, scoreHpcPaper, type HpcSample } from '../../../benchmarks/hpc/index.ts';

interface Cases {
  config: { seed: number; epochs: number; algorithm: 'cgan' | 'diffusion'; problem: string };
  composite: { name: string; calls: [string, Record<string, unknown>][]; messages: string[]; expect: Record<string, unknown> }[];
  metrics: { name: string; messages: string[]; expect: Record<string, number> }[];
  config_checks: { name: string; args: Record<string, unknown>; algorithm?: 'cgan' | 'diffusion'; epochs?: number; expect: number }[];
  no_equivalent: { name: string; why: string }[];
}

const cases = JSON.parse(readFileSync(new URL('../../fixtures/reference/hpcWorkflowScorerCases.json', import.meta.url), 'utf8')) as Cases;
const sample = (e: Partial<Cases['config']> = {}): HpcSample => ({ id: 'x', style: 'explicit', executor: 'local', protocol: 'paper', text: '', expected: { ...cases.config, ...e } });
const calls = (cs: [string, Record<string, unknown>][]) => cs.map(([name, args]) => ({ agent: 'hpc', name, args, ok: true, result: {} }));
const texts = (ms: string[]) => ms.map((summary) => ({ type: 'handback', t: 0, summary })) as never[];

describe("the reference's HPC scorer cases under the paper protocol", () => {
  it.each(cases.composite)('$name', (c) => {
    const s = scoreHpcPaper(sample(), calls(c.calls), texts(c.messages));
    const e = c.expect;
    if (e.step_rate !== undefined) expect(s.n_completed / 4).toBeCloseTo(Number(e.step_rate), 12);
    if (e.c_config !== undefined) expect(s.c_config).toBe(e.c_config);
    if (e.eval_score !== undefined) expect(Math.min(1, s.n_metrics / 6)).toBeCloseTo(Number(e.eval_score), 12);
    if (e.n_metrics !== undefined) expect(s.n_metrics).toBe(e.n_metrics);
    if (e.steps !== undefined) expect(s.steps).toEqual(e.steps);
    if (e.s_hpc !== undefined) expect(s.s_hpc).toBeCloseTo(Number(e.s_hpc), 12);
  });

  it.each(cases.metrics)('metrics: $name', (c) => {
    const got = paperMetrics(c.messages);
    expect(Object.keys(got).sort()).toEqual(Object.keys(c.expect).sort());
    for (const [k, v] of Object.entries(c.expect)) expect(got[k]).toBeCloseTo(v, Math.abs(v) < 1e-3 ? 30 : 6);
  });

  it.each(cases.config_checks)('config: $name', (c) => {
    const s = scoreHpcPaper(sample({ ...(c.algorithm ? { algorithm: c.algorithm } : {}), ...(c.epochs ? { epochs: c.epochs } : {}) }), calls([['generate_slurm_script', c.args]]), []);
    expect(s.c_config).toBe(c.expect);
  });

  it('lists every reference case without an equivalent, with why', () => {
    expect(cases.no_equivalent.length).toBe(3);
    for (const c of cases.no_equivalent) expect(c.why.length).toBeGreaterThan(20);
  });
});
