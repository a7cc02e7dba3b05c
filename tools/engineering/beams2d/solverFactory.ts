/**
 * Picks the linear solver for the reduced K of a setup: the shared supernodal sparse Cholesky with
 * nested dissection (default; ≈2–3× faster than the band at 100×50; threads: 'auto' adds a helper
 * thread when a core is idle, see sparseCholeskySolver.ts), or our own skyline band Cholesky
 * (simple, no analysis step; kept as a fallback and a cross-check).
 */
import { createDirectBandedSolver } from './directSolver.ts';
import type { LinearSolver } from './fe.ts';
import type { Beams2DSetup } from './setup.ts';
import { createSparseCholeskySolver, type SolverThreads } from './sparseCholeskySolver.ts';

export type SolverKind = 'sparse' | 'banded';

export function createLinearSolver(setup: Beams2DSetup, kind: SolverKind = 'sparse', threads: SolverThreads = 'auto'): LinearSolver {
  return kind === 'banded' ? createDirectBandedSolver(setup.pattern) : createSparseCholeskySolver(setup, threads);
}
