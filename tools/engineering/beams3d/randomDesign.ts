/**
 * Seeded smooth random Beams3D designs. EngiBench's `random_design` samples a dataset row; we have
 * no dataset at run time, so we generate one: uniform white noise (mulberry32, seeded), smoothed
 * twice with the cone filter of radius 2 on the [nely, nelx, nelz] grid, standardised, then
 * ρ = clip(t + 0.25·z, 1e-3, 1) with t found by bisection so that mean(ρ) = volfrac, and rounded to
 * float32 (the design space's dtype). The floor 1e-3 is MMA's lower bound: Beams3D has no Emin, so
 * a zero density would make K singular. The same seed gives the same design.
 */
import type { Design } from '../problem.ts';
import { mulberry32 } from '../random.ts';
import { applyCone, buildSensitivityFilter } from './filter.ts';
import { BOUNDS } from './optimize.ts';

const AMPLITUDE = 0.25;

function clipped(z: Float64Array, t: number, out?: Float64Array): number {
  let s = 0;
  for (let i = 0; i < z.length; i++) {
    const v = Math.min(BOUNDS.xmax, Math.max(BOUNDS.xmin, t + AMPLITUDE * z[i]));
    if (out) out[i] = Math.fround(v);
    s += v;
  }
  return s / z.length;
}

export function smoothRandomDesign(nelx: number, nely: number, nelz: number, volfrac: number, seed: number): Design {
  const shape: [number, number, number] = [nely, nelx, nelz];
  const n = nelx * nely * nelz;
  const rand = mulberry32(seed);
  const noise = new Float64Array(n);
  for (let e = 0; e < n; e++) noise[e] = rand();
  const F = buildSensitivityFilter(shape, 2);
  const once = applyCone(F, noise, new Float64Array(n)).map((v, i) => v / F.hs[i]);
  const z = applyCone(F, once, new Float64Array(n)).map((v, i) => v / F.hs[i]);
  let m = 0;
  for (let e = 0; e < n; e++) m += z[e];
  m /= n;
  let v = 0;
  for (let e = 0; e < n; e++) v += (z[e] - m) ** 2;
  const sd = Math.sqrt(v / n) || 1;
  for (let e = 0; e < n; e++) z[e] = (z[e] - m) / sd;
  let lo = -1 - 10 * AMPLITUDE;
  let hi = 2 + 10 * AMPLITUDE;
  for (let k = 0; k < 100; k++) {
    const t = 0.5 * (lo + hi);
    if (clipped(z, t) < volfrac) lo = t;
    else hi = t;
  }
  const data = new Float64Array(n);
  clipped(z, 0.5 * (lo + hi), data);
  return { shape, data };
}
