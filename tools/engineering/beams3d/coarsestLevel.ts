/**
 * How many cells the geometric multigrid's coarsest level keeps (multigrid.ts's coarsening loop, without its
 * product-table cap): the grid coarsens around the kept nodes (coarsening.ts) while it has over 3,000 DOFs, a side
 * shrinks, and it halves exactly or has over 12,288 DOFs. The sparse Cholesky factors that level at every solve, so
 * a mask whose nodes keep the grid from coarsening (nodes at odd positions along every axis) would make each solve
 * a factorization of a large grid: the problems refuse those masks with this count (bounded work).
 */
import { coarseNode, coarsenGrid, halves, shrinks, type Grid, type Node } from './coarsening.ts';

export function coarsestCells(fine: Grid, keep: readonly Node[]): number {
  let g = fine;
  let nodes = keep;
  for (;;) {
    const dofs = 3 * (g.nelx + 1) * (g.nely + 1) * (g.nelz + 1);
    if (dofs <= 3000) break;
    const cg = coarsenGrid(g, nodes);
    if (!shrinks(cg) || (!halves(cg) && dofs <= 12_288)) break;
    nodes = nodes.map((p) => coarseNode(cg, p));
    g = cg.coarse;
  }
  return g.nelx * g.nely * g.nelz;
}
