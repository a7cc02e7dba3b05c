/**
 * The triangle quadrature rules FFC uses for HeatConduction2D's forms (FIAT's "default" scheme,
 * printed from Debian's python3-fiat 2019.2): points in reference coordinates (ξ1, ξ2) on the
 * triangle (0,0), (1,0), (0,1), weights summing to its area ½.
 * - degree 3 (Strang–Fix, 6 points): the forward stiffness ∫k(a)∇T·∇v, because UFL estimates a**p
 *   with p a Constant as degree 1 + 2;
 * - degree 4 (Strang–Fix, 6 points): the derivative form pyadjoint assembles for the gradient
 *   (k'(a)·φ has estimated degree 3 + 1).
 * Both are symmetric under permutations of the vertices, so a cell's local vertex order does not matter.
 */
export interface SimplexRule {
  degree: number;
  /** Vertices of the simplex (3 or 4). */
  nc: number;
  /** Barycentric coordinates (λ0, λ1, …) per point, λ_i = ξ_i for i ≥ 1. */
  bary: Float64Array;
  /** Weights on the reference simplex (sum 1/d!). */
  weights: Float64Array;
  /** d!: the reference simplex's measure is 1/d!, so ∫_T g = |T|·d!·Σ w_q g(ξ_q). */
  factorial: number;
}

/** A rule from reference points ξ (d coordinates each) and weights. */
export function simplexRule(degree: number, points: number[][], weights: number[]): SimplexRule {
  const d = points[0].length;
  const nc = d + 1;
  const bary = new Float64Array(nc * points.length);
  points.forEach((xi, q) => bary.set([1 - xi.reduce((a, b) => a + b, 0), ...xi], nc * q));
  return { degree, nc, bary, weights: Float64Array.from(weights), factorial: d === 2 ? 2 : 6 };
}

const rule = simplexRule;

const W3 = 0.08333333333333333;
export const DEGREE3 = rule(
  3,
  [
    [0.659027622374092, 0.231933368553031],
    [0.659027622374092, 0.109039009072877],
    [0.231933368553031, 0.659027622374092],
    [0.231933368553031, 0.109039009072877],
    [0.109039009072877, 0.659027622374092],
    [0.109039009072877, 0.231933368553031],
  ],
  [W3, W3, W3, W3, W3, W3],
);

const A4 = 0.054975871827661, B4 = 0.1116907948390055;
export const DEGREE4 = rule(
  4,
  [
    [0.816847572980459, 0.091576213509771],
    [0.091576213509771, 0.816847572980459],
    [0.091576213509771, 0.091576213509771],
    [0.10810301816807, 0.445948490915965],
    [0.445948490915965, 0.10810301816807],
    [0.445948490915965, 0.445948490915965],
  ],
  [A4, A4, A4, B4, B4, B4],
);
