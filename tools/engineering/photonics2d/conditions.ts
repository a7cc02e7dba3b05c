/**
 * Photonics2D conditions, config knobs and their declared constraints (engibench.md §2.8, v1 Config).
 * THEORY: physically meaningless outside; IMPL: the implementation is not meant for it.
 * Errors refuse to run; warnings only inform.
 */
import { bounded, crossField, greaterThan, integer, limit, productLimit, type Constraint, type ConfigValues } from '../constraint.ts';
import type { FieldSpec } from '../problem.ts';

export const conditions: readonly FieldSpec[] = [
  { name: 'lambda1', type: 'number', default: 1.5, description: 'wavelength routed to output port 1 (upper probe in y order: the lower-y waveguide)', unit: 'µm' },
  { name: 'lambda2', type: 'number', default: 1.3, description: 'wavelength routed to output port 2 (the higher-y waveguide)', unit: 'µm' },
  { name: 'blur_radius', type: 'integer', default: 2, description: 'radius of the disk blur applied to the density during optimization', unit: 'px' },
];

export const configFields: readonly FieldSpec[] = [
  { name: 'num_elems_x', type: 'integer', default: 120, description: 'grid cells along x (propagation direction), 40 nm each', unit: 'cells' },
  { name: 'num_elems_y', type: 'integer', default: 120, description: 'grid cells along y, 40 nm each', unit: 'cells' },
  { name: 'num_optimization_steps', type: 'integer', default: 200, description: 'number of Adam steps' },
  { name: 'step_size', type: 'number', default: 0.1, description: 'Adam learning rate' },
  { name: 'penalty_weight', type: 'number', default: 1e-3, description: 'weight w of the L2 penalty w·‖ρ‖₂ subtracted from the total overlap' },
  { name: 'eta', type: 'number', default: 0.5, description: 'projection threshold η' },
  { name: 'initial_beta', type: 'number', default: 1.0, description: 'projection sharpness β at the start of the continuation' },
  { name: 'max_beta', type: 'number', default: 300.0, description: 'projection sharpness β at the last step' },
];

function wavelength(field: string): Constraint[] {
  return [
    greaterThan(field, 0, { category: 'THEORY', name: `${field}_theory_positive` }),
    bounded(field, 0.5, undefined, { category: 'IMPL' }),
    bounded(field, 0.5, 1.5, { category: 'IMPL', criticality: 'warning' }),
  ];
}

/**
 * EngiAI's hard limits (errors): memory and time grow with the grid. Measured (1 Adam step, whole
 * `engiai optimize` process, peak RSS): 120x120 190 MB; 200x300 632 MB, 5 s; 400x400 1.7 GB,
 * 24 s; 600x600 4.1 GB, 102 s. 100,000 cells keep one optimization near 1.1 GB.
 */
export const LIMITS = { numElemsX: 600, numElemsY: 600, cells: 100_000, steps: 2000 } as const;
const MEMORY = 'peak memory grows about 10 KB per cell';

export const configConstraints: readonly Constraint[] = [
  ...wavelength('lambda1'),
  ...wavelength('lambda2'),
  bounded('blur_radius', 0, undefined, { category: ['THEORY', 'IMPL'], name: 'blur_radius_bounds' }),
  integer('blur_radius', { category: 'IMPL' }),
  bounded('blur_radius', 0, 5, { category: 'IMPL', criticality: 'warning' }),
  bounded('num_elems_x', 0, undefined, { category: 'THEORY' }),
  bounded('num_elems_x', 60, undefined, { category: 'IMPL' }),
  bounded('num_elems_x', 90, 200, { category: 'IMPL', criticality: 'warning' }),
  bounded('num_elems_y', 0, undefined, { category: 'THEORY' }),
  bounded('num_elems_y', 105, undefined, { category: 'IMPL' }),
  bounded('num_elems_y', 110, 300, { category: 'IMPL', criticality: 'warning' }),
  bounded('num_optimization_steps', 0, undefined, { category: 'THEORY' }),
  limit('num_elems_x', LIMITS.numElemsX, MEMORY),
  limit('num_elems_y', LIMITS.numElemsY, MEMORY),
  productLimit('grid_cells_limit', ['num_elems_x', 'num_elems_y'], LIMITS.cells, `${MEMORY}: about 1.1 GB at the limit`),
  limit('num_optimization_steps', LIMITS.steps, 'each step is four FDFD solves'),
  greaterThan('step_size', 0, { category: 'THEORY' }),
  bounded('penalty_weight', 0, undefined, { category: 'THEORY' }),
  bounded('eta', 0, 1, { category: 'THEORY' }),
  greaterThan('initial_beta', 0, { category: 'THEORY' }),
  crossField('max_beta_at_least_initial', 'max_beta >= initial_beta', (v) =>
    Number(v.max_beta) >= Number(v.initial_beta) ? null : `max_beta = ${v.max_beta} is below initial_beta = ${v.initial_beta}`,
  { category: 'THEORY' }),
];

/** The typed view of a resolved Photonics2D config. */
export interface Photonics2DConfig {
  lambda1: number;
  lambda2: number;
  blurRadius: number;
  nx: number;
  ny: number;
  numSteps: number;
  stepSize: number;
  penaltyWeight: number;
  eta: number;
  initialBeta: number;
  maxBeta: number;
}

export function typedConfig(v: ConfigValues): Photonics2DConfig {
  return {
    lambda1: Number(v.lambda1),
    lambda2: Number(v.lambda2),
    blurRadius: Number(v.blur_radius),
    nx: Number(v.num_elems_x),
    ny: Number(v.num_elems_y),
    numSteps: Number(v.num_optimization_steps),
    stepSize: Number(v.step_size),
    penaltyWeight: Number(v.penalty_weight),
    eta: Number(v.eta),
    initialBeta: Number(v.initial_beta),
    maxBeta: Number(v.max_beta),
  };
}
