/**
 * Beams2D (MBB half-beam, SIMP + density filter + OC), a native port of EngiBench's `beams2d`
 * (engibench.md §1). v1 (the default, as in EngiBench main) differs from v0 only in how a warm
 * start is blended toward volfrac. Designs are row-major images [nely, nelx], row 0 at the top.
 */
import { runConstraints, type ConfigValues, type Violation } from '../constraint.ts';
import { assertConfigValid, assertInDesignSpace, clippedToDesignSpace, designSpaceViolations, mean, resolveFields, volumeFractionViolations } from '../fields.ts';
import type { Design, OptimizeOptions, OptimizeResult, Problem, RenderSpec, StepEvent } from '../problem.ts';
import { configConstraints, configFields, conditions, typedConfig, type Beams2DConfig } from './conditions.ts';
import { createFeWorkspace, feAnalysis } from './fe.ts';
import { imageToVector, vectorToDesign } from './layout.ts';
import { optimizeBeam } from './optimize.ts';
import { smoothRandomDesign } from './randomDesign.ts';
import { cachedSetup } from './setupCache.ts';

export const ID = 'beams2d';
const FIELDS = [...conditions, ...configFields];

export interface Beams2DOptions {
  version?: 0 | 1;
}

/** Throws an InputError for the first error-criticality violation (constraint, value, allowed range). */
export function assertConfig(values: ConfigValues): Beams2DConfig {
  assertConfigValid(ID, FIELDS, configConstraints, values);
  return typedConfig(values);
}

function assertDesign(design: Design, c: Beams2DConfig, what: string): Float64Array {
  assertInDesignSpace(ID, design, [c.nely, c.nelx], what, `expected a ${c.nely}x${c.nelx} image (rows = nely, cols = nelx) with finite values in [0, 1]`);
  return imageToVector(design.data, c.nelx, c.nely);
}

function simulateCompliance(design: Design, c: Beams2DConfig): number {
  const x = assertDesign(design, c, 'design');
  const { setup, solver } = cachedSetup(c);
  return feAnalysis(setup, solver, x, c.penal, createFeWorkspace(setup));
}

function fmt(v: number): string {
  return Number.isInteger(v) ? `${v}` : `${Number(v.toPrecision(6))}`;
}

export function createBeams2D(opts: Beams2DOptions = {}): Problem {
  const version = opts.version ?? 1;
  const resolveConfig = (partial?: ConfigValues) => resolveFields(ID, FIELDS, partial);
  return {
    id: ID,
    version,
    title: 'Beams2D: MBB half-beam compliance minimization',
    description:
      'Minimize the compliance of a 2-D MBB half-beam (symmetry line on the left, roller at the bottom right, unit downward load on the top edge at forcedist·nelx) under a volume-fraction constraint, with SIMP (p = penal), a linear hat density filter (rmin) and optimality-criteria updates; optional Langelaar overhang filter.',
    objectives: [{ name: 'c', direction: 'minimize', description: 'compliance fᵀu (lower is stiffer)' }],
    conditions,
    configFields,
    configConstraints,
    resolveConfig,
    designShape(config) {
      const v = resolveConfig(config);
      return [Number(v.nely), Number(v.nelx)];
    },
    checkConfig: (config) => runConstraints(configConstraints, resolveConfig(config)),
    checkConstraints(design, config): Violation[] {
      const values = resolveConfig(config);
      const out = runConstraints(configConstraints, values);
      const space = designSpaceViolations(design, [Number(values.nely), Number(values.nelx)]);
      out.push(...space);
      if (!space.length) out.push(...volumeFractionViolations(design, Number(values.volfrac)));
      return out;
    },
    simulate(design, config) {
      return [simulateCompliance(design, assertConfig(resolveConfig(config)))];
    },
    simulateVerbose(design, config) {
      const c = assertConfig(resolveConfig(config));
      return { c: simulateCompliance(design, c), volume_fraction: mean(design.data) };
    },
    /**
     * Validates eagerly (InputError before the first step), then returns the optimizer generator. The history is
     * EngiBench's; the returned xPrint, which the overhang filter can push a little above 1 as in EngiBench, is clipped
     * to [0, 1] with a warning.
     */
    optimizeSteps(config, options: OptimizeOptions = {}): Generator<StepEvent, OptimizeResult, void> {
      const c = assertConfig(resolveConfig(config));
      const start = options.startingPoint ? assertDesign(options.startingPoint, c, 'startingPoint') : undefined;
      const { setup, solver } = cachedSetup(c);
      return clippedToDesignSpace(
        (function* () {
          const r = yield* optimizeBeam(setup, solver, { ...c, version }, start, { fullHistory: options.history === 'full' });
          return { design: vectorToDesign(r.xPrint, c.nelx, c.nely), history: r.history, iterations: r.iterations };
        })(),
      );
    },
    randomDesign(config, seed) {
      const c = typedConfig(resolveConfig(config));
      return smoothRandomDesign(c.nelx, c.nely, c.volfrac, seed);
    },
    render(design, config): RenderSpec {
      const c = typedConfig(resolveConfig(config));
      let objective = '';
      try {
        objective = `, c = ${simulateCompliance(design, c).toFixed(4)}`;
      } catch {
        objective = ', c not evaluated (design outside the design space)';
      }
      const conds = `volfrac ${fmt(c.volfrac)}, rmin ${fmt(c.rmin)}, forcedist ${fmt(c.forcedist)}${c.overhang ? ', overhang' : ''}`;
      return {
        title: `Beams2D v${version} ${c.nelx}x${c.nely}: ${conds}${objective}`,
        panels: [{ title: 'density', field: design, colormap: 'coolwarm', vmin: 0, vmax: 1 }],
      };
    },
  };
}

export const beams2d: Problem = createBeams2D({ version: 1 });
export const beams2dV0: Problem = createBeams2D({ version: 0 });
