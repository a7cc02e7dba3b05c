/**
 * The n³ Hex8 case of the 3-D optimize benchmarks (beams3d.ts, thermoelastic3d.ts): flags --n SIDE
 * (16; nelx = nely = nelz) and --max-iter K, the child's timed cold-start optimize from a uniform
 * 0.3 design, and the grid flags the Python peers take.
 */
import type { Problem } from '../../../tools/engineering/problem.ts';
import { timedOptimize, type TimedOptimize } from './childMode.ts';
import { numberFlag, type Flags } from './flags.ts';

export interface CubeCase {
  n: number;
  maxIter: number;
}

export function cubeCaseOf(flags: Flags, defaultMaxIter: number): CubeCase {
  return { n: numberFlag(flags, 'n', 16, { integer: true, min: 1 }), maxIter: numberFlag(flags, 'max-iter', defaultMaxIter, { integer: true, min: 1 }) };
}

/** Child mode: setup (first simulate of a uniform 0.3 design) timed apart from the optimize loop. */
export function cubeOptimize(problem: Problem, c: CubeCase): TimedOptimize {
  const config = { nelx: c.n, nely: c.n, nelz: c.n, max_iter: c.maxIter };
  return timedOptimize(problem, config, { shape: [c.n, c.n, c.n], data: new Float64Array(c.n ** 3).fill(0.3) });
}

/** Our child's flags, and the peer's grid flags. */
export const cubeWorkerArgs = (c: CubeCase) => ['--n', `${c.n}`, '--max-iter', `${c.maxIter}`];
export const cubePeerGrid = (c: CubeCase) => ['--nelx', `${c.n}`, '--nely', `${c.n}`, '--nelz', `${c.n}`, '--max-iter', `${c.maxIter}`];
