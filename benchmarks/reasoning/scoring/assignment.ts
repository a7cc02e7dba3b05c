/**
 * Optimal one-to-one assignment (Hungarian algorithm, Kuhn–Munkres with potentials, O(n²m)) on a
 * rectangular weight matrix, maximising the total weight. Used for EngTrace's optimal step
 * alignment: each ground-truth step is credited to at most one predicted step and vice versa.
 */

/** Pairs [row, col] of a maximum-weight matching; pairs of weight ≤ 0 are left out. */
export function maxWeightMatching(weights: readonly (readonly number[])[]): [number, number][] {
  const rows = weights.length;
  const cols = rows ? weights[0].length : 0;
  if (!rows || !cols) return [];
  const transpose = rows > cols;
  const n = transpose ? cols : rows; // rows of the working matrix (n ≤ m)
  const m = transpose ? rows : cols;
  const cost = (i: number, j: number) => -(transpose ? weights[j][i] : weights[i][j]);
  // 1-based arrays as in the classical formulation.
  const u = new Float64Array(n + 1);
  const v = new Float64Array(m + 1);
  const p = new Int32Array(m + 1); // p[j] = row matched to column j
  const way = new Int32Array(m + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Float64Array(m + 1).fill(Infinity);
    const used = new Uint8Array(m + 1);
    do {
      used[j0] = 1;
      const i0 = p[j0];
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= m; j++) {
        if (used[j]) continue;
        const cur = cost(i0 - 1, j - 1) - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= m; j++) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else minv[j] -= delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0);
  }
  const pairs: [number, number][] = [];
  for (let j = 1; j <= m; j++) {
    if (!p[j]) continue;
    const [r, c] = transpose ? [j - 1, p[j] - 1] : [p[j] - 1, j - 1];
    if (weights[r][c] > 0) pairs.push([r, c]);
  }
  return pairs.sort((a, b) => a[0] - b[0]);
}
