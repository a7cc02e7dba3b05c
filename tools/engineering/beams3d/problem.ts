/**
 * Beams3D v0 (EngiBench `beams3d`, engibench-3d-and-api.md §1): minimize the compliance of a 3-D
 * block on four clamped bottom corners under one +0.5 z load on its top face, with x^p (no Emin),
 * Hex8 elements (E = 1, ν = 0.3), a sensitivity filter and MMA. Designs are [nely, nelx, nelz]
 * (C order, indexed [y, x, z]) with float32 values in [0, 1].
 * Like EngiBench: no design constraints (no volume check), simulate neither checks bounds nor clips
 * (here a design outside [0, 1] or with NaN is still an InputError, since a zero or negative
 * density makes K singular or indefinite) and raises the densities to the power in float32.
 */
import { runConstraints, type ConfigValues, type Violation } from '../constraint.ts';
import { assertConfigValid, designSpaceViolations, mean, resolveFields } from '../fields.ts';
import type { Design, OptimizeOptions, OptimizeResult, Problem, RenderSpec, StepEvent } from '../problem.ts';
import { assertHexDesign, hexDesignShape } from './design.ts';
import { configConstraints, configFields, conditions, masks, typedConfig, type Beams3DConfig } from './conditions.ts';
import { feAnalysis } from './fe.ts';
import { optimizeBeams3D } from './optimize.ts';
import { smoothRandomDesign } from './randomDesign.ts';
import { isosurfacePicture, projectionPanels } from '../export/solidRender.ts';
import { cachedSetup } from './setupCache.ts';

export const ID = 'beams3d';
const FIELDS = [...conditions, ...configFields];

export function assertConfig(values: ConfigValues): Beams3DConfig {
  assertConfigValid(ID, FIELDS, configConstraints, values);
  return typedConfig(values);
}

const shapeOf = hexDesignShape;
const assertDesign = (design: Design, c: Beams3DConfig, what: string) => assertHexDesign(ID, design, c, what);

/** simulate: one FE pass with the densities' powers in float32 (EngiBench's float32 designs). */
export function simulateCompliance(design: Design, c: Beams3DConfig): number {
  const x = Float64Array.from(assertDesign(design, c, 'design'), Math.fround);
  const { setup, solver } = cachedSetup(c);
  return feAnalysis(setup, solver, x, c.penal, { float32: true, gradient: false }).c;
}

function fmt(v: number): string {
  return Number.isInteger(v) ? `${v}` : `${Number(v.toPrecision(6))}`;
}

export function createBeams3D(): Problem {
  const resolveConfig = (partial?: ConfigValues) => resolveFields(ID, FIELDS, partial, masks);
  return {
    id: ID,
    version: 0,
    title: 'Beams3D: 3-D cantilever-block compliance minimization',
    description:
      'Minimize the compliance of a 3-D block of unit Hex8 elements (E = 1, ν = 0.3, SIMP x^p with no Emin) clamped at its four bottom corners, under one +0.5 z load on the top face at node (round(forcedist_x·nelx), round(forcedist_y·nely)) (other supports and loads: the fixed_elements and force_elements_z node masks), with a volume-fraction constraint, a cone sensitivity filter (rmin) and MMA updates. Designs are [nely, nelx, nelz].',
    objectives: [{ name: 'c', direction: 'minimize', description: 'compliance fᵀu (lower is stiffer)' }],
    conditions,
    configFields,
    configConstraints,
    solidAxes: 'yxz',
    masks,
    resolveConfig,
    designShape(config) {
      return shapeOf(typedConfig(resolveConfig(config)));
    },
    checkConfig: (config) => runConstraints(configConstraints, resolveConfig(config)),
    checkConstraints(design, config): Violation[] {
      const values = resolveConfig(config);
      return [...runConstraints(configConstraints, values), ...designSpaceViolations(design, shapeOf(typedConfig(values)))];
    },
    simulate(design, config) {
      return [simulateCompliance(design, assertConfig(resolveConfig(config)))];
    },
    simulateVerbose(design, config) {
      const c = assertConfig(resolveConfig(config));
      return { c: simulateCompliance(design, c), volume_fraction: mean(design.data) };
    },
    optimizeSteps(config, options: OptimizeOptions = {}): Generator<StepEvent, OptimizeResult, void> {
      const c = assertConfig(resolveConfig(config));
      const x0 = options.startingPoint ? assertDesign(options.startingPoint, c, 'startingPoint') : undefined;
      const { setup, solver } = cachedSetup(c);
      return (function* () {
        const r = yield* optimizeBeams3D(setup, solver, { volfrac: c.volfrac, rmin: c.rmin, penal: c.penal, maxIter: c.maxIter, x0, fullHistory: options.history === 'full' });
        return { design: { shape: shapeOf(c), data: r.x }, history: r.history, iterations: r.iterations };
      })();
    },
    randomDesign(config, seed) {
      const c = typedConfig(resolveConfig(config));
      return smoothRandomDesign(c.nelx, c.nely, c.nelz, c.volfrac, seed);
    },
    render(design, config): RenderSpec {
      const c = typedConfig(resolveConfig(config));
      let objective = '';
      try {
        objective = `, c = ${simulateCompliance(design, assertConfig(resolveConfig(config))).toFixed(4)}`;
      } catch {
        objective = ', c not evaluated (design outside the design space)';
      }
      return {
        title: `Beams3D v0 ${c.nelx}x${c.nely}x${c.nelz}: volfrac ${fmt(c.volfrac)}, rmin ${fmt(c.rmin)}, forcedist (${fmt(c.forcedistX)}, ${fmt(c.forcedistY)})${objective}`,
        pictures: [isosurfacePicture(design)],
        panels: projectionPanels(design),
      };
    },
  };
}

export const beams3d: Problem = createBeams3D();
