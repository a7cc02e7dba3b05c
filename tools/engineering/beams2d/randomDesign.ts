/**
 * Seeded smooth random designs. EngiBench's `random_design` samples a row of the HF dataset; we have
 * no dataset at run time, so we generate one instead: uniform white noise (mulberry32, seeded),
 * smoothed twice with the hat filter (radius r = clamp(min(nelx, nely)/8, 1.5, 8)), standardised to
 * zero mean and unit spread, then ρ = clip(t + 0.25·z, 0, 1) with the offset t found by bisection so
 * that mean(ρ) = volfrac (to ~1e-12). Values lie in [0, 1]; the same seed gives the same design.
 */
import type { Design } from '../problem.ts';
import { applyFilter, createFilter } from './filter.ts';
import { vectorToImage } from './layout.ts';
import { mulberry32 } from '../random.ts';

const AMPLITUDE = 0.25;

function meanOfClipped(z: Float64Array, t: number): number {
  let s = 0;
  for (let i = 0; i < z.length; i++) s += Math.min(1, Math.max(0, t + AMPLITUDE * z[i]));
  return s / z.length;
}

export function smoothRandomDesign(nelx: number, nely: number, volfrac: number, seed: number): Design {
  const nel = nelx * nely;
  const rand = mulberry32(seed);
  const noise = new Float64Array(nel);
  for (let e = 0; e < nel; e++) noise[e] = rand();
  const r = Math.min(8, Math.max(1.5, Math.min(nelx, nely) / 8));
  const F = createFilter(nelx, nely, r);
  const z = applyFilter(F, applyFilter(F, noise, new Float64Array(nel)), new Float64Array(nel));
  let m = 0;
  for (let e = 0; e < nel; e++) m += z[e];
  m /= nel;
  let v = 0;
  for (let e = 0; e < nel; e++) v += (z[e] - m) ** 2;
  const sd = Math.sqrt(v / nel) || 1;
  for (let e = 0; e < nel; e++) z[e] = (z[e] - m) / sd;
  let lo = -1 - 10 * AMPLITUDE;
  let hi = 2 + 10 * AMPLITUDE;
  for (let k = 0; k < 100; k++) {
    const t = 0.5 * (lo + hi);
    if (meanOfClipped(z, t) < volfrac) lo = t;
    else hi = t;
  }
  const t = 0.5 * (lo + hi);
  const x = new Float64Array(nel);
  for (let e = 0; e < nel; e++) x[e] = Math.min(1, Math.max(0, t + AMPLITUDE * z[e]));
  return { shape: [nely, nelx], data: vectorToImage(x, nelx, nely) };
}
