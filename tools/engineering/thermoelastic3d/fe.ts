/**
 * One ThermoElastic3D finite-element pass (EngiBench `fe_mthm_bc_3d` + the objective and sensitivity loop of
 * `FeaModel3D.run`, engibench-3d-and-api.md §2.3), in float64 (EngiBench's TE3D designs are float64 arrays).
 *
 *   Kth(x)·T = fth, Kth = Σ x^p·KEth, fth = tref (0 at the sinks, whose rows are identity rows);
 *   feps = Σ_e x_e^p·CEthm·(T_e − tref);  fm = fp (w = 1), feps (w = 0), fp + feps otherwise;
 *   Km(x)·u = fm on the free DOFs, Km = Σ x^p·KE;
 *   sc = Σ x^p·u_eᵀKE·u_e,  tc = Σ x^p·T_eᵀKEth·T_e.
 * Sensitivities exactly as EngiBench codes them (not the exact gradient: the design dependence of feps and
 * the coupling of T into u are left out or approximated):
 *   λm = −u;  Kth_mod·λth = D_cᵀ(λm − u) − fth  (D_c = Σ x^p·CEthm on all DOFs × nodes; Kth_mod with the
 *   sinks' identity rows and their columns kept), solved exactly: λth_s = rhs_s and
 *   Kth_ff·λth_f = rhs_f − Kth_fs·rhs_s (EngiBench runs its AMG-CG on the non-symmetric Kth_mod);
 *   dfm_e = −p·x^(p−1)·u_eᵀKE·u_e,  dft_e = λth_eᵀ·(p·x^(p−1)·KEth·T_e),  df = w·dfm + (1−w)·dft.
 * Legend: x densities in design order [ey, ex, ez]; s_e = x_e^p in element order; w the weight.
 */
import { NumericError } from '../../errors.ts';
import { assemble } from '../beams3d/setup.ts';
import { MATERIAL } from './elementMatrices.ts';
import { assembleThermal, type Thermo3DSetup } from './setup.ts';
import type { Thermo3DSolvers } from './solvers.ts';

export interface Thermo3DResult {
  sc: number;
  tc: number;
  /** Design-order sensitivities, when asked for: structural, thermal, weighted. */
  dfm?: Float64Array;
  dft?: Float64Array;
  df?: Float64Array;
}

export interface Thermo3DWorkspace {
  mechValues: Float64Array;
  thermValues: Float64Array;
  u: Float64Array;
}

export function createWorkspace(setup: Thermo3DSetup): Thermo3DWorkspace {
  return {
    mechValues: new Float64Array(setup.mech.pattern.colIdx.length),
    thermValues: new Float64Array(setup.therm.pattern.colIdx.length),
    u: new Float64Array(setup.mech.ndof),
  };
}

function assertFinite(v: Float64Array, what: string): void {
  for (let i = 0; i < v.length; i++) {
    if (!Number.isFinite(v[i])) throw new NumericError(`thermoelastic3d: the ${what} is not finite (entry ${i}); a design with zero densities makes the matrices singular (there is no Emin)`);
  }
}

export function feAnalysis(setup: Thermo3DSetup, solvers: Thermo3DSolvers, x: Float64Array, penal: number, weight: number, opts: { gradient: boolean }, ws = createWorkspace(setup)): Thermo3DResult {
  const { nel, nn, edof8, densityIndex, KE, KEth, CEthm, mech, therm } = setup;
  const edof = mech.edof;
  const s = new Float64Array(nel);
  for (let e = 0; e < nel; e++) s[e] = Math.pow(x[densityIndex[e]], penal);

  // thermal
  assembleThermal(setup, s, ws.thermValues);
  solvers.therm.prepare(ws.thermValues, s);
  const fth = new Float64Array(nn);
  for (let n = 0; n < nn; n++) fth[n] = therm.sink[n] ? 0 : MATERIAL.tref;
  const T = solvers.therm.solve(fth);
  assertFinite(T, 'temperature');

  // mechanical, with the thermal-expansion load
  const fm = new Float64Array(mech.ndof);
  if (weight !== 0) fm.set(setup.fp);
  if (weight !== 1) {
    for (let e = 0; e < nel; e++) {
      for (let i = 0; i < 24; i++) {
        let v = 0;
        for (let b = 0; b < 8; b++) v += CEthm[i * 8 + b] * (T[edof8[e * 8 + b]] - MATERIAL.tref);
        fm[edof[e * 24 + i]] += s[e] * v;
      }
    }
  }
  for (let i = 0; i < fm.length; i++) if (mech.fixed[i]) fm[i] = 0;
  assemble(mech, s, ws.mechValues);
  const u = solvers.mech.solve(ws.mechValues, fm, ws.u, s);
  assertFinite(u, 'displacement');

  const em = new Float64Array(nel);
  const et = new Float64Array(nel);
  const ue = new Float64Array(24);
  const te = new Float64Array(8);
  let sc = 0, tc = 0;
  for (let e = 0; e < nel; e++) {
    for (let i = 0; i < 24; i++) ue[i] = u[edof[e * 24 + i]];
    for (let a = 0; a < 8; a++) te[a] = T[edof8[e * 8 + a]];
    let m = 0;
    for (let i = 0; i < 24; i++) {
      let r = 0;
      for (let j = 0; j < 24; j++) r += KE[i * 24 + j] * ue[j];
      m += ue[i] * r;
    }
    let t = 0;
    for (let a = 0; a < 8; a++) {
      let r = 0;
      for (let b = 0; b < 8; b++) r += KEth[a * 8 + b] * te[b];
      t += te[a] * r;
    }
    em[e] = m;
    et[e] = t;
    sc += s[e] * m;
    tc += s[e] * t;
  }
  if (!opts.gradient) return { sc, tc };

  // thermal adjoint: rhs = D_cᵀ(−2u) − fth over all nodes, then the sink columns moved to the right-hand side
  const rhs = new Float64Array(nn);
  for (let n = 0; n < nn; n++) rhs[n] = -fth[n];
  for (let e = 0; e < nel; e++) {
    for (let b = 0; b < 8; b++) {
      let v = 0;
      for (let i = 0; i < 24; i++) v += CEthm[i * 8 + b] * u[edof[e * 24 + i]];
      rhs[edof8[e * 8 + b]] += -2 * s[e] * v;
    }
  }
  const reduced = Float64Array.from(rhs);
  for (let e = 0; e < nel; e++) {
    for (let b = 0; b < 8; b++) {
      const nb = edof8[e * 8 + b];
      if (!therm.sink[nb]) continue;
      for (let a = 0; a < 8; a++) {
        const na = edof8[e * 8 + a];
        if (!therm.sink[na]) reduced[na] -= s[e] * KEth[a * 8 + b] * rhs[nb];
      }
    }
  }
  const lam = solvers.therm.solve(reduced);
  assertFinite(lam, 'thermal adjoint');

  const n = x.length;
  const dfm = new Float64Array(n), dft = new Float64Array(n), df = new Float64Array(n);
  for (let e = 0; e < nel; e++) {
    const k = densityIndex[e];
    const dp = penal * Math.pow(x[k], penal - 1);
    let t = 0;
    for (let a = 0; a < 8; a++) {
      let r = 0;
      for (let b = 0; b < 8; b++) r += KEth[a * 8 + b] * T[edof8[e * 8 + b]];
      t += lam[edof8[e * 8 + a]] * dp * r;
    }
    dfm[k] = -dp * em[e];
    dft[k] = t;
    df[k] = weight * dfm[k] + (1 - weight) * dft[k];
  }
  return { sc, tc, dfm, dft, df };
}
