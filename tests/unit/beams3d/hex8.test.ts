import { describe, expect, it } from 'vitest';
import { elementStiffness, HEX8_SIGNS } from '../../../tools/engineering/beams3d/hex8.ts';

/** KE by a brute-force midpoint rule on an m³ grid of sub-cubes (a different integration than Gauss). */
function midpointKE(m: number): Float64Array {
  const E = 1, nu = 0.3;
  const lam = (E * nu) / ((1 + nu) * (1 - 2 * nu));
  const mu = E / (2 * (1 + nu));
  const K = new Float64Array(576);
  const { xi, eta, zeta } = HEX8_SIGNS;
  const h = 1 / m;
  for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) for (let k = 0; k < m; k++) {
    // physical point in the unit cube, and its reference coordinates
    const [x, y, z] = [(i + 0.5) * h, (j + 0.5) * h, (k + 0.5) * h];
    const [s, t, u] = [2 * x - 1, 2 * y - 1, 2 * z - 1];
    const grad = Array.from({ length: 8 }, (_, a) => [
      0.25 * xi[a] * (1 + eta[a] * t) * (1 + zeta[a] * u),
      0.25 * eta[a] * (1 + xi[a] * s) * (1 + zeta[a] * u),
      0.25 * zeta[a] * (1 + xi[a] * s) * (1 + eta[a] * t),
    ]);
    // energy density bilinear form a(φ_p, φ_q) with φ = N_a e_c: λ div div + 2μ ε:ε
    for (let p = 0; p < 24; p++) for (let q = 0; q < 24; q++) {
      const [a, c] = [Math.floor(p / 3), p % 3];
      const [b, d] = [Math.floor(q / 3), q % 3];
      const ga = grad[a], gb = grad[b];
      // ε(φ_p)_{ij} = ½(δ_ic ∂_j N_a + δ_jc ∂_i N_a)
      let epsDot = 0;
      for (let r = 0; r < 3; r++) for (let w = 0; w < 3; w++) {
        const ep = 0.5 * ((r === c ? ga[w] : 0) + (w === c ? ga[r] : 0));
        const eq = 0.5 * ((r === d ? gb[w] : 0) + (w === d ? gb[r] : 0));
        epsDot += ep * eq;
      }
      K[p * 24 + q] += (lam * ga[c] * gb[d] + 2 * mu * epsDot) * h * h * h;
    }
  }
  return K;
}

describe('Hex8 element stiffness', () => {
  const KE = elementStiffness();

  it('matches EngiBench’s trace, is symmetric and has exactly the six rigid-body modes in its null space', () => {
    let trace = 0;
    for (let i = 0; i < 24; i++) trace += KE[i * 25];
    expect(trace).toBeCloseTo(5.641025641025641, 12);
    for (let i = 0; i < 24; i++) for (let j = 0; j < 24; j++) expect(Math.abs(KE[i * 24 + j] - KE[j * 24 + i])).toBeLessThan(1e-15);
    // rigid modes: three translations and three rotations about the cube centre
    const X = [0, 1, 1, 0, 0, 1, 1, 0], Y = [0, 0, 1, 1, 0, 0, 1, 1], Z = [0, 0, 0, 0, 1, 1, 1, 1];
    const modes = [
      () => [1, 0, 0], () => [0, 1, 0], () => [0, 0, 1],
      (a: number) => [0, -(Z[a] - 0.5), Y[a] - 0.5], (a: number) => [Z[a] - 0.5, 0, -(X[a] - 0.5)], (a: number) => [-(Y[a] - 0.5), X[a] - 0.5, 0],
    ].map((f) => Array.from({ length: 8 }, (_, a) => f(a)).flat());
    for (const v of modes) for (let i = 0; i < 24; i++) {
      let s = 0;
      for (let j = 0; j < 24; j++) s += KE[i * 24 + j] * v[j];
      expect(Math.abs(s)).toBeLessThan(1e-14);
    }
    // a pure stretch u = (x, 0, 0) has energy E(1−ν)/((1+ν)(1−2ν)) · 1 (uniaxial strain, unit volume)
    const stretch = Array.from({ length: 8 }, (_, a) => [X[a], 0, 0]).flat();
    let energy = 0;
    for (let i = 0; i < 24; i++) for (let j = 0; j < 24; j++) energy += stretch[i] * KE[i * 24 + j] * stretch[j];
    expect(energy).toBeCloseTo((1 - 0.3) / (1.3 * 0.4), 12);
  });

  it('equals higher Gauss rules and a brute-force midpoint integration of the energy form', () => {
    for (const pts of [3, 4]) {
      const K = elementStiffness(1, 0.3, pts);
      for (let i = 0; i < 576; i++) expect(Math.abs(K[i] - KE[i])).toBeLessThan(1e-14);
    }
    // midpoint rule on 24³ sub-cubes: second order, error ~ h²/24·|∂²| ≈ 1e-4
    const M = midpointKE(24);
    let maxDiff = 0, maxAbs = 0;
    for (let i = 0; i < 576; i++) {
      maxDiff = Math.max(maxDiff, Math.abs(M[i] - KE[i]));
      maxAbs = Math.max(maxAbs, Math.abs(KE[i]));
    }
    expect(maxDiff / maxAbs).toBeLessThan(1e-3);
    // and converges: a finer midpoint rule is closer
    const M2 = midpointKE(12);
    let maxDiff2 = 0;
    for (let i = 0; i < 576; i++) maxDiff2 = Math.max(maxDiff2, Math.abs(M2[i] - KE[i]));
    expect(maxDiff).toBeLessThan(maxDiff2 / 3);
  });
});
