/**
 * The tetrahedron rules FFC uses for HeatConduction3D's forms (FIAT's "default" scheme, printed
 * from Debian's python3-fiat 2019.2; reference tetrahedron (0,0,0), (1,0,0), (0,1,0), (0,0,1),
 * weights summing to its volume 1/6):
 * - degree 3 (Keast, 5 points, a negative centre weight): the forward stiffness ∫k(a)∇T·∇v;
 * - degree 4 (Keast, 14 points): pyadjoint's derivative form.
 * Both are symmetric under permutations of the vertices.
 */
import { simplexRule } from '../heatconduction2d/quadrature.ts';

const S = 0.1666666666666666;
export const TET_DEGREE3 = simplexRule(3, [[0.25, 0.25, 0.25], [0.5, S, S], [S, 0.5, S], [S, S, 0.5], [S, S, S]], [-0.13333333333333333, 0.075, 0.075, 0.075, 0.075]);

const A = 0.6984197043243866, B = 0.1005267652252045, C = 0.0568813795204234, D = 0.3143728734931922;
const W1 = 0.003174603174603167, W2 = 0.014764970790496783, W3 = 0.022139791114265117;
export const TET_DEGREE4 = simplexRule(
  4,
  [[0, 0.5, 0.5], [0.5, 0, 0.5], [0.5, 0.5, 0], [0.5, 0, 0], [0, 0.5, 0], [0, 0, 0.5], [A, B, B], [B, B, B], [B, B, A], [B, A, B], [C, D, D], [D, D, D], [D, D, C], [D, C, D]],
  [W1, W1, W1, W1, W1, W1, W2, W2, W2, W2, W3, W3, W3, W3],
);
