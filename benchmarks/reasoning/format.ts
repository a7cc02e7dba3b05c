/**
 * Deterministic number formatting for problem texts and solutions: `sig` significant digits,
 * scientific notation (1.234e-5) outside [1e-3, 1e6), no trailing zeros. The same input always
 * gives the same bytes, which the byte-identical reproduction of a seed relies on.
 */
export function formatNumber(v: number, sig = 4): string {
  if (!Number.isFinite(v)) return String(v);
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e6 || a < 1e-3) {
    const [m, e] = v.toExponential(sig - 1).split('e');
    return `${trimZeros(m)}e${e.replace('+', '')}`;
  }
  return trimZeros(v.toPrecision(sig));
}

function trimZeros(s: string): string {
  if (!s.includes('.')) return s;
  return s.replace(/0+$/, '').replace(/\.$/, '');
}

/** A value with its unit: "12.5 kN", or just the number when dimensionless. */
export function withUnit(v: number, unit: string, sig = 4): string {
  return unit ? `${formatNumber(v, sig)} ${unit}` : formatNumber(v, sig);
}
