/**
 * The plain direct strategy: refactor K on every call (what EngiBench does with CHOLMOD).
 */
import { createBandedCholesky } from './bandedCholesky.ts';
import type { LinearSolver } from './fe.ts';
import type { SparsePattern } from './setup.ts';

export function createDirectBandedSolver(pattern: SparsePattern): LinearSolver {
  const chol = createBandedCholesky(pattern);
  return {
    name: 'banded-cholesky',
    solve(values, b, x) {
      chol.factorize(values);
      return chol.solve(b, x);
    },
  };
}
