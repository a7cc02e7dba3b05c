/**
 * Adapter: the shared supernodal sparse Cholesky (tools/engineering/linalg, nested dissection on
 * the node coordinates) as a Beams2D LinearSolver. Symbolic analysis once, numeric factor per call.
 * On the main thread the factorization uses a helper thread for one half of the grid (threads: 2;
 * serial when the grid is too small to pay or the helper is unavailable). Worker threads (e.g. the
 * dataset pool, which already keeps the cores busy) stay single-threaded.
 */
import { isMainThread } from 'node:worker_threads';
import { analyze, factorize, solve, type CholeskyFactor } from '../linalg/sparseCholesky.ts';
import type { LinearSolver } from './fe.ts';
import type { Beams2DSetup } from './setup.ts';

export function createSparseCholeskySolver(setup: Beams2DSetup): LinearSolver {
  const sym = analyze(setup.pattern, { coords: setup.coords, threads: isMainThread ? 2 : 1 });
  let factor: CholeskyFactor | undefined;
  return {
    name: 'sparse-cholesky-nd',
    solve(values, b, x) {
      factor = factorize(sym, values, factor);
      return solve(factor, b, x);
    },
  };
}
