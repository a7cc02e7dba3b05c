/**
 * Which solvers a ThermoElastic3D grid gets, for its two systems together: up to MULTIGRID_FROM_CELLS (4,000)
 * cells the sparse Cholesky for both; above, the geometric multigrid CG for
 * both (the mechanical one is beams3d/multigrid.ts on the TE3D supports, the thermal one thermalMultigrid.ts)
 * where it can run: every side even and the clamps and sinks at even node coordinates (EngiBench's defaults
 * are grid corners). Up to CHOLESKY_UP_TO_CELLS (8,000) a grid it cannot run on keeps the Cholesky; above,
 * conditions.ts refuses odd sides and createSolvers odd masks (an InputError). Measured in README.md of this folder.
 */
import { createMultigridSolver } from '../beams3d/multigrid.ts';
import { createCholeskySolver, type Beams3DSolver } from '../beams3d/solver.ts';
import { InputError } from '../../errors.ts';
import { supportsOnCoarseGrid } from './masks.ts';
import type { Thermo3DSetup } from './setup.ts';
import { createThermalCholesky, type ThermalSolver } from './thermalSolver.ts';
import { createThermalMultigrid } from './thermalMultigrid.ts';

export type Thermo3DSolverKind = 'cholesky' | 'multigrid';

/**
 * Above this many cells the multigrid where it can run (measured 2026-12-02 at 16³, 5 iterations + the extra
 * pass, load average 5: the multigrid 0.22–0.24 s CPU per FE pass, the Cholesky 0.39–0.41 s; it was 0.75 s
 * against 0.25–0.46 s before the multigrid's products went to WebAssembly).
 */
export const MULTIGRID_FROM_CELLS = 4000;
/** Up to this many cells the Cholesky takes any grid (odd sides, odd masks); above, only the multigrid solves. */
export const CHOLESKY_UP_TO_CELLS = 8000;

export interface Thermo3DSolvers {
  mech: Beams3DSolver;
  therm: ThermalSolver;
}

export const halvable = (c: { nelx: number; nely: number; nelz: number }) => c.nelx % 2 === 0 && c.nely % 2 === 0 && c.nelz % 2 === 0;

export function defaultSolverKind(setup: Thermo3DSetup): Thermo3DSolverKind {
  if (setup.nel <= MULTIGRID_FROM_CELLS || !halvable(setup)) return 'cholesky';
  return setup.nel > CHOLESKY_UP_TO_CELLS || supportsOnCoarseGrid(setup.masks) ? 'multigrid' : 'cholesky';
}

export function createSolvers(setup: Thermo3DSetup, kind: Thermo3DSolverKind = defaultSolverKind(setup)): Thermo3DSolvers {
  if (kind === 'multigrid' && !supportsOnCoarseGrid(setup.masks)) {
    throw new InputError(`thermoelastic3d: above ${CHOLESKY_UP_TO_CELLS} cells (here ${setup.nel}) the multigrid CG needs every fixed_elements and heatsink_elements node at even (ix, iy, iz), so that it is a node of the halved grid`, { field: 'fixed_elements' });
  }
  if (kind === 'multigrid') return { mech: createMultigridSolver(setup.mech), therm: createThermalMultigrid(setup.therm, setup.KEth) };
  return { mech: createCholeskySolver(setup.mech.pattern, setup.mech.coords), therm: createThermalCholesky(setup.therm) };
}
