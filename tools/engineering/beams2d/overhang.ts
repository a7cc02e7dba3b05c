/**
 * Langelaar's additive-manufacturing (overhang) filter, printed bottom to top with the base plate
 * at image row nely−1 (EngiBench `compute_xi`, `overhang_filter_x`, `overhang_filter_d`).
 *
 * Legend (rows i = ely, columns j = elx, element e = j·nely + i):
 *   x   blueprint density (xPhys), ξ printed density (xPrint);
 *   S_ij = Σ_{m ∈ {j−1, j, j+1}} (ξ_{i+1,m} + SHIFT)^P   (0-padded outside the domain),
 *   Ξ_ij = S_ij^(1/Q) − BACKSHIFT                           smooth max of the supports,
 *   ξ_ij = ½(x_ij + Ξ_ij − sqrt((x_ij − Ξ_ij)² + ε) + sqrt(ε))  smooth min; ξ of the base row = x.
 */

export const P = 40; // pow40() below hard-codes this exponent
export const EPSILON = 1e-4;
export const XI0 = 0.5;
export const NS = 3;
export const Q = P + Math.log(NS) / Math.log(XI0);
const TINY = 2.2250738585072014e-308;
export const SHIFT = 100 * TINY ** (1 / P);
export const BACKSHIFT = 0.95 * NS ** (1 / Q) * SHIFT ** (P / Q);
const SQRT_EPS = Math.sqrt(EPSILON);
const PAD = SHIFT ** P;

/** v^40 by repeated squaring (6 multiplies; a few ulps from Math.pow, far cheaper). */
function pow40(v: number): number {
  const v2 = v * v;
  const v5 = v2 * v2 * v;
  const v10 = v5 * v5;
  const v20 = v10 * v10;
  return v20 * v20;
}

export interface OverhangFilter {
  /** ξ ← overhang(x). Caches S and Ξ of the last call for `adjoint`. */
  forward(x: Float64Array, xi: Float64Array): Float64Array;
  /**
   * Chain rule through the last `forward`: in place, each of `grads` (∂f/∂ξ on entry)
   * becomes ∂f/∂x on return.
   */
  adjoint(x: Float64Array, xi: Float64Array, grads: Float64Array[]): void;
}

export function createOverhangFilter(nelx: number, nely: number): OverhangFilter {
  const nel = nelx * nely;
  const S = new Float64Array(nel);
  const Xi = new Float64Array(nel);
  const pw = new Float64Array(nelx);
  const lam = new Float64Array(nelx);
  const a = new Float64Array(nelx);

  function forward(x: Float64Array, xi: Float64Array): Float64Array {
    const base = nely - 1;
    for (let j = 0; j < nelx; j++) xi[j * nely + base] = x[j * nely + base];
    for (let i = nely - 2; i >= 0; i--) {
      for (let m = 0; m < nelx; m++) pw[m] = pow40(xi[m * nely + i + 1] + SHIFT);
      for (let j = 0; j < nelx; j++) {
        const e = j * nely + i;
        const s = (j > 0 ? pw[j - 1] : PAD) + pw[j] + (j < nelx - 1 ? pw[j + 1] : PAD);
        const Xie = s ** (1 / Q) - BACKSHIFT;
        const d = x[e] - Xie;
        S[e] = s;
        Xi[e] = Xie;
        xi[e] = 0.5 * (x[e] + Xie - Math.sqrt(d * d + EPSILON) + SQRT_EPS);
      }
    }
    return xi;
  }

  function adjointOne(x: Float64Array, xi: Float64Array, g: Float64Array, lam: Float64Array): void {
    lam.fill(0);
    for (let i = 0; i < nely - 1; i++) {
      for (let j = 0; j < nelx; j++) {
        const e = j * nely + i;
        const d = x[e] - Xi[e];
        const q = d / Math.sqrt(d * d + EPSILON);
        const t = g[e] + lam[j];
        g[e] = t * 0.5 * (1 - q);
        a[j] = t * 0.5 * (1 + q) * (P / Q) * S[e] ** (1 / Q - 1);
      }
      for (let m = 0; m < nelx; m++) {
        const s = (m > 0 ? a[m - 1] : 0) + a[m] + (m < nelx - 1 ? a[m + 1] : 0);
        lam[m] = s * (xi[m * nely + i + 1] + SHIFT) ** (P - 1);
      }
    }
    for (let j = 0; j < nelx; j++) g[j * nely + nely - 1] += lam[j];
  }

  function adjoint(x: Float64Array, xi: Float64Array, grads: Float64Array[]): void {
    for (const g of grads) adjointOne(x, xi, g, lam);
  }

  return { forward, adjoint };
}
