/**
 * Seeded random starting designs (engibench.md §2.11 with noise = 0.001, as the dataset generation used):
 * rho = D·(0.5 + 0.001·z), z ~ N(0, 1) from our own PRNG (mulberry32 + Box–Muller), clipped to [0, 1].
 */
import type { Design } from '../problem.ts';
import { makeGrid } from './grid.ts';

export const START_NOISE = 0.001;

/** mulberry32: a small seeded 32-bit PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal samples by Box–Muller. */
export function normalSampler(rand: () => number): () => number {
  return () => {
    const u = 1 - rand();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
  };
}

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
