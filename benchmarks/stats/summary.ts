/**
 * Mean and standard deviation, the "mean ± std" of every reported number. Two stds, each labelled
 * where it is shown: the sample std (n − 1), our default, and the population std (n), which is what
 * every std in the EngiAI paper's tables is (its 0.93 ± 0.25 for 14 of 15 is √(p(1 − p)), not the
 * sample std 0.26), so columns set beside the paper's use it.
 */

export interface MeanStd {
  n: number;
  mean: number;
  /** Sample standard deviation (n − 1); 0 for n < 2. */
  std: number;
  /** Population standard deviation (n); 0 for n = 1. */
  popStd: number;
}

export function meanStd(values: readonly number[]): MeanStd {
  const n = values.length;
  if (n === 0) return { n: 0, mean: NaN, std: NaN, popStd: NaN };
  let mean = 0;
  for (const v of values) mean += v;
  mean /= n;
  let ss = 0;
  for (const v of values) ss += (v - mean) * (v - mean);
  return { n, mean, std: n > 1 ? Math.sqrt(ss / (n - 1)) : 0, popStd: Math.sqrt(ss / n) };
}
