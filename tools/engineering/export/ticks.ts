/** Axis ticks: "nice" linear steps (1, 2, 5 × 10^k) and log-scale decades, plus short labels. */

export function linearTicks(lo: number, hi: number, count = 5): number[] {
  if (!(Number.isFinite(lo) && Number.isFinite(hi))) return [];
  if (hi < lo) [lo, hi] = [hi, lo];
  if (hi === lo) return [lo];
  const raw = (hi - lo) / Math.max(1, count);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const err = raw / mag;
  // Round the raw step to the nearest of 1, 2, 5, 10 × 10^k (geometric midpoints, as d3 does).
  const step = mag * (err >= Math.sqrt(50) ? 10 : err >= Math.sqrt(10) ? 5 : err >= Math.sqrt(2) ? 2 : 1);
  const out: number[] = [];
  for (let k = Math.ceil(lo / step - 1e-9); k * step <= hi + step * 1e-9; k++) out.push(cleanZero(k * step));
  return out;
}

/** Powers of ten within [lo, hi] (lo > 0); adds 2× and 5× when there are few decades. */
export function logTicks(lo: number, hi: number): number[] {
  const out: number[] = [];
  const e0 = Math.floor(Math.log10(lo)), e1 = Math.ceil(Math.log10(hi));
  const mults = e1 - e0 <= 3 ? [1, 2, 5] : [1];
  for (let e = e0; e <= e1; e++) {
    for (const m of mults) {
      const v = m * 10 ** e;
      if (v >= lo * (1 - 1e-12) && v <= hi * (1 + 1e-12)) out.push(Number(v.toPrecision(12)));
    }
  }
  return out;
}

const cleanZero = (v: number) => (Math.abs(v) < 1e-12 ? 0 : Number(v.toPrecision(12)));

/** Short label: up to 4 significant digits, exponent form for very large or small magnitudes. */
export function formatTick(v: number): string {
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e5 || a < 1e-3) {
    const [m, e] = v.toExponential(2).split('e');
    return `${Number(m)}e${Number(e)}`;
  }
  return String(Number(v.toPrecision(4)));
}
