/** Mean and sample standard deviation (n − 1), the "mean ± std" of every reported number. */

export interface MeanStd {
  n: number;
  mean: number;
  /** Sample standard deviation; 0 for n < 2. */
  std: number;
}

export function meanStd(values: readonly number[]): MeanStd {
  const n = values.length;
  if (n === 0) return { n: 0, mean: NaN, std: NaN };
  let mean = 0;
  for (const v of values) mean += v;
  mean /= n;
  let ss = 0;
  for (const v of values) ss += (v - mean) * (v - mean);
  return { n, mean, std: n > 1 ? Math.sqrt(ss / (n - 1)) : 0 };
}
