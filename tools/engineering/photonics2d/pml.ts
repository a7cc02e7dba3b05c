/**
 * Stretched-coordinate PML factors (engibench.md §2.5, ceviche's s-factor profile).
 *
 * Legend: s(l) = 1 − i·σ(l)/(ω ε0), σ(l) = σmax·(l/dw)^m, σmax = −(m+1)·lnR/(2 η0 dw),
 * m = 3, lnR = −30, dw = npml·dL. Cells i = 0 … N−1; 'f' profile uses l = dL·(npml − i + 0.5) on the
 * low side and dL·(i − (N − npml) − 0.5) on the high side; 'b' uses +1 / −1 in place of ±0.5.
 */

export const EPSILON_0 = 8.85418782e-12;
export const MU_0 = 1.25663706e-6;
export const ETA_0 = Math.sqrt(MU_0 / EPSILON_0);
const M_PML = 3;
const LN_R = -30;

export interface ComplexVec {
  re: Float64Array;
  im: Float64Array;
}

/** s-factors for one axis of N cells: 'f' for forward-difference, 'b' for backward-difference derivatives. */
export function sFactor(kind: 'f' | 'b', omega: number, dL: number, N: number, npml: number): ComplexVec {
  const re = new Float64Array(N).fill(1);
  const im = new Float64Array(N);
  if (npml < 1) return { re, im };
  const dw = npml * dL;
  const sigmaMax = (-(M_PML + 1) * LN_R) / (2 * ETA_0 * dw);
  const half = kind === 'f' ? 0.5 : 1;
  for (let i = 0; i < N; i++) {
    let l: number;
    if (i <= npml) l = dL * (npml - i + half);
    else if (i > N - npml) l = dL * (i - (N - npml) - half);
    else continue;
    const sigma = sigmaMax * (l / dw) ** M_PML;
    im[i] = -sigma / (omega * EPSILON_0);
  }
  return { re, im };
}
