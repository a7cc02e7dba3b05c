/**
 * Seeded random ThermoElastic2D designs: a smooth random field (uniform noise, three 5×5 box
 * blurs), scaled to spread ±0.25 around volfrac and shifted (bisection on the offset) so that,
 * after clipping to [xmin, xmax] = [1e-3, 1], its mean equals volfrac. EngiBench samples a dataset
 * row instead; we have no dataset at run time.
 * Legend: x densities (image order, rows = nely), u noise, s smoothed field, z standardized field.
 */
import { MATERIAL } from './elementMatrices.ts';
import { mulberry32 } from '../random.ts';

function boxBlur(f: Float64Array, rows: number, cols: number, r: number): Float64Array {
  const out = new Float64Array(f.length);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      let s = 0;
      let k = 0;
      for (let di = Math.max(0, i - r); di <= Math.min(rows - 1, i + r); di++) {
        for (let dj = Math.max(0, j - r); dj <= Math.min(cols - 1, j + r); dj++) {
          s += f[di * cols + dj];
          k++;
        }
      }
      out[i * cols + j] = s / k;
    }
  }
  return out;
}

export function smoothRandomDesign(rows: number, cols: number, volfrac: number, seed: number): Float64Array {
  const rand = mulberry32(seed);
  let s: Float64Array = Float64Array.from({ length: rows * cols }, () => rand());
  for (let pass = 0; pass < 3; pass++) s = boxBlur(s, rows, cols, 2);
  let mean = 0;
  for (const v of s) mean += v;
  mean /= s.length;
  let varSum = 0;
  for (const v of s) varSum += (v - mean) ** 2;
  const std = Math.sqrt(varSum / s.length) || 1;
  const z = s.map((v) => (v - mean) / std);
  const clipped = (offset: number) => z.map((v) => Math.min(MATERIAL.xmax, Math.max(MATERIAL.xmin, volfrac + 0.25 * v + offset)));
  const meanOf = (a: Float64Array) => a.reduce((p, q) => p + q, 0) / a.length;
  let lo = -1;
  let hi = 1;
  for (let k = 0; k < 60; k++) {
    const mid = (lo + hi) / 2;
    if (meanOf(clipped(mid)) < volfrac) lo = mid;
    else hi = mid;
  }
  return clipped((lo + hi) / 2);
}
