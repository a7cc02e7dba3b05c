/**
 * ThermoElastic3D conditions, config knobs and their declared constraints (EngiBench `ThermoElastic3D.Conditions`
 * and `Config`, newest readable v0, engibench-3d-and-api.md §2.1–2.2). THEORY: physically meaningless outside;
 * IMPL: the implementation is not meant for it. Errors refuse to run; warnings only inform.
 *
 * EngiBench's five node masks (fixed_elements, force_elements_x/y/z, heatsink_elements) are conditions there
 * and here (`masks`, given as node masks, nodeMask.ts; masks.ts checks them: `bc_check`). Not given, they are
 * EngiBench's grid-sized defaults: clamps at (0, 0, 0), (0, nely, 0), (0, nely, nelz); 0.5 in x, y and z at
 * (nelx, nely, nelz); one heat sink at (nelx, nely, 0).
 */
import { bounded, crossField, greaterThan, type ConfigValues, type Constraint } from '../constraint.ts';
import { hexGridConstraints } from '../beams3d/conditions.ts';
import { coarsestCells } from '../beams3d/coarsestLevel.ts';
import { MULTIGRID_FROM_CELLS } from './solvers.ts';
import { masksOfConfig, maskSpecs, maskViolation, type Thermo3DMasks } from './masks.ts';
import type { FieldSpec } from '../problem.ts';

export const conditions: readonly FieldSpec[] = [
  { name: 'volfrac', type: 'number', default: 0.3, description: 'target volume fraction of material (mean density)' },
  { name: 'rmin', type: 'number', default: 1.5, description: 'sensitivity filter radius', unit: 'elements' },
  { name: 'penal', type: 'number', default: 3.0, description: 'SIMP power p: stiffness and conductivity both scale with x^p (no Emin, no offset)' },
  { name: 'weight', type: 'number', default: 0.5, description: 'objective weight w: w·structural + (1−w)·thermal compliance (1 = purely structural, 0 = purely thermal)' },
];

export const configFields: readonly FieldSpec[] = [
  { name: 'nelx', type: 'integer', default: 16, description: 'elements along x', unit: 'elements' },
  { name: 'nely', type: 'integer', default: 16, description: 'elements along y', unit: 'elements' },
  { name: 'nelz', type: 'integer', default: 16, description: 'elements along z', unit: 'elements' },
  { name: 'max_iter', type: 'integer', default: 200, description: 'maximum number of MMA iterations (one extra evaluation follows the last)' },
];

/**
 * EngiAI's hard limits (errors), measured (README.md of this folder): up to 4,000 cells both systems are
 * solved by the sparse Cholesky; above, by the geometric multigrid CG (solvers.ts), on any side lengths. Measured per FE pass (CPU time): 32³ 4–11 s in ≈ 0.5 GB; 40³ (64,000 cells, the largest allowed,
 * as for Beams3D) 9–22 s in ≈ 0.8 GB.
 */
export const LIMITS = { side: 64, cells: 64_000, maxIter: 5000 } as const;
export const masks = maskSpecs(LIMITS.side + 1);
/** The largest multigrid coarsest level the masks may leave: the grid size the sparse Cholesky takes for both systems (8,000 cells). */
const COARSEST_CELLS_LIMIT = 8000;
const TIME = 'each iteration solves a 3-D stiffness and a conductivity system (≈ 0.5 s of CPU at 16³, 4–11 s at 32³)';

export const configConstraints: readonly Constraint[] = [
  bounded('volfrac', 0, 1, { category: 'THEORY' }),
  // The volume constraint Σx/(volfrac·n) − 1 divides by volfrac.
  greaterThan('volfrac', 0, { category: 'IMPL', name: 'volfrac_impl_positive' }),
  bounded('rmin', 1, undefined, { category: 'THEORY' }),
  bounded('rmin', 0, 3, { category: 'IMPL', criticality: 'warning' }),
  bounded('penal', 1, undefined, { category: 'THEORY' }),
  bounded('penal', 0, 10, { category: 'IMPL', criticality: 'warning' }),
  bounded('weight', 0, 1, { category: 'THEORY' }),
  ...hexGridConstraints(LIMITS, { side: TIME, iteration: 'each iteration is a coupled thermal and structural solve', cells: `for thermoelastic3d (${TIME})` }),
  crossField('bc_check', 'masks of shape (nelx+1, nely+1, nelz+1) with at least one fixed, one loaded and one heat-sink node', (v) => maskViolation(v, grid(v)), { category: 'THEORY' }),
  crossField('supports_multigrid', `nelx·nely·nelz <= ${MULTIGRID_FROM_CELLS}, or fixed_elements and heatsink_elements nodes that let the multigrid coarsen the grid to <= ${COARSEST_CELLS_LIMIT} cells`, (v) => {
    const g = grid(v);
    if (g.nelx * g.nely * g.nelz <= MULTIGRID_FROM_CELLS || (v.fixed_elements === undefined && v.heatsink_elements === undefined)) return null;
    const m = masksOfConfig(v, g);
    const cells = coarsestCells(g, [...m.fixed, ...m.sinks]);
    return cells <= COARSEST_CELLS_LIMIT ? null : `the fixed_elements and heatsink_elements nodes keep the multigrid from coarsening the grid below ${cells} cells, which the sparse Cholesky would factor at every solve (EngiAI's limit ${COARSEST_CELLS_LIMIT}): fewer supports or sinks at odd positions along every axis, or a smaller grid`;
  }, { category: 'IMPL' }),
];

const grid = (v: ConfigValues) => ({ nelx: Number(v.nelx), nely: Number(v.nely), nelz: Number(v.nelz) });

/** The typed view of a resolved ThermoElastic3D config. */
export interface Thermo3DConfig {
  volfrac: number;
  rmin: number;
  penal: number;
  weight: number;
  nelx: number;
  nely: number;
  nelz: number;
  maxIter: number;
  /** The five masks: the given ones, EngiBench's defaults for the rest. */
  masks: Thermo3DMasks;
}

export function typedConfig(v: ConfigValues): Thermo3DConfig {
  return {
    volfrac: Number(v.volfrac),
    rmin: Number(v.rmin),
    penal: Number(v.penal),
    weight: Number(v.weight),
    nelx: Number(v.nelx),
    nely: Number(v.nely),
    nelz: Number(v.nelz),
    maxIter: Number(v.max_iter),
    masks: masksOfConfig(v, grid(v)),
  };
}
