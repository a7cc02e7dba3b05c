/**
 * The Python peers of `bench:perf beams2d` (benchmarks/perf/reference/) must run the EngiBench v0
 * loop exactly: they agree with each other and reproduce engibench.md §1.14's reference values.
 * Our TypeScript engine must match them too. Needs /usr/bin/python3 with numpy, scipy and cvxopt (benchmarks/perf/setup.sh; CI installs them).
 */
import { describe, expect, it } from 'vitest';
import { pythonCommand } from '../../../benchmarks/perf/lib/commands.ts';
import { timeProcess } from '../../../benchmarks/perf/lib/processTimer.ts';
import { relDiff } from '../../../benchmarks/perf/lib/stats.ts';

async function peer(label: 'scipy' | 'cholmod', flags: string[]) {
  const run = await timeProcess(pythonCommand(label, `beams2d_${label}.py`, flags));
  return run.result as { final_c: number; c0: number; c1: number | null; iterations: number; seconds: number; history?: number[] };
}

describe('Beams2D Python peers', () => {
  it('scipy and CHOLMOD agree on a small grid (30x15, 20 iterations)', async () => {
    const flags = ['--nelx', '30', '--nely', '15', '--max-iter', '20', '--volfrac', '0.4', '--rmin', '1.5', '--forcedist', '0.3', '--history'];
    const [a, b] = await Promise.all([peer('scipy', flags), peer('cholmod', flags)]);
    expect(a.iterations).toBe(20);
    expect(b.iterations).toBe(20);
    expect(a.history).toHaveLength(20);
    for (let i = 0; i < 20; i++) expect(relDiff(a.history![i], b.history![i])).toBeLessThan(1e-9);
    // the optimizer really optimizes: compliance falls a lot from the uniform start
    expect(a.final_c).toBeLessThan(0.5 * a.c0);
    expect(a.seconds).toBeGreaterThan(0);
  });

  it('reproduces the 100x50 reference start (c0 1183.6018, c1 657.9391)', async () => {
    const flags = ['--max-iter', '2'];
    const [a, b] = await Promise.all([peer('scipy', flags), peer('cholmod', flags)]);
    for (const r of [a, b]) {
      expect(r.c0).toBeCloseTo(1183.6018, 4);
      expect(r.c1).toBeCloseTo(657.9391, 4);
    }
  });

  it('reproduces the 50x25 reference run (100 iterations, last c 141.4990)', async () => {
    const flags = ['--nelx', '50', '--nely', '25'];
    const a = await peer('scipy', flags);
    const b = await peer('cholmod', flags);
    for (const r of [a, b]) {
      expect(r.iterations).toBe(100);
      expect(r.c0).toBeCloseTo(1127.8482, 4);
      expect(r.final_c).toBeCloseTo(141.499, 3);
    }
  });

  it('overhang filter: step-0 compliance matches the reference (1844.7565)', async () => {
    const a = await peer('cholmod', ['--overhang', '--max-iter', '1']);
    expect(a.c0).toBeCloseTo(1844.7565, 4);
  });
});

describe('ours against the peers', () => {
  it('our engine matches both peers step by step on 30x15 (20 iterations)', async () => {
    const { getProblem } = await import('../../../tools/engineering/registry.ts');
    const { optimize } = await import('../../../tools/engineering/problem.ts');
    const problem = await getProblem('beams2d');
    const config = problem.resolveConfig({ nelx: 30, nely: 15, max_iter: 20, volfrac: 0.4, rmin: 1.5, forcedist: 0.3 });
    const ours = optimize(problem, config).history.map((s) => s.objectives[0]);
    const flags = ['--nelx', '30', '--nely', '15', '--max-iter', '20', '--volfrac', '0.4', '--rmin', '1.5', '--forcedist', '0.3', '--history'];
    const [a, b] = await Promise.all([peer('scipy', flags), peer('cholmod', flags)]);
    expect(ours).toHaveLength(20);
    for (let i = 0; i < 20; i++) {
      expect(relDiff(ours[i], a.history![i])).toBeLessThan(1e-8);
      expect(relDiff(ours[i], b.history![i])).toBeLessThan(1e-8);
    }
  });

  it('with the overhang filter too (24x12, 15 iterations)', async () => {
    const { getProblem } = await import('../../../tools/engineering/registry.ts');
    const { optimize } = await import('../../../tools/engineering/problem.ts');
    const problem = await getProblem('beams2d');
    const config = problem.resolveConfig({ nelx: 24, nely: 12, max_iter: 15, overhang_constraint: true, forcedist: 0.5 });
    const ours = optimize(problem, config).history.map((s) => s.objectives[0]);
    const a = await peer('cholmod', ['--nelx', '24', '--nely', '12', '--max-iter', '15', '--forcedist', '0.5', '--overhang', '--history']);
    expect(ours).toHaveLength(a.history!.length);
    for (let i = 0; i < ours.length; i++) expect(relDiff(ours[i], a.history![i])).toBeLessThan(1e-6);
  });

  it('`bench:perf beams2d` end to end on a small grid prints timings, ratios and agree: true', async () => {
    const { run } = await import('../../../benchmarks/perf/beams2d.ts');
    const lines: string[] = [];
    const out = (await run(['--nelx', '24', '--nely', '12', '--max-iter', '10', '--runs', '1'], (l) => lines.push(l))) as Record<string, unknown>;
    expect(out).toMatchObject({ benchmark: 'beams2d', nelx: 24, nely: 12, runs: 1, agree: true, ours_iterations: 10, scipy_iterations: 10, cholmod_iterations: 10 });
    for (const k of ['ours_s', 'scipy_s', 'cholmod_s', 'ours_loop_s', 'ratio_scipy', 'ratio_cholmod', 'ratio_scipy_loop']) {
      expect(out[k]).toBeGreaterThan(0);
    }
    expect(relDiff(out.ours_c as number, out.cholmod_c as number)).toBeLessThan(1e-8);
    // the heading, the warm-up run of ours, one run each
    expect(lines.length).toBe(5);
    expect(lines[1]).toMatch(/warm-up/);
  });
});
