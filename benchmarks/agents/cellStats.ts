/**
 * The statistics the RAG and HPC reports print per cell (pure): the mean, the sample std (n − 1, our
 * columns) and the population std (n, what every std in the paper is: 0.93 ± 0.25 = √(p(1−p))),
 * each labelled where it is printed.
 */
export const mean = (xs: readonly number[]): number => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);

export function populationStd(xs: readonly number[]): number {
  if (!xs.length) return NaN;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length);
}

export function sampleStd(xs: readonly number[]): number {
  if (xs.length < 2) return xs.length ? 0 : NaN;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
}

/** "0.93 ± 0.25" with the chosen std, '–' for no values. */
export function meanPm(xs: readonly number[], std: 'sample' | 'population', digits = 2): string {
  if (!xs.length) return '–';
  return `${mean(xs).toFixed(digits)} ± ${(std === 'population' ? populationStd(xs) : sampleStd(xs)).toFixed(digits)}`;
}

/** "+0.12" / "−0.05" / "0.00": the measured difference of two cell means. */
export function signedDiff(a: number, b: number, digits = 2): string {
  const d = a - b;
  if (!Number.isFinite(d)) return '–';
  return Math.abs(d) < 0.5 * 10 ** -digits ? (0).toFixed(digits) : `${d > 0 ? '+' : '−'}${Math.abs(d).toFixed(digits)}`;
}
