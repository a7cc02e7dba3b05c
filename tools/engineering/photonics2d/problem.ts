/**
 * Photonics2D (two-wavelength demultiplexer, Ez FDFD with SC-PML), a native port of EngiBench's
 * `photonics2d` v1 semantics (engibench.md §2, §2.10): a design is the physical density ρ ∈ [0, 1] of
 * shape [num_elems_x, num_elems_y] indexed [x, y]; simulate maps it as-is to epsr (no blur, no
 * projection) and returns total_overlap − w·‖ρ‖₂; optimize returns ρ_phys of its last step, so
 * simulate(returned) equals the last history value. Wavelengths are honoured per call.
 */
import { runConstraints, type ConfigValues, type Violation } from '../constraint.ts';
import { assertConfigValid, assertInDesignSpace, clippedToDesignSpace, designSpaceViolations, resolveFields } from '../fields.ts';
import type { Design, OptimizeOptions, OptimizeResult, Problem, RenderSpec, StepEvent } from '../problem.ts';
import { configConstraints, configFields, conditions, typedConfig, type Photonics2DConfig } from './conditions.ts';
import { makeGrid } from './grid.ts';
import { createSimulation, type Simulation } from './objective.ts';
import { optimizeV1, simulateObjective } from './optimize.ts';
import { permittivity } from './parameterization.ts';
import { randomDesign } from './randomDesign.ts';
import { renderSpec } from './renderSpec.ts';

export const ID = 'photonics2d';
const FIELDS = [...conditions, ...configFields];

/** Throws an InputError naming the first error-level constraint violated. */
export function assertConfig(values: ConfigValues): Photonics2DConfig {
  assertConfigValid(ID, FIELDS, configConstraints, values);
  return typedConfig(values);
}

function assertDesign(design: Design, c: Photonics2DConfig, what: string): Float64Array {
  assertInDesignSpace(ID, design, [c.nx, c.ny], what, `expected a ${c.nx}x${c.ny} array indexed [x, y] (rows = num_elems_x) with finite values in [0, 1]`);
  return design.data;
}

let cached: { key: string; sim: Simulation } | undefined;
/**
 * The last simulation (operators, modes, factorization) is kept: refactoring for a new design then
 * only redoes the design region. Each factor() call is self-contained, so sharing it is safe.
 */
function simulationFor(c: Photonics2DConfig): Simulation {
  const key = `${c.nx}x${c.ny}:${c.lambda1}:${c.lambda2}`;
  if (cached?.key !== key) cached = { key, sim: createSimulation(makeGrid(c.nx, c.ny), c.lambda1, c.lambda2) };
  return cached.sim;
}

export interface Photonics2DVerbose extends Record<string, number> {
  total_overlap: number;
  overlap1: number;
  overlap2: number;
  objective: number;
}

/** simulate with the parts of the objective (for `simulate --json`). */
export function simulateVerbose(design: Design, config?: ConfigValues): Photonics2DVerbose {
  const c = assertConfig(resolveFields(ID, FIELDS, config));
  const r = simulateObjective(simulationFor(c), assertDesign(design, c, 'design'), c.penaltyWeight);
  return { total_overlap: r.totalOverlap, overlap1: r.overlap1, overlap2: r.overlap2, objective: r.objective };
}

function render(design: Design, config?: ConfigValues): RenderSpec {
  const c = assertConfig(resolveFields(ID, FIELDS, config));
  const sim = simulationFor(c);
  const data = assertDesign(design, c, 'design');
  const r = simulateObjective(sim, data, c.penaltyWeight, true);
  return renderSpec({ ...r, grid: sim.grid, epsr: permittivity(sim.grid, data), lambda1: c.lambda1, lambda2: c.lambda2, blurRadius: c.blurRadius });
}

export function createPhotonics2D(): Problem {
  const resolveConfig = (partial?: ConfigValues) => resolveFields(ID, FIELDS, partial);
  return {
    id: ID,
    version: 1,
    title: 'Photonics2D: two-wavelength demultiplexer (FDFD, Ez)',
    description:
      'Shape a 60x60-pixel dielectric region (εr between 1 and 12, 40 nm pixels) so that light entering the left waveguide leaves through the lower output at lambda1 and the upper output at lambda2. Objective: product of the two mode overlaps minus w·‖ρ‖₂ (maximize). Optimizer: Adam with blur + tanh projection and β continuation (EngiBench v1 semantics).',
    objectives: [{ name: 'total_overlap', direction: 'maximize', description: 'overlap1·overlap2 − penalty_weight·‖ρ‖₂ (higher routes both wavelengths better)' }],
    conditions,
    configFields,
    configConstraints,
    resolveConfig,
    designShape(config) {
      const c = typedConfig(resolveConfig(config));
      return [c.nx, c.ny];
    },
    checkConfig: (config) => runConstraints(configConstraints, resolveConfig(config)),
    checkConstraints(design, config): Violation[] {
      const values = resolveConfig(config);
      const c = typedConfig(values);
      return [...runConstraints(configConstraints, values), ...designSpaceViolations(design, [c.nx, c.ny])];
    },
    simulate: (design, config) => [simulateVerbose(design, config).objective],
    simulateVerbose: (design, config) => simulateVerbose(design, config),
    /** Validates eagerly (InputError before the first step), then returns the optimizer generator. */
    optimizeSteps(config, options: OptimizeOptions = {}): Generator<StepEvent, OptimizeResult, void> {
      const c = assertConfig(resolveConfig(config));
      const start = options.startingPoint ?? randomDesign(c.nx, c.ny, 0);
      assertDesign(start, c, 'startingPoint');
      return clippedToDesignSpace(optimizeV1(simulationFor(c), start, c, { fullHistory: options.history === 'full' }));
    },
    randomDesign(config, seed) {
      const c = typedConfig(resolveConfig(config));
      return randomDesign(c.nx, c.ny, seed);
    },
    render,
  };
}

export const photonics2d: Problem = createPhotonics2D();
