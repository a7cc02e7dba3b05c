/**
 * HeatConduction3D conditions, config knobs and their declared constraints
 * (engibench-3d-and-api.md §3.5, EngiBench heatconduction3d v0).
 */
import { bounded, integer, limit, type ConfigValues, type Constraint } from '../constraint.ts';
import type { FieldSpec } from '../problem.ts';

export const conditions: readonly FieldSpec[] = [
  {
    name: 'volume',
    type: 'number',
    default: 0.3,
    description: 'volume fraction of conductive material in the cube: the optimizer keeps ∫a dx ≤ volume over the unit cube',
  },
  {
    name: 'area',
    type: 'number',
    default: 0.5,
    description:
      'width of the insulated (adiabatic) window on the bottom face, as a fraction of its side: the bottom is insulated where x or y lies within 0.5 ± area/2 (a plus-shaped cross); the rest of the boundary above the bottom is the heat sink at T = 0',
  },
];

export const configFields: readonly FieldSpec[] = [
  {
    name: 'resolution',
    type: 'integer',
    default: 51,
    description: 'nodes per side of the cube: a UnitCubeMesh of (resolution − 1)³ cubes, 6 P1 tetrahedra each; designs are resolution³ nodal arrays [x, y, z]',
  },
  { name: 'max_iter', type: 'integer', default: 100, description: 'iteration cap of the optimizer (MMA updates; at most max_iter + 1 history steps, step 0 being the start)' },
];

/** EngiAI's hard limits (errors): every solve factors a resolution³-node 3-D system (sparse Cholesky). */
export const LIMITS = { resolution: 51, maxIter: 1000 } as const;

export const configConstraints: readonly Constraint[] = [
  bounded('volume', 0, 1, { category: 'THEORY' }),
  bounded('volume', 0.3, 0.6, { category: 'IMPL', criticality: 'warning' }),
  bounded('area', 0, 1, { category: 'THEORY' }),
  bounded('resolution', 1, undefined, { category: 'THEORY' }),
  integer('resolution', { category: 'IMPL' }),
  bounded('resolution', 3, undefined, { category: 'IMPL', name: 'resolution_impl_min' }),
  bounded('resolution', 10, 1000, { category: 'IMPL', criticality: 'warning' }),
  limit('resolution', LIMITS.resolution, 'each solve factors a resolution³-node 3-D system; 51³ is 132,651 nodes'),
  bounded('max_iter', 0, undefined, { category: 'THEORY' }),
  integer('max_iter', { category: 'IMPL' }),
  limit('max_iter', LIMITS.maxIter, 'each iteration is one 3-D solve and one gradient'),
];

export interface Heat3Config {
  volume: number;
  area: number;
  resolution: number;
  maxIter: number;
}

export function typedConfig(v: ConfigValues): Heat3Config {
  return { volume: Number(v.volume), area: Number(v.area), resolution: Number(v.resolution), maxIter: Number(v.max_iter) };
}
