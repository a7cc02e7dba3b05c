/**
 * The Beams3D optimizer (EngiBench `FeaModel3D.run`) on the shared MMA loop (mma/loop.ts), as a generator
 * yielding one StepEvent per iteration. Loop order: FE pass (c, dc) → record c → sensitivity filter → MMA update.
 * Stopping rule, checked before each iteration: stop if iter ≥ maxIter, or if change < 0.01 and
 * iter ≥ 10. Steps are numbered 1, 2, …; c is recorded at the design before its update; the returned
 * design is x after the last update, rounded to float32 and not evaluated (so simulate(design) is
 * not the last history value). maxIter = 0 returns the start with an empty history.
 *
 * Legend: x densities in design order [ey, ex, ez], n elements, fval = Σx/(volfrac·n) − 1 ≤ 0 the
 * volume constraint with gradient 1/(volfrac·n) (not filtered), change = max|x_new − x|.
 * MMA (mmapy as EngiBench's wrapper calls it): m = 1, a0 = 1, a = 0, c = 1e4, d = 0, x ∈ [1e-3, 1],
 * move 0.5, asyinit 0.01, asyincr 1.2, asydecr 0.7, asymin 0.01, asymax 0.2, albefa 0.1, raa0 1e-5,
 * asymptotes carried between iterations.
 * A starting point is a design (float32 in EngiBench), so the first pass raises it to the power in
 * float32 (fe.ts); the default start, volfrac everywhere, is float64 there too.
 * OptiStep fields (EngiBench `fem_model.py`, §1.8): objectivesUpdate = next c − this c, zeros on the last
 * step (not None, unlike Beams2D); with `fullHistory`, x = the design before the update, xSensitivities =
 * [the raw, unfiltered dc, dfdx = 1/(volfrac·n)], xUpdate = x_new − x.
 */
import { NumericError } from '../../errors.ts';
import { mmaLoop, volumeGradient } from '../mma/loop.ts';
import { svanbergParams, type MmaParams } from '../mma/mma.ts';
import type { OptiStep, StepEvent } from '../problem.ts';
import { createFeWorkspace, feAnalysis } from './fe.ts';
import { buildSensitivityFilter, filterSensitivities } from './filter.ts';
import type { Beams3DSetup } from './setup.ts';
import type { Beams3DSolver } from './solver.ts';

export const LOOP = { minIterations: 10, changeTol: 0.01 } as const;
export const BOUNDS = { xmin: 1e-3, xmax: 1 } as const;

/** EngiBench's MMA constants for Beams3D: Svanberg's, with its asymptotes, c = 1e4 and d = 0. */
export const BEAMS3D_MMA: MmaParams = svanbergParams(1, { asyinit: 0.01, asymax: 0.2, c: new Float64Array([1e4]), d: new Float64Array([0]) });

export interface Beams3DOptimizeInput {
  volfrac: number;
  rmin: number;
  penal: number;
  maxIter: number;
  /** Starting densities (design order, float32 values); default volfrac everywhere. */
  x0?: Float64Array;
  /** Record x, x_sensitivities and x_update per step. */
  fullHistory?: boolean;
}

export interface Beams3DOptimizeResult {
  /** The design after the last update, float32-rounded. */
  x: Float64Array;
  history: OptiStep[];
  iterations: number;
}

export function* optimizeBeams3D(setup: Beams3DSetup, solver: Beams3DSolver, input: Beams3DOptimizeInput): Generator<StepEvent, Beams3DOptimizeResult, void> {
  const { volfrac, penal, maxIter } = input;
  const n = setup.nel;
  const start = input.x0 ? Float64Array.from(input.x0, Math.fround) : new Float64Array(n).fill(volfrac);
  if (maxIter <= 0) return { x: start.slice(), history: [], iterations: 0 };
  const filter = buildSensitivityFilter([setup.nely, setup.nelx, setup.nelz], input.rmin);
  const ws = createFeWorkspace(setup);
  const r = yield* mmaLoop({
    name: 'beams3d',
    x0: start.slice(),
    volfrac,
    bounds: { xmin: new Float64Array(n).fill(BOUNDS.xmin), xmax: new Float64Array(n).fill(BOUNDS.xmax) },
    params: BEAMS3D_MMA,
    done: (change, iter) => iter >= maxIter || (change < LOOP.changeTol && iter >= LOOP.minIterations),
    evaluate(x, iter) {
      let fe;
      try {
        fe = feAnalysis(setup, solver, x, penal, { float32: iter === 1 && !!input.x0, gradient: true }, ws);
      } catch (e) {
        if (e instanceof NumericError) throw new NumericError(`beams3d iteration ${iter}: ${e.message}`, { iteration: iter, cause: e });
        throw e;
      }
      if (!Number.isFinite(fe.c)) throw new NumericError(`beams3d: compliance is ${fe.c} at iteration ${iter}`, { iteration: iter });
      const dc = fe.dc!;
      return { objectives: [fe.c], df: dc, recorded: () => [dc.slice(), volumeGradient(n, volfrac)] };
    },
    filter: (x, dc) => filterSensitivities(filter, x, dc),
    progressTotal: maxIter,
    fullHistory: input.fullHistory,
  });
  const last = r.history.at(-1);
  if (last) last.objectivesUpdate = [0];
  return { x: Float64Array.from(r.x, Math.fround), history: r.history, iterations: r.iterations };
}
