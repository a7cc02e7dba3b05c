/**
 * The HeatConduction2D optimizer: ours, not EngiBench's. EngiBench runs IPOPT (L-BFGS, through
 * pyadjoint) in a FEniCS container; that trajectory cannot be reproduced here (no IPOPT build of
 * the same version, 8-digit log values), so we minimize the same J under the same constraint with
 * MMA (tools/engineering/mma) and the exact gradient of the discrete J (model.ts 'exact').
 *
 *   min J(a)  s.t.  ∫ a dx ≤ volume,  0 ≤ a ≤ 1   (a: the nodal P1 values, as IPOPT's control)
 *
 * Steps: step 0 is the start (as IPOPT's iteration 0), then one step per MMA update; the loop ends
 * after max_iter updates or when no nodal value moved by more than CHANGE_TOL. The returned
 * design is the last evaluated iterate, written as EngiBench writes its result: the image [i, j]
 * of the nodal values (so reading it back is not the identity on the rows the truncating read skips).
 * MMA: f0 = J/J(start), g = ∫a dx/volume − 1 with gradient smass/volume; Svanberg's constants
 * (a0 = 1, a = 0, c = 1000, d = 1) with move 0.2 and asyinit 0.5; asymptotes carried over.
 *
 * OptiStep fields: EngiBench's HeatConduction2D/3D steps carry obj_values and step only (its history is
 * parsed from the IPOPT log), so ours carry objectives only and no objectivesUpdate. With `image` given
 * (history 'full') each step also keeps, in the design's layout [i, j(, k)]: x = the nodal values
 * evaluated at this step, xSensitivities = [dJ/da, the exact gradient computed for the MMA step anyway,
 * with respect to each node's value] and xUpdate = the MMA update applied (x + xUpdate = the next step's
 * x; zeros on the last step, whose update is not taken). These are our additions, not EngiBench's.
 */
import { NumericError } from '../../errors.ts';
import { initMma, mmaStep, svanbergParams } from '../mma/mma.ts';
import type { OptiStep, StepEvent } from '../problem.ts';
import { evaluate } from './model.ts';
import type { HeatSetup } from './setup.ts';

export const LOOP = { changeTol: 1e-4 } as const;
export const HEAT_MMA = svanbergParams(1, { move: 0.2 });

export interface HeatOptimizeInput {
  volume: number;
  maxIter: number;
  /** Starting nodal values (vertex order); default volume everywhere (EngiBench's initialize_design). */
  a0?: Float64Array;
  /** Vertex order → the design's layout; given, the steps also keep x, xSensitivities and xUpdate. */
  image?: (a: Float64Array) => Float64Array;
}

export interface HeatOptimizeResult {
  /** Nodal values of the last iterate (vertex order). */
  a: Float64Array;
  history: OptiStep[];
  iterations: number;
}

export function* optimizeHeat(setup: HeatSetup, input: HeatOptimizeInput): Generator<StepEvent, HeatOptimizeResult, void> {
  const { volume, maxIter, image } = input;
  const n = setup.mesh.nv;
  let a: Float64Array = input.a0 ? input.a0.slice() : new Float64Array(n).fill(volume);
  const bounds = { xmin: new Float64Array(n), xmax: new Float64Array(n).fill(1) };
  const dfdx = setup.smass.map((s) => s / volume);
  let mma = initMma(a, bounds);
  const history: OptiStep[] = [];
  let factor;
  let scale = 0;
  for (let k = 0; ; k++) {
    const ev = evaluate(setup, a, { gradient: 'exact', factor });
    factor = ev.factor;
    if (!Number.isFinite(ev.J) || ev.J <= 0) throw new NumericError(`heatconduction2d: objective ${ev.J} at step ${k}`, { iteration: k });
    const step: OptiStep = { step: k, objectives: [ev.J] };
    history.push(step);
    if (image) {
      step.x = image(a);
      step.xSensitivities = [image(ev.grad!)];
    }
    if (k === maxIter) {
      if (step.x) step.xUpdate = new Float64Array(n);
      yield { step: k, objectives: [ev.J], maxIter: maxIter + 1 };
      return { a, history, iterations: k };
    }
    if (k === 0) scale = 1 / ev.J;
    let vol = 0;
    for (let v = 0; v < n; v++) vol += setup.smass[v] * a[v];
    const df0dx = ev.grad!.map((g) => g * scale);
    const next = mmaStep(mma, { xval: a, df0dx, fval: new Float64Array([vol / volume - 1]), dfdx }, bounds, HEAT_MMA);
    let change = 0;
    for (let v = 0; v < n; v++) change = Math.max(change, Math.abs(next.x[v] - a[v]));
    yield { step: k, objectives: [ev.J], change, maxIter: maxIter + 1 };
    if (change < LOOP.changeTol) {
      if (step.x) step.xUpdate = new Float64Array(n);
      return { a, history, iterations: k };
    }
    if (step.x) {
      const nextX = image!(next.x);
      step.xUpdate = nextX.map((v, e) => v - step.x![e]);
    }
    a = next.x;
    mma = next.state;
  }
}
