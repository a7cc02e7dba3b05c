/**
 * ThermoElastic3D element matrices and constants (EngiBench `fe_melthm_3d`, engibench-3d-and-api.md §2.3):
 * the unit-cube Hex8 of beams3d/hex8.ts, 2×2×2 Gauss, with one thermal DOF per node in the same local order.
 *
 * Legend: N_a = ⅛(1+ξ_aξ)(1+η_aη)(1+ζ_aζ); ∇N = 2·∂N/∂(ξ, η, ζ) (J = ½·I, det J = ⅛); B the 6×24 strain
 * matrix of hex8.ts (Voigt xx, yy, zz, γxy, γyz, γxz); D the isotropic elasticity matrix.
 * KEth (8×8) = k·∫∇Nᵀ∇N dV; CEthm (24×8) = ∫Bᵀ·D·(α·[1, 1, 1, 0, 0, 0])·N dV, the nodal forces per unit
 * nodal temperature rise. Row-major Float64Arrays.
 */
import { elasticityMatrix, elementStiffness, gaussRule, HEX8_SIGNS } from '../beams3d/hex8.ts';

/** Constants fixed by EngiBench's `FeaModel3D.run` (none are conditions). */
export const MATERIAL = {
  E: 1,
  nu: 0.3,
  k: 1,
  alpha: 5e-4,
  /** Reference temperature; also the uniform nodal heat load fth. */
  tref: 9.267e-4,
  /** Each point-load component at a loaded node. */
  pointLoad: 0.5,
  /** Density bounds of the optimizer; there is no Emin and no conductivity offset (x^p for both). */
  xmin: 1e-3,
  xmax: 1,
} as const;

/** KE of beams3d/hex8.ts, made exactly symmetric (EngiBench symmetrises the assembled K). */
export function symmetricStiffness(): Float64Array {
  const K = elementStiffness(MATERIAL.E, MATERIAL.nu);
  const S = new Float64Array(576);
  for (let p = 0; p < 24; p++) for (let q = 0; q < 24; q++) S[p * 24 + q] = 0.5 * (K[p * 24 + q] + K[q * 24 + p]);
  return S;
}

/** Shape functions and their physical gradients at one Gauss point. */
function shapeAt(s: number, t: number, u: number): { N: number[]; grad: number[][] } {
  const { xi, eta, zeta } = HEX8_SIGNS;
  const N: number[] = [];
  const grad: number[][] = [[], [], []];
  for (let a = 0; a < 8; a++) {
    N.push(0.125 * (1 + xi[a] * s) * (1 + eta[a] * t) * (1 + zeta[a] * u));
    grad[0].push(0.25 * xi[a] * (1 + eta[a] * t) * (1 + zeta[a] * u));
    grad[1].push(0.25 * eta[a] * (1 + xi[a] * s) * (1 + zeta[a] * u));
    grad[2].push(0.25 * zeta[a] * (1 + xi[a] * s) * (1 + eta[a] * t));
  }
  return { N, grad };
}

function integrate(visit: (N: number[], grad: number[][], weight: number) => void): void {
  const { x: gp, w: gw } = gaussRule(2);
  for (let i = 0; i < 2; i++) for (let j = 0; j < 2; j++) for (let k = 0; k < 2; k++) {
    const { N, grad } = shapeAt(gp[i], gp[j], gp[k]);
    visit(N, grad, (gw[i] * gw[j] * gw[k]) / 8);
  }
}

/** KEth = k·∫∇Nᵀ∇N dV (8×8). */
export function elementConductivity(k: number = MATERIAL.k): Float64Array {
  const out = new Float64Array(64);
  integrate((_N, g, w) => {
    for (let a = 0; a < 8; a++) for (let b = 0; b < 8; b++) out[a * 8 + b] += k * w * (g[0][a] * g[0][b] + g[1][a] * g[1][b] + g[2][a] * g[2][b]);
  });
  return out;
}

/** CEthm = ∫Bᵀ·D·(α·e_th)·N dV (24×8). D·e_th has only normal components (λ + 2μ + 2λ each), so Bᵀ·(D·α·e_th) = σ_th·∇N_a per node. */
export function elementCoupling(E: number = MATERIAL.E, nu: number = MATERIAL.nu, alpha: number = MATERIAL.alpha): Float64Array {
  const D = elasticityMatrix(E, nu);
  const sigma = [0, 1, 2].map((r) => alpha * (D[r * 6] + D[r * 6 + 1] + D[r * 6 + 2]));
  const out = new Float64Array(24 * 8);
  integrate((N, g, w) => {
    for (let a = 0; a < 8; a++) for (let d = 0; d < 3; d++) for (let b = 0; b < 8; b++) out[(3 * a + d) * 8 + b] += w * sigma[d] * g[d][a] * N[b];
  });
  return out;
}
