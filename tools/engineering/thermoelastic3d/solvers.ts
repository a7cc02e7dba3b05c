/**
 * Which solvers a ThermoElastic3D grid gets, for its two systems together: up to MULTIGRID_FROM_CELLS (4,000)
 * cells the sparse Cholesky for both; above, the geometric multigrid CG for
 * both (the mechanical one is beams3d/multigrid.ts on the TE3D supports, the thermal one thermalMultigrid.ts), on
 * any side lengths and any clamps and sinks (they stay nodes of every coarse level, beams3d/coarsening.ts).
 * Measured in README.md of this folder.
 */
import { createMultigridSolver } from '../beams3d/multigrid.ts';
import { createCholeskySolver, type Beams3DSolver } from '../beams3d/solver.ts';
import type { Thermo3DSetup } from './setup.ts';
import { createThermalCholesky, type ThermalSolver } from './thermalSolver.ts';
import { createThermalMultigrid } from './thermalMultigrid.ts';

export type Thermo3DSolverKind = 'cholesky' | 'multigrid';

/**
 * Above this many cells the multigrid, on any grid (measured 2026-12-02 at 16³, 5 iterations + the extra
 * pass, load average 5: the multigrid 0.22–0.24 s CPU per FE pass, the Cholesky 0.39–0.41 s; it was 0.75 s
 * against 0.25–0.46 s before the multigrid's products went to WebAssembly).
 */
export const MULTIGRID_FROM_CELLS = 4000;

export interface Thermo3DSolvers {
  mech: Beams3DSolver;
  therm: ThermalSolver;
}

export function defaultSolverKind(setup: Thermo3DSetup): Thermo3DSolverKind {
  return setup.nel > MULTIGRID_FROM_CELLS ? 'multigrid' : 'cholesky';
}

export function createSolvers(setup: Thermo3DSetup, kind: Thermo3DSolverKind = defaultSolverKind(setup)): Thermo3DSolvers {
  if (kind === 'multigrid') return { mech: createMultigridSolver(setup.mech), therm: createThermalMultigrid(setup.therm, setup.KEth) };
  return { mech: createCholeskySolver(setup.mech.pattern, setup.mech.coords), therm: createThermalCholesky(setup.therm) };
}
