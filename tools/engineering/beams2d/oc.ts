/**
 * Optimality-criteria update (top88 l.69–82, EngiBench `inner_opt`): bisection on the Lagrange
 * multiplier of the volume constraint, evaluated on the printed density.
 *
 * Legend: x design variables, dc/dv filtered sensitivities (dc ≤ 0, dv > 0), g = −dc/dv, lmid multiplier,
 * move = 0.2, lo = max(0, x−move), hi = min(1, x+move), xnew = clip(x·sqrt(g/lmid), lo, hi),
 * xPhys = H·xnew/Hs, xPrint = overhang(xPhys) or xPhys; volume target volfrac·nelx·nely.
 * Stops when (l2−l1)/(l1+l2) ≤ 1e-3 or |l2−l1| < machine epsilon.
 *
 * Without a print filter the volume is linear in xnew: Σ xPhys = wᵀ xnew with w = Hᵀ(1/Hs), so a
 * bisection pass needs no filtering. It is cheaper still: with a_e = w_e·x_e·sqrt(g_e) and
 * r = 1/sqrt(lmid), w_e·xnew_e = clip(a_e·r, w_e·lo_e, w_e·hi_e), which has no division or square root
 * per element. That sum differs from the spec's (w_e·xnew_e summed in element order) by rounding only,
 * at most GUARD·n·ε·volume; whenever the two could fall on different sides of the target, the pass is
 * redone the spec's way. So every pass takes the spec's decision, and xnew (computed the spec's way
 * once, on the last pass) is bit-for-bit what the plain transcription gives.
 */
import { applyFilter, applyFilterTranspose, type DensityFilter } from './filter.ts';

export const MOVE = 0.2;
export const MIN_RATIO = 1e-3;
const EPS = 2.220446049250313e-16;
/** Rounding bound of the fast volume, in units of n·ε·volume (the analysis gives about 2). */
const GUARD = 4;
/** Absolute slack per element for terms in the subnormal range. */
const TINY = 1e-290;
/** Fast sums spent locating the multiplier before the bisection replays its decisions. */
const NARROW_PROBES = 14;

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
  /** Scratch: g = −dc/dv per element. */
  readonly g: Float64Array;
  /** Scratch for the linear volume: a = w·x·sqrt(g), wLo = w·lo, wHi = w·hi. */
  readonly a: Float64Array;
  readonly wLo: Float64Array;
  readonly wHi: Float64Array;
}

export function createOcState(nel: number, withPrint: boolean): OcState {
  const xPhys = new Float64Array(nel);
  const f = () => new Float64Array(nel);
  return { xnew: f(), xPhys, xPrint: withPrint ? f() : xPhys, g: f(), a: f(), wLo: f(), wHi: f() };
}

function sum(a: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i];
  return s;
}

/** xnew ← clip(x·sqrt(g/lmid), lo, hi), the spec's candidate; returns whether xnew was unchanged. */
function candidate(x: Float64Array, g: Float64Array, lmid: number, xnew: Float64Array): boolean {
  let same = true;
  for (let e = 0; e < x.length; e++) {
    const xe = x[e];
    let v = xe * Math.sqrt(g[e] / lmid);
    const hi = xe + MOVE < 1 ? xe + MOVE : 1;
    const lo = xe - MOVE > 0 ? xe - MOVE : 0;
    if (v > hi) v = hi;
    if (v < lo) v = lo;
    if (v !== xnew[e]) same = false;
    xnew[e] = v;
  }
  return same;
}

/** Σ_e w_e·xnew_e in element order, the spec's linear volume (fills xnew). */
function exactVolume(x: Float64Array, g: Float64Array, lmid: number, w: Float64Array, xnew: Float64Array): number {
  candidate(x, g, lmid, xnew);
  let s = 0;
  for (let e = 0; e < xnew.length; e++) s += w[e] * xnew[e];
  return s;
}

/** Fills st.a, st.wLo, st.wHi; false when some input is outside the range the rounding bound covers. */
function prepareLinear(x: Float64Array, w: Float64Array, st: OcState): boolean {
  const { g, a, wLo, wHi } = st;
  for (let e = 0; e < x.length; e++) {
    const xe = x[e];
    const ge = g[e];
    const we = w[e];
    if (!(xe >= 0 && xe <= 1 && ge >= 0 && ge < 1e280 && we >= 0 && we < 1e280)) return false;
    a[e] = we * xe * Math.sqrt(ge);
    wHi[e] = we * (xe + MOVE < 1 ? xe + MOVE : 1);
    wLo[e] = we * (xe - MOVE > 0 ? xe - MOVE : 0);
  }
  return true;
}

/** Σ_e clip(a_e·r, wLo_e, wHi_e) in four interleaved partial sums (order is free here: see header). */
function fastVolume(a: Float64Array, wLo: Float64Array, wHi: Float64Array, r: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let e = 0;
  for (; e + 3 < a.length; e += 4) {
    s0 += Math.min(wHi[e], Math.max(wLo[e], a[e] * r));
    s1 += Math.min(wHi[e + 1], Math.max(wLo[e + 1], a[e + 1] * r));
    s2 += Math.min(wHi[e + 2], Math.max(wLo[e + 2], a[e + 2] * r));
    s3 += Math.min(wHi[e + 3], Math.max(wLo[e + 3], a[e + 3] * r));
  }
  for (; e < a.length; e++) s0 += Math.min(wHi[e], Math.max(wLo[e], a[e] * r));
  return s0 + s1 + (s2 + s3);
}

/**
 * Which side of the target the spec's linear volume falls on, as a function of lmid. Both the spec's
 * sum and the fast one are non-increasing in lmid (every rounding is monotone), so a decision at l holds
 * for every lmid ≤ l (above) or ≥ l (not above): lA and lB keep the tightest such l seen.
 */
class LinearSide {
  /** Spec volume > target for every lmid ≤ lA; ≤ target for every lmid ≥ lB. */
  lA = 0;
  lB = Infinity;
  private readonly slack: number;

  constructor(
    private readonly x: Float64Array,
    private readonly w: Float64Array,
    private readonly st: OcState,
    private readonly target: number,
    private readonly fast: boolean,
  ) {
    this.slack = GUARD * x.length * EPS;
  }

  /** Fast sum at l minus the target; records a certified side in lA/lB; NaN when too close to call. */
  probe(l: number): number {
    if (!this.fast) return NaN;
    const s = fastVolume(this.st.a, this.st.wLo, this.st.wHi, 1 / Math.sqrt(l));
    if (Math.abs(s - this.target) <= this.slack * s + TINY * this.x.length) return NaN;
    if (s > this.target) this.lA = Math.max(this.lA, l);
    else this.lB = Math.min(this.lB, l);
    return s - this.target;
  }

  /** The spec's decision `volume(l) > target`, from the bounds, the fast sum, or the spec's sum. */
  above(l: number): boolean {
    if (l <= this.lA) return true;
    if (l >= this.lB) return false;
    const d = this.probe(l);
    if (d === d) return d > 0;
    return exactVolume(this.x, this.st.g, l, this.w, this.st.xnew) > this.target;
  }

  /**
   * Tightens [lA, lB] around the root of the fast sum before the bisection runs: bisection on log l down
   * to a factor 2, then regula falsi (Illinois) in r = 1/sqrt(l), where the volume is piecewise linear.
   */
  narrow(lMin: number, lMax: number, probes: number): void {
    let lo = lMin;
    let hi = lMax;
    let dLo = this.probe(lo); // > 0: too much material at small l
    let dHi = this.probe(hi);
    if (!(dLo > 0 && dHi < 0)) return;
    while (probes > 0 && hi > 2 * lo) {
      const l = Math.sqrt(lo * hi);
      const d = this.probe(l);
      probes--;
      if (d !== d) return;
      if (d > 0) [lo, dLo] = [l, d];
      else [hi, dHi] = [l, d];
    }
    // in r = 1/sqrt(l), r increases as l decreases: rA = r(lo) with dLo > 0, rB = r(hi) with dHi < 0
    let rA = 1 / Math.sqrt(lo);
    let rB = 1 / Math.sqrt(hi);
    let kept = 0;
    while (probes > 0 && rA - rB > 1e-9 * rA) {
      const r = rB + ((rA - rB) * -dHi) / (dLo - dHi);
      if (!(r > rB && r < rA)) return;
      const d = this.probe(1 / (r * r));
      probes--;
      if (d !== d) return;
      if (d > 0) {
        [rA, dLo] = [r, d];
        if (kept === 1) dHi *= 0.5;
        kept = 1;
      } else {
        [rB, dHi] = [r, d];
        if (kept === -1) dLo *= 0.5;
        kept = -1;
      }
    }
  }
}

/** Bisection on lmid with the decision `volume(lmid) > target` given by above; returns the last lmid. */
function bisect(above: (lmid: number) => boolean): number {
  let l1 = 0;
  let l2 = 1e9;
  let lmid = NaN;
  while ((l2 - l1) / (l1 + l2) > MIN_RATIO && Math.abs(l2 - l1) >= EPS) {
    lmid = 0.5 * (l2 + l1);
    if (above(lmid)) l1 = lmid;
    else l2 = lmid;
  }
  return lmid;
}

/** One OC update from x; fills st.xnew, st.xPhys, st.xPrint from the last bisection pass; returns ‖xnew − x‖∞. */
export function ocUpdate(ctx: OcContext, x: Float64Array, dc: Float64Array, dv: Float64Array, st: OcState): number {
  const { xnew, xPhys, xPrint, g } = st;
  const nel = x.length;
  for (let e = 0; e < nel; e++) g[e] = -dc[e] / dv[e];
  const w = ctx.print ? undefined : ctx.w;
  if (w) {
    const side = new LinearSide(x, w, st, ctx.targetVolume, prepareLinear(x, w, st));
    side.narrow(EPS / 2, 1e9, NARROW_PROBES);
    const lmid = bisect((l) => side.above(l));
    candidate(x, g, lmid, xnew);
    applyFilter(ctx.filter, xnew, xPhys);
  } else {
    let first = true;
    let volume = NaN;
    bisect((lmid) => {
      // Early passes (huge lmid) often clip every element to its lower bound: the candidate is then
      // bit-identical to the previous one, and so are its xPhys, xPrint and volume.
      if (!candidate(x, g, lmid, xnew) || first) {
        applyFilter(ctx.filter, xnew, xPhys);
        if (ctx.print) ctx.print(xPhys, xPrint);
        volume = sum(xPrint);
      }
      first = false;
      return volume > ctx.targetVolume;
    });
  }
  let change = 0;
  for (let e = 0; e < nel; e++) {
    const d = Math.abs(xnew[e] - x[e]);
    if (d > change) change = d;
  }
  return change;
}
