/**
 * The seeded random stream of training and sampling: SplitMix32 (the dataset generator's mixer,
 * tools/engineering/dataset/prng.ts) with its one-word state exposed, so a checkpoint can save it
 * and a resumed run draws exactly the numbers an uninterrupted run would. Normals by Box–Muller.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** The state to save in a checkpoint. */
  get snapshot(): number {
    return this.state;
  }

  static restore(state: number): Rng {
    const r = new Rng(0);
    r.state = state >>> 0;
    return r;
  }

  /** Uniform in [0, 1). */
  uniform(): number {
    this.state = (this.state + 0x9e3779b9) >>> 0;
    let z = this.state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    z = (z ^ (z >>> 16)) >>> 0;
    return z / 4294967296;
  }

  /** Standard normal (Box–Muller, cosine branch). */
  normal(): number {
    const u = 1 - this.uniform();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.uniform());
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.uniform() * n);
  }

  normals(n: number): Float32Array {
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) out[i] = this.normal();
    return out;
  }

  uniforms(n: number, lo: number, hi: number): Float32Array {
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) out[i] = lo + (hi - lo) * this.uniform();
    return out;
  }

  /** A dropout mask: each entry 0 with probability p, else 1/(1-p) (inverted dropout, as PyTorch). */
  dropoutMask(n: number, p: number): Float32Array {
    const out = new Float32Array(n);
    const keep = 1 / (1 - p);
    for (let i = 0; i < n; i++) out[i] = this.uniform() < p ? 0 : keep;
    return out;
  }

  /** A permutation of 0..n-1 (Fisher–Yates). */
  permutation(n: number): number[] {
    const out = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}
