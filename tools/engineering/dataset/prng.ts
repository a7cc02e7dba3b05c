/**
 * Seeded pseudo-random numbers for dataset sampling and splits: SplitMix32 (a 32-bit variant of
 * SplitMix: add the golden-ratio increment, then mix with two xor-shift-multiply rounds).
 * Deterministic across platforms; not for cryptography.
 */

/** Returns a function giving uniform floats in [0, 1), seeded by `seed` (any integer). */
export function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    z = (z ^ (z >>> 16)) >>> 0;
    return z / 4294967296;
  };
}

/** Fisher–Yates shuffle of a copy of `items`, driven by `rand`. */
export function shuffled<T>(items: readonly T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  return out;
}
