/**
 * EngiBench reference values (engibench.md §1.14): cold start (identical in v0 and v1).
 * The 100x50 runs are the spec's reference cases and dominate this file's runtime.
 */
import { describe, expect, it } from 'vitest';
import { beams2d, beams2dV0 } from '../../../tools/engineering/beams2d/problem.ts';
import type { ConfigValues } from '../../../tools/engineering/constraint.ts';
import type { OptimizeResult, Problem } from '../../../tools/engineering/problem.ts';

/** Drives the generator, giving the event loop a turn between steps so vitest's worker RPC stays alive. */
async function optimize(problem: Problem, config: ConfigValues): Promise<OptimizeResult> {
  const gen = problem.optimizeSteps(config);
  for (;;) {
    const next = gen.next();
    if (next.done) return next.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** |ours − ref| within max(relTol·|ref|, absTol) (absTol covers the 4-decimal rounding of the printed value). */
function expectNear(ours: number, ref: number, relTol: number, absTol = 0): void {
  expect(Math.abs(ours - ref)).toBeLessThanOrEqual(Math.max(relTol * Math.abs(ref), absTol));
}

const cs = (r: OptimizeResult) => r.history.map((h) => h.objectives[0]);

describe('Beams2D regression against EngiBench (§1.14)', () => {
  it('100x50, volfrac 0.35, rmin 2, forcedist 0', async () => {
    const r = await optimize(beams2dV0, { volfrac: 0.35, rmin: 2, forcedist: 0 });
    const c = cs(r);
    expect(r.iterations).toBe(100);
    expect(c).toHaveLength(100);
    expectNear(c[0], 1183.6018, 1e-6, 5e-5);
    expectNear(c[1], 657.9391, 1e-6, 5e-5);
    expectNear(c[99], 127.6433, 1e-3);
    const m = r.design.data.reduce((s, v) => s + v, 0) / r.design.data.length;
    expect(Math.abs(m - 0.35)).toBeLessThanOrEqual(1e-4);
    expect(r.design.shape).toEqual([50, 100]);
  });

  it('100x50 with the overhang constraint', async () => {
    const r = await optimize(beams2d, { volfrac: 0.35, rmin: 2, forcedist: 0, overhang_constraint: true });
    const c = cs(r);
    expect(r.iterations).toBe(100);
    expectNear(c[0], 1844.7565, 1e-6, 5e-5);
    expectNear(c[99], 166.1765, 1e-2);
  });

  it('50x25, volfrac 0.35, rmin 2, forcedist 0 (v1 cold start = v0)', async () => {
    const r = await optimize(beams2d, { volfrac: 0.35, rmin: 2, forcedist: 0, nelx: 50, nely: 25 });
    const c = cs(r);
    expect(r.iterations).toBe(100);
    expectNear(c[0], 1127.8482, 1e-6, 5e-5);
    expectNear(c[99], 141.499, 1e-3);
    const r0 = await optimize(beams2dV0, { volfrac: 0.35, rmin: 2, forcedist: 0, nelx: 50, nely: 25 });
    expect(cs(r0)).toEqual(c);
  });
});
