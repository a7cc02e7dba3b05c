/**
 * The default (EngiBench-compatible) optimize against optimize trajectories produced by EngiBench itself (EB-main
 * thermoelastic2d FeaModel.run with mmapy, run locally; see the fixture's "source"). Every step must
 * agree to 1e-8 on the 11-step runs and to 1e-6 on the full 121-step default run (measured: 2.3e-8
 * worst, 5e-10 at the end; EngiBench's per-iteration asymptote reset damps the round-off growth that
 * the exact-gradient mode shows).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { optimize } from '../../../tools/engineering/problem.ts';
import { thermoelastic2d as P } from '../../../tools/engineering/thermoelastic2d/problem.ts';
import { FIXTURE_DIR, rel } from './fixtureCompare.ts';

interface EngiBenchRun {
  volfrac: number;
  weight: number;
  max_iter: number;
  iterations: number;
  history: [number, number, number][];
  mean: number;
}

const fixture = JSON.parse(readFileSync(`${FIXTURE_DIR}engibench_optimize.json`, 'utf8')) as { runs: EngiBenchRun[] };

describe('thermoelastic2d default optimize vs EngiBench optimize', () => {
  for (const run of fixture.runs) {
    it(`volfrac ${run.volfrac}, weight ${run.weight}, max_iter ${run.max_iter}`, () => {
      const r = optimize(P, { volfrac: run.volfrac, weight: run.weight, max_iter: run.max_iter });
      expect(r.iterations).toBe(run.iterations);
      const full = run.history.length > 20;
      const tol = full ? 1e-6 : 1e-8;
      for (let k = 0; k < run.history.length; k++) {
        expect(rel(r.history[k].objectives[0], run.history[k][0])).toBeLessThan(tol);
        expect(rel(r.history[k].objectives[1], run.history[k][1])).toBeLessThan(tol);
        expect(Math.abs(r.history[k].objectives[2] - run.history[k][2])).toBeLessThan(1e-9);
      }
      const mean = r.design.data.reduce((s, v) => s + v, 0) / r.design.data.length;
      expect(Math.abs(mean - run.mean)).toBeLessThan(1e-9);
    });
  }
});
