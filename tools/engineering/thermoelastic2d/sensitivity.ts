/**
 * One FE pass of ThermoElastic2D: temperatures, displacements, the two compliances and, on request,
 * the exact adjoint gradient of the weighted objective J = w·f_m + (1−w)·f_t (engibench.md §3.1).
 *
 * Legend: ρ_e = x_e^p, κ_e = (κ0 + x_e)^p, primes are d/dx_e; u_e, T_e element DOF vectors;
 * f_m = Σ ρ_e·u_eᵀKE·u_e (= uᵀKm·u), f_t = Σ ρ_e·T_eᵀKEth·T_e (weighted with ρ, not κ, as EngiBench);
 * γ = 1 when the thermal load feps is part of fm (w ≠ 1), else 0.
 *
 * Gradient (derived here, checked by finite differences in the tests):
 *   ∂J/∂x_e = w·ρ'_e·(−u_eᵀKE·u_e + 2γ·u_eᵀCEthm·(T_e − tref)) + (1−w)·ρ'_e·T_eᵀKEth·T_e − κ'_e·μ_eᵀKEth·T_e
 *   with the thermal adjoint Kth_ff·μ_f = g_f, g = 2wγ·Σ_e ρ_e·CEthmᵀu_e + 2(1−w)·Σ_e ρ_e·KEth·T_e, μ = 0 at sinks.
 * The mechanical adjoint of f_m = uᵀKm·u is −2u, so it needs no solve: 3 solves per iteration
 * (T, u, μ) where EngiBench does 4.
 * EngiBench's own per-element formula (fea_model.py) drops the explicit ∂feps/∂x term, weights the
 * via-T part of f_m with (1−w) instead of w, solves its thermal adjoint with the identity-row matrix
 * and differentiates (κ0 + x)^p as x^p, so it is not the gradient of J. Both are available:
 * mode 'engibench' (the Problem's default, to reproduce EngiBench) and 'exact' (config exact_gradient).
 */
import type { Setup } from './setup.ts';
import { MATERIAL } from './elementMatrices.ts';
import { mechanicalLoad, solveMechanical, stiffnessScale, thermalLoad, usesThermalLoad } from './mechanical.ts';
import { conductivityScale, solveThermal, solveThermalAdjoint } from './thermal.ts';
import { engibenchGradient } from './engibenchSensitivity.ts';

/** 'exact': the adjoint gradient of J; 'engibench': EngiBench v0's approximation (engibenchSensitivity.ts). */
export type GradientMode = 'exact' | 'engibench';

export interface Evaluation {
  /** Structural compliance f_m. */
  fm: number;
  /** Thermal compliance f_t. */
  ft: number;
  /** w·f_m + (1−w)·f_t. */
  J: number;
  T: Float64Array;
  u: Float64Array;
  /** ∂J/∂x (image order), when requested. */
  dJ?: Float64Array;
}

/** u_aᵀ·M·v_b for an a×b matrix M (row-major) with gathered element vectors. */
function bilinear(ua: Float64Array, M: Float64Array, vb: Float64Array, a: number, b: number): number {
  let s = 0;
  for (let i = 0; i < a; i++) {
    let r = 0;
    for (let j = 0; j < b; j++) r += M[i * b + j] * vb[j];
    s += ua[i] * r;
  }
  return s;
}

export function evaluateDesign(setup: Setup, x: Float64Array, w: number, opts: { gradient?: boolean; mode?: GradientMode } = {}): Evaluation {
  const { nel, edof4, edof8, KE, KEth, CEthm } = setup;
  const p = MATERIAL.penal;
  const rho = stiffnessScale(x);
  const { T, factor } = solveThermal(setup, x);
  const feps = thermalLoad(setup, rho, T);
  const u = solveMechanical(setup, rho, mechanicalLoad(setup, feps, w));

  const ue = new Float64Array(8);
  const Te = new Float64Array(4);
  const dTe = new Float64Array(4);
  const gather = (e: number) => {
    for (let a = 0; a < 8; a++) ue[a] = u[edof8[e * 8 + a]];
    for (let b = 0; b < 4; b++) {
      Te[b] = T[edof4[e * 4 + b]];
      dTe[b] = Te[b] - MATERIAL.tref;
    }
  };
  const cm = new Float64Array(nel);
  const ct = new Float64Array(nel);
  let fm = 0;
  let ft = 0;
  for (let e = 0; e < nel; e++) {
    gather(e);
    cm[e] = bilinear(ue, KE, ue, 8, 8);
    ct[e] = bilinear(Te, KEth, Te, 4, 4);
    fm += rho[e] * cm[e];
    ft += rho[e] * ct[e];
  }
  const result: Evaluation = { fm, ft, J: w * fm + (1 - w) * ft, T, u };
  if (!opts.gradient) return result;
  if (opts.mode === 'engibench') {
    result.dJ = engibenchGradient(setup, { x, rho, kappa: conductivityScale(x), u, T, cm, thermalFactor: factor }, w);
    return result;
  }

  const gamma = usesThermalLoad(w) ? 1 : 0;
  // Adjoint right-hand side g over all nodes.
  const g = new Float64Array(setup.nn);
  const cg = 2 * w * gamma;
  const tg = 2 * (1 - w);
  if (cg !== 0 || tg !== 0) {
    for (let e = 0; e < nel; e++) {
      gather(e);
      for (let b = 0; b < 4; b++) {
        let s = 0;
        for (let a = 0; a < 8; a++) s += cg * CEthm[a * 4 + b] * ue[a];
        for (let c = 0; c < 4; c++) s += tg * KEth[b * 4 + c] * Te[c];
        g[edof4[e * 4 + b]] += rho[e] * s;
      }
    }
  }
  const mu = cg !== 0 || tg !== 0 ? solveThermalAdjoint(setup, factor, g) : new Float64Array(setup.nn);
  const kappa = conductivityScale(x);
  const dJ = new Float64Array(nel);
  const mue = new Float64Array(4);
  for (let e = 0; e < nel; e++) {
    gather(e);
    for (let b = 0; b < 4; b++) mue[b] = mu[edof4[e * 4 + b]];
    const drho = p * x[e] ** (p - 1);
    const dkappa = (p * kappa[e]) / (MATERIAL.kappa0 + x[e]);
    const coupling = gamma ? 2 * bilinear(ue, CEthm, dTe, 8, 4) : 0;
    dJ[e] = w * drho * (coupling - cm[e]) + (1 - w) * drho * ct[e] - dkappa * bilinear(mue, KEth, Te, 4, 4);
  }
  result.dJ = dJ;
  return result;
}
