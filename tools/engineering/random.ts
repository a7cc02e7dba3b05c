/**
 * Seeded pseudo-random numbers for the engines (random designs, tests): mulberry32 for uniforms and
 * Box–Muller for normals. Deterministic across platforms; not for cryptography.
 */

/** mulberry32: a small, fast, seeded 32-bit PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal samples by Box–Muller from a uniform source. */
export function normalSampler(rand: () => number): () => number {
  return () => {
    const u = 1 - rand();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
  };
}
