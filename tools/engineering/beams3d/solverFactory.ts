/**
 * Which Beams3D solver a grid gets (measured, see README.md of this folder): the sparse Cholesky up to
 * MULTIGRID_FROM_CELLS elements, where its factor is small (16³: ≈ 0.6 s per solve); above, the
 * multigrid CG (32³: the Cholesky factor takes ≈ 112 s and 1.8 GB, the multigrid CG a few seconds),
 * when the grid can be halved at least once.
 */
import { createMultigridSolver } from './multigrid.ts';
import type { Beams3DSetup } from './setup.ts';
import { createCholeskySolver, createPcgSolver, type Beams3DSolver } from './solver.ts';

export type SolverKind = 'cholesky' | 'pcg' | 'multigrid';

export const MULTIGRID_FROM_CELLS = 8000;

export function defaultSolverKind(setup: Beams3DSetup): SolverKind {
  const halvable = setup.nelx % 2 === 0 && setup.nely % 2 === 0 && setup.nelz % 2 === 0;
  return setup.nel > MULTIGRID_FROM_CELLS && halvable ? 'multigrid' : 'cholesky';
}

export function createSolver(setup: Beams3DSetup, kind: SolverKind = defaultSolverKind(setup)): Beams3DSolver {
  if (kind === 'multigrid') return createMultigridSolver(setup);
  if (kind === 'pcg') return createPcgSolver(setup.pattern);
  return createCholeskySolver(setup.pattern, setup.coords);
}
