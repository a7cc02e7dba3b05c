/**
 * How the geometric multigrids (multigrid.ts, ../thermoelastic3d/thermalMultigrid.ts) coarsen a grid of any
 * side lengths: each axis on its own, its fine cells paired from 0 upward (a coarse cell covers two fine
 * cells), except that a cell is left alone (a coarse cell covering one fine cell) when it is the last of an
 * odd run or when the node it would pair across must stay a node (a clamped node or a heat sink, so that it is
 * a node of every level). An even side whose kept nodes sit at even positions is halved exactly (every coarse
 * cell covers 2); an odd side ends in one coarse cell of width 1; a side of 1 stays.
 * Legend: an axis coarsening is `at`, the fine node index of each coarse node (coarse cells + 1 values,
 * at[0] = 0, last = the fine cell count); nodes are numbered z fastest, then y, then x (setup.ts).
 */

/** Element counts per side (nodes = elements + 1). */
export interface Grid {
  nelx: number;
  nely: number;
  nelz: number;
}

export type Node = readonly [number, number, number];

export interface Coarsening {
  fine: Grid;
  coarse: Grid;
  /** x, y, z: the fine node index of each coarse node along that axis */
  at: [Int32Array, Int32Array, Int32Array];
}

/** The coarse nodes of an axis of n cells whose nodes in `keep` stay (see the file comment). */
export function coarsenAxis(n: number, keep: ReadonlySet<number>): Int32Array {
  const at = [0];
  for (let p = 0; p < n;) {
    p += p + 2 <= n && !keep.has(p + 1) ? 2 : 1;
    at.push(p);
  }
  return Int32Array.from(at);
}

/** The next coarser grid of `fine` on which every node of `keep` is still a node. */
export function coarsenGrid(fine: Grid, keep: readonly Node[]): Coarsening {
  const sides = [fine.nelx, fine.nely, fine.nelz];
  const at = sides.map((n, d) => coarsenAxis(n, new Set(keep.map((p) => p[d])))) as [Int32Array, Int32Array, Int32Array];
  return { fine, coarse: { nelx: at[0].length - 1, nely: at[1].length - 1, nelz: at[2].length - 1 }, at };
}

/** Whether the coarse grid has fewer cells than the fine one (false: no side can shrink further). */
export const shrinks = (c: Coarsening): boolean => c.coarse.nelx * c.coarse.nely * c.coarse.nelz < c.fine.nelx * c.fine.nely * c.fine.nelz;

/** Whether every coarse cell covers exactly two fine cells on every axis (an exact halving: even sides, kept nodes at even positions). */
export const halves = (c: Coarsening): boolean => c.at.every((at) => at.every((v, i) => v === 2 * i));

/** When a multigrid level is the coarsest (the sparse Cholesky factors it): at `coarsest` unknowns or fewer, or, where the grid cannot be halved exactly, at `uneven` or fewer. */
export interface CoarsestRule {
  coarsest: number;
  uneven: number;
}

/**
 * The coarsest level, in DOFs: ≤ 3,000; a level that cannot be halved exactly (an odd side, or a clamped node at
 * an odd position) stays the coarsest up to 12,288 DOFs (16³ nodes): its factorization costs about what the extra
 * CG iterations of an uneven coarsening would (≈ 5 at 22³), and the all-even grids keep the levels they had
 * before odd sides were coarsened. multigrid.ts's rule, and the mask guard's (coarsestLevel.ts).
 */
export const COARSEST_RULE: CoarsestRule = { coarsest: 3000, uneven: 12_288 };

/** The next coarser level of a grid with `size` unknowns whose `keep` nodes stay nodes, or null where it is the coarsest (by `rule`, or no side can shrink). */
export function nextCoarsening(fine: Grid, keep: readonly Node[], size: number, rule: CoarsestRule): Coarsening | null {
  if (size <= rule.coarsest) return null;
  const cg = coarsenGrid(fine, keep);
  return !shrinks(cg) || (!halves(cg) && size <= rule.uneven) ? null : cg;
}

/** The coarse coordinates of a fine node that stays a node (an Error otherwise: a bug of the caller). */
export function coarseNode(c: Coarsening, p: Node): [number, number, number] {
  const q = p.map((v, d) => c.at[d].indexOf(v));
  if (q.some((v) => v < 0)) throw new Error(`coarsening: fine node (${p.join(', ')}) is not a coarse node`);
  return q as [number, number, number];
}

/**
 * Per axis of a fine grid, for a coarse grid several levels down whose nodes lie at the fine node indices
 * `pos`: each fine cell's class, an index into the distinct (offset inside its coarse cell, width of that
 * coarse cell) pairs `kinds`, numbered in order of first appearance from cell 0 (so a uniform width m gives
 * class = offset, 0 … m − 1).
 */
export function cellClasses(pos: Int32Array): { cls: Int32Array; kinds: [number, number][] } {
  const n = pos[pos.length - 1];
  const cls = new Int32Array(n);
  const kinds: [number, number][] = [];
  const ids = new Map<number, number>();
  for (let C = 0; C + 1 < pos.length; C++) {
    const w = pos[C + 1] - pos[C];
    for (let o = 0; o < w; o++) {
      const key = w * (n + 1) + o;
      let id = ids.get(key);
      if (id === undefined) {
        id = kinds.length;
        ids.set(key, id);
        kinds.push([o, w]);
      }
      cls[pos[C] + o] = id;
    }
  }
  return { cls, kinds };
}

/** The fine node indices of the coarse nodes two coarsenings apart: pos (level l, in fine indices) through at (level l → l + 1). */
export function compose(pos: Int32Array, at: Int32Array): Int32Array {
  return at.map((i) => pos[i]);
}
