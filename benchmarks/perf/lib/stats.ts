/** Small order statistics for timing samples. */

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function min(xs: readonly number[]): number {
  return xs.length === 0 ? NaN : Math.min(...xs);
}

/** Relative difference |a - b| / max(|a|, |b|); 0 when both are 0. */
export function relDiff(a: number, b: number): number {
  const scale = Math.max(Math.abs(a), Math.abs(b));
  return scale === 0 ? 0 : Math.abs(a - b) / scale;
}

/** True when every pair of values agrees within `tol` (relative); false if any is not finite. */
export function allAgree(values: readonly number[], tol: number): boolean {
  if (values.some((v) => !Number.isFinite(v))) return false;
  for (let i = 0; i < values.length; i++) {
    for (let j = i + 1; j < values.length; j++) if (relDiff(values[i], values[j]) > tol) return false;
  }
  return true;
}

/** Rounds to `digits` significant digits, for readable JSON. */
export function round(x: number, digits = 4): number {
  if (!Number.isFinite(x) || x === 0) return x;
  return Number(x.toPrecision(digits));
}
