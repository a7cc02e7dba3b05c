/**
 * One Beams3D finite-element pass (EngiBench `fe_structural_bc_3d` + the objective of `FeaModel3D.run`):
 * K = Σ_e x_e^p·KE (no Emin), K u = f, c = Σ_e x_e^p·u_eᵀKEu_e, dc_e = −p·x_e^(p−1)·u_eᵀKEu_e.
 *
 * Precision (engibench-3d-and-api.md §1.5): EngiBench raises the densities to the power in the
 * design's own dtype. Its designs (dataset rows, random_design, the tests' starting points) are
 * float32, so there x^p and p·x^(p−1) are rounded to float32 before they meet the float64 energies;
 * after the first MMA update x is float64. `float32: true` reproduces that (Math.fround of the
 * power; powf is correctly rounded for these arguments), `false` keeps float64.
 * Legend: x densities in design order [ey, ex, ez]; ce element energies u_eᵀKEu_e in element order.
 */
import { NumericError } from '../../errors.ts';
import { assemble, type Beams3DSetup } from './setup.ts';
import type { Beams3DSolver } from './solver.ts';

export interface FeWorkspace {
  values: Float64Array;
  u: Float64Array;
  s: Float64Array;
  ce: Float64Array;
}

export function createFeWorkspace(setup: Beams3DSetup): FeWorkspace {
  return {
    values: new Float64Array(setup.pattern.colIdx.length),
    u: new Float64Array(setup.ndof),
    s: new Float64Array(setup.nel),
    ce: new Float64Array(setup.nel),
  };
}

export interface FeResult {
  c: number;
  /** dc/dx in design order, when asked for. */
  dc?: Float64Array;
}

const power = (x: number, p: number, float32: boolean) => (float32 ? Math.fround(Math.pow(x, p)) : Math.pow(x, p));

export function feAnalysis(setup: Beams3DSetup, solver: Beams3DSolver, x: Float64Array, penal: number, opts: { float32: boolean; gradient: boolean }, ws = createFeWorkspace(setup)): FeResult {
  const { nel, densityIndex, edof, KE } = setup;
  powers(x, densityIndex, penal, opts.float32, ws.s);
  assemble(setup, ws.s, ws.values);
  solver.solve(ws.values, setup.f, ws.u, ws.s);
  const bad = firstNonFinite(ws.u);
  if (bad >= 0) throw new NumericError(`beams3d: the displacement is not finite (DOF ${bad}); a design with zero densities makes K singular (there is no Emin)`);
  const c = energies(ws.u, edof, KE, ws.s, nel, ws.ce);
  if (!opts.gradient) return { c };
  const dc = new Float64Array(nel);
  sensitivities(x, densityIndex, penal, opts.float32, ws.ce, dc);
  return { c, dc };
}

// The loops below are functions that end with their loop: V8 (Node 20) first runs a long loop through
// on-stack-replacement code, and code compiled that way before the statements after the loop had run
// deoptimized again on every later call (a soft deopt keeps the code).

/** s_e = x_e^p in element order. */
function powers(x: Float64Array, densityIndex: Int32Array, penal: number, float32: boolean, s: Float64Array): void {
  for (let e = 0; e < s.length; e++) s[e] = power(x[densityIndex[e]], penal, float32);
}

/** The first index of a NaN or ±∞ in v, or −1. */
function firstNonFinite(v: Float64Array): number {
  for (let i = 0; i < v.length; i++) if (!Number.isFinite(v[i])) return i;
  return -1;
}

/** ce_e = u_eᵀ KE u_e per element; returns c = Σ_e s_e·ce_e. */
function energies(u: Float64Array, edof: Int32Array, KE: Float64Array, s: Float64Array, nel: number, ce: Float64Array): number {
  const ue = new Float64Array(24);
  let c = 0;
  for (let e = 0; e < nel; e++) {
    for (let i = 0; i < 24; i++) ue[i] = u[edof[e * 24 + i]];
    let energy = 0;
    for (let i = 0; i < 24; i++) {
      let t = 0;
      for (let j = 0; j < 24; j++) t += KE[i * 24 + j] * ue[j];
      energy += ue[i] * t;
    }
    ce[e] = energy;
    c += s[e] * energy;
  }
  return c;
}

/** dc in design order: −p·x_e^(p−1)·ce_e (the power rounded to float32 with float32). */
function sensitivities(x: Float64Array, densityIndex: Int32Array, penal: number, float32: boolean, ce: Float64Array, dc: Float64Array): void {
  for (let e = 0; e < ce.length; e++) {
    const xe = x[densityIndex[e]];
    const d = float32 ? Math.fround(penal * power(xe, penal - 1, true)) : penal * Math.pow(xe, penal - 1);
    dc[densityIndex[e]] = -d * ce[e];
  }
}
