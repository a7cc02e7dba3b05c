/**
 * ThermoElastic3D v0 (EngiBench `thermoelastic3d`, newest readable v0, engibench-3d-and-api.md §2): a 3-D block
 * of unit Hex8 elements under one-way coupled heat conduction and thermo-elasticity, optimized with MMA for
 * w·(structural compliance) + (1−w)·(thermal compliance) under a volume limit. The same Hex8 + MMA core as
 * Beams3D (beams3d/), the two-objective structure of ThermoElastic2D. Designs are [nely, nelx, nelz]
 * (C order, indexed [y, x, z]) with values in [0, 1].
 *
 * Like EngiBench (newest): objectives [structural_compliance, thermal_compliance]; one design constraint,
 * volume_fraction_bound (|mean − volfrac| ≤ 0.01, a THEORY warning, fields.ts); simulate neither checks bounds nor clips
 * in EngiBench (here a design outside [0, 1] or with NaN is an InputError: a zero or negative density makes
 * the matrices singular or indefinite, there is no Emin). Powers in float64 (EngiBench's TE3D designs are
 * float64 arrays: random_design returns the dataset row without a float32 cast).
 */
import { runConstraints, type ConfigValues, type Violation } from '../constraint.ts';
import { assertConfigValid, designSpaceViolations, mean, resolveFields, volumeFractionViolations } from '../fields.ts';
import type { Design, OptimizeOptions, OptimizeResult, Problem, RenderSpec, StepEvent } from '../problem.ts';
import { smoothRandomDesign } from '../beams3d/randomDesign.ts';
import { isosurfacePicture, projectionPanels } from '../export/solidRender.ts';
import { assertHexDesign, hexDesignShape } from '../beams3d/design.ts';
import { configConstraints, configFields, conditions, masks, typedConfig, type Thermo3DConfig } from './conditions.ts';
import { feAnalysis } from './fe.ts';
import { optimizeThermo3D } from './optimize.ts';
import { cachedSetup } from './setupCache.ts';

export const ID = 'thermoelastic3d';
const FIELDS = [...conditions, ...configFields];
const resolveConfig = (partial?: ConfigValues) => resolveFields(ID, FIELDS, partial, masks);

export function assertConfig(values: ConfigValues): Thermo3DConfig {
  assertConfigValid(ID, FIELDS, configConstraints, values);
  return typedConfig(values);
}

const shapeOf = hexDesignShape;
const assertDesign = (design: Design, c: Thermo3DConfig, what: string) => assertHexDesign(ID, design, c, what);

/** [sc, tc] of one FE pass (EngiBench's simulate_verbose objective_values). */
export function simulateObjectives(design: Design, c: Thermo3DConfig): [number, number] {
  const x = assertDesign(design, c, 'design');
  const { setup, solvers } = cachedSetup(c);
  const r = feAnalysis(setup, solvers, x, c.penal, c.weight, { gradient: false });
  return [r.sc, r.tc];
}

const fmt = (v: number) => (Number.isInteger(v) ? `${v}` : `${Number(v.toPrecision(6))}`);

export const thermoelastic3d: Problem = {
  id: ID,
  version: 0,
  title: 'ThermoElastic3D: 3-D coupled thermal–structural compliance minimization',
  description:
    'Distribute material in a 3-D block of unit Hex8 elements (E = 1, ν = 0.3, k = 1, α = 5e-4, SIMP x^p for stiffness and conductivity with no Emin) clamped at three corners of the x = 0 face, loaded by 0.5 in x, y and z at the far top corner, cooled by one heat sink at (nelx, nely, 0) (by default; other supports, loads and sinks: the fixed_elements, force_elements_x/_y/_z and heatsink_elements node masks) under a uniform heat load tref = 9.267e-4, to minimize w·(structural compliance) + (1−w)·(thermal compliance) under mean(x) ≤ volfrac, with the thermal-expansion load, a cone sensitivity filter (rmin) and MMA updates. Designs are [nely, nelx, nelz].',
  objectives: [
    { name: 'structural_compliance', direction: 'minimize', description: 'sc = Σ x^p·u_eᵀKE·u_e' },
    { name: 'thermal_compliance', direction: 'minimize', description: 'tc = Σ x^p·T_eᵀKEth·T_e' },
  ],
  conditions,
  configFields,
  configConstraints,
  solidAxes: 'yxz',
  masks,
  resolveConfig,
  designShape(config) {
    return shapeOf(typedConfig(resolveConfig(config)));
  },
  checkConfig(config) {
    return runConstraints(configConstraints, resolveConfig(config));
  },
  checkConstraints(design, config): Violation[] {
    const values = resolveConfig(config);
    const c = typedConfig(values);
    const space = designSpaceViolations(design, shapeOf(c));
    return [...runConstraints(configConstraints, values), ...space, ...(space.length ? [] : volumeFractionViolations(design, c.volfrac))];
  },
  simulate(design, config) {
    return simulateObjectives(design, assertConfig(resolveConfig(config)));
  },
  simulateVerbose(design, config) {
    const c = assertConfig(resolveConfig(config));
    const [sc, tc] = simulateObjectives(design, c);
    return { structural_compliance: sc, thermal_compliance: tc, weighted_objective: c.weight * sc + (1 - c.weight) * tc, volume_fraction: mean(design.data) };
  },
  optimizeSteps(config, options: OptimizeOptions = {}): Generator<StepEvent, OptimizeResult, void> {
    const c = assertConfig(resolveConfig(config));
    const x0 = options.startingPoint ? assertDesign(options.startingPoint, c, 'startingPoint') : undefined;
    const { setup, solvers } = cachedSetup(c);
    return (function* () {
      const r = yield* optimizeThermo3D(setup, solvers, { volfrac: c.volfrac, rmin: c.rmin, penal: c.penal, weight: c.weight, maxIter: c.maxIter, x0, fullHistory: options.history === 'full' });
      return { design: { shape: shapeOf(c), data: r.x }, history: r.history, iterations: r.iterations };
    })();
  },
  randomDesign(config, seed) {
    const c = typedConfig(resolveConfig(config));
    return smoothRandomDesign(c.nelx, c.nely, c.nelz, c.volfrac, seed);
  },
  render(design, config): RenderSpec {
    const c = typedConfig(resolveConfig(config));
    let objectives = '';
    try {
      const [sc, tc] = simulateObjectives(design, assertConfig(resolveConfig(config)));
      objectives = `, sc = ${sc.toFixed(4)}, tc = ${tc.toFixed(4)}`;
    } catch {
      objectives = ', not evaluated (design outside the design space)';
    }
    return {
      title: `ThermoElastic3D v0 ${c.nelx}x${c.nely}x${c.nelz}: volfrac ${fmt(c.volfrac)}, rmin ${fmt(c.rmin)}, weight ${fmt(c.weight)}${objectives}`,
      pictures: [isosurfacePicture(design)],
      panels: projectionPanels(design),
    };
  },
};
