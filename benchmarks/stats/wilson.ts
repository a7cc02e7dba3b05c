/**
 * Wilson score interval for a proportion (successes out of n), the interval reported for task
 * completion and final-answer accuracy: better than the normal approximation near 0 and 1.
 */

export interface Interval {
  estimate: number;
  lo: number;
  hi: number;
}

/** z = 1.959964 gives a 95 % interval. */
export function wilson(successes: number, n: number, z = 1.959964): Interval {
  if (n <= 0) return { estimate: NaN, lo: NaN, hi: NaN };
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { estimate: p, lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}
