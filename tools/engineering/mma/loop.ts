/**
 * The MMA optimization loop shared by Beams3D, ThermoElastic2D and ThermoElastic3D (EngiBench's `FeaModel.run`
 * family), in top88's order as a generator yielding one StepEvent per iteration:
 *   FE pass at x (objectives, raw objective sensitivity) → record the step → filter the sensitivity →
 *   MMA update with the volume constraint fval = Σx/(volfrac·n) − 1 ≤ 0 (gradient 1/(volfrac·n), not filtered).
 * `done(change, iter)` is checked before each iteration (iter = iterations done, change = max|x_new − x| of the
 * last one, 1 before the first). Each step's objectivesUpdate is set when the next step is recorded (the last
 * one is the caller's: EngiBench's problems differ there). With `fullHistory` a step also keeps x (the design
 * before the update), xSensitivities (what `evaluate` returns as `recorded`) and xUpdate = x_new − x.
 * Legend: n design variables, x in the problem's design order; MMA state carried between iterations unless
 * `resetAsymptotes` (ThermoElastic2D's EngiBench-main driver passes low = xmin, upp = xmax every time).
 */
import { NumericError } from '../../errors.ts';
import type { OptiStep, StepEvent } from '../problem.ts';
import { initMma, mmaStep, type MmaBounds, type MmaParams } from './mma.ts';

export interface MmaEvaluationAt {
  objectives: number[];
  /** ∂f0/∂x before the filter. */
  df: Float64Array;
  /** The arrays a 'full' history keeps as x_sensitivities (built only when asked). */
  recorded?: () => Float64Array[];
}

export interface MmaLoopSpec {
  /** For error messages ("beams3d iteration 4: …"). */
  name: string;
  x0: Float64Array;
  volfrac: number;
  bounds: MmaBounds;
  params: MmaParams;
  done(change: number, iter: number): boolean;
  evaluate(x: Float64Array, iter: number): MmaEvaluationAt;
  filter(x: Float64Array, df: Float64Array): Float64Array;
  /** The progress bar's planned total. */
  progressTotal: number;
  resetAsymptotes?: boolean;
  fullHistory?: boolean;
  /** What to suggest when an MMA step fails (non-finite subproblem). */
  mmaHint?: string;
}

export interface MmaLoopResult {
  /** The design after the last update (the start when no iteration ran). */
  x: Float64Array;
  history: OptiStep[];
  iterations: number;
}

export function* mmaLoop(spec: MmaLoopSpec): Generator<StepEvent, MmaLoopResult, void> {
  const { volfrac, bounds } = spec;
  const n = spec.x0.length;
  let x: Float64Array = spec.x0;
  const history: OptiStep[] = [];
  const dfdx = volumeGradient(n, volfrac);
  let mma = initMma(x, bounds);
  let change = 1;
  let iter = 0;
  while (!spec.done(change, iter)) {
    iter++;
    const ev = spec.evaluate(x, iter);
    const step: OptiStep = { step: iter, objectives: ev.objectives };
    const prev = history.at(-1);
    if (prev) prev.objectivesUpdate = step.objectives.map((v, k) => v - prev.objectives[k]);
    history.push(step);
    let sum = 0;
    for (let e = 0; e < n; e++) sum += x[e];
    const df0dx = spec.filter(x, ev.df);
    const fval = new Float64Array([sum / (volfrac * n) - 1]);
    if (spec.resetAsymptotes) mma = { ...mma, low: bounds.xmin, upp: bounds.xmax };
    let next;
    try {
      next = mmaStep(mma, { xval: x, df0dx, fval, dfdx }, bounds, spec.params);
    } catch (e) {
      if (!(e instanceof NumericError)) throw e;
      throw new NumericError(`${spec.name} iteration ${iter}: the MMA step failed (${e.message}) at objectives [${ev.objectives.map((v) => v.toExponential(3)).join(', ')}]`, { iteration: iter, cause: e, hint: spec.mmaHint });
    }
    change = 0;
    for (let e = 0; e < n; e++) change = Math.max(change, Math.abs(next.x[e] - x[e]));
    if (spec.fullHistory) {
      step.x = x;
      const recorded = ev.recorded?.();
      if (recorded) step.xSensitivities = recorded;
      step.xUpdate = next.x.map((v, e) => v - x[e]);
    }
    x = next.x;
    mma = next.state;
    yield { step: iter, objectives: step.objectives, change, maxIter: spec.progressTotal };
  }
  return { x, history, iterations: iter };
}

/** The constraint gradient the loop uses (1/(volfrac·n) everywhere), for callers that record it as an x_sensitivity. */
export const volumeGradient = (n: number, volfrac: number) => new Float64Array(n).fill(1 / (volfrac * n));
