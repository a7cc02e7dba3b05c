/**
 * EngiBench v0's own sensitivity formula (fea_model.py, EB-main), reproduced so that optimize follows
 * EngiBench's trajectories (dataset designs, EngiOpt's optimize-from-a-generated-design metrics); the
 * Problem uses it unless config exact_gradient is set. It is NOT the gradient of J; the exact adjoint
 * is in sensitivity.ts. As read from EngiBench:
 *   λm = −Km_ff⁻¹·fm = −u,  temp = λmᵀ·C − uᵀ·C − fth = −2·Cᵀu − fth   (C = Σ_e ρ_e·CEthm on edof8 × edof4),
 *   Kth_mod·λth = temp   with Kth_mod = Kth whose sink rows are identity rows (not symmetric), i.e.
 *   λth_s = temp_s and Kth_ff·λth_f = temp_f − Kth_fs·temp_s,
 *   dJ_e = w·(−ρ'_e·u_eᵀKE·u_e) + (1−w)·λth_eᵀ·(ρ'_e·KEth·T_e)   (ρ' = p·x^(p−1), also for the κ-term).
 * Legend as in sensitivity.ts; fth = tref at free nodes, 0 at sinks.
 */
import { solve, type CholeskyFactor } from '../linalg/sparseCholesky.ts';
import { MATERIAL } from './elementMatrices.ts';
import type { Setup } from './setup.ts';

export interface FieldsForGradient {
  x: Float64Array;
  rho: Float64Array;
  kappa: Float64Array;
  u: Float64Array;
  T: Float64Array;
  /** Unit-modulus element strain energies u_eᵀKE·u_e. */
  cm: Float64Array;
  /** Factor of Kth_ff. */
  thermalFactor: CholeskyFactor;
}

export function engibenchGradient(setup: Setup, f: FieldsForGradient, w: number): Float64Array {
  const { nel, nn, edof4, edof8, KEth, CEthm } = setup;
  const p = MATERIAL.penal;
  const sinks = new Set(setup.bcs.heatsinkNodes);
  // temp = −2·Cᵀu − fth over all nodes.
  const temp = new Float64Array(nn);
  for (let i = 0; i < nn; i++) temp[i] = sinks.has(i) ? 0 : -MATERIAL.tref;
  for (let e = 0; e < nel; e++) {
    for (let b = 0; b < 4; b++) {
      let s = 0;
      for (let a = 0; a < 8; a++) s += CEthm[a * 4 + b] * f.u[edof8[e * 8 + a]];
      temp[edof4[e * 4 + b]] -= 2 * f.rho[e] * s;
    }
  }
  // Right-hand side on free nodes: temp_f − Kth_fs·temp_s (element-wise, Kth = Σ κ_e·KEth).
  const rhsAll = Float64Array.from(temp);
  for (let e = 0; e < nel; e++) {
    for (let b = 0; b < 4; b++) {
      const nb = edof4[e * 4 + b];
      if (!sinks.has(nb)) continue;
      for (let a = 0; a < 4; a++) {
        const na = edof4[e * 4 + a];
        if (!sinks.has(na)) rhsAll[na] -= f.kappa[e] * KEth[a * 4 + b] * temp[nb];
      }
    }
  }
  const sys = setup.therm;
  const rhs = new Float64Array(sys.toGlobal.length);
  for (let i = 0; i < rhs.length; i++) rhs[i] = rhsAll[sys.toGlobal[i]];
  const lf = solve(f.thermalFactor, rhs);
  const lamth = Float64Array.from(temp);
  for (let i = 0; i < lf.length; i++) lamth[sys.toGlobal[i]] = lf[i];

  const dJ = new Float64Array(nel);
  for (let e = 0; e < nel; e++) {
    const dx = p * f.x[e] ** (p - 1);
    let t = 0;
    for (let a = 0; a < 4; a++) {
      let r = 0;
      for (let b = 0; b < 4; b++) r += KEth[a * 4 + b] * f.T[edof4[e * 4 + b]];
      t += lamth[edof4[e * 4 + a]] * dx * r;
    }
    dJ[e] = w * (-dx * f.cm[e]) + (1 - w) * t;
  }
  return dJ;
}
