/**
 * The trilinear 8-node brick (Hex8) on the unit cube: 24×24 element stiffness of isotropic linear
 * elasticity (EngiBench Beams3D: E = 1, ν = 0.3), derived here as KE = ∫ Bᵀ D B dV.
 *
 * Legend: local nodes in the standard order (ξ, η, ζ) = (−,−,−), (+,−,−), (+,+,−), (−,+,−), then the
 * same four at ζ = +; element DOFs node-major (u, v, w of node 0, then node 1, …). N_a = ⅛(1+ξ_aξ)(1+η_aη)(1+ζ_aζ).
 * The unit cube maps to [−1, 1]³ with J = ½·I, so ∂/∂x = 2∂/∂ξ and dV = ⅛ dξdηdζ.
 * Voigt order xx, yy, zz, γxy, γyz, γxz; D has λ + 2μ / λ on the normal block and μ on the shears,
 * λ = Eν/((1+ν)(1−2ν)), μ = E/(2(1+ν)). The integrand is of degree ≤ 2 in each coordinate, so an
 * n-point Gauss rule with n ≥ 2 is exact; `elementStiffness(E, nu, points)` takes the rule size so a
 * test can compare 2 against 3 and 4 points.
 */
export const HEX8_SIGNS = {
  xi: [-1, 1, 1, -1, -1, 1, 1, -1],
  eta: [-1, -1, 1, 1, -1, -1, 1, 1],
  zeta: [-1, -1, -1, -1, 1, 1, 1, 1],
} as const;

/** Gauss–Legendre points and weights on [−1, 1] (1 … 4 points). */
export function gaussRule(points: number): { x: number[]; w: number[] } {
  switch (points) {
    case 1:
      return { x: [0], w: [2] };
    case 2:
      return { x: [-1 / Math.sqrt(3), 1 / Math.sqrt(3)], w: [1, 1] };
    case 3:
      return { x: [-Math.sqrt(3 / 5), 0, Math.sqrt(3 / 5)], w: [5 / 9, 8 / 9, 5 / 9] };
    case 4: {
      const a = Math.sqrt(3 / 7 - (2 / 7) * Math.sqrt(6 / 5));
      const b = Math.sqrt(3 / 7 + (2 / 7) * Math.sqrt(6 / 5));
      const wa = (18 + Math.sqrt(30)) / 36;
      const wb = (18 - Math.sqrt(30)) / 36;
      return { x: [-b, -a, a, b], w: [wb, wa, wa, wb] };
    }
    default:
      throw new RangeError(`gaussRule: 1 … 4 points, got ${points}`);
  }
}

/** The 6×6 isotropic elasticity matrix in Voigt order xx, yy, zz, γxy, γyz, γxz (row-major). */
export function elasticityMatrix(E: number, nu: number): Float64Array {
  const lambda = (E * nu) / ((1 + nu) * (1 - 2 * nu));
  const mu = E / (2 * (1 + nu));
  const D = new Float64Array(36);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) D[i * 6 + j] = i === j ? lambda + 2 * mu : lambda;
  for (let i = 3; i < 6; i++) D[i * 6 + i] = mu;
  return D;
}

/** KE (24×24 row-major) of the unit-cube Hex8. */
export function elementStiffness(E = 1, nu = 0.3, points = 2): Float64Array {
  const D = elasticityMatrix(E, nu);
  const { x: gp, w: gw } = gaussRule(points);
  const KE = new Float64Array(24 * 24);
  const B = new Float64Array(6 * 24);
  const DB = new Float64Array(6 * 24);
  const { xi, eta, zeta } = HEX8_SIGNS;
  for (let i = 0; i < gp.length; i++) {
    for (let j = 0; j < gp.length; j++) {
      for (let k = 0; k < gp.length; k++) {
        const [s, t, u] = [gp[i], gp[j], gp[k]];
        const weight = gw[i] * gw[j] * gw[k] / 8; // det J = 1/8
        B.fill(0);
        for (let a = 0; a < 8; a++) {
          // ∂N_a/∂x = 2·∂N_a/∂ξ = 2·⅛·ξ_a(1+η_aη)(1+ζ_aζ)
          const dx = 0.25 * xi[a] * (1 + eta[a] * t) * (1 + zeta[a] * u);
          const dy = 0.25 * eta[a] * (1 + xi[a] * s) * (1 + zeta[a] * u);
          const dz = 0.25 * zeta[a] * (1 + xi[a] * s) * (1 + eta[a] * t);
          const c = 3 * a;
          B[0 * 24 + c] = dx;
          B[1 * 24 + c + 1] = dy;
          B[2 * 24 + c + 2] = dz;
          B[3 * 24 + c] = dy;
          B[3 * 24 + c + 1] = dx;
          B[4 * 24 + c + 1] = dz;
          B[4 * 24 + c + 2] = dy;
          B[5 * 24 + c] = dz;
          B[5 * 24 + c + 2] = dx;
        }
        for (let r = 0; r < 6; r++) {
          for (let q = 0; q < 24; q++) {
            let v = 0;
            for (let m = 0; m < 6; m++) v += D[r * 6 + m] * B[m * 24 + q];
            DB[r * 24 + q] = v;
          }
        }
        for (let p = 0; p < 24; p++) {
          for (let q = 0; q < 24; q++) {
            let v = 0;
            for (let m = 0; m < 6; m++) v += B[m * 24 + p] * DB[m * 24 + q];
            KE[p * 24 + q] += weight * v;
          }
        }
      }
    }
  }
  return KE;
}
