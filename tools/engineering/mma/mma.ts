/**
 * The Method of Moving Asymptotes (Svanberg 1987; the 2007 "mmasub" form), generic in n and m.
 *
 * Solves, one outer iteration at a time,
 *   min f0(x) + a0·z + Σ_i (c_i·y_i + ½·d_i·y_i²)
 *   s.t. f_i(x) − a_i·z − y_i ≤ 0,  xmin ≤ x ≤ xmax,  y ≥ 0, z ≥ 0   (i = 1..m)
 * by building the convex separable approximation around xval with asymptotes low < x < upp and
 * handing it to the primal–dual interior-point `subsolve`.
 *
 * Legend: k outer iteration (1-based), xval current point, xold1/xold2 the two previous iterates,
 * low/upp moving asymptotes, alfa/beta the subproblem's move limits, p0/q0 (n) and P/Q (m×n) the
 * approximation coefficients, b (m) the constraint right-hand sides, Δ = xmax − xmin.
 * Pure: `mmaStep` returns a new state and never mutates its inputs.
 */
import { InputError } from '../../errors.ts';
import { subsolve } from './subsolve.ts';

export interface MmaParams {
  /** Largest step as a fraction of Δ. */
  move: number;
  /** alfa/beta stay this fraction of the way from the asymptotes towards xval. */
  albefa: number;
  /** Initial asymptote distance (fraction of Δ) in iterations 1 and 2. */
  asyinit: number;
  /** Asymptote widening factor when the iterates move monotonically. */
  asyincr: number;
  /** Asymptote narrowing factor when the iterates oscillate. */
  asydecr: number;
  /** Largest asymptote distance (fraction of Δ). */
  asymax: number;
  /** Smallest asymptote distance (fraction of Δ). */
  asymin: number;
  /** Regularisation added to p0, q0, P, Q (scaled by 1/Δ). */
  raa0: number;
  /** Interior-point barrier target of the subproblem solver. */
  epsimin: number;
  /** Weight of the artificial variable z. */
  a0: number;
  /** Per-constraint a_i, c_i, d_i (length m). */
  a: Float64Array;
  c: Float64Array;
  d: Float64Array;
}

/** Svanberg's recommended constants for a plain NLP with m constraints (a0 = 1, a = 0, c = 1000, d = 1). */
export function svanbergParams(m: number, overrides: Partial<MmaParams> = {}): MmaParams {
  return {
    move: 0.5,
    albefa: 0.1,
    asyinit: 0.5,
    asyincr: 1.2,
    asydecr: 0.7,
    asymax: 10,
    asymin: 0.01,
    raa0: 1e-5,
    epsimin: 1e-7,
    a0: 1,
    a: new Float64Array(m),
    c: new Float64Array(m).fill(1000),
    d: new Float64Array(m).fill(1),
    ...overrides,
  };
}

export interface MmaState {
  /** Outer iterations done so far. */
  readonly iter: number;
  readonly xold1: Float64Array;
  readonly xold2: Float64Array;
  readonly low: Float64Array;
  readonly upp: Float64Array;
}

/** What the caller evaluated at xval. */
export interface MmaEvaluation {
  xval: Float64Array;
  /** ∂f0/∂x (n). */
  df0dx: Float64Array;
  /** f_i(xval) (m). */
  fval: Float64Array;
  /** ∂f_i/∂x_j, row-major m×n. */
  dfdx: Float64Array;
}

export interface MmaBounds {
  xmin: Float64Array;
  xmax: Float64Array;
}

export interface MmaStepResult {
  x: Float64Array;
  state: MmaState;
  /** Constraint multipliers of the subproblem (m). */
  lam: Float64Array;
}

export function initMma(x0: Float64Array, bounds: MmaBounds): MmaState {
  return { iter: 0, xold1: x0.slice(), xold2: x0.slice(), low: bounds.xmin.slice(), upp: bounds.xmax.slice() };
}

/** Moving asymptotes for outer iteration k (Svanberg's heuristic, clamped to [asymin, asymax]·Δ). */
export function asymptotes(k: number, xval: Float64Array, state: MmaState, bounds: MmaBounds, p: MmaParams): { low: Float64Array; upp: Float64Array } {
  const n = xval.length;
  const low = new Float64Array(n);
  const upp = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const delta = bounds.xmax[j] - bounds.xmin[j];
    if (k <= 2) {
      low[j] = xval[j] - p.asyinit * delta;
      upp[j] = xval[j] + p.asyinit * delta;
      continue;
    }
    const zzz = (xval[j] - state.xold1[j]) * (state.xold1[j] - state.xold2[j]);
    const factor = zzz > 0 ? p.asyincr : zzz < 0 ? p.asydecr : 1;
    let lo = xval[j] - factor * (state.xold1[j] - state.low[j]);
    let up = xval[j] + factor * (state.upp[j] - state.xold1[j]);
    lo = Math.min(Math.max(lo, xval[j] - p.asymax * delta), xval[j] - p.asymin * delta);
    up = Math.max(Math.min(up, xval[j] + p.asymax * delta), xval[j] + p.asymin * delta);
    low[j] = lo;
    upp[j] = up;
  }
  return { low, upp };
}

/** One MMA outer iteration: returns the subproblem's minimiser and the advanced state. */
export function mmaStep(state: MmaState, ev: MmaEvaluation, bounds: MmaBounds, p: MmaParams): MmaStepResult {
  const n = ev.xval.length;
  const m = ev.fval.length;
  if (ev.df0dx.length !== n || ev.dfdx.length !== m * n || p.a.length !== m || p.c.length !== m || p.d.length !== m) {
    throw new InputError(`mma: inconsistent sizes (n = ${n}, m = ${m}, df0dx ${ev.df0dx.length}, dfdx ${ev.dfdx.length}, a/c/d ${p.a.length}/${p.c.length}/${p.d.length})`, { field: 'mma' });
  }
  const k = state.iter + 1;
  const { xval } = ev;
  const { low, upp } = asymptotes(k, xval, state, bounds, p);

  const alfa = new Float64Array(n);
  const beta = new Float64Array(n);
  const p0 = new Float64Array(n);
  const q0 = new Float64Array(n);
  const P = new Float64Array(m * n);
  const Q = new Float64Array(m * n);
  const b = new Float64Array(m);
  for (let i = 0; i < m; i++) b[i] = -ev.fval[i];
  for (let j = 0; j < n; j++) {
    const delta = bounds.xmax[j] - bounds.xmin[j];
    alfa[j] = Math.max(low[j] + p.albefa * (xval[j] - low[j]), xval[j] - p.move * delta, bounds.xmin[j]);
    beta[j] = Math.min(upp[j] - p.albefa * (upp[j] - xval[j]), xval[j] + p.move * delta, bounds.xmax[j]);
    const xmamiinv = 1 / Math.max(delta, 1e-5);
    const ux1 = upp[j] - xval[j];
    const xl1 = xval[j] - low[j];
    const ux2 = ux1 * ux1;
    const xl2 = xl1 * xl1;
    const g0 = ev.df0dx[j];
    const pq0 = 0.001 * Math.abs(g0) + p.raa0 * xmamiinv;
    p0[j] = (Math.max(g0, 0) + pq0) * ux2;
    q0[j] = (Math.max(-g0, 0) + pq0) * xl2;
    for (let i = 0; i < m; i++) {
      const g = ev.dfdx[i * n + j];
      const pq = 0.001 * Math.abs(g) + p.raa0 * xmamiinv;
      const pij = (Math.max(g, 0) + pq) * ux2;
      const qij = (Math.max(-g, 0) + pq) * xl2;
      P[i * n + j] = pij;
      Q[i * n + j] = qij;
      b[i] += pij / ux1 + qij / xl1;
    }
  }

  const sol = subsolve({ m, n, epsimin: p.epsimin, low, upp, alfa, beta, p0, q0, P, Q, a0: p.a0, a: p.a, b, c: p.c, d: p.d });
  const next: MmaState = { iter: k, xold1: xval.slice(), xold2: state.xold1.slice(), low, upp };
  return { x: sol.x, state: next, lam: sol.lam };
}
