/**
 * Adapter: the shared supernodal sparse Cholesky (tools/engineering/linalg, nested dissection on
 * the node coordinates) as a Beams2D LinearSolver. Symbolic analysis once, numeric factor per call;
 * solveElements assembles Σ_e E_e·KE straight into the factor's panels (no CSR values, ≈2 ms less
 * per 100×50 iteration, bitwise the same factor) and runs the forward substitution along the sweep.
 *
 * threads: 2 factors half of the grid on a helper thread. It only pays when a core is idle: on a
 * busy machine the helper competes for a core and its start-up (~0.25 s CPU) is pure cost. So by
 * default ('auto') it is used on the main thread (worker threads such as the dataset pool already
 * keep the cores busy) unless the 1-minute load average is above 1.1 per core (it counts this
 * process and, in a benchmark, the peer that ran just before); linalg then still picks serial or
 * two threads call by call from measured times. Results are bitwise the same either way.
 * Measured on the shared 2-core box (100×50, 100 iterations, paired alternating runs): optimize
 * loop median 3.15 s vs 3.37 s serial (n=31/30, both cores idle) and 3.53 s vs 3.68 s (n=10 each,
 * unfiltered); one 3-run bench:perf pair went the other way (3.46 s vs 3.23 s). Factorization in
 * the loop ≈14 ms vs ≈25 ms; best case 8.6 ms vs 14.5 ms.
 */
import { availableParallelism, loadavg } from 'node:os';
import { isMainThread } from 'node:worker_threads';
import { analyze, factorize, factorizeElementsSolve, planElementAssembly, solve, type CholeskyFactor } from '../linalg/sparseCholesky.ts';
import type { LinearSolver } from './fe.ts';
import type { Beams2DSetup } from './setup.ts';

export type SolverThreads = 1 | 2 | 'auto';

/** Highest 1-minute load average per core for which 'auto' starts the helper thread. */
const MAX_LOAD_PER_CORE = 1.1;

export function autoThreads(): 1 | 2 {
  const cores = availableParallelism();
  return isMainThread && cores >= 2 && loadavg()[0] <= MAX_LOAD_PER_CORE * cores ? 2 : 1;
}

export function createSparseCholeskySolver(setup: Beams2DSetup, threads: SolverThreads = 'auto'): LinearSolver {
  const sym = analyze(setup.pattern, { coords: setup.coords, threads: threads === 'auto' ? autoThreads() : threads });
  const elements = planElementAssembly(sym, setup.KE, setup.scatter);
  let factor: CholeskyFactor | undefined;
  return {
    name: 'sparse-cholesky-nd',
    solve(values, b, x) {
      factor = factorize(sym, values, factor);
      return solve(factor, b, x);
    },
    solveElements(E, b, x) {
      factor = factorizeElementsSolve(sym, elements, E, b, x, factor);
      return x;
    },
  };
}
