/** NumPy's linspace(start, stop, num): start + i·step with step = (stop − start)/(num − 1), last = stop. */
export function linspace(start: number, stop: number, num: number): number[] {
  if (num <= 0) return [];
  if (num === 1) return [start];
  const step = (stop - start) / (num - 1);
  const out = Array.from({ length: num }, (_, i) => i * step + start);
  out[num - 1] = stop;
  return out;
}
