/**
 * Percentile bootstrap confidence interval of a statistic (default: the mean), with a seeded RNG
 * (mulberry32) so a report is reproducible byte for byte.
 */
import { mulberry32 } from '../../tools/engineering/random.ts';
import type { Interval } from './wilson.ts';

export interface BootstrapOptions {
  resamples?: number;
  /** 0.05 → a 95 % interval. */
  alpha?: number;
  seed?: number;
  statistic?: (values: readonly number[]) => number;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export function bootstrapCi(values: readonly number[], options: BootstrapOptions = {}): Interval {
  const stat = options.statistic ?? mean;
  if (values.length === 0) return { estimate: NaN, lo: NaN, hi: NaN };
  const B = options.resamples ?? 2000;
  const alpha = options.alpha ?? 0.05;
  const rand = mulberry32(options.seed ?? 0);
  const n = values.length;
  const sample = new Array<number>(n);
  const stats = new Float64Array(B);
  for (let b = 0; b < B; b++) {
    for (let i = 0; i < n; i++) sample[i] = values[Math.floor(rand() * n)];
    stats[b] = stat(sample);
  }
  const sorted = Array.from(stats).sort((a, b) => a - b);
  return { estimate: stat(values), lo: quantile(sorted, alpha / 2), hi: quantile(sorted, 1 - alpha / 2) };
}

/**
 * Paired bootstrap of the mean difference b − a over identical trials (for `bench compare`):
 * resamples pairs, so per-trial difficulty cancels out.
 */
export function pairedBootstrap(a: readonly number[], b: readonly number[], options: BootstrapOptions = {}): Interval {
  if (a.length !== b.length) throw new Error('paired bootstrap needs equal-length samples');
  return bootstrapCi(
    a.map((x, i) => b[i] - x),
    options,
  );
}
