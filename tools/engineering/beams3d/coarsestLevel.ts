/**
 * How many cells the geometric multigrid's coarsest level keeps (multigrid.ts's coarsening, nextCoarsening with
 * COARSEST_RULE, without its product-table cap). The sparse Cholesky factors that level at every solve, so a mask
 * whose nodes keep the grid from coarsening (nodes at odd positions along every axis) would make each solve a
 * factorization of a large grid: the problems refuse those masks with this count (bounded work).
 */
import { coarseNode, COARSEST_RULE, nextCoarsening, type Grid, type Node } from './coarsening.ts';

export function coarsestCells(fine: Grid, keep: readonly Node[]): number {
  let g = fine;
  let nodes = keep;
  for (let cg; (cg = nextCoarsening(g, nodes, 3 * (g.nelx + 1) * (g.nely + 1) * (g.nelz + 1), COARSEST_RULE));) {
    nodes = nodes.map((p) => coarseNode(cg, p));
    g = cg.coarse;
  }
  return g.nelx * g.nely * g.nelz;
}
