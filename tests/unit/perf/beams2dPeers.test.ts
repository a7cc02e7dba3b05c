/**
 * The Python peers of `bench:perf beams2d` (benchmarks/perf/reference/) must run the EngiBench v0
 * loop exactly: they agree with each other and reproduce engibench.md §1.14's reference values.
 * Needs /usr/bin/python3 with numpy, scipy and cvxopt (benchmarks/perf/setup.sh; CI installs them).
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
