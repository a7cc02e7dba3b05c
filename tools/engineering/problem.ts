/**
 * The Problem API: EngiBench's contract (engibench.md §4) in TypeScript.
 *
 * A design is a row-major (C-order) array: `data[r * cols + c]`, shape [rows, cols]
 * (Beams2D: [nely, nelx] with row 0 at the top; Photonics2D: [nx, ny] indexed [x, y]), or a
 * 3-D block `data[(i * n1 + j) * n2 + k]`, shape [n0, n1, n2] (Beams3D: [nely, nelx, nelz]).
 * Everything here is pure and deterministic: arrays in, arrays out, no I/O.
 */
import type { Constraint, ConfigValues, GivenValues, Violation } from './constraint.ts';
import type { MaskSpec } from './nodeMask.ts';

export type Direction = 'minimize' | 'maximize';

export interface Objective {
  name: string;
  direction: Direction;
  description?: string;
}

/** A condition or config knob with its default and declared constraints. */
export interface FieldSpec {
  name: string;
  type: 'number' | 'integer' | 'boolean';
  default: number | boolean;
  description: string;
  unit?: string;
}

export type DesignShape = [number, number] | [number, number, number];

export interface Design {
  shape: DesignShape;
  data: Float64Array;
}

/**
 * One recorded optimization step, as EngiBench's OptiStep (engibench-3d-and-api.md §4.2): `objectives` is
 * its obj_values; `objectivesUpdate` its obj_values_update (the next step's objectives minus these; absent
 * where EngiBench leaves None). The arrays (EngiBench's x, x_sensitivities, x_update) are filled only when
 * `OptimizeOptions.history` is 'full', by problems whose EngiBench version records them (and by HeatConduction2D/3D,
 * whose EngiBench steps carry obj_values only, from what their MMA loop has anyway: heatconduction2d/optimize.ts); they stay
 * out of the stored history and of `--json` output otherwise (a 16³ run of 200 steps would carry ~5 M numbers).
 */
export interface OptiStep {
  step: number;
  objectives: number[];
  objectivesUpdate?: number[];
  /** The design at this step, in design order (EngiBench's `x`). */
  x?: Float64Array;
  /** EngiBench's `x_sensitivities`: one design-shaped field per entry, in the problem's documented order. */
  xSensitivities?: Float64Array[];
  /** EngiBench's `x_update`: the change applied to `x` by this step (x + xUpdate = the next step's x). */
  xUpdate?: Float64Array;
}

/** Progress report yielded by `optimizeSteps` once per recorded step. */
export interface StepEvent extends OptiStep {
  /** Largest change of the design variables in this iteration, when the optimizer measures one. */
  change?: number;
  /** Planned maximum number of iterations (for progress bars). */
  maxIter: number;
}

export interface OptimizeResult {
  /** The returned design, always inside the design space (see fields.ts clippedToDesignSpace). */
  design: Design;
  history: OptiStep[];
  iterations: number;
  /** What a person should know about the result, e.g. that the returned design was clipped into the design space. */
  warnings?: Violation[];
}

export interface OptimizeOptions {
  startingPoint?: Design;
  /** 'objectives' (default): steps carry objectives (and objectivesUpdate); 'full': also EngiBench's x, x_sensitivities, x_update. */
  history?: 'objectives' | 'full';
}

/** A field to draw as a heatmap; export/render.ts turns panels into a PNG. */
export interface RenderPanel {
  title: string;
  /** A 2-D image (a 3-D problem draws slices or projections; export/render.ts refuses 3-D fields). */
  field: Design;
  colormap: 'coolwarm' | 'viridis' | 'magma' | 'greys' | 'inferno';
  vmin?: number;
  vmax?: number;
  /** Line segments to overlay, in (row, col) cell coordinates. */
  lines?: { from: [number, number]; to: [number, number]; color: string }[];
}

/** A picture the problem drew itself (a 3-D problem's shaded isosurface view): shown as is, left of the panels, without a colorbar. */
export interface RenderPicture {
  title: string;
  width: number;
  height: number;
  /** PNG bytes, width × height pixels. */
  png: Uint8Array;
}

/**
 * A 3-D design's axes in its own order, z up (export/solidBlock.ts): 'yxz' = [ny, nx, nz] indexed [y, x, z]
 * (element densities: Beams3D, ThermoElastic3D); 'xyz' = [nx, ny, nz] indexed [x, y, z] (HeatConduction3D's nodal arrays).
 */
export type SolidAxes = 'yxz' | 'xyz';

export interface RenderSpec {
  title: string;
  pictures?: RenderPicture[];
  panels: RenderPanel[];
}

export interface Problem {
  readonly id: string;
  readonly version: number;
  readonly title: string;
  readonly description: string;
  readonly objectives: readonly Objective[];
  /** Conditions (what a dataset row is conditioned on). */
  readonly conditions: readonly FieldSpec[];
  /** Extra simulator/optimizer knobs (grid size, iteration cap, ...). */
  readonly configFields: readonly FieldSpec[];
  /** Constraints on conditions and config, field-wise and cross-field. */
  readonly configConstraints: readonly Constraint[];
  /** 3-D problems: how the design reads as a solid for the 3-D exports (isosurface picture, surface STL); absent: 'yxz'. */
  readonly solidAxes?: SolidAxes;
  /**
   * Node masks the problem takes (EngiBench's boundary-condition masks), given in the config by name as a
   * NodeMask (nodeMask.ts); a mask not given is the problem's default. Absent when it takes none.
   */
  readonly masks?: readonly MaskSpec[];

  /** Defaults merged with `partial` (masks parsed, nodeMask.ts); unknown keys are an InputError. */
  resolveConfig(partial?: GivenValues): ConfigValues;
  /** Shape of a design under this config. */
  designShape(config: ConfigValues): DesignShape;
  /** Config constraint violations (errors and warnings). */
  checkConfig(config: ConfigValues): Violation[];
  /** Config violations plus design-space and design constraints. */
  checkConstraints(design: Design, config: ConfigValues): Violation[];
  /** Objective values, one per objective, in `objectives` order. */
  simulate(design: Design, config: ConfigValues): number[];
  /**
   * EngiBench's simulate_verbose (required there since PR #252): the objectives by name plus named diagnostic
   * quantities (e.g. overlap1, overlap2, the volume fraction); `simulate` returns the same objectives in order.
   */
  simulateVerbose(design: Design, config: ConfigValues): Record<string, number>;
  /** The optimizer as a generator: yields each recorded step, returns the result. */
  optimizeSteps(config: ConfigValues, options?: OptimizeOptions): Generator<StepEvent, OptimizeResult, void>;
  /** Seeded random design of the right shape within the design space. */
  randomDesign(config: ConfigValues, seed: number): Design;
  /** What to draw for this design. */
  render(design: Design, config: ConfigValues): RenderSpec;
}

/** Runs `optimizeSteps` to completion. */
export function optimize(problem: Problem, config: ConfigValues, options?: OptimizeOptions, onStep?: (e: StepEvent) => void): OptimizeResult {
  const gen = problem.optimizeSteps(config, options);
  for (;;) {
    const next = gen.next();
    if (next.done) return next.value;
    onStep?.(next.value);
  }
}
