/**
 * Grid transfers of the geometric multigrid (multigrid.ts) between a grid and the grid with every
 * side halved: trilinear prolongation P of nodal vectors and its transpose, the restriction.
 * Nodes are numbered z fastest, then y, then x (setup.ts), `dofs` values per node.
 */

/** Element counts per side (nodes = elements + 1). */
export interface Grid {
  nelx: number;
  nely: number;
  nelz: number;
}

/** A scratch array for transfer() between these two grids (coarse nx × fine ny × fine nz × dofs; two are needed). */
export function transferScratch(fine: Grid, coarse: Grid, dofs = 3): Float64Array {
  return new Float64Array(dofs * (coarse.nelx + 1) * (fine.nely + 1) * (fine.nelz + 1));
}

/**
 * The trilinear prolongation is a product of three 1-D stencils (fine node 2c ← coarse c with
 * weight 1; fine node 2c+1 ← coarse c and c+1 with ½ each), so P and Pᵀ are applied one axis at a
 * time. Arrays here are [outer][n][inner] blocks, C order; the fine axis has 2·nc − 1 nodes.
 * dst[o][i][·] (=, or += when add) Σ weights · src[o][c][·].
 */
function prolongAxis(src: Float64Array, dst: Float64Array, outer: number, nc: number, inner: number, add: boolean): void {
  const nf = 2 * nc - 1;
  for (let o = 0; o < outer; o++) {
    const so = o * nc * inner, d0 = o * nf * inner;
    for (let i = 0; i < nf; i++) {
      const d = d0 + i * inner, c = so + (i >> 1) * inner;
      if (i % 2 === 0) {
        if (add) for (let k = 0; k < inner; k++) dst[d + k] += src[c + k];
        else for (let k = 0; k < inner; k++) dst[d + k] = src[c + k];
      } else if (add) for (let k = 0; k < inner; k++) dst[d + k] += 0.5 * (src[c + k] + src[c + inner + k]);
      else for (let k = 0; k < inner; k++) dst[d + k] = 0.5 * (src[c + k] + src[c + inner + k]);
    }
  }
}

/** The transpose of prolongAxis (=): dst[o][c][·] = src[o][2c][·] + ½(src[o][2c−1][·] + src[o][2c+1][·]). */
function restrictAxis(src: Float64Array, dst: Float64Array, outer: number, nc: number, inner: number): void {
  const nf = 2 * nc - 1;
  for (let o = 0; o < outer; o++) {
    const s0 = o * nf * inner, d0 = o * nc * inner;
    for (let c = 0; c < nc; c++) {
      const d = d0 + c * inner, m = s0 + 2 * c * inner;
      const lo = c > 0, hi = c < nc - 1;
      for (let k = 0; k < inner; k++) {
        const side = (lo ? src[m - inner + k] : 0) + (hi ? src[m + inner + k] : 0);
        dst[d + k] = src[m + k] + 0.5 * side;
      }
    }
  }
}

/** fine += P·coarse (prolong) or coarse = Pᵀ·fine (restrict), `dofs` values per node, through the scratch t1, t2 (transferScratch each). */
export function transfer(fineS: Grid, coarseS: Grid, fine: Float64Array, coarse: Float64Array, mode: 'prolong' | 'restrict', t1: Float64Array, t2: Float64Array, dofs = 3): void {
  const cx = coarseS.nelx + 1, cy = coarseS.nely + 1, cz = coarseS.nelz + 1;
  const fy = fineS.nely + 1, fz = fineS.nelz + 1;
  if (mode === 'prolong') {
    prolongAxis(coarse, t1, cx * cy, cz, dofs, false);
    prolongAxis(t1, t2, cx, cy, dofs * fz, false);
    prolongAxis(t2, fine, 1, cx, dofs * fy * fz, true);
  } else {
    restrictAxis(fine, t2, 1, cx, dofs * fy * fz);
    restrictAxis(t2, t1, cx, cy, dofs * fz);
    restrictAxis(t1, coarse, cx * cy, cz, dofs);
  }
}

