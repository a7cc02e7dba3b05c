/**
 * HeatConduction2D conditions, config knobs and their declared constraints
 * (engibench-3d-and-api.md §3.5, EngiBench heatconduction2d v0).
 * THEORY: physically meaningless outside; IMPL: the implementation is not meant for it.
 */
import { bounded, integer, limit, type ConfigValues, type Constraint } from '../constraint.ts';
import type { FieldSpec } from '../problem.ts';

export const conditions: readonly FieldSpec[] = [
  {
    name: 'volume',
    type: 'number',
    default: 0.5,
    description: 'volume fraction of conductive material: the optimizer keeps ∫a dx ≤ volume over the unit square (the share of the plate that is high-conductivity material)',
  },
  {
    name: 'length',
    type: 'number',
    default: 0.5,
    description:
      'width of the adiabatic (insulated) segment centred on the bottom edge, as a fraction of the edge; the rest of the boundary is the heat sink at T = 0 (0: the whole bottom is a sink, 1: the whole bottom is insulated)',
  },
];

export const configFields: readonly FieldSpec[] = [
  {
    name: 'resolution',
    type: 'integer',
    default: 101,
    description: 'nodes per side of the design: the plate is a UnitSquareMesh of (resolution − 1)² squares split into P1 triangles; designs are resolution × resolution nodal images',
  },
  { name: 'max_iter', type: 'integer', default: 100, description: 'iteration cap of the optimizer (MMA updates; the history has at most max_iter + 1 steps, step 0 being the start)' },
];

/** EngiAI's hard limits (errors): one solve factors a (resolution²)-node P1 system. */
export const LIMITS = { resolution: 401, maxIter: 2000 } as const;

export const configConstraints: readonly Constraint[] = [
  bounded('volume', 0, 1, { category: 'THEORY' }),
  bounded('volume', 0.3, 0.6, { category: 'IMPL', criticality: 'warning' }),
  bounded('length', 0, 1, { category: 'THEORY' }),
  bounded('resolution', 1, undefined, { category: 'THEORY' }),
  integer('resolution', { category: 'IMPL' }),
  // One square (resolution 2) already has no free node left: every boundary node is a sink or the
  // adiabatic segment's, and the problem needs an interior.
  bounded('resolution', 3, undefined, { category: 'IMPL', name: 'resolution_impl_min' }),
  bounded('resolution', 10, 1000, { category: 'IMPL', criticality: 'warning' }),
  limit('resolution', LIMITS.resolution, 'each solve factors a resolution²-node system; 401 is 160,801 nodes, about 1 s per solve'),
  bounded('max_iter', 0, undefined, { category: 'THEORY' }),
  integer('max_iter', { category: 'IMPL' }),
  limit('max_iter', LIMITS.maxIter, 'each iteration is one solve and one gradient'),
];

export interface HeatConfig {
  volume: number;
  length: number;
  resolution: number;
  maxIter: number;
}

export function typedConfig(v: ConfigValues): HeatConfig {
  return { volume: Number(v.volume), length: Number(v.length), resolution: Number(v.resolution), maxIter: Number(v.max_iter) };
}
