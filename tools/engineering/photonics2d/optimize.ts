/**
 * Photonics2D v1 optimization (engibench.md §2.9–2.10): Adam ascent on the raw density with β continuation,
 * adjoint gradients, ρ clipped to [0, 1]; history[0] = simulate(start), history[t] = value of the physical
 * density at step t, and the returned design is that physical density, so simulate(returned) = history[N].
 *
 * Legend: rho = raw design variables, rhoPhys = filterAndProject(rho; r, β_t, eta): the whole nx×ny physical
 * density, ending in a mask-combine, so the fixed waveguides outside the design region are 1 in it (EngiBench v1's
 * `filter_and_project`); J = total_overlap(epsr(rhoPhys)) − w·‖rhoPhys‖₂, the norm over the whole array,
 * waveguides included; the returned design is rhoPhys (simulate mask-combines it again, which changes nothing),
 * β_t = β0 + (βmax − β0)·(t/N)², Adam: lr, b1 = 0.9, b2 = 0.999, eps = 1e-8, bias correction with t.
 */
import { NumericError } from '../../errors.ts';
import type { Design, OptimizeResult, OptiStep, StepEvent } from '../problem.ts';
import { evaluateOverlap, type Simulation } from './objective.ts';
import { filterAndProject, filterAndProjectAdjoint, permittivity, type FilterParams } from './parameterization.ts';
import type { Photonics2DConfig } from './conditions.ts';
import { EPSR_MAX, EPSR_MIN } from './grid.ts';

/** The optimizer's knobs, as resolved in conditions.ts. */
export type OptimizeSettings = Pick<Photonics2DConfig, 'numSteps' | 'stepSize' | 'penaltyWeight' | 'eta' | 'initialBeta' | 'maxBeta' | 'blurRadius'>;

const ADAM_B1 = 0.9;
const ADAM_B2 = 0.999;
const ADAM_EPS = 1e-8;

export function l2norm(a: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * a[i];
  return Math.sqrt(s);
}

/** β of step t of N (poly_ramp of degree 2); β_N = maxBeta. */
export function betaAt(t: number, N: number, initialBeta: number, maxBeta: number): number {
  return N > 0 ? initialBeta + (maxBeta - initialBeta) * (t / N) ** 2 : maxBeta;
}

/** v1 simulate: the design as-is (mask-combine and scale), minus the L2 penalty of the design. */
export function simulateObjective(sim: Simulation, design: Float64Array, penaltyWeight: number, fullFields = false) {
  const r = evaluateOverlap(sim, permittivity(sim.grid, design), false, fullFields);
  return { ...r, objective: r.totalOverlap - penaltyWeight * l2norm(design) };
}

/** J(rho) through the whole chain and ∂J/∂rho by the adjoint method. */
export function physicalObjective(sim: Simulation, rho: Float64Array, p: FilterParams, penaltyWeight: number) {
  const { grid } = sim;
  const rhoPhys = filterAndProject(grid, rho, p);
  const r = evaluateOverlap(sim, permittivity(grid, rhoPhys), true);
  const norm = l2norm(rhoPhys);
  // ∂J/∂rhoPhys over the whole array; filterAndProjectAdjoint keeps its design-region part (the background is fixed)
  const gPhys = new Float64Array(grid.n);
  for (let i = 0; i < grid.n; i++) gPhys[i] = (EPSR_MAX - EPSR_MIN) * r.gradEpsr![i] - (norm > 0 ? (penaltyWeight * rhoPhys[i]) / norm : 0);
  return { design: rhoPhys, objective: r.totalOverlap - penaltyWeight * norm, gradient: filterAndProjectAdjoint(grid, rho, p, gPhys), overlap: r };
}

interface AdamState {
  m: Float64Array;
  v: Float64Array;
}

/** One Adam ascent step with clipping to [0, 1]; returns the largest change. */
function adamAscent(rho: Float64Array, g: Float64Array, s: AdamState, t: number, lr: number): number {
  let change = 0;
  const c1 = 1 - ADAM_B1 ** t, c2 = 1 - ADAM_B2 ** t;
  for (let i = 0; i < rho.length; i++) {
    s.m[i] = ADAM_B1 * s.m[i] + (1 - ADAM_B1) * g[i];
    s.v[i] = ADAM_B2 * s.v[i] + (1 - ADAM_B2) * g[i] * g[i];
    const step = (lr * (s.m[i] / c1)) / (Math.sqrt(s.v[i] / c2) + ADAM_EPS);
    const next = Math.min(1, Math.max(0, rho[i] + step));
    change = Math.max(change, Math.abs(next - rho[i]));
    rho[i] = next;
  }
  return change;
}

/**
 * OptiStep fields (EngiBench Photonics2D v1, engibench-3d-and-api.md §4.2): step 0 is the raw start with its
 * objective only; with `fullHistory`, steps 1…N carry x = ρ_phys (the projected design the step evaluated)
 * and xSensitivities = [the gradient with respect to the raw ρ]; v1 records no x_update and no
 * obj_values_update.
 */
export function* optimizeV1(sim: Simulation, start: Design, o: OptimizeSettings, opts: { fullHistory?: boolean } = {}): Generator<StepEvent, OptimizeResult, void> {
  const N = o.numSteps;
  const history: OptiStep[] = [];
  const first = simulateObjective(sim, start.data, o.penaltyWeight);
  history.push({ step: 0, objectives: [first.objective] });
  // N + 1 recorded steps: the start (step 0) and N updates, so progress ends at N + 1 of N + 1, never past it
  yield { step: 0, objectives: [first.objective], maxIter: N + 1 };
  const rho = Float64Array.from(start.data, (v) => Math.min(1, Math.max(0, v)));
  const adam: AdamState = { m: new Float64Array(rho.length), v: new Float64Array(rho.length) };
  let design: Float64Array = Float64Array.from(start.data);
  for (let t = 1; t <= N; t++) {
    const p: FilterParams = { blurRadius: o.blurRadius, beta: betaAt(t, N, o.initialBeta, o.maxBeta), eta: o.eta };
    const J = physicalObjective(sim, rho, p, o.penaltyWeight);
    if (!Number.isFinite(J.objective)) throw new NumericError(`photonics2d: objective is ${J.objective} at step ${t}`, { iteration: t });
    design = J.design;
    history.push({ step: t, objectives: [J.objective], ...(opts.fullHistory ? { x: Float64Array.from(J.design), xSensitivities: [Float64Array.from(J.gradient)] } : {}) });
    const change = adamAscent(rho, J.gradient, adam, t, o.stepSize);
    yield { step: t, objectives: [J.objective], change, maxIter: N + 1 };
  }
  return { design: { shape: start.shape, data: design }, history, iterations: N };
}
