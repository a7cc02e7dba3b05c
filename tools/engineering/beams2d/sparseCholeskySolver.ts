/**
 * Adapter: the shared supernodal sparse Cholesky (tools/engineering/linalg, nested dissection on
 * the node coordinates) as a Beams2D LinearSolver. Symbolic analysis once, numeric factor per call;
 * solveElements assembles Σ_e E_e·KE straight into the factor's panels (no CSR values, ≈2 ms less
 * per 100×50 iteration, bitwise the same factor) and runs the forward substitution along the sweep;
 * elementEnergies then computes ce from the solution where it lies (WebAssembly, ≈ 0.8 ms less).
 *
 * threads: 2 shares the factorization's independent subtrees with a helper thread. By default
 * ('auto') the helper is used from the main thread of a machine with two or more cores (worker
 * threads such as the dataset pool already keep the cores busy); linalg then picks serial or two
 * threads call by call from measured times, so a helper that gets no core of its own costs little.
 * Results are bitwise the same either way. The helper starts from the launcher's bundle in ≈ 60 ms
 * (≈ 60 ms CPU). Measured on the shared 2-core box (100×50, 100 iterations, 4 alternating pairs):
 * optimize loop 1.07–1.26 s (median ≈ 1.09 s) with the helper, 1.26–1.46 s (≈ 1.33 s) without; a
 * factorization alone min 4.9 ms vs 6.7 ms (serial runs its forward substitution along the sweep).
 */
import { availableParallelism } from 'node:os';
import { isMainThread } from 'node:worker_threads';
import { analyze, elementEnergies, factorize, factorizeElementsSolve, planElementAssembly, solve, type CholeskyFactor } from '../linalg/sparseCholesky.ts';
import type { LinearSolver } from './fe.ts';
import type { Beams2DSetup } from './setup.ts';

export type SolverThreads = 1 | 2 | 'auto';

export function autoThreads(): 1 | 2 {
  return isMainThread && availableParallelism() >= 2 ? 2 : 1;
}

export function createSparseCholeskySolver(setup: Beams2DSetup, threads: SolverThreads = 'auto'): LinearSolver {
  const sym = analyze(setup.pattern, { coords: setup.coords, threads: threads === 'auto' ? autoThreads() : threads });
  const rows = Int32Array.from(setup.edofMat, (dof) => setup.dofToFree[dof]);
  const elements = planElementAssembly(sym, setup.KE, setup.scatter, rows);
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
    elementEnergies(ce) {
      if (!factor?.elements) throw new Error('elementEnergies before solveElements');
      return elementEnergies(factor, ce);
    },
  };
}
