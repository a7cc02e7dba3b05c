/**
 * Adam and AdamW as PyTorch defines them (torch.optim.Adam / AdamW, no amsgrad):
 * m ← β1·m + (1−β1)·g, v ← β2·v + (1−β2)·g², p ← p − lr/(1−β1ᵗ) · m / (√v/√(1−β2ᵗ) + ε);
 * AdamW first decays p ← p·(1 − lr·λ). The update runs in plain JS over float32 arrays (one pass
 * per parameter, ~10× faster than a chain of WASM element-wise kernels) and the moments are
 * checkpointed, so a resumed run continues the same trajectory.
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
  private readonly m: Float32Array[];
  private readonly v: Float32Array[];
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
    this.m = vars.map((x) => new Float32Array(x.size));
    this.v = vars.map((x) => new Float32Array(x.size));
  }

  /** One update from gradients keyed by variable name (tf.variableGrads). */
  step(grads: Record<string, Tensor>): void {
    this.t++;
    const { b1, b2, eps } = this;
    const lr = this.opts.lr;
    const stepSize = lr / (1 - b1 ** this.t);
    const bc2 = Math.sqrt(1 - b2 ** this.t);
    const decay = 1 - lr * this.wd;
    this.vars.forEach((p, i) => {
      const gt = grads[p.name];
      if (!gt) return;
      const g = gt.dataSync() as Float32Array;
      const w = Float32Array.from(p.dataSync() as Float32Array);
      const m = this.m[i];
      const v = this.v[i];
      for (let k = 0; k < w.length; k++) {
        const gk = g[k];
        m[k] = b1 * m[k] + (1 - b1) * gk;
        v[k] = b2 * v[k] + (1 - b2) * gk * gk;
        w[k] = w[k] * decay - (stepSize * m[k]) / (Math.sqrt(v[k]) / bc2 + eps);
      }
      const next = tf.tensor(w, p.shape);
      p.assign(next);
      next.dispose(); // the variable holds its own reference to the data
    });
  }

  state(prefix: string): NamedArray[] {
    return [
      { name: `${prefix}.step`, data: Float32Array.of(this.t) },
      ...this.m.map((x, i) => ({ name: `${prefix}.m.${i}`, data: x })),
      ...this.v.map((x, i) => ({ name: `${prefix}.v.${i}`, data: x })),
    ];
  }

  load(prefix: string, arrays: readonly NamedArray[]): void {
    const get = (n: string, size: number) => {
      const a = arrays.find((x) => x.name === `${prefix}.${n}`);
      if (!a || a.data.length !== size) throw new Error(`checkpoint has no optimizer state ${prefix}.${n}`);
      return a.data;
    };
    this.t = get('step', 1)[0];
    this.vars.forEach((p, i) => {
      this.m[i].set(get(`m.${i}`, p.size));
      this.v[i].set(get(`v.${i}`, p.size));
    });
  }

  dispose(): void {}
}
