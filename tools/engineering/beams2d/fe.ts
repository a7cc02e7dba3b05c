/**
 * Finite-element analysis (top88 l.53–61): assemble the reduced K from xPrint, solve K_ff u_f = f_f,
 * then element energies ce and compliance c.
 *
 * Legend: x element density (xPrint), p penal, E_e = Emin + x_e^p (Emax − Emin),
 * ce_e = u_eᵀ KE u_e (unit-modulus strain energy), c = Σ_e E_e ce_e (= fᵀu),
 * dc_e = −p x_e^(p−1) (Emax − Emin) ce_e.
 */
import { assembleCsr } from '../linalg/elementAssembly.ts';
import type { Beams2DSetup } from './setup.ts';

export const EMIN = 1e-9;
export const EMAX = 1.0;

/** Anything that can factor the reduced K (CSR values on setup.pattern) and solve with it. */
export interface LinearSolver {
  readonly name: string;
  /** Solve K(values)·x = b, with `values` the freshly assembled K on setup.pattern. */
  solve(values: Float64Array, b: Float64Array, x: Float64Array): Float64Array;
  /** Optional: solve K·x = b with K = Σ_e E_e·KE assembled by the solver itself (bitwise the same K). */
  solveElements?(E: Float64Array, b: Float64Array, x: Float64Array): Float64Array;
  /** Optional, after solveElements: ce_e = u_eᵀ KE u_e of that solution (bitwise as elementEnergies). */
  elementEnergies?(ce: Float64Array): Float64Array;
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
  /** Element moduli E_e. */
  readonly E: Float64Array;
}

export function createFeWorkspace(setup: Beams2DSetup): FeWorkspace {
  return {
    values: new Float64Array(setup.pattern.colIdx.length),
    uf: new Float64Array(setup.pattern.n),
    u: new Float64Array(setup.ndof),
    ce: new Float64Array(setup.nel),
    E: new Float64Array(setup.nel),
  };
}

/** E_e = Emin + x_e^p (Emax − Emin). */
export function elementModuli(x: Float64Array, penal: number, E: Float64Array): Float64Array {
  for (let e = 0; e < x.length; e++) E[e] = EMIN + Math.pow(x[e], penal) * (EMAX - EMIN);
  return E;
}

/** values ← Σ_e E_e KE scattered onto the reduced pattern (both triangles). */
export function assembleFromModuli(setup: Beams2DSetup, E: Float64Array, values: Float64Array): Float64Array {
  return assembleCsr({ nel: setup.nel, nk: 64, Ke: setup.KE, scatter: setup.scatter }, E, values);
}

/** Σ_i u_i KE_ij (column j of KE against u_e), summed in i order. */
function column(KE: Float64Array, j: number, u0: number, u1: number, u2: number, u3: number, u4: number, u5: number, u6: number, u7: number): number {
  return u0 * KE[j] + u1 * KE[j + 8] + u2 * KE[j + 16] + u3 * KE[j + 24] + u4 * KE[j + 32] + u5 * KE[j + 40] + u6 * KE[j + 48] + u7 * KE[j + 56];
}

/** ce_e = u_eᵀ KE u_e = Σ_j (Σ_i u_i KE_ij) u_j for every element (u_e kept in registers, no scratch). */
export function elementEnergies(setup: Beams2DSetup, u: Float64Array, ce: Float64Array): Float64Array {
  const { KE, edofMat, nel } = setup;
  for (let e = 0; e < nel; e++) {
    const d = e * 8;
    const u0 = u[edofMat[d]];
    const u1 = u[edofMat[d + 1]];
    const u2 = u[edofMat[d + 2]];
    const u3 = u[edofMat[d + 3]];
    const u4 = u[edofMat[d + 4]];
    const u5 = u[edofMat[d + 5]];
    const u6 = u[edofMat[d + 6]];
    const u7 = u[edofMat[d + 7]];
    let s = 0;
    s += column(KE, 0, u0, u1, u2, u3, u4, u5, u6, u7) * u0;
    s += column(KE, 1, u0, u1, u2, u3, u4, u5, u6, u7) * u1;
    s += column(KE, 2, u0, u1, u2, u3, u4, u5, u6, u7) * u2;
    s += column(KE, 3, u0, u1, u2, u3, u4, u5, u6, u7) * u3;
    s += column(KE, 4, u0, u1, u2, u3, u4, u5, u6, u7) * u4;
    s += column(KE, 5, u0, u1, u2, u3, u4, u5, u6, u7) * u5;
    s += column(KE, 6, u0, u1, u2, u3, u4, u5, u6, u7) * u6;
    s += column(KE, 7, u0, u1, u2, u3, u4, u5, u6, u7) * u7;
    ce[e] = s;
  }
  return ce;
}

/** dc_e = −p x_e^(p−1) (Emax − Emin) ce_e. */
export function complianceGradient(x: Float64Array, ce: Float64Array, penal: number, dc: Float64Array): Float64Array {
  for (let e = 0; e < x.length; e++) dc[e] = -penal * Math.pow(x[e], penal - 1) * (EMAX - EMIN) * ce[e];
  return dc;
}

/** Full FE analysis of density x: fills ws (values, uf, u, ce) and returns the compliance c. */
export function feAnalysis(setup: Beams2DSetup, solver: LinearSolver, x: Float64Array, penal: number, ws: FeWorkspace): number {
  elementModuli(x, penal, ws.E);
  if (solver.solveElements) solver.solveElements(ws.E, setup.f, ws.uf);
  else solver.solve(assembleFromModuli(setup, ws.E, ws.values), setup.f, ws.uf);
  if (solver.solveElements && solver.elementEnergies) solver.elementEnergies(ws.ce);
  else {
    const { free } = setup;
    ws.u.fill(0);
    for (let r = 0; r < free.length; r++) ws.u[free[r]] = ws.uf[r];
    elementEnergies(setup, ws.u, ws.ce);
  }
  let c = 0;
  for (let e = 0; e < ws.ce.length; e++) c += ws.E[e] * ws.ce[e];
  return c;
}
