/**
 * The ThermoElastic2D optimizer (engibench.md §3.1; EngiBench `FeaModel.run`) on the shared MMA loop
 * (mma/loop.ts), in loop order:
 *   FE pass + sensitivities → record [f_m, f_t, |mean(x) − volfrac|] → sensitivity filter → MMA update.
 * Loop rule: iterate while change > 0.01 or iteration < 10; stop after the step in which the
 * iteration counter exceeds maxIter, so at most maxIter + 1 steps are recorded (steps start at 1).
 * The returned design is the one after the last MMA update and is not evaluated.
 * The filter radius is fixed at 1.1 (EngiBench hard-codes it and ignores the `rmin` condition).
 * `newest` follows EngiBench's newest readable `fea_model.py` instead (post-PR #232, index id 61530256273):
 * rmin hard-coded to 1.5, stop when has_converged (iter ≥ maxIter, or change < 0.01 and iter ≥ 10, so at
 * most maxIter steps), then one extra evaluation at the returned design (the same design: EngiBench reverts
 * to it) that fills the last step's objectivesUpdate when there are at least two steps. The sensitivities,
 * the asymptote reset and the MMA constants are the same in both.
 * OptiStep fields: objectivesUpdate = next − this (both loops; the last only with `newest`); with
 * `fullHistory`, x = the design before the update and xUpdate = x_new − x (EngiBench records no
 * x_sensitivities for ThermoElastic2D).
 *
 * Two modes (`sensitivities`):
 * - 'engibench' reproduces EngiBench v0's optimizer: its approximate sensitivities
 *   (engibenchSensitivity.ts) and its driver's quirk of passing low = xmin, upp = xmax into every
 *   MMA call instead of the previous asymptotes. Checked against EngiBench's own runs (1e-6 over 121 steps).
 * - 'exact' uses the exact adjoint gradient (sensitivity.ts) and standard MMA (asymptotes carried over).
 *
 * Legend: x densities (image order), volfrac target volume fraction, w objective weight,
 * J = w·f_m + (1−w)·f_t, fval = Σx/(volfrac·nel) − 1 ≤ 0 the volume constraint,
 * change = max|x_new − x|. MMA constants: m = 1, a0 = 1, a = 0, c = 1e4, d = 0, x ∈ [1e-3, 1],
 * move 1.0, albefa 0.1, asyinit 0.01, asyincr 1.2, asydecr 0.7, asymax 0.2, asymin 0.01, raa0 1e-5.
 */
import { NumericError } from '../../errors.ts';
import { mmaLoop } from '../mma/loop.ts';
import { svanbergParams, type MmaParams } from '../mma/mma.ts';
import type { OptiStep, StepEvent } from '../problem.ts';
import { MATERIAL } from './elementMatrices.ts';
import { buildFilter, filterSensitivities } from './filter.ts';
import { evaluateDesign, type GradientMode } from './sensitivity.ts';
import type { Setup } from './setup.ts';

export const LOOP = { minIterations: 10, changeTol: 0.01, defaultMaxIter: 120 } as const;

/** Svanberg's constants but for move 1, asyinit 0.01, asymax 0.2, c = 1e4, d = 0 (the values listed above). */
export const THERMOELASTIC_MMA: MmaParams = svanbergParams(1, { move: 1.0, asyinit: 0.01, asymax: 0.2, c: new Float64Array([1e4]), d: new Float64Array([0]) });

export interface ThermoOptimizeInput {
  volfrac: number;
  weight: number;
  maxIter: number;
  /** Starting densities (image order); default volfrac everywhere. */
  x0?: Float64Array;
  /** 'engibench': EngiBench v0's gradient approximation and asymptote reset; 'exact': exact gradient, standard MMA. */
  sensitivities: GradientMode;
  /** EngiBench's newest ThermoElastic2D loop (post-PR #232): rmin 1.5, has_converged, one extra evaluation. */
  newest?: boolean;
  /** Record x and x_update per step. */
  fullHistory?: boolean;
}

export interface ThermoOptimizeResult {
  x: Float64Array;
  history: OptiStep[];
  iterations: number;
}

/** The filter radius each loop hard-codes (the `rmin` condition is ignored by both). */
export const FILTER_RADIUS = { main: MATERIAL.rminFixed, newest: 1.5 } as const;

export function* optimizeThermoelastic(setup: Setup, input: ThermoOptimizeInput): Generator<StepEvent, ThermoOptimizeResult, void> {
  const { volfrac, weight, maxIter } = input;
  const nel = setup.nel;
  const filter = buildFilter(setup.nelx, setup.nely, input.newest ? FILTER_RADIUS.newest : FILTER_RADIUS.main);
  const objectivesAt = (ev: { fm: number; ft: number }, xs: Float64Array) => {
    let sum = 0;
    for (let e = 0; e < nel; e++) sum += xs[e];
    return [ev.fm, ev.ft, Math.abs(sum / nel - volfrac)];
  };
  const r = yield* mmaLoop({
    name: 'thermoelastic2d',
    x0: input.x0 ? input.x0.slice() : new Float64Array(nel).fill(volfrac),
    volfrac,
    bounds: { xmin: new Float64Array(nel).fill(MATERIAL.xmin), xmax: new Float64Array(nel).fill(MATERIAL.xmax) },
    params: THERMOELASTIC_MMA,
    // EB-main runs while change > 0.01 or iter < 10 and stops once iter > maxIter (at most maxIter + 1 steps);
    // the newest loop stops when has_converged (iter ≥ maxIter, or change < 0.01 and iter ≥ 10)
    done: (change, iter) =>
      input.newest ? iter >= maxIter || (change < LOOP.changeTol && iter >= LOOP.minIterations) : !(change > LOOP.changeTol || iter < LOOP.minIterations) || iter > maxIter,
    evaluate(x, iter) {
      const ev = evaluateDesign(setup, x, weight, { gradient: true, mode: input.sensitivities });
      if (!Number.isFinite(ev.J)) throw new NumericError(`thermoelastic2d: objective is ${ev.J} at iteration ${iter}`, { iteration: iter });
      return { objectives: objectivesAt(ev, x), df: ev.dJ as Float64Array };
    },
    filter: (x, df) => filterSensitivities(filter, x, df),
    progressTotal: input.newest ? maxIter : maxIter + 1,
    resetAsymptotes: input.sensitivities === 'engibench',
    fullHistory: input.fullHistory,
  });
  const { x, history } = r;
  if (input.newest && history.length > 1) {
    // the extra evaluation at the returned design fills the last step's obj_values_update (EngiBench's len > 1 rule)
    const ev = evaluateDesign(setup, x, weight, { gradient: false });
    const last = history[history.length - 1];
    last.objectivesUpdate = objectivesAt(ev, x).map((v, k) => v - last.objectives[k]);
  }
  return { x, history, iterations: r.iterations };
}
