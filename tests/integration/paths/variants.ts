/**
 * Every problem and every option that changes the optimizer's path, with seeded samples of conditions across each
 * condition's range (small grids and few iterations, so the three path tests stay fast). Shared by the CLI, agent-tool
 * and web-API path tests: optimize → store → simulate → render → export-stl must succeed on each path.
 */
import type { ConfigValues } from '../../../tools/engineering/constraint.ts';
import { mulberry32 } from '../../../tools/engineering/random.ts';

export interface Sample {
  /** Problem id as a person names it (`beams2d@0` for v0). */
  problem: string;
  conditions: ConfigValues;
  config: ConfigValues;
  /** The optimizer's returned design is known to leave [0, 1] (so it must come back clipped, with a warning). */
  clips?: boolean;
}

export interface Variant {
  name: string;
  /** Warm starts differ between versions (Beams2D v0/v1): the paths also re-optimize from the stored design. */
  warmStart: boolean;
  samples(seed: number, n: number): Sample[];
  /** The request in words for the offline chat model, where it can say it (it has no words for v0 or exact_gradient). */
  chat?(s: Sample): string;
}

type Rng = () => number;
const uniform = (r: Rng, lo: number, hi: number, digits = 2) => Number((lo + (hi - lo) * r()).toFixed(digits));
const oneOf = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

/** The issue-16 case: its overhang design leaves [0, 1] (4 values up to 1.0042, as in EngiBench). */
const ISSUE_16: Sample = { problem: 'beams2d', conditions: { volfrac: 0.3, rmin: 2, forcedist: 0.5, overhang_constraint: true }, config: { nelx: 50, nely: 25 }, clips: true };

function beams(problem: 'beams2d' | 'beams2d@0', overhang: boolean): Variant {
  return {
    name: `${problem}${overhang ? ' with overhang' : ''}`,
    warmStart: true,
    samples(seed, n) {
      const r = mulberry32(seed);
      const out = Array.from({ length: n }, (): Sample => {
        const [nelx, nely] = oneOf(r, [[40, 20], [50, 25], [60, 30]] as const);
        return {
          problem,
          conditions: { volfrac: uniform(r, 0.15, 0.45), rmin: uniform(r, 1.5, 3), forcedist: uniform(r, 0, 1), overhang_constraint: overhang },
          config: { nelx, nely, max_iter: Math.round(uniform(r, 20, 50, 0)) },
        };
      });
      return problem === 'beams2d' && overhang ? [ISSUE_16, ...out.slice(1)] : out;
    },
    chat:
      problem === 'beams2d'
        ? (s) =>
            `Optimize a beams2d beam with volfrac ${s.conditions.volfrac}, forcedist ${s.conditions.forcedist} and rmin ${s.conditions.rmin}` +
            `${overhang ? ' with overhang' : ''} on a ${s.config.nelx}x${s.config.nely} grid${s.config.max_iter ? ` with max_iter ${s.config.max_iter}` : ''}, simulate it, render it and export an STL`
        : undefined,
  };
}

const photonics: Variant = {
  name: 'photonics2d',
  warmStart: false,
  samples(seed, n) {
    const r = mulberry32(seed);
    return Array.from({ length: n }, () => {
      const [nx, ny] = oneOf(r, [[64, 106], [70, 110]] as const);
      return {
        problem: 'photonics2d',
        conditions: { lambda1: uniform(r, 0.8, 1.5), lambda2: uniform(r, 0.8, 1.5), blur_radius: oneOf(r, [0, 1, 2, 3]) },
        config: { num_elems_x: nx, num_elems_y: ny, num_optimization_steps: oneOf(r, [2, 3]) },
      };
    });
  },
  chat: (s) =>
    `Optimize a photonics2d demultiplexer with lambda1 ${s.conditions.lambda1}, lambda2 ${s.conditions.lambda2} and blur radius ${s.conditions.blur_radius} ` +
    `with num_elems_x ${s.config.num_elems_x}, num_elems_y ${s.config.num_elems_y} and num_optimization_steps ${s.config.num_optimization_steps}, simulate it, render it and export an STL`,
};

function thermoelastic(exactGradient: boolean): Variant {
  return {
    name: `thermoelastic2d${exactGradient ? ' with exact_gradient' : ''}`,
    warmStart: false,
    samples(seed, n) {
      const r = mulberry32(seed);
      return Array.from({ length: n }, () => ({
        problem: 'thermoelastic2d',
        conditions: { volfrac: uniform(r, 0.25, 0.5), weight: uniform(r, 0, 1), rmin: 1.1 },
        config: { max_iter: oneOf(r, [3, 4]), exact_gradient: exactGradient },
      }));
    },
    chat: exactGradient
      ? undefined
      : (s) => `Optimize a thermoelastic2d plate with volfrac ${s.conditions.volfrac}, weight ${s.conditions.weight} and rmin 1.1 with max_iter ${s.config.max_iter}, simulate it, render it and export an STL`,
  };
}

export const VARIANTS: readonly Variant[] = [
  beams('beams2d', false),
  beams('beams2d', true),
  beams('beams2d@0', false),
  beams('beams2d@0', true),
  photonics,
  thermoelastic(false),
  thermoelastic(true),
];

/** `--name=value` flags for the CLI (booleans too). */
export function cliFlags(s: Sample): string[] {
  return Object.entries({ ...s.conditions, ...s.config }).map(([k, v]) => `--${k.replace(/_/g, '-')}=${v}`);
}

export const label = (s: Sample) => `${s.problem} ${JSON.stringify({ ...s.conditions, ...s.config })}`;
