/**
 * Element stiffness of a unit-size bilinear Q4 plane-stress element (top88's `lk`), shared by
 * Beams2D and ThermoElastic2D.
 *
 * Legend: E Young's modulus (1), nu Poisson's ratio (0.3), k the 8 distinct entries,
 * P the index pattern, KE the 8×8 element matrix (row-major, KE[i*8+j]).
 * DOF order: lower-left, lower-right, upper-right, upper-left node, each (x, y).
 */

export const NU = 0.3;

const P = [
  [0, 1, 2, 3, 4, 5, 6, 7],
  [1, 0, 7, 6, 5, 4, 3, 2],
  [2, 7, 0, 5, 6, 3, 4, 1],
  [3, 6, 5, 0, 7, 2, 1, 4],
  [4, 5, 6, 7, 0, 1, 2, 3],
  [5, 4, 3, 2, 1, 0, 7, 6],
  [6, 3, 4, 1, 2, 7, 0, 5],
  [7, 2, 1, 4, 3, 6, 5, 0],
];

/** KE for E = 1 and the given nu, as a row-major 8×8 Float64Array. */
export function elementStiffness(nu = NU, E = 1): Float64Array {
  const k = [
    1 / 2 - nu / 6,
    1 / 8 + nu / 8,
    -1 / 4 - nu / 12,
    -1 / 8 + (3 * nu) / 8,
    -1 / 4 + nu / 12,
    -1 / 8 - nu / 8,
    nu / 6,
    1 / 8 - (3 * nu) / 8,
  ];
  const scale = E / (1 - nu * nu);
  const KE = new Float64Array(64);
  for (let i = 0; i < 8; i++) for (let j = 0; j < 8; j++) KE[i * 8 + j] = scale * k[P[i][j]];
  return KE;
}
