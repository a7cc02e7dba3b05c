/**
 * Adam and AdamW as PyTorch defines them (torch.optim.Adam / AdamW, no amsgrad):
 * m ← β1·m + (1−β1)·g, v ← β2·v + (1−β2)·g², p ← p − lr/(1−β1ᵗ) · m / (√v/√(1−β2ᵗ) + ε);
 * AdamW first decays p ← p·(1 − lr·λ). The moments are checkpointed, so a resumed run continues
 * the same trajectory.
 */
import type { NamedArray } from './layers.ts';
import { tf, type Tensor, type Variable } from './tf.ts';

export interface AdamOptions {
  lr: number;
  beta1?: number;
  beta2?: number;
  eps?: number;
  /** Decoupled weight decay λ (AdamW); 0 = Adam. */
  weightDecay?: number;
}

export class Adam {
  private m: Tensor[];
  private v: Tensor[];
  private t = 0;
  private readonly b1: number;
  private readonly b2: number;
  private readonly eps: number;
  private readonly wd: number;

  constructor(
    private readonly vars: readonly Variable[],
    private readonly opts: AdamOptions,
  ) {
    this.b1 = opts.beta1 ?? 0.9;
    this.b2 = opts.beta2 ?? 0.999;
    this.eps = opts.eps ?? 1e-8;
    this.wd = opts.weightDecay ?? 0;
    this.m = vars.map((x) => tf.zerosLike(x));
    this.v = vars.map((x) => tf.zerosLike(x));
  }

  /** One update from gradients keyed by variable name (tf.variableGrads). */
  step(grads: Record<string, Tensor>): void {
    this.t++;
    const bc1 = 1 - this.b1 ** this.t;
    const bc2 = Math.sqrt(1 - this.b2 ** this.t);
    this.vars.forEach((p, i) => {
      const g = grads[p.name];
      if (!g) return;
      const [m, v] = tf.tidy(() => [tf.add(tf.mul(this.m[i], this.b1), tf.mul(g, 1 - this.b1)), tf.add(tf.mul(this.v[i], this.b2), tf.mul(tf.square(g), 1 - this.b2))]);
      this.m[i].dispose();
      this.v[i].dispose();
      this.m[i] = m;
      this.v[i] = v;
      tf.tidy(() => {
        const decayed = this.wd > 0 ? tf.mul(p, 1 - this.opts.lr * this.wd) : p;
        const denom = tf.add(tf.div(tf.sqrt(v), bc2), this.eps);
        p.assign(tf.sub(decayed, tf.mul(tf.div(m, denom), this.opts.lr / bc1)));
      });
    });
  }

  state(prefix: string): NamedArray[] {
    return [
      { name: `${prefix}.step`, data: Float32Array.of(this.t) },
      ...this.m.map((x, i) => ({ name: `${prefix}.m.${i}`, data: x.dataSync() as Float32Array })),
      ...this.v.map((x, i) => ({ name: `${prefix}.v.${i}`, data: x.dataSync() as Float32Array })),
    ];
  }

  load(prefix: string, arrays: readonly NamedArray[]): void {
    const get = (n: string) => {
      const a = arrays.find((x) => x.name === `${prefix}.${n}`);
      if (!a) throw new Error(`checkpoint has no optimizer state ${prefix}.${n}`);
      return a.data;
    };
    this.t = get('step')[0];
    this.vars.forEach((p, i) => {
      this.m[i].dispose();
      this.v[i].dispose();
      this.m[i] = tf.tensor(get(`m.${i}`), p.shape);
      this.v[i] = tf.tensor(get(`v.${i}`), p.shape);
    });
  }

  dispose(): void {
    for (const x of [...this.m, ...this.v]) x.dispose();
  }
}
