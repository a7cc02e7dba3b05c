/**
 * The HeatConduction Problem, whatever the dimension: HeatConduction2D (../heatconduction2d/problem.ts)
 * and HeatConduction3D (../heatconduction3d/problem.ts) share the model (model.ts), EngiBench's
 * simulate semantics (IPOPT's bound push and the 14-decimal rounding: push.ts), the optimizer
 * (optimize.ts), the round-trip warning (roundTrip.ts), the volume-fraction warning and the
 * render's fall-back; each names its own mesh reading, setup, shapes, texts and pictures.
 *
 * Decisions:
 * - simulate is EngiBench's FEniCS model computed natively. EngiBench reports J after IPOPT's bound
 *   push with zero iterations, written with "%.14f": we clip the nodal values to IPOPT's pushed box
 *   and round J to 14 decimals the same way; simulateVerbose also gives J of the design as given.
 * - optimize is ours (MMA with the exact gradient), not EngiBench's IPOPT trajectory.
 * - Designs outside [0, 1] or with NaN are refused (EngiBench's push would silently move them inside).
 */
import { runConstraints, type ConfigValues, type Constraint, type Violation } from '../constraint.ts';
import { assertConfigValid, assertInDesignSpace, designSpaceViolations, maxValue, mean, resolveFields } from '../fields.ts';
import type { Design, DesignShape, FieldSpec, OptimizeOptions, OptimizeResult, Problem, RenderPanel, RenderPicture, RenderSpec, SolidAxes, StepEvent } from '../problem.ts';
import { evaluate } from './model.ts';
import { optimizeHeat } from './optimize.ts';
import { ipoptPushed, roundLikeEngibench } from './push.ts';
import { roundTripWarning } from './roundTrip.ts';
import type { HeatSetup } from './setup.ts';

/** EngiBench's shared tests' volume_fraction_bound (a warning): |mean(design) − volume| ≤ 0.01. */
const VOLUME_TOLERANCE = 0.01;

/** The typed config fields every dimension has. */
export interface HeatConfigBase {
  volume: number;
  resolution: number;
  maxIter: number;
}

export interface HeatProblemSpec<C extends HeatConfigBase> {
  id: string;
  title: string;
  description: string;
  conditions: readonly FieldSpec[];
  configFields: readonly FieldSpec[];
  configConstraints: readonly Constraint[];
  typedConfig(values: ConfigValues): C;
  shapeOf(c: C): DesignShape;
  /** What a design must be, said when one is refused. */
  expectedDesign(c: C): string;
  setupOf(c: C): HeatSetup;
  /** Design array → nodal values in vertex order (EngiBench's reading), and back. */
  readDesign(setup: HeatSetup, image: Float64Array): Float64Array;
  nodalImage(setup: HeatSetup, a: Float64Array): Float64Array;
  randomDesign(c: C, seed: number): Design;
  /** The material panels of render. */
  designPanels(design: Design, c: C): RenderPanel[];
  /** 3-D: the design's axes as a solid (Problem.solidAxes), and the pictures render draws left of the panels. */
  solidAxes?: SolidAxes;
  designPictures?(design: Design, c: C): RenderPicture[];
  /** The temperature panel of render (T in vertex order), its maximum already formatted. */
  temperaturePanel(T: Float64Array, c: C, tMax: string): RenderPanel;
  /** render's title without the objective. */
  renderTitle(c: C): string;
}

export interface HeatSimulation {
  /** What EngiBench's simulate reports: J at IPOPT's pushed start, rounded to 14 decimals. */
  c: number;
  /** J of the design as given (no push, no rounding). */
  cAsGiven: number;
  thermal: number;
  regularization: number;
  /** ∫ a dx of the nodal values read from the design. */
  volume: number;
  /** Nodal values the push moved. */
  pushed: number;
  T: Float64Array;
  setup: HeatSetup;
}

export const fmt = (v: number) => `${Number(v.toPrecision(4))}`;

export function heatProblem<C extends HeatConfigBase>(spec: HeatProblemSpec<C>): Problem {
  const { id: ID, conditions, configFields, configConstraints, typedConfig, shapeOf } = spec;
  const FIELDS = [...conditions, ...configFields];
  const resolveConfig = (partial?: ConfigValues) => resolveFields(ID, FIELDS, partial);

  function assertConfig(values: ConfigValues): C {
    assertConfigValid(ID, FIELDS, configConstraints, values);
    return typedConfig(values);
  }

  function assertDesign(design: Design, c: C, what: string): Float64Array {
    assertInDesignSpace(ID, design, shapeOf(c), what, spec.expectedDesign(c));
    return design.data;
  }

  function simulateHeat(design: Design, c: C): HeatSimulation {
    const setup = spec.setupOf(c);
    const a = spec.readDesign(setup, assertDesign(design, c, 'design'));
    const { values, moved } = ipoptPushed(a);
    const pushed = evaluate(setup, values);
    const given = moved ? evaluate(setup, a) : pushed;
    let volume = 0;
    for (let v = 0; v < a.length; v++) volume += setup.smass[v] * a[v];
    return { c: roundLikeEngibench(pushed.J), cAsGiven: given.J, thermal: pushed.thermal, regularization: pushed.regularization, volume, pushed: moved, T: pushed.T, setup };
  }

  return {
    id: ID,
    version: 0,
    title: spec.title,
    description: spec.description,
    objectives: [{ name: 'c', direction: 'minimize', description: 'thermal compliance J = ∫fT dx + α∫|∇a|² dx (lower is cooler)' }],
    conditions,
    configFields,
    configConstraints,
    ...(spec.solidAxes ? { solidAxes: spec.solidAxes } : {}),
    resolveConfig,
    designShape(config) {
      return shapeOf(typedConfig(resolveConfig(config)));
    },
    checkConfig: (config) => runConstraints(configConstraints, resolveConfig(config)),
    checkConstraints(design, config): Violation[] {
      const values = resolveConfig(config);
      const c = typedConfig(values);
      const out = [...runConstraints(configConstraints, values)];
      const space = designSpaceViolations(design, shapeOf(c));
      out.push(...space);
      if (!space.length) {
        const m = mean(design.data);
        if (Math.abs(m - c.volume) > VOLUME_TOLERANCE) {
          out.push({
            constraint: 'volume_fraction_bound',
            categories: ['THEORY'],
            criticality: 'warning',
            cause: `mean(design) = ${fmt(m)} differs from volume = ${c.volume} by more than ${VOLUME_TOLERANCE}`,
          });
        }
      }
      return out;
    },
    simulate(design, config) {
      return [simulateHeat(design, assertConfig(resolveConfig(config))).c];
    },
    simulateVerbose(design, config) {
      const s = simulateHeat(design, assertConfig(resolveConfig(config)));
      return { c: s.c, c_as_given: s.cAsGiven, thermal_compliance: s.thermal, regularization: s.regularization, volume_integral: s.volume, pushed_nodes: s.pushed, t_max: maxValue(s.T) };
    },
    optimizeSteps(config, options: OptimizeOptions = {}): Generator<StepEvent, OptimizeResult, void> {
      const c = assertConfig(resolveConfig(config));
      const start = options.startingPoint ? assertDesign(options.startingPoint, c, 'startingPoint') : undefined;
      const setup = spec.setupOf(c);
      const a0 = start ? spec.readDesign(setup, start) : undefined;
      return (function* () {
        const r = yield* optimizeHeat(setup, { volume: c.volume, maxIter: c.maxIter, a0, ...(options.history === 'full' ? { image: (a: Float64Array) => spec.nodalImage(setup, a) } : {}) });
        const design: Design = { shape: shapeOf(c), data: spec.nodalImage(setup, r.a) };
        const warning = roundTripWarning(setup, (image) => spec.readDesign(setup, image), design, r.history.at(-1)!.objectives[0]);
        return { design, history: r.history, iterations: r.iterations, ...(warning ? { warnings: [warning] } : {}) };
      })();
    },
    randomDesign(config, seed) {
      return spec.randomDesign(assertConfig(resolveConfig(config)), seed);
    },
    render(design, config): RenderSpec {
      const c = typedConfig(resolveConfig(config));
      let objective = '';
      const panels = spec.designPanels(design, c);
      try {
        const s = simulateHeat(design, assertConfig(resolveConfig(config)));
        objective = ` — c ${fmt(s.c)}`;
        panels.push(spec.temperaturePanel(s.T, c, fmt(maxValue(s.T))));
      } catch {
        objective = ' — (not evaluable)';
      }
      const pictures = spec.designPictures?.(design, c);
      return { title: `${spec.renderTitle(c)}${objective}`, ...(pictures ? { pictures } : {}), panels };
    },
  };
}
