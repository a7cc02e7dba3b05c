/**
 * Whole-trajectory agreement with an independent NumPy/SciPy port of the same spec
 * (benchmarks/perf/reference/beams2d_core.py), on small grids that exercise the load-DOF quirks,
 * a non-integer filter radius and the overhang filter. Histories are stored in numpyReference.json.
 */
import { describe, expect, it } from 'vitest';
import { beams2dV0 } from '../../../tools/engineering/beams2d/problem.ts';
import { optimize } from '../../../tools/engineering/problem.ts';
import reference from './numpyReference.json' with { type: 'json' };

describe('Beams2D v0 matches the NumPy reference step by step', () => {
  it.each(reference.cases.map((c) => [c.case.note, c] as const))('%s', (_note, ref) => {
    const { nelx, nely, volfrac, rmin, forcedist } = ref.case;
    const overhang = 'overhang' in ref.case && ref.case.overhang === true;
    const maxIter = 'max_iter' in ref.case ? Number(ref.case.max_iter) : 100;
    const r = optimize(beams2dV0, { nelx, nely, volfrac, rmin, forcedist, overhang_constraint: overhang, max_iter: maxIter });
    expect(r.iterations).toBe(ref.iterations);
    const tol = overhang ? 1e-6 : 1e-9;
    r.history.forEach((h, k) => expect(Math.abs(h.objectives[0] - ref.history[k]) / ref.history[k]).toBeLessThan(tol));
    const mean = r.design.data.reduce((s, v) => s + v, 0) / r.design.data.length;
    expect(mean).toBeCloseTo(ref.final_mean, 9);
  });
});
