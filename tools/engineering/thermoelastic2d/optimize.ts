/**
 * The ThermoElastic2D optimizer (engibench.md §3.1; EngiBench `FeaModel.run`), in loop order:
 *   FE pass + sensitivities → record [f_m, f_t, |mean(x) − volfrac|] → sensitivity filter → MMA update.
 * Loop rule: iterate while change > 0.01 or iteration < 10; stop after the step in which the
 * iteration counter exceeds maxIter, so at most maxIter + 1 steps are recorded (steps start at 1).
 * The returned design is the one after the last MMA update and is not evaluated.
 * The filter radius is fixed at 1.1 (EngiBench hard-codes it and ignores the `rmin` condition).
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
import { initMma, mmaStep, type MmaParams } from '../mma/mma.ts';
import type { OptiStep, StepEvent } from '../problem.ts';
import { MATERIAL } from './elementMatrices.ts';
import { buildFilter, filterSensitivities } from './filter.ts';
import { evaluateDesign, type GradientMode } from './sensitivity.ts';
import type { Setup } from './setup.ts';

export const LOOP = { minIterations: 10, changeTol: 0.01, defaultMaxIter: 120 } as const;

export const THERMOELASTIC_MMA: MmaParams = {
  move: 1.0,
  albefa: 0.1,
  asyinit: 0.01,
  asyincr: 1.2,
  asydecr: 0.7,
  asymax: 0.2,
  asymin: 0.01,
  raa0: 1e-5,
  epsimin: 1e-7,
  a0: 1,
  a: new Float64Array([0]),
  c: new Float64Array([1e4]),
  d: new Float64Array([0]),
};

export interface ThermoOptimizeInput {
  volfrac: number;
  weight: number;
  maxIter: number;
  /** Starting densities (image order); default volfrac everywhere. */
  x0?: Float64Array;
  /** 'engibench': EngiBench v0's gradient approximation and asymptote reset; 'exact': exact gradient, standard MMA. */
  sensitivities: GradientMode;
}

export interface ThermoOptimizeResult {
  x: Float64Array;
  history: OptiStep[];
  iterations: number;
}

export function* optimizeThermoelastic(setup: Setup, input: ThermoOptimizeInput): Generator<StepEvent, ThermoOptimizeResult, void> {
  const { volfrac, weight, maxIter } = input;
  const nel = setup.nel;
  const filter = buildFilter(setup.nelx, setup.nely, MATERIAL.rminFixed);
  const bounds = { xmin: new Float64Array(nel).fill(MATERIAL.xmin), xmax: new Float64Array(nel).fill(MATERIAL.xmax) };
  const dfdx = new Float64Array(nel).fill(1 / (volfrac * nel));
  let x: Float64Array = input.x0 ? input.x0.slice() : new Float64Array(nel).fill(volfrac);
  let mma = initMma(x, bounds);
  const history: OptiStep[] = [];
  let change = 1;
  let iter = 0;
  while (change > LOOP.changeTol || iter < LOOP.minIterations) {
    iter++;
    const ev = evaluateDesign(setup, x, weight, { gradient: true, mode: input.sensitivities });
    if (!Number.isFinite(ev.J)) throw new NumericError(`thermoelastic2d: objective is ${ev.J} at iteration ${iter}`, { iteration: iter });
    let sum = 0;
    for (let e = 0; e < nel; e++) sum += x[e];
    const step: OptiStep = { step: iter, objectives: [ev.fm, ev.ft, Math.abs(sum / nel - volfrac)] };
    history.push(step);

    const df0dx = filterSensitivities(filter, x, ev.dJ as Float64Array);
    const fval = new Float64Array([sum / (volfrac * nel) - 1]);
    if (input.sensitivities === 'engibench') mma = { ...mma, low: bounds.xmin, upp: bounds.xmax };
    const next = mmaStep(mma, { xval: x, df0dx, fval, dfdx }, bounds, THERMOELASTIC_MMA);
    change = 0;
    for (let e = 0; e < nel; e++) change = Math.max(change, Math.abs(next.x[e] - x[e]));
    x = next.x;
    mma = next.state;
    yield { ...step, change, maxIter: maxIter + 1 };
    if (iter > maxIter) break;
  }
  return { x, history, iterations: iter };
}
