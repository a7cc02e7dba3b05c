/**
 * Seeded draws for templates. Each instance gets its own stream, seeded from (suite seed,
 * template id, instance index) by FNV-1a, so an instance does not change when other templates are
 * selected or added. Draws are on grids (lo + k·step) so problem texts show exact values.
 */
import { mulberry32 } from '../../tools/engineering/random.ts';

export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** A value on the grid lo, lo + step, …, ≤ hi, rounded to the step's decimals. */
  grid(lo: number, hi: number, step: number): number;
  /** Integer in [lo, hi]. */
  int(lo: number, hi: number): number;
  pick<T>(items: readonly T[]): T;
}

/** FNV-1a over a string, 32-bit. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function instanceSeed(suiteSeed: number, templateId: string, index: number): number {
  return fnv1a(`${suiteSeed}|${templateId}|${index}`);
}

function decimalsOf(step: number): number {
  const s = String(step);
  if (s.includes('e-')) return Number(s.split('e-')[1]);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

export function createRng(seed: number): Rng {
  const rand = mulberry32(seed);
  return {
    next: rand,
    grid(lo, hi, step) {
      const n = Math.floor((hi - lo) / step + 1e-9) + 1;
      const k = Math.floor(rand() * n);
      return Number((lo + k * step).toFixed(decimalsOf(step)));
    },
    int(lo, hi) {
      return lo + Math.floor(rand() * (hi - lo + 1));
    },
    pick(items) {
      return items[Math.floor(rand() * items.length)];
    },
  };
}
