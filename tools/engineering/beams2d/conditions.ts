/**
 * Beams2D conditions, config knobs and their declared constraints (EngiBench `Beams2D.Conditions`
 * and `Config`, engibench.md §1.11). THEORY: physically meaningless outside; IMPL: the
 * implementation is not meant for it. Errors refuse to run; warnings only inform.
 */
import { bounded, crossField, greaterThan, limit, productLimit, type ConfigValues, type Constraint } from '../constraint.ts';
import type { FieldSpec } from '../problem.ts';
import { loadDofIndex } from './setup.ts';

export const conditions: readonly FieldSpec[] = [
  { name: 'volfrac', type: 'number', default: 0.35, description: 'target volume fraction of material (mean density)' },
  { name: 'rmin', type: 'number', default: 2.0, description: 'density filter radius', unit: 'elements' },
  {
    name: 'forcedist',
    type: 'number',
    default: 0.0,
    description:
      'load position along the top edge as a fraction of nelx. The design is the right half of the symmetric MBB beam: ' +
      '0 = its left edge, the symmetry line (a load at mid-span of the full beam); 1 = its right end, over the roller support',
  },
  { name: 'overhang_constraint', type: 'boolean', default: false, description: 'apply the Langelaar overhang (AM printability) filter, printing bottom to top' },
];

export const configFields: readonly FieldSpec[] = [
  { name: 'penal', type: 'number', default: 3.0, description: 'SIMP penalization power p' },
  { name: 'nelx', type: 'integer', default: 100, description: 'elements along x (beam length)', unit: 'elements' },
  { name: 'nely', type: 'integer', default: 50, description: 'elements along y (beam height)', unit: 'elements' },
  { name: 'max_iter', type: 'integer', default: 100, description: 'maximum number of optimizer iterations' },
];

/**
 * EngiAI's hard limits (errors): memory and time grow with the grid. Measured (2 iterations, whole
 * `engiai optimize` process, peak RSS): 100x50 113 MB; 400x200 419 MB, 4 s; 500x500 1.08 GB,
 * 16 s; 1000x500 2.1 GB, 49 s. 250,000 cells keep one optimization near 1.1 GB.
 */
export const LIMITS = { nelx: 2000, nely: 2000, cells: 250_000, maxIter: 5000 } as const;
const MEMORY = 'peak memory grows about 4 KB per cell';

export const configConstraints: readonly Constraint[] = [
  bounded('volfrac', 0, 1, { category: 'THEORY' }),
  bounded('volfrac', 0.1, 0.9, { category: 'IMPL', criticality: 'warning' }),
  greaterThan('rmin', 0, { category: 'THEORY', name: 'rmin_theory_positive' }),
  bounded('rmin', 1, 10, { category: 'IMPL', criticality: 'warning' }),
  bounded('forcedist', 0, 1, { category: 'THEORY' }),
  bounded('penal', 1, undefined, { category: 'IMPL' }),
  bounded('penal', 2, 5, { category: 'IMPL', criticality: 'warning' }),
  bounded('nelx', 1, undefined, { category: 'THEORY' }),
  bounded('nelx', 10, 1000, { category: 'IMPL', criticality: 'warning' }),
  bounded('nely', 1, undefined, { category: 'THEORY' }),
  bounded('nely', 10, 1000, { category: 'IMPL', criticality: 'warning' }),
  bounded('max_iter', 0, undefined, { category: 'THEORY' }),
  bounded('max_iter', 1, 1000, { category: 'IMPL', criticality: 'warning' }),
  limit('nelx', LIMITS.nelx, MEMORY),
  limit('nely', LIMITS.nely, MEMORY),
  productLimit('grid_cells_limit', ['nelx', 'nely'], LIMITS.cells, `${MEMORY}: about 1.1 GB at the limit`),
  limit('max_iter', LIMITS.maxIter, 'each iteration is one finite-element solve'),
  crossField('rmin_bound', '0 < rmin <= max(nelx, nely)', (v) => {
    const rmin = Number(v.rmin);
    const limit = Math.max(Number(v.nelx), Number(v.nely));
    return rmin > 0 && rmin <= limit ? null : `rmin = ${v.rmin} is outside (0, max(nelx, nely) = ${limit}]`;
  }),
  // EngiBench's load index int(1 + 2·forcedist·nelx·(nely+1)) is an x-DOF of the symmetry line (fixed) for some
  // forcedist·nelx < 1 when nely+1 is odd: the load is dropped, c = 0, and the optimizer removes all material.
  crossField('load_on_fixed_dof', 'the load index int(1 + 2·forcedist·nelx·(nely+1)) is not a fixed DOF', (v) => {
    const dof = loadDofIndex(Number(v.forcedist), Number(v.nelx), Number(v.nely));
    return dof % 2 === 0 && dof <= 2 * Number(v.nely)
      ? `forcedist = ${v.forcedist} on ${v.nelx}x${v.nely} puts the unit load on DOF ${dof}, the fixed x-DOF of a node on the symmetry line: the beam is unloaded (c = 0) and the optimizer removes all material, as in EngiBench`
      : null;
  }, { category: 'IMPL', criticality: 'warning' }),
];

/** The typed view of a resolved Beams2D config. */
export interface Beams2DConfig {
  volfrac: number;
  rmin: number;
  forcedist: number;
  overhang: boolean;
  penal: number;
  nelx: number;
  nely: number;
  maxIter: number;
}

export function typedConfig(v: ConfigValues): Beams2DConfig {
  return {
    volfrac: Number(v.volfrac),
    rmin: Number(v.rmin),
    forcedist: Number(v.forcedist),
    overhang: Boolean(v.overhang_constraint),
    penal: Number(v.penal),
    nelx: Number(v.nelx),
    nely: Number(v.nely),
    maxIter: Number(v.max_iter),
  };
}
