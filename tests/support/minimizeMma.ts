/**
 * A plain MMA driver for small smooth problems: evaluate, step, repeat until the design
 * stops moving. Topology-optimization loops (thermoelastic2d) call `mmaStep` themselves.
 * Legend: f0 objective, f_i constraints f_i(x) ≤ 0 (i = 1..m), tol on max_j |Δx_j|.
 */
import { initMma, mmaStep, svanbergParams, type MmaBounds, type MmaParams } from '../../tools/engineering/mma/mma.ts';

export interface SmoothProblem {
  n: number;
  m: number;
  bounds: MmaBounds;
  /** f0, ∂f0/∂x, f (m) and ∂f/∂x (m×n row-major) at x. */
  evaluate(x: Float64Array): { f0: number; df0dx: Float64Array; fval: Float64Array; dfdx: Float64Array };
}

export interface MinimizeResult {
  x: Float64Array;
  f0: number;
  fval: Float64Array;
  lam: Float64Array;
  iterations: number;
}

export function minimizeMma(problem: SmoothProblem, x0: Float64Array, opts: { params?: Partial<MmaParams>; maxIter?: number; tol?: number } = {}): MinimizeResult {
  const params = svanbergParams(problem.m, opts.params);
  const maxIter = opts.maxIter ?? 200;
  const tol = opts.tol ?? 1e-7;
  let x: Float64Array = x0.slice();
  let state = initMma(x, problem.bounds);
  let lam: Float64Array = new Float64Array(problem.m);
  let iterations = 0;
  while (iterations < maxIter) {
    const ev = problem.evaluate(x);
    const step = mmaStep(state, { xval: x, df0dx: ev.df0dx, fval: ev.fval, dfdx: ev.dfdx }, problem.bounds, params);
    iterations++;
    let change = 0;
    for (let j = 0; j < x.length; j++) change = Math.max(change, Math.abs(step.x[j] - x[j]));
    x = step.x;
    state = step.state;
    lam = step.lam;
    if (change < tol) break;
  }
  const last = problem.evaluate(x);
  return { x, f0: last.f0, fval: last.fval, lam, iterations };
}
