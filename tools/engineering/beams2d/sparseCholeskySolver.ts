/**
 * Adapter: the shared supernodal sparse Cholesky (tools/engineering/linalg, nested dissection on
 * the node coordinates) as a Beams2D LinearSolver. Symbolic analysis once, numeric factor per call.
 */
import { analyze, factorize, solve, type CholeskyFactor } from '../linalg/sparseCholesky.ts';
import type { LinearSolver } from './fe.ts';
import type { Beams2DSetup } from './setup.ts';

export function createSparseCholeskySolver(setup: Beams2DSetup): LinearSolver {
  const sym = analyze(setup.pattern, { coords: setup.coords });
  let factor: CholeskyFactor | undefined;
  return {
    name: 'sparse-cholesky-nd',
    solve(values, b, x) {
      factor = factorize(sym, values, factor);
      return solve(factor, b, x);
    },
  };
}
