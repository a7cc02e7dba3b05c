/**
 * Optimality-criteria update (top88 l.69–82, EngiBench `inner_opt`): bisection on the Lagrange
 * multiplier of the volume constraint, evaluated on the printed density.
 *
 * Legend: x design variables, dc/dv filtered sensitivities (dc ≤ 0, dv > 0), lmid multiplier,
 * move = 0.2, xnew = clip(x·sqrt(−dc/dv/lmid), max(0, x−move), min(1, x+move)),
 * xPhys = H·xnew/Hs, xPrint = overhang(xPhys) or xPhys; volume target volfrac·nelx·nely.
 * Stops when (l2−l1)/(l1+l2) ≤ 1e-3 or |l2−l1| < machine epsilon.
 * Without a print filter the volume is linear in xnew: Σ xPhys = wᵀ xnew with w = Hᵀ(1/Hs), so each
 * bisection pass costs one dot product and the filter runs once, on the last pass's xnew.
 */
import { applyFilter, applyFilterTranspose, type DensityFilter } from './filter.ts';

export const MOVE = 0.2;
export const MIN_RATIO = 1e-3;
const EPS = 2.220446049250313e-16;

export interface OcContext {
  readonly filter: DensityFilter;
  /** volfrac·nelx·nely, evaluated in that order. */
  readonly targetVolume: number;
  /** xPrint ← overhang(xPhys) when the overhang constraint is on. */
  readonly print?: (xPhys: Float64Array, xPrint: Float64Array) => void;
  /** w = Hᵀ(1/Hs), used when there is no print filter (see volumeWeights). */
  readonly w?: Float64Array;
}

/** w_j = Σ_e H_ej / Hs_e, so that Σ_e xPhys_e = Σ_j w_j x_j. */
export function volumeWeights(filter: DensityFilter): Float64Array {
  const ones = new Float64Array(filter.nel).fill(1);
  return applyFilterTranspose(filter, ones, new Float64Array(filter.nel), new Float64Array(filter.nel));
}

export interface OcState {
  readonly xnew: Float64Array;
  readonly xPhys: Float64Array;
  /** Equal to xPhys (same array) when there is no print filter. */
  readonly xPrint: Float64Array;
  /** Scratch: −dc/dv per element. */
  readonly g: Float64Array;
}

export function createOcState(nel: number, withPrint: boolean): OcState {
  const xPhys = new Float64Array(nel);
  return { xnew: new Float64Array(nel), xPhys, xPrint: withPrint ? new Float64Array(nel) : xPhys, g: new Float64Array(nel) };
}

function sum(a: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i];
  return s;
}

/** Σ xPrint for the candidate xnew (filters and prints it, unless the linear shortcut applies). */
function volume(ctx: OcContext, xnew: Float64Array, xPhys: Float64Array, xPrint: Float64Array): number {
  if (!ctx.print && ctx.w) {
    const w = ctx.w;
    let s = 0;
    for (let e = 0; e < xnew.length; e++) s += w[e] * xnew[e];
    return s;
  }
  applyFilter(ctx.filter, xnew, xPhys);
  if (ctx.print) ctx.print(xPhys, xPrint);
  return sum(xPrint);
}

/** One OC update from x; fills st.xnew, st.xPhys, st.xPrint from the last bisection pass; returns ‖xnew − x‖∞. */
export function ocUpdate(ctx: OcContext, x: Float64Array, dc: Float64Array, dv: Float64Array, st: OcState): number {
  const { xnew, xPhys, xPrint, g } = st;
  const nel = x.length;
  for (let e = 0; e < nel; e++) g[e] = -dc[e] / dv[e];
  let l1 = 0;
  let l2 = 1e9;
  let lastVolume = NaN;
  let first = true;
  while ((l2 - l1) / (l1 + l2) > MIN_RATIO && Math.abs(l2 - l1) >= EPS) {
    const lmid = 0.5 * (l2 + l1);
    let same = !first;
    for (let e = 0; e < nel; e++) {
      const xe = x[e];
      let v = xe * Math.sqrt(g[e] / lmid);
      const hi = xe + MOVE < 1 ? xe + MOVE : 1;
      const lo = xe - MOVE > 0 ? xe - MOVE : 0;
      if (v > hi) v = hi;
      if (v < lo) v = lo;
      if (v !== xnew[e]) same = false;
      xnew[e] = v;
    }
    // Early passes (huge lmid) often clip every element to its lower bound: the candidate is then
    // bit-identical to the previous one, and so are its xPhys, xPrint and volume.
    if (!same) lastVolume = volume(ctx, xnew, xPhys, xPrint);
    first = false;
    if (lastVolume > ctx.targetVolume) l1 = lmid;
    else l2 = lmid;
  }
  if (!ctx.print && ctx.w) applyFilter(ctx.filter, xnew, xPhys);
  let change = 0;
  for (let e = 0; e < nel; e++) {
    const d = Math.abs(xnew[e] - x[e]);
    if (d > change) change = d;
  }
  return change;
}
