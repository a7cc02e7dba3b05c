/**
 * Mode-overlap objective (engibench.md §2.7) and its adjoint gradient with respect to epsr.
 *
 * Legend: Ez_k = A_k⁻¹·(i·ω_k·J_k), s_k = Σ conj(Ez_k)·p_k, overlap_k = 1e6·|s_k|,
 * total = overlap1·overlap2. With λ_k = A_k⁻ᵀ·conj(p_k) (plain transpose) and ∂A/∂epsr_i = −ε0·ω²·e_i·e_iᵀ:
 * ∂|s_k|/∂epsr_i = ε0·ω_k²·Re(s_k·λ_k,i·Ez_k,i)/|s_k|.
 */
import { omegaOf, type Grid } from './grid.ts';
import { FdfdSolver } from './fdfd.ts';
import { insertMode } from './modes.ts';
import { EPSILON_0, type ComplexVec } from './pml.ts';
import { permittivity } from './parameterization.ts';

export const OVERLAP_SCALE = 1e6;

export interface Port {
  solver: FdfdSolver;
  omega: number;
  /** b = i·ω·J. */
  rhs: ComplexVec;
  probe: ComplexVec;
}

/** Everything fixed for one (grid, λ1, λ2): the two factorizable operators, sources and probes. */
export interface Simulation {
  grid: Grid;
  ports: [Port, Port];
  /** Design-region nodes (where gradients live) and those plus the probe nodes (where Ez is needed). */
  designNodes: Int32Array;
  observedNodes: Int32Array;
}

export function createSimulation(grid: Grid, lambda1Um: number, lambda2Um: number): Simulation {
  const bgEps = permittivity(grid, new Float64Array(grid.n));
  const port = (lambdaUm: number, probe: Grid['probe1']): Port => {
    const omega = omegaOf(lambdaUm);
    const J = insertMode(grid, bgEps, grid.source, omega);
    // b = i·ω·J
    const rhs = { re: J.im.map((v) => -omega * v), im: J.re.map((v) => omega * v) };
    return { solver: new FdfdSolver(grid, omega), omega, rhs, probe: insertMode(grid, bgEps, probe, omega) };
  };
  const ports: [Port, Port] = [port(lambda1Um, grid.probe1), port(lambda2Um, grid.probe2)];
  const designNodes: number[] = [];
  const observed = new Set<number>();
  for (let i = 0; i < grid.n; i++) {
    if (grid.designMask[i]) designNodes.push(i);
    if (grid.designMask[i] || ports.some((p) => p.probe.re[i] !== 0 || p.probe.im[i] !== 0)) observed.add(i);
  }
  return { grid, ports, designNodes: Int32Array.from(designNodes), observedNodes: Int32Array.from(observed) };
}

export interface OverlapResult {
  overlap1: number;
  overlap2: number;
  totalOverlap: number;
  fields: [ComplexVec, ComplexVec];
  /** ∂totalOverlap/∂epsr inside the design region (0 elsewhere), when requested. */
  gradEpsr?: Float64Array;
}

/** s = Σ conj(Ez)·p. */
function overlapSum(Ez: ComplexVec, p: ComplexVec): [number, number] {
  let re = 0, im = 0;
  for (let i = 0; i < Ez.re.length; i++) {
    if (p.re[i] === 0 && p.im[i] === 0) continue;
    re += Ez.re[i] * p.re[i] + Ez.im[i] * p.im[i];
    im += Ez.re[i] * p.im[i] - Ez.im[i] * p.re[i];
  }
  return [re, im];
}

/**
 * Forward solves (and, with `gradient`, the two adjoint solves) for a permittivity map. With
 * `fullFields` the returned fields cover the whole grid; otherwise only the design region and probes.
 */
export function evaluateOverlap(sim: Simulation, epsr: Float64Array, gradient = false, fullFields = false): OverlapResult {
  const n = sim.grid.n;
  const abs: number[] = [];
  const fields: ComplexVec[] = [];
  const parts: Float64Array[] = [];
  for (const port of sim.ports) {
    port.solver.factor(epsr);
    const targets = fullFields ? undefined : sim.observedNodes;
    // with the gradient, the adjoint solve (its right-hand side is the conjugated probe, known up front) shares the pass over the factor
    const [Ez, lam] = gradient
      ? port.solver.solveBoth(port.rhs, { re: port.probe.re, im: port.probe.im.map((v) => -v) }, targets, sim.designNodes)
      : [port.solver.solve(port.rhs, targets), null];
    const [sr, si] = overlapSum(Ez, port.probe);
    const mag = Math.hypot(sr, si);
    abs.push(mag);
    fields.push(Ez);
    if (!lam) continue;
    const g = new Float64Array(n);
    const c = (EPSILON_0 * port.omega * port.omega * OVERLAP_SCALE) / (mag || 1);
    for (const i of sim.designNodes) {
      // Re(s·λ_i·Ez_i)
      const tr = lam.re[i] * Ez.re[i] - lam.im[i] * Ez.im[i];
      const ti = lam.re[i] * Ez.im[i] + lam.im[i] * Ez.re[i];
      g[i] = c * (sr * tr - si * ti);
    }
    parts.push(g);
  }
  const overlap1 = OVERLAP_SCALE * abs[0], overlap2 = OVERLAP_SCALE * abs[1];
  const out: OverlapResult = { overlap1, overlap2, totalOverlap: overlap1 * overlap2, fields: [fields[0], fields[1]] };
  if (gradient) out.gradEpsr = parts[0].map((g1, i) => overlap2 * g1 + overlap1 * parts[1][i]);
  return out;
}
