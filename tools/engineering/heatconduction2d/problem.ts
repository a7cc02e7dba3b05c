/**
 * HeatConduction2D v0 (EngiBench `heatconduction2d`, engibench-3d-and-api.md §3): distribute
 * conductive material on the unit square, heated uniformly (f = 0.01) and cooled through its
 * boundary at T = 0 except an adiabatic segment of width `length` centred on the bottom edge, to
 * minimize J = ∫fT + α∫|∇a|² under ∫a dx ≤ volume. Designs are nodal images [i, j] (axis 0 = x,
 * axis 1 = y, y up), resolution × resolution (101² by default), values in [0, 1].
 *
 * Decisions (details in the files named):
 * - simulate is EngiBench's FEniCS model computed natively (mesh.ts, model.ts; checked against
 *   python3-dolfin 2019.2 to ~1e-13). EngiBench reports J after IPOPT's bound push with zero
 *   iterations, written with "%.14f": we clip the nodal values to IPOPT's pushed box (push.ts) and
 *   round J to 14 decimals the same way; simulateVerbose also gives J of the design as given.
 * - optimize is ours (MMA with the exact gradient; optimize.ts), not EngiBench's IPOPT trajectory.
 * - Designs outside [0, 1] or with NaN are refused (EngiBench's push would silently move them inside).
 */
import { runConstraints, type ConfigValues, type Violation } from '../constraint.ts';
import { assertConfigValid, assertInDesignSpace, designSpaceViolations, maxValue, mean, resolveFields } from '../fields.ts';
import type { Design, OptimizeOptions, OptimizeResult, Problem, RenderPanel, RenderSpec, StepEvent } from '../problem.ts';
import { smoothRandomDesign } from '../thermoelastic2d/randomDesign.ts';
import { configConstraints, configFields, conditions, typedConfig, type HeatConfig } from './conditions.ts';
import { nodalImage, readDesign } from './mesh.ts';
import { evaluate } from './model.ts';
import { optimizeHeat } from './optimize.ts';
import { ipoptPushed, roundLikeEngibench } from './push.ts';
import { roundTripWarning } from './roundTrip.ts';
import { cachedSetup, type HeatSetup } from './setup.ts';

export const ID = 'heatconduction2d';
const FIELDS = [...conditions, ...configFields];
/** EngiBench's shared tests' volume_fraction_bound (a warning): |mean(design) − volume| ≤ 0.01. */
const VOLUME_TOLERANCE = 0.01;

const resolveConfig = (partial?: ConfigValues) => resolveFields(ID, FIELDS, partial);

export function assertConfig(values: ConfigValues): HeatConfig {
  assertConfigValid(ID, FIELDS, configConstraints, values);
  return typedConfig(values);
}

const shapeOf = (c: HeatConfig): [number, number] => [c.resolution, c.resolution];

function assertDesign(design: Design, c: HeatConfig, what: string): Float64Array {
  assertInDesignSpace(ID, design, shapeOf(c), what, `expected a ${c.resolution}x${c.resolution} nodal image [i, j] (axis 0 = x, axis 1 = y) with finite values in [0, 1]`);
  return design.data;
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

export function simulateHeat(design: Design, c: HeatConfig): HeatSimulation {
  const setup = cachedSetup(c.resolution, c.length);
  const a = readDesign(setup.mesh, assertDesign(design, c, 'design'));
  const { values, moved } = ipoptPushed(a);
  const pushed = evaluate(setup, values);
  const given = moved ? evaluate(setup, a) : pushed;
  let volume = 0;
  for (let v = 0; v < a.length; v++) volume += setup.smass[v] * a[v];
  return { c: roundLikeEngibench(pushed.J), cAsGiven: given.J, thermal: pushed.thermal, regularization: pushed.regularization, volume, pushed: moved, T: pushed.T, setup };
}

const fmt = (v: number) => `${Number(v.toPrecision(4))}`;

/** A nodal field [i, j] drawn as a picture: row 0 at the top (y = 1), column = x. */
function picture(side: number, vertexValues: Float64Array): Design {
  const data = new Float64Array(side * side);
  for (let r = 0; r < side; r++) for (let col = 0; col < side; col++) data[r * side + col] = vertexValues[(side - 1 - r) * side + col];
  return { shape: [side, side], data };
}

export const heatconduction2d: Problem = {
  id: ID,
  version: 0,
  title: 'HeatConduction2D: heat-sink topology optimization (P1 FEM, SIMP-like conductivity)',
  description:
    'Distribute high-conductivity material (volume fraction `volume`) on a uniformly heated unit square (source f = 0.01) whose boundary is a heat sink at T = 0 except an insulated segment of width `length` centred on the bottom edge, to minimize the thermal compliance J = ∫fT dx + 1e-8·∫|∇a|² dx with conductivity k = 1e-3 + 0.999·a^5, P1 finite elements on a UnitSquareMesh and MMA updates. Designs are nodal images [i, j] (x, y), resolution × resolution.',
  objectives: [{ name: 'c', direction: 'minimize', description: 'thermal compliance J = ∫fT dx + α∫|∇a|² dx (lower is cooler)' }],
  conditions,
  configFields,
  configConstraints,
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
    const setup = cachedSetup(c.resolution, c.length);
    const a0 = start ? readDesign(setup.mesh, start) : undefined;
    return (function* () {
      const r = yield* optimizeHeat(setup, { volume: c.volume, maxIter: c.maxIter, a0, ...(options.history === 'full' ? { image: (a: Float64Array) => nodalImage(setup.mesh, a) } : {}) });
      const design: Design = { shape: shapeOf(c), data: nodalImage(setup.mesh, r.a) };
      const warning = roundTripWarning(setup, (image) => readDesign(setup.mesh, image), design, r.history.at(-1)!.objectives[0]);
      return { design, history: r.history, iterations: r.iterations, ...(warning ? { warnings: [warning] } : {}) };
    })();
  },
  randomDesign(config, seed) {
    const c = assertConfig(resolveConfig(config));
    return { shape: shapeOf(c), data: smoothRandomDesign(c.resolution, c.resolution, c.volume, seed) };
  },
  render(design, config): RenderSpec {
    const c = typedConfig(resolveConfig(config));
    const side = c.resolution;
    let objective = '';
    const panels: RenderPanel[] = [];
    // The design image [i, j] → vertex order j·side + i, then drawn y up.
    const vertexOrder = new Float64Array(side * side);
    for (let i = 0; i < side; i++) for (let j = 0; j < side; j++) vertexOrder[j * side + i] = design.data[i * side + j];
    panels.push({ title: 'conductive material a (x →, y ↑)', field: picture(side, vertexOrder), colormap: 'inferno', vmin: 0, vmax: 1 });
    try {
      const s = simulateHeat(design, assertConfig(resolveConfig(config)));
      objective = ` — c ${fmt(s.c)}`;
      panels.push({ title: `temperature T (max ${fmt(maxValue(s.T))}; sink T = 0 except the insulated bottom segment)`, field: picture(side, s.T), colormap: 'magma' });
    } catch {
      objective = ' — (not evaluable)';
    }
    return { title: `HeatConduction2D v0 ${side}x${side} (volume ${fmt(c.volume)}, insulated length ${fmt(c.length)})${objective}`, panels };
  },
};
