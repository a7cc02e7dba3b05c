/**
 * Linear elasticity with a thermal-expansion load: Km(x)·u = fm, fixed nodes clamped in x and y
 * (engibench.md §3.1). Km_ff is SPD once the fixed DOFs are removed; there is no Emin, the bound
 * x ≥ 1e-3 keeps it non-singular.
 *
 * Legend: ρ_e = x_e^p the stiffness scale, KE element stiffness, CEthm element coupling,
 * feps = Σ_e ρ_e·CEthm·(T_e − tref) the thermal load, fp the point loads, w the objective weight,
 * u nodal displacements (ndofm).
 * Load choice (EngiBench `fe_mthm_bc`): fm = feps when w = 0, fm = fp when w = 1, else fp + feps.
 */
import { MATERIAL } from './elementMatrices.ts';
import { factorizeSolveReduced, type Setup } from './setup.ts';

/** ρ_e = x_e^p. */
export function stiffnessScale(x: Float64Array): Float64Array {
  return x.map((xe) => xe ** MATERIAL.penal);
}

/** feps = Σ_e ρ_e·CEthm·(T_e − tref), scattered on edof8. */
export function thermalLoad(setup: Setup, rho: Float64Array, T: Float64Array): Float64Array {
  const { edof4, edof8, CEthm } = setup;
  const feps = new Float64Array(setup.ndofm);
  const dT = new Float64Array(4);
  for (let e = 0; e < setup.nel; e++) {
    for (let b = 0; b < 4; b++) dT[b] = T[edof4[e * 4 + b]] - MATERIAL.tref;
    for (let a = 0; a < 8; a++) {
      let s = 0;
      for (let b = 0; b < 4; b++) s += CEthm[a * 4 + b] * dT[b];
      feps[edof8[e * 8 + a]] += rho[e] * s;
    }
  }
  return feps;
}

/** Whether the thermal load takes part in fm for this weight (all but w = 1). */
export const usesThermalLoad = (w: number) => w !== 1;
/** Whether the point loads take part in fm for this weight (all but w = 0). */
export const usesPointLoad = (w: number) => w !== 0;

export function mechanicalLoad(setup: Setup, feps: Float64Array, w: number): Float64Array {
  const fm = new Float64Array(setup.ndofm);
  for (let i = 0; i < fm.length; i++) fm[i] = (usesPointLoad(w) ? setup.fp[i] : 0) + (usesThermalLoad(w) ? feps[i] : 0);
  return fm;
}

/** u with u = 0 on the fixed DOFs. */
export function solveMechanical(setup: Setup, rho: Float64Array, fm: Float64Array): Float64Array {
  const sys = setup.mech;
  const ff = new Float64Array(sys.toGlobal.length);
  for (let i = 0; i < ff.length; i++) ff[i] = fm[sys.toGlobal[i]];
  const uf = new Float64Array(ff.length);
  factorizeSolveReduced(sys, rho, ff, uf);
  const u = new Float64Array(setup.ndofm);
  for (let i = 0; i < uf.length; i++) u[sys.toGlobal[i]] = uf[i];
  return u;
}
