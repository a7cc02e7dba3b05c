/** The photonics2d perf benchmark module end to end on a small grid (ours worker + SciPy peer processes). */
import { describe, expect, it } from 'vitest';
import * as bench from '../../../benchmarks/perf/photonics2d.ts';

describe('bench:perf photonics2d', () => {
  it('reports per-step medians, the ratio, agreement with the SciPy peer and the full-run time', async () => {
    const lines: string[] = [];
    const out = (await bench.run(['--runs', '1', '--steps', '2', '--nx', '70', '--ny', '110', '--full-steps', '3'], (l) => lines.push(l))) as Record<string, unknown>;
    expect(typeof bench.description).toBe('string');
    expect(out).toMatchObject({ benchmark: 'photonics2d', nx: 70, ny: 110, runs: 1, agree: true, full_steps: 3 });
    for (const key of ['ours_step_s', 'scipy_step_s', 'ratio_scipy', 'ours_step_cpu_s', 'scipy_step_cpu_s', 'ours_full_s']) {
      expect(out[key], key).toBeGreaterThan(0);
    }
    const ratio = (out.scipy_step_s as number) / (out.ours_step_s as number);
    expect(Math.abs((out.ratio_scipy as number) - ratio) / ratio).toBeLessThan(0.06); // two significant digits
    expect(Number.isFinite(out.ours_full_final)).toBe(true);
    expect(lines.some((l) => l.includes('ours'))).toBe(true);
  });
});
