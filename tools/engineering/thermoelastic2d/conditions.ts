/**
 * ThermoElastic2D conditions, config knobs and their declared constraints (engibench.md §3.1).
 * THEORY: physically meaningless outside; IMPL: the implementation is not meant for it.
 *
 * The boundary-condition sets (fixed_elements, force_elements_x/y, heatsink_elements) are fixed to
 * the v0 defaults (setup.ts `defaultBoundaryConditions`); per-call BC arrays are not yet exposed as
 * conditions. The grid is fixed at 64×64.
 */
import { bounded, crossField, greaterThan, integer, limit, type ConfigValues, type Constraint } from '../constraint.ts';
import type { FieldSpec } from '../problem.ts';

export const NELX = 64;
export const NELY = 64;

export const conditions: readonly FieldSpec[] = [
  { name: 'volfrac', type: 'number', default: 0.3, description: 'target volume fraction (mean density); the optimizer enforces mean(x) ≤ volfrac' },
  {
    name: 'rmin',
    type: 'number',
    default: 1.1,
    description: 'filter radius — accepted and checked but IGNORED: as in EngiBench the sensitivity filter always uses rmin = 1.1',
    unit: 'elements',
  },
  { name: 'weight', type: 'number', default: 0.5, description: 'objective weight w: w·f_m + (1−w)·f_t (1 = purely structural, 0 = purely thermal)' },
];

export const configFields: readonly FieldSpec[] = [
  { name: 'max_iter', type: 'integer', default: 120, description: 'iteration cap: the loop stops once the iteration counter exceeds it (at most max_iter + 1 steps)' },
  {
    name: 'exact_gradient',
    type: 'boolean',
    default: false,
    description:
      "optimize with the exact adjoint gradient of w·f_m + (1−w)·f_t and standard MMA (asymptotes carried over) instead of EngiBench v0's approximate sensitivities and per-iteration asymptote reset (the default, which reproduces EngiBench's optimize)",
  },
  {
    name: 'engibench_newest',
    type: 'boolean',
    default: false,
    description:
      "follow EngiBench's newest ThermoElastic2D loop (post-PR #232) instead of the EngiBench-main one: filter radius fixed at 1.5 instead of 1.1, at most max_iter steps instead of max_iter + 1, and one extra evaluation that fills the last step's objective update",
  },
];

/** EngiAI's hard limit (error): the grid is fixed; time grows with the iterations (~60 ms each). */
export const LIMITS = { maxIter: 2000 } as const;

export const configConstraints: readonly Constraint[] = [
  bounded('volfrac', 0, 1, { category: 'THEORY' }),
  // The volume constraint Σx/(volfrac·n) − 1 divides by volfrac.
  greaterThan('volfrac', 0, { category: 'IMPL', name: 'volfrac_impl_positive' }),
  bounded('rmin', 1, undefined, { category: 'THEORY' }),
  bounded('rmin', 0, 3, { category: 'IMPL', criticality: 'warning' }),
  bounded('weight', 0, 1, { category: 'THEORY' }),
  bounded('max_iter', 0, undefined, { category: 'THEORY' }),
  integer('max_iter', { category: 'IMPL' }),
  limit('max_iter', LIMITS.maxIter, 'each iteration is a coupled thermal and structural solve, about 60 ms'),
  // EngiBench's Config.rmin_bound (no category): 0 < rmin ≤ max(nelx, nely).
  crossField('rmin_bound', `0 < rmin <= max(nelx, nely) = ${Math.max(NELX, NELY)}`, (v) => {
    const rmin = Number(v.rmin);
    return rmin > 0 && rmin <= Math.max(NELX, NELY) ? null : `rmin = ${v.rmin} is outside (0, ${Math.max(NELX, NELY)}]`;
  }),
];

export interface ThermoConfig {
  volfrac: number;
  rmin: number;
  weight: number;
  maxIter: number;
  exactGradient: boolean;
  newest: boolean;
}

export function typedConfig(v: ConfigValues): ThermoConfig {
  return { volfrac: Number(v.volfrac), rmin: Number(v.rmin), weight: Number(v.weight), maxIter: Number(v.max_iter), exactGradient: Boolean(v.exact_gradient), newest: Boolean(v.engibench_newest) };
}
