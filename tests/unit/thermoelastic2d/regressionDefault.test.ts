/**
 * The spec's reference case (volfrac 0.3, weight 0.5, max_iter 120, 64×64) in exact_gradient mode
 * against the NumPy/SciPy reference run stored in tests/fixtures/thermoelastic2d/default.json.
 * (The Problem's default, EngiBench-compatible mode is pinned to EngiBench's own run of this case in
 * engibenchOptimize.test.ts, to 1e-6 per step.)
 * Tolerances: the first 20 steps to 1e-8 rel. Later steps drift: in exact mode the MMA iteration
 * amplifies round-off (SuperLU vs our Cholesky, ~1e-13) by ~1.4× per iteration, to a few 1e-4 by the
 * end and ~1.5e-3 mid-run; changes in the shared sparse Cholesky's kernels alone moved the final f_t
 * by up to 1e-3 (measured), so the final f_m and f_t are held to 5e-3 rel and vf_err (a small
 * difference of means) to 1e-4 abs.
 */
import { describe, expect, it } from 'vitest';
import { readFixture, rel, runOurs } from './fixtureCompare.ts';

describe('thermoelastic2d regression: default conditions, exact_gradient mode, full run', () => {
  it('reproduces the NumPy reference history (121 steps)', () => {
    const ref = readFixture('default');
    const ours = runOurs(ref);
    expect(ours.iterations).toBe(ref.iterations);
    expect(ours.history).toHaveLength(ref.history.length);
    const [f1, r1] = [ours.history[0].objectives, ref.history[0]];
    expect(rel(f1[0], r1[0])).toBeLessThan(1e-8);
    expect(rel(f1[1], r1[1])).toBeLessThan(1e-8);
    expect(Math.abs(f1[2] - r1[2])).toBeLessThan(1e-12);
    for (let k = 0; k < 20; k++) {
      expect(rel(ours.history[k].objectives[0], ref.history[k][0])).toBeLessThan(1e-8);
      expect(rel(ours.history[k].objectives[1], ref.history[k][1])).toBeLessThan(1e-8);
    }
    const last = ours.history.length - 1;
    expect(rel(ours.history[last].objectives[0], ref.history[last][0])).toBeLessThan(5e-3);
    expect(rel(ours.history[last].objectives[1], ref.history[last][1])).toBeLessThan(5e-3);
    expect(Math.abs(ours.history[last].objectives[2] - ref.history[last][2])).toBeLessThan(1e-4);
    expect(Math.abs(ours.mean - ref.final_design.mean)).toBeLessThan(1e-4);
  });
});
