/**
 * The Beams2D optimizer spine (top88 l.45–88, EngiBench `optimize`): SIMP + density filter
 * (+ optional overhang filter) + OC, as a generator yielding one StepEvent per recorded step.
 *
 * Legend: x design variables, xPhys = H·x/Hs, xPrint = overhang(xPhys) or xPhys,
 * c compliance, dc/dv sensitivities, change = ‖xnew − x‖∞ on the raw variables.
 * History: c is recorded before each update (step 0, 1, …); the returned design is xPrint after the
 * last update and is not evaluated. Loop: while change > 0.025 and loop < maxIter.
 * OptiStep fields (EngiBench PR #277, open at 91135ca4): objectivesUpdate = next c − this c, absent on the
 * last step (EngiBench's None); with `fullHistory`, x = xPrint before the update (the flat column-major
 * vector e = elx·nely + ely, EngiBench's layout), xSensitivities = [the filtered, clipped (≤ 0) dc], and
 * xUpdate = the next xPrint − x.
 */
import { NumericError } from '../../errors.ts';
import type { OptiStep, StepEvent } from '../problem.ts';
import { complianceGradient, createFeWorkspace, feAnalysis, type LinearSolver } from './fe.ts';
import { applyFilterTranspose } from './filter.ts';
import { createOcState, ocUpdate, volumeWeights } from './oc.ts';
import { createOverhangFilter } from './overhang.ts';
import type { Beams2DSetup } from './setup.ts';

export const CHANGE_TOL = 0.025;
export const WARM_START_BLEND = 1e-4;

export interface OptimizeParams {
  volfrac: number;
  penal: number;
  overhang: boolean;
  maxIter: number;
  /** 0: warm start used as given; 1: blended toward volfrac by 1e-4. */
  version: 0 | 1;
}

export interface BeamOptimizeResult {
  /** Final xPrint, column-major. */
  xPrint: Float64Array;
  history: OptiStep[];
  iterations: number;
}

/** Initial design variables: volfrac everywhere, or the (v1-blended) starting point. */
export function initialDesign(nel: number, p: OptimizeParams, start?: Float64Array): Float64Array {
  if (!start) return new Float64Array(nel).fill(p.volfrac);
  if (p.version === 0) return Float64Array.from(start);
  const x = new Float64Array(nel);
  for (let e = 0; e < nel; e++) x[e] = (1 - WARM_START_BLEND) * start[e] + WARM_START_BLEND * p.volfrac;
  return x;
}

/** Runs an FE analysis, tagging a NumericError from the solver with the iteration. */
function analyzeAt(iteration: number, run: () => number): number {
  try {
    return run();
  } catch (e) {
    if (e instanceof NumericError && e.iteration === undefined) throw new NumericError(`beams2d iteration ${iteration}: ${e.message}`, { iteration, cause: e });
    throw e;
  }
}

export function* optimizeBeam(
  setup: Beams2DSetup,
  solver: LinearSolver,
  p: OptimizeParams,
  start?: Float64Array,
  opts: { fullHistory?: boolean } = {},
): Generator<StepEvent, BeamOptimizeResult, void> {
  const { nel, nelx, nely, filter } = setup;
  const overhang = p.overhang ? createOverhangFilter(nelx, nely) : undefined;
  const print = overhang ? (xPhys: Float64Array, xPrint: Float64Array) => void overhang.forward(xPhys, xPrint) : undefined;
  // w = Hᵀ(1/Hs) is also the filtered dv = 1 when there is no print filter
  const w = print ? undefined : volumeWeights(filter);
  const ctx = { filter, targetVolume: p.volfrac * nelx * nely, print, w };
  const fe = createFeWorkspace(setup);
  const x = initialDesign(nel, p, start);
  let st = createOcState(nel, !!overhang);
  let next = createOcState(nel, !!overhang);
  st.xPhys.set(x);
  print?.(st.xPhys, st.xPrint);
  const dc = new Float64Array(nel);
  const dv = new Float64Array(nel);
  const tmp = new Float64Array(nel);
  const history: OptiStep[] = [];
  let change = 1;
  let loop = 0;
  while (change > CHANGE_TOL && loop < p.maxIter) {
    const c = analyzeAt(loop, () => feAnalysis(setup, solver, st.xPrint, p.penal, fe));
    if (!Number.isFinite(c)) throw new NumericError(`beams2d: compliance is ${c} at iteration ${loop}`, { iteration: loop });
    const step: OptiStep = { step: loop, objectives: [c] };
    const prev = history.at(-1);
    if (prev) prev.objectivesUpdate = [c - prev.objectives[0]];
    history.push(step);
    loop++;
    complianceGradient(st.xPrint, fe.ce, p.penal, dc);
    if (w) dv.set(w);
    else {
      dv.fill(1);
      overhang?.adjoint(st.xPhys, st.xPrint, [dc, dv]);
      applyFilterTranspose(filter, dv, dv, tmp);
    }
    applyFilterTranspose(filter, dc, dc, tmp);
    for (let e = 0; e < nel; e++) if (dc[e] > 0) dc[e] = 0;
    if (opts.fullHistory) {
      step.x = Float64Array.from(st.xPrint);
      step.xSensitivities = [Float64Array.from(dc)];
    }
    change = ocUpdate(ctx, x, dc, dv, next);
    x.set(next.xnew);
    [st, next] = [next, st];
    if (step.x) step.xUpdate = st.xPrint.map((v, e) => v - step.x![e]);
    yield { step: loop - 1, objectives: [c], change, maxIter: p.maxIter };
  }
  return { xPrint: Float64Array.from(st.xPrint), history, iterations: loop };
}
