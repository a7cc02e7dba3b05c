/**
 * Finite-element analysis (top88 l.53–61): assemble the reduced K from xPrint, solve K_ff u_f = f_f,
 * then element energies ce and compliance c.
 *
 * Legend: x element density (xPrint), p penal, E_e = Emin + x_e^p (Emax − Emin),
 * ce_e = u_eᵀ KE u_e (unit-modulus strain energy), c = Σ_e E_e ce_e (= fᵀu),
 * dc_e = −p x_e^(p−1) (Emax − Emin) ce_e.
 */
import type { Beams2DSetup } from './setup.ts';

export const EMIN = 1e-9;
export const EMAX = 1.0;

/** Anything that can factor the reduced K (CSR values on setup.pattern) and solve with it. */
export interface LinearSolver {
  readonly name: string;
  /** Solve K(values)·x = b, with `values` the freshly assembled K on setup.pattern. */
  solve(values: Float64Array, b: Float64Array, x: Float64Array): Float64Array;
}

export interface FeWorkspace {
  /** CSR values of the reduced K. */
  readonly values: Float64Array;
  /** Reduced displacements u_f. */
  readonly uf: Float64Array;
  /** Full displacements (zeros at fixed DOFs). */
  readonly u: Float64Array;
  /** Element energies ce. */
  readonly ce: Float64Array;
}

export function createFeWorkspace(setup: Beams2DSetup): FeWorkspace {
  return {
    values: new Float64Array(setup.pattern.colIdx.length),
    uf: new Float64Array(setup.pattern.n),
    u: new Float64Array(setup.ndof),
    ce: new Float64Array(setup.nel),
  };
}

/** values ← Σ_e E_e(x_e) KE scattered onto the reduced pattern. */
export function assembleStiffness(setup: Beams2DSetup, x: Float64Array, penal: number, values: Float64Array): Float64Array {
  const { KE, scatter, nel } = setup;
  values.fill(0);
  for (let e = 0; e < nel; e++) {
    const Ee = EMIN + Math.pow(x[e], penal) * (EMAX - EMIN);
    const base = e * 64;
    for (let k = 0; k < 64; k++) {
      const s = scatter[base + k];
      if (s >= 0) values[s] += Ee * KE[k];
    }
  }
  return values;
}

/** ce_e = u_eᵀ KE u_e for every element. */
export function elementEnergies(setup: Beams2DSetup, u: Float64Array, ce: Float64Array): Float64Array {
  const { KE, edofMat, nel } = setup;
  const ue = new Float64Array(8);
  for (let e = 0; e < nel; e++) {
    for (let i = 0; i < 8; i++) ue[i] = u[edofMat[e * 8 + i]];
    let s = 0;
    for (let j = 0; j < 8; j++) {
      let t = 0;
      for (let i = 0; i < 8; i++) t += ue[i] * KE[i * 8 + j];
      s += t * ue[j];
    }
    ce[e] = s;
  }
  return ce;
}

/** c = Σ_e E_e ce_e. */
export function complianceOf(x: Float64Array, ce: Float64Array, penal: number): number {
  let c = 0;
  for (let e = 0; e < x.length; e++) c += (EMIN + Math.pow(x[e], penal) * (EMAX - EMIN)) * ce[e];
  return c;
}

/** dc_e = −p x_e^(p−1) (Emax − Emin) ce_e. */
export function complianceGradient(x: Float64Array, ce: Float64Array, penal: number, dc: Float64Array): Float64Array {
  for (let e = 0; e < x.length; e++) dc[e] = -penal * Math.pow(x[e], penal - 1) * (EMAX - EMIN) * ce[e];
  return dc;
}

/** Full FE analysis of density x: fills ws (values, uf, u, ce) and returns the compliance c. */
export function feAnalysis(setup: Beams2DSetup, solver: LinearSolver, x: Float64Array, penal: number, ws: FeWorkspace): number {
  assembleStiffness(setup, x, penal, ws.values);
  solver.solve(ws.values, setup.f, ws.uf);
  const { free } = setup;
  ws.u.fill(0);
  for (let r = 0; r < free.length; r++) ws.u[free[r]] = ws.uf[r];
  elementEnergies(setup, ws.u, ws.ce);
  return complianceOf(x, ws.ce, penal);
}
