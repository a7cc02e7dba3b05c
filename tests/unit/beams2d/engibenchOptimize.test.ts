/**
 * Beams2D optimize against whole trajectories of EngiBench's own optimize (EB-main v0/v1 with CHOLMOD, run locally;
 * see the fixture's "source"): with and without the overhang filter, cold and warm starts, v0 and v1.
 *
 * Measured: without overhang every step within 6e-12 relative and simulate(returned) within 2e-12. With the overhang
 * filter (P = 40) round-off grows by about 10x every 3 iterations, in EngiBench itself too: perturbing its CHOLMOD
 * solutions by 1e-15 moves its own history by up to 3.9e-8 in the first 20 steps and 8.4e-3 over 100 (the fixture's
 * engibench_self_spread). Ours: within 5.3e-7 over the 20-step runs, 7.8e-8 in the first 20 and 1.0e-2 over the whole
 * 100-step run, with the same iteration counts.
 *
 * EngiBench's overhang filter returns densities a little above 1 (the issue-16 case: 2 values, max 1.00138, after 20
 * iterations); the Problem returns them clipped to [0, 1] with a design_space_clipped warning, and simulate accepts it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createBeams2D } from '../../../tools/engineering/beams2d/problem.ts';
import { optimize, type Design } from '../../../tools/engineering/problem.ts';

interface EngiBenchRun {
  version: 0 | 1;
  config: { nelx: number; nely: number; volfrac: number; rmin: number; forcedist: number; overhang_constraint: boolean; max_iter: number };
  start: 'pattern' | null;
  note: string;
  iterations: number;
  history: number[];
  design: { mean: number; max: number; count_above_1: number; engibench_design_space_contains: boolean; data?: number[] };
  simulate_returned?: number;
  engibench_self_spread?: { max_rel_first_20: number; max_rel: number };
}

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/beams2d/engibench_optimize.json', import.meta.url), 'utf8')) as { runs: EngiBenchRun[] };

/** The fixture's warm start: s[r, c] = ((7r + 13c) mod 17)/16 (rows = nely). */
function pattern(nely: number, nelx: number): Design {
  return { shape: [nely, nelx], data: Float64Array.from({ length: nely * nelx }, (_, i) => ((Math.floor(i / nelx) * 7 + (i % nelx) * 13) % 17) / 16) };
}

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);
const clip01 = (v: number) => Math.min(1, Math.max(0, v));

describe('Beams2D optimize vs EngiBench optimize', () => {
  for (const run of fixture.runs) {
    it(`v${run.version} ${run.config.nelx}x${run.config.nely}: ${run.note}`, () => {
      const problem = createBeams2D({ version: run.version });
      const start = run.start === 'pattern' ? pattern(run.config.nely, run.config.nelx) : undefined;
      const r = optimize(problem, run.config, { startingPoint: start });
      expect(r.iterations).toBe(run.iterations);
      const rels = run.history.map((c, k) => rel(r.history[k].objectives[0], c));
      const overhang = run.config.overhang_constraint;
      if (!overhang) expect(Math.max(...rels)).toBeLessThan(1e-10);
      else if (run.iterations <= 20) expect(Math.max(...rels)).toBeLessThan(2e-6);
      else {
        expect(Math.max(...rels.slice(0, 20))).toBeLessThan(1e-6);
        expect(Math.max(...rels)).toBeLessThan(3e-2);
      }

      // the returned design: EngiBench's, clipped into [0, 1] with a warning where EngiBench's leaves it
      expect(r.design.data.every((v) => v >= 0 && v <= 1)).toBe(true);
      const clipped = r.warnings?.find((w) => w.constraint === 'design_space_clipped');
      expect(clipped !== undefined).toBe(!run.design.engibench_design_space_contains);
      if (run.design.data) {
        let worst = 0;
        run.design.data.forEach((v, i) => (worst = Math.max(worst, Math.abs(r.design.data[i] - clip01(v)))));
        expect(worst).toBeLessThan(2e-5);
        if (clipped) expect(clipped.cause).toContain(`${run.design.count_above_1} values outside [0, 1]`);
      }
      if (!overhang) {
        expect(Math.abs(r.design.data.reduce((s, v) => s + v, 0) / r.design.data.length - run.design.mean)).toBeLessThan(1e-12);
        expect(rel(problem.simulate(r.design, run.config)[0], run.simulate_returned!)).toBeLessThan(1e-10);
      } else {
        expect(Number.isFinite(problem.simulate(r.design, run.config)[0])).toBe(true);
      }
    });
  }
});
