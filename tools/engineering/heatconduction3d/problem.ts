/**
 * HeatConduction3D v0 (EngiBench `heatconduction3d`, engibench-3d-and-api.md §3): the 3-D version
 * of HeatConduction2D on the unit cube — uniform heat source, heat sink T = 0 on the top face and
 * the side faces above the bottom, the bottom face a sink except a plus-shaped insulated cross of
 * width `area`; minimize J = ∫fT + α∫|∇a|² under ∫a dx ≤ volume. Designs are nodal arrays
 * [i, j, k] (x, y, z; z up), resolution³ (51³ by default), values in [0, 1].
 *
 * The same model, simulate semantics and optimizer as HeatConduction2D (heatconduction2d/
 * problem.ts), on dolfin's UnitCubeMesh (mesh.ts) with FIAT's tetrahedron rules (quadrature.ts).
 * EngiBench solves with CG + petsc_amg under -ffast-math (results machine-dependent at round-off);
 * we solve with the sparse Cholesky, which equals dolfin's LU solve to ≤ 6e-15 on the fixture.
 */
import { runConstraints, type ConfigValues, type Violation } from '../constraint.ts';
import { assertConfigValid, assertInDesignSpace, designSpaceViolations, maxValue, mean, resolveFields } from '../fields.ts';
import { evaluate } from '../heatconduction2d/model.ts';
import { optimizeHeat } from '../heatconduction2d/optimize.ts';
import { ipoptPushed, roundLikeEngibench } from '../heatconduction2d/push.ts';
import { roundTripWarning } from '../heatconduction2d/roundTrip.ts';
import type { HeatSetup } from '../heatconduction2d/setup.ts';
import type { Design, OptimizeOptions, OptimizeResult, Problem, RenderPanel, RenderSpec, StepEvent } from '../problem.ts';
import { smoothRandomDesign } from '../beams3d/randomDesign.ts';
import { configConstraints, configFields, conditions, typedConfig, type Heat3Config } from './conditions.ts';
import { nodalImage3, readDesign3 } from './mesh.ts';
import { cachedSetup3 } from './setup.ts';

export const ID = 'heatconduction3d';
const FIELDS = [...conditions, ...configFields];
const VOLUME_TOLERANCE = 0.01;

const resolveConfig = (partial?: ConfigValues) => resolveFields(ID, FIELDS, partial);

export function assertConfig(values: ConfigValues): Heat3Config {
  assertConfigValid(ID, FIELDS, configConstraints, values);
  return typedConfig(values);
}

const shapeOf = (c: Heat3Config): [number, number, number] => [c.resolution, c.resolution, c.resolution];

function assertDesign(design: Design, c: Heat3Config, what: string): Float64Array {
  const r = c.resolution;
  assertInDesignSpace(ID, design, shapeOf(c), what, `expected a ${r}x${r}x${r} nodal array [i, j, k] (x, y, z; z up) with finite values in [0, 1]`);
  return design.data;
}

interface Heat3Simulation {
  c: number;
  cAsGiven: number;
  thermal: number;
  regularization: number;
  volume: number;
  pushed: number;
  T: Float64Array;
  setup: HeatSetup;
}

function simulateHeat3(design: Design, c: Heat3Config): Heat3Simulation {
  const setup = cachedSetup3(c.resolution, c.area);
  const a = readDesign3(setup.mesh, assertDesign(design, c, 'design'));
  const { values, moved } = ipoptPushed(a);
  const pushed = evaluate(setup, values);
  const given = moved ? evaluate(setup, a) : pushed;
  let volume = 0;
  for (let v = 0; v < a.length; v++) volume += setup.smass[v] * a[v];
  return { c: roundLikeEngibench(pushed.J), cAsGiven: given.J, thermal: pushed.thermal, regularization: pushed.regularization, volume, pushed: moved, T: pushed.T, setup };
}

const fmt = (v: number) => `${Number(v.toPrecision(4))}`;

/** Layer k of a vertex-order field as a picture: row 0 at y = 1, column = x. */
function layer(side: number, vertexValues: Float64Array, k: number): Design {
  const data = new Float64Array(side * side);
  for (let r = 0; r < side; r++) for (let col = 0; col < side; col++) data[r * side + col] = vertexValues[(k * side + (side - 1 - r)) * side + col];
  return { shape: [side, side], data };
}

export const heatconduction3d: Problem = {
  id: ID,
  version: 0,
  title: 'HeatConduction3D: 3-D heat-sink topology optimization (P1 tetrahedra, SIMP-like conductivity)',
  description:
    'Distribute high-conductivity material (volume fraction `volume`) in a uniformly heated unit cube (source f = 0.01) cooled at T = 0 through its top face, its side faces above the bottom and the bottom face outside a plus-shaped insulated cross of width `area`, to minimize J = ∫fT dx + 1e-8·∫|∇a|² dx with k = 1e-3 + 0.999·a^5, P1 tetrahedra on a UnitCubeMesh and MMA updates. Designs are nodal arrays [i, j, k] (x, y, z), resolution³.',
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
    if (!space.length && Math.abs(mean(design.data) - c.volume) > VOLUME_TOLERANCE) {
      out.push({ constraint: 'volume_fraction_bound', categories: ['THEORY'], criticality: 'warning', cause: `mean(design) = ${fmt(mean(design.data))} differs from volume = ${c.volume} by more than ${VOLUME_TOLERANCE}` });
    }
    return out;
  },
  simulate(design, config) {
    return [simulateHeat3(design, assertConfig(resolveConfig(config))).c];
  },
  simulateVerbose(design, config) {
    const s = simulateHeat3(design, assertConfig(resolveConfig(config)));
    return { c: s.c, c_as_given: s.cAsGiven, thermal_compliance: s.thermal, regularization: s.regularization, volume_integral: s.volume, pushed_nodes: s.pushed, t_max: maxValue(s.T) };
  },
  optimizeSteps(config, options: OptimizeOptions = {}): Generator<StepEvent, OptimizeResult, void> {
    const c = assertConfig(resolveConfig(config));
    const start = options.startingPoint ? assertDesign(options.startingPoint, c, 'startingPoint') : undefined;
    const setup = cachedSetup3(c.resolution, c.area);
    const a0 = start ? readDesign3(setup.mesh, start) : undefined;
    return (function* () {
      const r = yield* optimizeHeat(setup, { volume: c.volume, maxIter: c.maxIter, a0, ...(options.history === 'full' ? { image: (a: Float64Array) => nodalImage3(setup.mesh, a) } : {}) });
      const design: Design = { shape: shapeOf(c), data: nodalImage3(setup.mesh, r.a) };
      const warning = roundTripWarning(setup, (image) => readDesign3(setup.mesh, image), design, r.history.at(-1)!.objectives[0]);
      return { design, history: r.history, iterations: r.iterations, ...(warning ? { warnings: [warning] } : {}) };
    })();
  },
  randomDesign(config, seed) {
    const c = assertConfig(resolveConfig(config));
    // Beams3D's smooth random field on an r³ block (its shape [ny, nx, nz] is r³ here too).
    return smoothRandomDesign(c.resolution, c.resolution, c.resolution, c.volume, seed);
  },
  render(design, config): RenderSpec {
    const c = typedConfig(resolveConfig(config));
    const side = c.resolution;
    const vertexOrder = new Float64Array(side ** 3);
    for (let i = 0; i < side; i++) for (let j = 0; j < side; j++) for (let k = 0; k < side; k++) vertexOrder[(k * side + j) * side + i] = design.data[(i * side + j) * side + k];
    const layers = [...new Set([0, Math.floor((side - 1) / 2), side - 1])];
    const panels: RenderPanel[] = layers.map((k) => ({ title: `material a, layer z = ${k} (x →, y ↑)`, field: layer(side, vertexOrder, k), colormap: 'inferno', vmin: 0, vmax: 1 }));
    let objective = '';
    try {
      const s = simulateHeat3(design, assertConfig(resolveConfig(config)));
      objective = ` — c ${fmt(s.c)}`;
      panels.push({ title: `temperature T, bottom layer z = 0 (max ${fmt(maxValue(s.T))})`, field: layer(side, s.T, 0), colormap: 'magma' });
    } catch {
      objective = ' — (not evaluable)';
    }
    return { title: `HeatConduction3D v0 ${side}³ (volume ${fmt(c.volume)}, insulated area ${fmt(c.area)})${objective}`, panels };
  },
};
