/**
 * Which Beams3D solver a grid gets (measured, see README.md of this folder): the sparse Cholesky up to
 * MULTIGRID_FROM_CELLS elements, where its factor is small and exact on any contrast; above, the
 * multigrid CG, on any side lengths (coarsening.ts). At 16³ (4,096 cells) the multigrid CG
 * takes ≈ 0.1 s CPU per optimize iteration (10–16 CG iterations over a whole default optimize) where
 * the Cholesky takes ≈ 0.3 s (3.8 Gflop per factorization); on random high-contrast designs both
 * take ≈ 0.2 s. At 32³ the Cholesky factor would take ≈ 112 s and 1.8 GB.
 */
import { createMultigridSolver } from './multigrid.ts';
import type { Beams3DSetup } from './setup.ts';
import { createCholeskySolver, createPcgSolver, type Beams3DSolver } from './solver.ts';

export type SolverKind = 'cholesky' | 'pcg' | 'multigrid';

export const MULTIGRID_FROM_CELLS = 4000;

export function defaultSolverKind(setup: Beams3DSetup): SolverKind {
  return setup.nel > MULTIGRID_FROM_CELLS ? 'multigrid' : 'cholesky';
}

export function createSolver(setup: Beams3DSetup, kind: SolverKind = defaultSolverKind(setup)): Beams3DSolver {
  if (kind === 'multigrid') return createMultigridSolver(setup);
  if (kind === 'pcg') return createPcgSolver(setup.pattern);
  return createCholeskySolver(setup.pattern, setup.coords);
}
