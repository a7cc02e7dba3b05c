/**
 * The ThermoElastic3D optimizer (EngiBench `FeaModel3D.run`, post-PR-#232 versions `03128b76`/`769e6107`,
 * engibench-3d-and-api.md §2.3) on the shared MMA loop (mma/loop.ts), as a generator yielding one StepEvent
 * per iteration.
 * Loop order: FE pass (sc, tc, sensitivities) → record [sc, tc] → sensitivity filter of the weighted df →
 * MMA update. Stopping rule (`has_converged`, checked after each update): iter ≥ maxIter, or change < 0.01
 * and iter ≥ 10. Then one extra FE pass at the design after the last update; it is not a step: it fills
 * the last step's objectivesUpdate (when there are at least two steps, EngiBench's `len(opti_steps) > 1`)
 * and its design is the result. EngiBench reverts to that design with `xold1.reshape(nely, nelx)`, which
 * raises ValueError for every nelz > 1 in both readable versions (so its optimize cannot return there);
 * we return the same design in its 3-D shape, rounded to float32 like EngiBench's `astype(np.float32)`.
 * maxIter = 0 returns the start with an empty history. Steps are numbered 1, 2, …
 *
 * OptiStep fields (history 'full'): x = the design before the update; xSensitivities = [dfm, dft, df, dfdx]
 * (raw, unfiltered; dfdx = 1/(volfrac·n) everywhere); xUpdate = x_new − x.
 * Legend: x densities in design order [ey, ex, ez], n elements, fval = Σx/(volfrac·n) − 1 ≤ 0 the volume
 * constraint (its gradient is not filtered), change = max|x_new − x|; MMA as Beams3D's (BEAMS3D_MMA).
 */
import { NumericError } from '../../errors.ts';
import { mmaLoop, volumeGradient } from '../mma/loop.ts';
import type { OptiStep, StepEvent } from '../problem.ts';
import { BEAMS3D_MMA, LOOP } from '../beams3d/optimize.ts';
import { buildSensitivityFilter, filterSensitivities } from '../beams3d/filter.ts';
import { MATERIAL } from './elementMatrices.ts';
import { createWorkspace, feAnalysis, type Thermo3DResult } from './fe.ts';
import type { Thermo3DSetup } from './setup.ts';
import type { Thermo3DSolvers } from './solvers.ts';

export interface Thermo3DOptimizeInput {
  volfrac: number;
  rmin: number;
  penal: number;
  weight: number;
  maxIter: number;
  /** Starting densities (design order); default volfrac everywhere. */
  x0?: Float64Array;
  /** Record x, x_sensitivities and x_update per step. */
  fullHistory?: boolean;
}

export interface Thermo3DOptimizeResult {
  /** The design evaluated by the extra pass (after the last update), float32-rounded. */
  x: Float64Array;
  history: OptiStep[];
  /** Regular iterations (the extra pass not counted). */
  iterations: number;
}

const converged = (change: number, iter: number, maxIter: number) => iter >= maxIter || (change < LOOP.changeTol && iter >= LOOP.minIterations);

export function* optimizeThermo3D(setup: Thermo3DSetup, solvers: Thermo3DSolvers, input: Thermo3DOptimizeInput): Generator<StepEvent, Thermo3DOptimizeResult, void> {
  const { volfrac, penal, weight, maxIter } = input;
  const n = setup.nel;
  const start = input.x0 ? input.x0.slice() : new Float64Array(n).fill(volfrac);
  if (converged(1, 0, maxIter)) return { x: Float64Array.from(start, Math.fround), history: [], iterations: 0 };
  const filter = buildSensitivityFilter([setup.nely, setup.nelx, setup.nelz], input.rmin);
  const ws = createWorkspace(setup);
  const evaluate = (x: Float64Array, iter: number, gradient = true): Thermo3DResult => {
    try {
      const r = feAnalysis(setup, solvers, x, penal, weight, { gradient }, ws);
      if (!Number.isFinite(r.sc) || !Number.isFinite(r.tc)) throw new NumericError(`objectives are [${r.sc}, ${r.tc}]`);
      return r;
    } catch (e) {
      if (e instanceof NumericError) throw new NumericError(`thermoelastic3d iteration ${iter}: ${e.message}`, { iteration: iter, cause: e });
      throw e;
    }
  };
  const r = yield* mmaLoop({
    name: 'thermoelastic3d',
    x0: start,
    volfrac,
    bounds: { xmin: new Float64Array(n).fill(MATERIAL.xmin), xmax: new Float64Array(n).fill(MATERIAL.xmax) },
    params: BEAMS3D_MMA,
    done: (change, iter) => converged(change, iter, maxIter),
    evaluate(x, iter) {
      const fe = evaluate(x, iter);
      return { objectives: [fe.sc, fe.tc], df: fe.df!, recorded: () => [fe.dfm!, fe.dft!, fe.df!, volumeGradient(n, volfrac)] };
    },
    filter: (x, df) => filterSensitivities(filter, x, df),
    progressTotal: maxIter,
    fullHistory: input.fullHistory,
    mmaHint: 'a start that leaves the loaded corner (nelx, nely, nelz) or the heat sink nearly void makes the sensitivities astronomically large; start from volfrac everywhere (the default) or a design with material there',
  });
  // the extra pass: EngiBench's FE at the final design, filling the last step's obj_values_update
  const { history } = r;
  const extra = evaluate(r.x, r.iterations + 1, false);
  if (history.length > 1) {
    const last = history[history.length - 1];
    last.objectivesUpdate = [extra.sc - last.objectives[0], extra.tc - last.objectives[1]];
  }
  return { x: Float64Array.from(r.x, Math.fround), history, iterations: r.iterations };
}
