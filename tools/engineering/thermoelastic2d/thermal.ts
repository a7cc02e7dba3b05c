/**
 * Steady heat conduction: Kth(x)·T = fth with T = 0 at the heat-sink nodes (engibench.md §3.1).
 * EngiBench replaces the sink rows by identity rows; we solve the reduced SPD system Kth_ff·T_f = fth_f
 * instead, which gives the same T because the prescribed sink temperature is 0.
 *
 * Legend: x element densities (image order), κ_e = (κ0 + x_e)^p the conductivity scale,
 * KEth element conductivity, tref the uniform nodal heat load, T nodal temperatures (nn).
 */
import { solve, type CholeskyFactor } from '../linalg/sparseCholesky.ts';
import { MATERIAL } from './elementMatrices.ts';
import { factorizeSolveReduced, type Setup } from './setup.ts';

export interface ThermalSolution {
  T: Float64Array;
  /** Factor of Kth_ff, reused for the thermal adjoint (valid until the next solveThermal on this setup). */
  factor: CholeskyFactor;
}

/** κ_e = (κ0 + x_e)^p. */
export function conductivityScale(x: Float64Array): Float64Array {
  return x.map((xe) => (MATERIAL.kappa0 + xe) ** MATERIAL.penal);
}

export function solveThermal(setup: Setup, x: Float64Array): ThermalSolution {
  const sys = setup.therm;
  const fthFree = new Float64Array(sys.toGlobal.length).fill(MATERIAL.tref);
  const Tf = new Float64Array(fthFree.length);
  const factor = factorizeSolveReduced(sys, conductivityScale(x), fthFree, Tf);
  const T = new Float64Array(setup.nn);
  for (let i = 0; i < Tf.length; i++) T[sys.toGlobal[i]] = Tf[i];
  return { T, factor };
}

/** Solves Kth_ff·μ_f = g_f for a right-hand side over all nodes; μ = 0 at the sinks. */
export function solveThermalAdjoint(setup: Setup, factor: CholeskyFactor, g: Float64Array): Float64Array {
  const sys = setup.therm;
  const gf = new Float64Array(sys.toGlobal.length);
  for (let i = 0; i < gf.length; i++) gf[i] = g[sys.toGlobal[i]];
  const mf = solve(factor, gf);
  const mu = new Float64Array(setup.nn);
  for (let i = 0; i < mf.length; i++) mu[sys.toGlobal[i]] = mf[i];
  return mu;
}
