/**
 * The HeatConduction forward model and its gradients (engibench-3d-and-api.md §3.2), on nodal P1
 * values a (vertex order), for triangles and tetrahedra alike:
 *   find T ∈ P1, T = 0 on the Dirichlet set:  ∫ k(a) ∇T·∇v dx = ∫ f v dx  for all v,
 *   k(a) = ε + (1 − ε)·a^p,   J = ∫ f T dx + α ∫ |∇a|² dx.
 * k(a) is integrated with the degree-3 rule, as FFC does for EngiBench's form; the system is
 * solved on the free nodes (T = 0 eliminated) with our sparse Cholesky (Jacobi CG to 1e-10 on large
 * 3-D grids), where dolfin's Newton solver takes one LU (2-D; 3-D: CG + AMG) step of the same system.
 *
 * Gradients with respect to the nodal a (the problem is self-adjoint: the adjoint state is T):
 *   dJ/da_m = −Σ_e (T_eᵀ K0_e T_e)·∂k̄_e/∂a_m + 2α (L a)_m,   k̄_e = d! Σ_q w_q k(a(ξ_q)),
 *   L = Σ_e K0_e (the unit Laplacian). With the degree-3 rule in ∂k̄_e this is the exact gradient of
 *   the discrete J ('exact'); with the degree-4 rule it is the vector pyadjoint assembles from UFL's
 *   derivative form for EngiBench's IPOPT ('engibench'), 0.2–5 % off the exact one.
 * Legend: ξ_q, w_q the rule's points and weights (quadrature.ts), λ_i(ξ_q) the barycentric values.
 */
import { NumericError } from '../../errors.ts';
import { factorize, solve, type CholeskyFactor } from '../linalg/sparseCholesky.ts';
import { jacobiPcg } from './pcg.ts';
import type { SimplexRule } from './quadrature.ts';
import { MODEL, type HeatSetup } from './setup.ts';

export type GradientKind = 'exact' | 'engibench';

export interface HeatEvaluation {
  /** J = thermal + regularization. */
  J: number;
  /** ∫ f T dx. */
  thermal: number;
  /** α ∫ |∇a|² dx. */
  regularization: number;
  /** Nodal temperatures (vertex order), 0 on the Dirichlet set. */
  T: Float64Array;
  /** dJ/da per vertex, when asked for. */
  grad?: Float64Array;
}

/** k̄_e = d! Σ_q w_q k(a(ξ_q)) per cell, so that K_e = k̄_e·K0_e. */
function conductivity(setup: HeatSetup, a: Float64Array, rule: SimplexRule): Float64Array {
  const { cells, nt } = setup.mesh;
  const { bary, weights, nc, factorial } = rule;
  const { eps, p } = MODEL;
  const out = new Float64Array(nt);
  for (let t = 0; t < nt; t++) {
    let s = 0;
    for (let q = 0; q < weights.length; q++) {
      let aq = 0;
      for (let i = 0; i < nc; i++) aq += bary[nc * q + i] * a[cells[nc * t + i]];
      s += weights[q] * (eps + (1 - eps) * aq ** p);
    }
    out[t] = factorial * s;
  }
  return out;
}

function regularization(setup: HeatSetup, a: Float64Array): { value: number; La: Float64Array } {
  const { cells, nt } = setup.mesh;
  const nc = setup.nc;
  const La = new Float64Array(a.length);
  for (let t = 0; t < nt; t++) {
    for (let i = 0; i < nc; i++) {
      let s = 0;
      for (let j = 0; j < nc; j++) s += setup.k0[nc * nc * t + nc * i + j] * a[cells[nc * t + j]];
      La[cells[nc * t + i]] += s;
    }
  }
  let aLa = 0;
  for (let v = 0; v < a.length; v++) aLa += a[v] * La[v];
  return { value: MODEL.alpha * aLa, La };
}

/** Solves K(a) T = F on the free nodes (sparse Cholesky, or Jacobi CG where the setup has no analysis). */
export function solveTemperature(setup: HeatSetup, a: Float64Array, factor?: CholeskyFactor): { T: Float64Array; factor?: CholeskyFactor } {
  const kbar = conductivity(setup, a, setup.rules.forward);
  const values = new Float64Array(setup.pattern.colIdx.length);
  const { slots, k0 } = setup;
  const n2 = setup.nc * setup.nc;
  for (let t = 0; t < kbar.length; t++) {
    for (let k = 0; k < n2; k++) {
      const s = slots[n2 * t + k];
      if (s >= 0) values[s] += kbar[t] * k0[n2 * t + k];
    }
  }
  const rhs = Float64Array.from(setup.toGlobal, (v) => setup.load[v]);
  const f = setup.sym ? factorize(setup.sym, values, factor) : undefined;
  const Tf = f ? solve(f, rhs) : jacobiPcg(setup.pattern, values, rhs).x;
  const T = new Float64Array(setup.mesh.nv);
  for (let r = 0; r < Tf.length; r++) T[setup.toGlobal[r]] = Tf[r];
  return { T, factor: f };
}

/** Adds −(T_eᵀK0_eT_e)·∂k̄_e/∂a to grad, with ∂k̄_e/∂a_j = d! Σ_q w_q (1 − ε) p a_q^(p−1) λ_j(ξ_q). */
function addConductivityGradient(setup: HeatSetup, a: Float64Array, T: Float64Array, rule: SimplexRule, grad: Float64Array): void {
  const { cells, nt } = setup.mesh;
  const { bary, weights, nc, factorial } = rule;
  const { eps, p } = MODEL;
  const n2 = nc * nc;
  const Te = new Float64Array(nc), ae = new Float64Array(nc), d = new Float64Array(nc);
  for (let t = 0; t < nt; t++) {
    for (let i = 0; i < nc; i++) {
      Te[i] = T[cells[nc * t + i]];
      ae[i] = a[cells[nc * t + i]];
    }
    let energy = 0;
    for (let i = 0; i < nc; i++) for (let j = 0; j < nc; j++) energy += Te[i] * setup.k0[n2 * t + nc * i + j] * Te[j];
    if (energy === 0) continue;
    d.fill(0);
    for (let q = 0; q < weights.length; q++) {
      let aq = 0;
      for (let i = 0; i < nc; i++) aq += bary[nc * q + i] * ae[i];
      const dk = weights[q] * (1 - eps) * p * aq ** (p - 1);
      for (let i = 0; i < nc; i++) d[i] += dk * bary[nc * q + i];
    }
    for (let i = 0; i < nc; i++) grad[cells[nc * t + i]] -= factorial * energy * d[i];
  }
}

export function evaluate(setup: HeatSetup, a: Float64Array, opts: { gradient?: GradientKind; factor?: CholeskyFactor } = {}): HeatEvaluation & { factor?: CholeskyFactor } {
  const { T, factor } = solveTemperature(setup, a, opts.factor);
  let thermal = 0;
  for (let v = 0; v < T.length; v++) thermal += setup.load[v] * T[v];
  const reg = regularization(setup, a);
  const J = thermal + reg.value;
  if (!Number.isFinite(J)) throw new NumericError(`heat conduction: the objective is ${J}`);
  const out: HeatEvaluation & { factor?: CholeskyFactor } = { J, thermal, regularization: reg.value, T, factor };
  if (opts.gradient) {
    const grad = reg.La.map((v) => 2 * MODEL.alpha * v);
    addConductivityGradient(setup, a, T, opts.gradient === 'exact' ? setup.rules.forward : setup.rules.engibench, grad);
    out.grad = grad;
  }
  return out;
}
