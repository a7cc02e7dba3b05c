/**
 * Seeded random starting designs (engibench.md §2.11 with noise = 0.001, as the dataset generation used):
 * rho = D·(0.5 + 0.001·z), z ~ N(0, 1) from our own PRNG (mulberry32 + Box–Muller), clipped to [0, 1].
 */
import type { Design } from '../problem.ts';
import { makeGrid } from './grid.ts';
import { mulberry32, normalSampler } from '../random.ts';

export const START_NOISE = 0.001;

export function randomDesign(nx: number, ny: number, seed: number, noise = START_NOISE): Design {
  const grid = makeGrid(nx, ny);
  const normal = normalSampler(mulberry32(seed));
  const data = new Float64Array(grid.n);
  for (let i = 0; i < grid.n; i++) {
    const z = normal();
    data[i] = grid.designMask[i] ? Math.min(1, Math.max(0, 0.5 + noise * z)) : 0;
  }
  return { shape: [nx, ny], data };
}
