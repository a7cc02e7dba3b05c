/**
 * Grid transfers of the geometric multigrid (multigrid.ts) between a grid and its next coarser grid
 * (coarsening.ts: every coarse cell covers 2 or 1 fine cells per axis): trilinear prolongation P of nodal
 * vectors on the coarse node positions and its transpose, the restriction.
 * Nodes are numbered z fastest, then y, then x (setup.ts), `dofs` values per node.
 */
import type { Coarsening } from './coarsening.ts';

export type { Grid } from './coarsening.ts';

/** A scratch array for transfer() over this coarsening (coarse nx × fine ny × fine nz × dofs; two are needed). */
export function transferScratch(c: Coarsening, dofs = 3): Float64Array {
  return new Float64Array(dofs * (c.coarse.nelx + 1) * (c.fine.nely + 1) * (c.fine.nelz + 1));
}

/**
 * The trilinear prolongation is a product of three 1-D stencils (the fine node at[c] ← coarse c with
 * weight 1; where coarse cell c covers two fine cells, the fine node at[c] + 1 ← coarse c and c+1 with ½
 * each), so P and Pᵀ are applied one axis at a time. Arrays here are [outer][n][inner] blocks, C order;
 * the coarse axis has at.length nodes, the fine one at[last] + 1.
 * dst[o][i][·] (=, or += when add) Σ weights · src[o][c][·].
 */
function prolongAxis(src: Float64Array, dst: Float64Array, outer: number, at: Int32Array, inner: number, add: boolean): void {
  const nc = at.length, nf = at[nc - 1] + 1;
  for (let o = 0; o < outer; o++) {
    const so = o * nc * inner, d0 = o * nf * inner;
    for (let c = 0; c < nc; c++) {
      const s = so + c * inner, d = d0 + at[c] * inner;
      if (add) for (let k = 0; k < inner; k++) dst[d + k] += src[s + k];
      else for (let k = 0; k < inner; k++) dst[d + k] = src[s + k];
      if (c + 1 === nc || at[c + 1] - at[c] !== 2) continue;
      const m = d + inner;
      if (add) for (let k = 0; k < inner; k++) dst[m + k] += 0.5 * (src[s + k] + src[s + inner + k]);
      else for (let k = 0; k < inner; k++) dst[m + k] = 0.5 * (src[s + k] + src[s + inner + k]);
    }
  }
}

/** The transpose of prolongAxis (=): dst[o][c][·] = src[o][at[c]][·] + ½ (each neighbour midway to a coarse neighbour). */
function restrictAxis(src: Float64Array, dst: Float64Array, outer: number, at: Int32Array, inner: number): void {
  const nc = at.length, nf = at[nc - 1] + 1;
  for (let o = 0; o < outer; o++) {
    const s0 = o * nf * inner, d0 = o * nc * inner;
    for (let c = 0; c < nc; c++) {
      const d = d0 + c * inner, m = s0 + at[c] * inner;
      const lo = c > 0 && at[c] - at[c - 1] === 2, hi = c < nc - 1 && at[c + 1] - at[c] === 2;
      for (let k = 0; k < inner; k++) {
        const side = (lo ? src[m - inner + k] : 0) + (hi ? src[m + inner + k] : 0);
        dst[d + k] = src[m + k] + 0.5 * side;
      }
    }
  }
}

/** fine += P·coarse (prolong) or coarse = Pᵀ·fine (restrict), `dofs` values per node, through the scratch t1, t2 (transferScratch each). */
export function transfer(cg: Coarsening, fine: Float64Array, coarse: Float64Array, mode: 'prolong' | 'restrict', t1: Float64Array, t2: Float64Array, dofs = 3): void {
  const [ax, ay, az] = cg.at;
  const cx = cg.coarse.nelx + 1, cy = cg.coarse.nely + 1;
  const fy = cg.fine.nely + 1, fz = cg.fine.nelz + 1;
  if (mode === 'prolong') {
    prolongAxis(coarse, t1, cx * cy, az, dofs, false);
    prolongAxis(t1, t2, cx, ay, dofs * fz, false);
    prolongAxis(t2, fine, 1, ax, dofs * fy * fz, true);
  } else {
    restrictAxis(fine, t2, 1, ax, dofs * fy * fz);
    restrictAxis(t2, t1, cx, ay, dofs * fz);
    restrictAxis(t1, coarse, cx * cy, az, dofs);
  }
}
