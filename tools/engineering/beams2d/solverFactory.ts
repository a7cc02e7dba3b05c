/**
 * Picks the linear solver for the reduced K of a setup.
 */
import { createDirectBandedSolver } from './directSolver.ts';
import type { LinearSolver } from './fe.ts';
import type { Beams2DSetup } from './setup.ts';

export type SolverKind = 'banded';

export function createLinearSolver(setup: Beams2DSetup, _kind: SolverKind = 'banded'): LinearSolver {
  return createDirectBandedSolver(setup.pattern);
}
