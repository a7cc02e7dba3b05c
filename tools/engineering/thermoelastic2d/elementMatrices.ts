/**
 * ThermoElastic2D element matrices and material constants (engibench.md §3.1; EngiBench
 * `fem_matrix_builder.fe_melthm`). Unit-square bilinear (Q4) elements.
 *
 * Legend: E Young's modulus, ν Poisson's ratio, k conductivity, α thermal expansion coefficient,
 * KE (8×8) plane-stress stiffness, KEth (4×4) conductivity, CEthm (8×4) thermal-expansion coupling
 * (nodal force per unit temperature rise). Local node order is lower-left, lower-right, upper-right,
 * upper-left (edof4), with DOFs (x, y) per node in the same order (edof8). Row-major Float64Arrays.
 */
import { elementStiffness as q4PlaneStressStiffness } from '../fem/q4PlaneStress.ts';


/** Constants fixed by EngiBench's `FeaModel.run` (none are conditions). */
export const MATERIAL = {
  /** SIMP exponent p for stiffness (x^p), thermal-compliance weighting (x^p) and conductivity ((κ0 + x)^p). */
  penal: 3,
  E: 1,
  nu: 0.3,
  k: 1,
  alpha: 5e-4,
  /** Reference temperature; also the uniform nodal heat load. */
  tref: 9.267e-4,
  /** Conductivity offset κ0: κ_e = (κ0 + x_e)^p. */
  kappa0: 0.02,
  /** Magnitude of each point load (x and/or y). */
  pointLoad: 0.5,
  /** Density bounds of the optimizer (there is no Emin: xmin keeps Km non-singular). */
  xmin: 1e-3,
  xmax: 1,
  /** Sensitivity-filter radius: EngiBench hard-codes 1.1 and ignores the `rmin` condition. */
  rminFixed: 1.1,
} as const;

/** 88-line Q4 plane-stress stiffness KE = E/(1−ν²)·k[P] (the same element as Beams2D). */
export function elementStiffness(E: number = MATERIAL.E, nu: number = MATERIAL.nu): Float64Array {
  return q4PlaneStressStiffness(nu, E);
}

/** Bilinear conductivity KEth = (k/6)·[[4,−1,−2,−1],[−1,4,−1,−2],[−2,−1,4,−1],[−1,−2,−1,4]]. */
export function elementConductivity(k: number = MATERIAL.k): Float64Array {
  const M = [4, -1, -2, -1, -1, 4, -1, -2, -2, -1, 4, -1, -1, -2, -1, 4];
  return Float64Array.from(M, (v) => (k / 6) * v);
}

/** Thermal-expansion coupling CEthm = E·α/(6(1−ν))·M (8×4): force on edof8 per unit (T_e − tref) on edof4. */
export function elementCoupling(E: number = MATERIAL.E, alpha: number = MATERIAL.alpha, nu: number = MATERIAL.nu): Float64Array {
  const M = [
    [-2, -2, -1, -1],
    [-2, -1, -1, -2],
    [2, 2, 1, 1],
    [-1, -2, -2, -1],
    [1, 1, 2, 2],
    [1, 2, 2, 1],
    [-1, -1, -2, -2],
    [2, 1, 1, 2],
  ];
  const s = (E * alpha) / (6 * (1 - nu));
  return Float64Array.from(M.flat(), (v) => s * v);
}
