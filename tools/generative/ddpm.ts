/**
 * Conditional DDPM after EngiOpt's diffusion_2d_cond (engibench.md §5.3): T = 250 steps, linear
 * betas 1e-4…0.02 (cosine and exp schedules too), t ~ U{0…T−1}, x_t = √ᾱ_t·x0 + √(1−ᾱ_t)·ε,
 * loss = MSE(ε̂, ε), AdamW lr 4e-4 (weight decay 0.01), batch 32, designs min-max normalised;
 * sampling is ancestral from N(0, I) with the posterior variance β_t(1−ᾱ_{t−1})/(1−ᾱ_t) and no noise
 * at t = 0. The denoiser differs from EngiOpt's: an MLP over concat(x_t, sinusoidal embedding of
 * t, raw conditions) with SiLU activations, not diffusers' UNet2DConditionModel with cross-attention.
 */
import { Adam } from './adam.ts';
import { linear, linearLayer, ParamSet, type Linear, type NamedArray } from './layers.ts';
import type { Batch, GenerativeModel, Scale } from './model.ts';
import type { Rng } from './rng.ts';
import { tf, type Tensor2D } from './tf.ts';

export type NoiseSchedule = 'linear' | 'cosine' | 'exp';

export interface DdpmHyper {
  timesteps: number;
  schedule: NoiseSchedule;
  hidden: number;
  layers: number;
  timeEmbed: number;
  batchSize: number;
  lr: number;
  weightDecay: number;
}

const COMMON = { timesteps: 250, schedule: 'linear' as const, timeEmbed: 64, batchSize: 32, lr: 4e-4, weightDecay: 0.01 };

export const DDPM_SCALES: Record<Scale, DdpmHyper> = {
  paper: { ...COMMON, hidden: 1024, layers: 3 },
  small: { ...COMMON, hidden: 256, layers: 3 },
};

/** β_0…β_{T−1} of a schedule (EngiOpt's three options). */
export function betaSchedule(T: number, schedule: NoiseSchedule): Float64Array {
  const b = new Float64Array(T);
  if (schedule === 'cosine') {
    const abar = (t: number) => Math.cos(((t + 0.008) / 1.008) * (Math.PI / 2)) ** 2;
    for (let i = 0; i < T; i++) b[i] = Math.min(1 - abar((i + 1) / T) / abar(i / T), 0.999);
    return b;
  }
  for (let i = 0; i < T; i++) b[i] = 1e-4 + ((0.02 - 1e-4) * i) / Math.max(1, T - 1);
  if (schedule === 'exp') {
    for (let i = 0; i < T; i++) b[i] *= Math.exp(-(T - 1 - i) / Math.max(1, T - 1));
  }
  return b;
}

/** Sinusoidal embedding of integer timesteps, n × dim. */
export function timeEmbedding(t: readonly number[], dim: number): Float32Array {
  const half = dim / 2;
  const out = new Float32Array(t.length * dim);
  t.forEach((step, r) => {
    for (let k = 0; k < half; k++) {
      const f = Math.exp((-Math.log(10000) * k) / half);
      out[r * dim + k] = Math.sin(step * f);
      out[r * dim + half + k] = Math.cos(step * f);
    }
  });
  return out;
}

export class Ddpm implements GenerativeModel {
  readonly algo = 'diffusion' as const;
  readonly batchSize: number;
  readonly betas: Float64Array;
  readonly alphaBar: Float64Array;
  private readonly params = new ParamSet();
  private readonly layers: Linear[] = [];
  private readonly opt: Adam;

  constructor(
    readonly hyper: DdpmHyper,
    readonly nConds: number,
    readonly designSize: number,
    rng: Rng,
  ) {
    this.batchSize = hyper.batchSize;
    this.betas = betaSchedule(hyper.timesteps, hyper.schedule);
    this.alphaBar = new Float64Array(hyper.timesteps);
    let acc = 1;
    this.betas.forEach((b, i) => (this.alphaBar[i] = acc *= 1 - b));
    let width = designSize + hyper.timeEmbed + nConds;
    for (let i = 0; i < hyper.layers; i++) {
      this.layers.push(linearLayer(this.params, `denoiser.${i}`, width, hyper.hidden, rng));
      width = hyper.hidden;
    }
    this.layers.push(linearLayer(this.params, 'denoiser.out', width, designSize, rng));
    this.opt = new Adam(this.params.vars, { lr: hyper.lr, weightDecay: hyper.weightDecay });
  }

  get paramCounts(): Record<string, number> {
    return { denoiser: this.params.count };
  }

  private denoise(xt: Tensor2D, t: readonly number[], c: Tensor2D): Tensor2D {
    const emb = tf.tensor2d(timeEmbedding(t, this.hyper.timeEmbed), [t.length, this.hyper.timeEmbed]);
    let h = tf.concat([xt, emb, c], 1);
    const last = this.layers.length - 1;
    this.layers.forEach((l, i) => {
      h = linear(h, l);
      if (i < last) h = tf.mul(h, tf.sigmoid(h));
    });
    return h;
  }

  trainBatch(batch: Batch, rng: Rng): Record<string, number> {
    const { n } = batch;
    const D = this.designSize;
    const t = Array.from({ length: n }, () => rng.int(this.hyper.timesteps));
    const eps = rng.normals(n * D);
    const xt = new Float32Array(n * D);
    for (let r = 0; r < n; r++) {
      const a = Math.sqrt(this.alphaBar[t[r]]);
      const s = Math.sqrt(1 - this.alphaBar[t[r]]);
      for (let k = 0; k < D; k++) xt[r * D + k] = a * batch.x[r * D + k] + s * eps[r * D + k];
    }
    const xtT = tf.tensor2d(xt, [n, D]);
    const epsT = tf.tensor2d(eps, [n, D]);
    const c = tf.tensor2d(batch.c, [n, this.nConds]);
    const g = tf.variableGrads(() => tf.mean(tf.square(tf.sub(this.denoise(xtT, t, c), epsT))), this.params.vars);
    this.opt.step(g.grads);
    const loss = g.value.dataSync()[0];
    tf.dispose([xtT, epsT, c, g.value, ...Object.values(g.grads)]);
    return { loss };
  }

  sample(cond: Float32Array, n: number, rng: Rng): Float32Array {
    const D = this.designSize;
    const x = rng.normals(n * D);
    const c = tf.tensor2d(cond, [n, this.nConds]);
    for (let step = this.hyper.timesteps - 1; step >= 0; step--) {
      const epsHat = tf.tidy(() => this.denoise(tf.tensor2d(x, [n, D]), new Array(n).fill(step), c).dataSync() as Float32Array);
      const beta = this.betas[step];
      const ab = this.alphaBar[step];
      const abPrev = step > 0 ? this.alphaBar[step - 1] : 1;
      const k = beta / Math.sqrt(1 - ab);
      const inv = 1 / Math.sqrt(1 - beta);
      const sigma = step > 0 ? Math.sqrt((beta * (1 - abPrev)) / (1 - ab)) : 0;
      for (let i = 0; i < n * D; i++) x[i] = inv * (x[i] - k * epsHat[i]) + (sigma > 0 ? sigma * rng.normal() : 0);
    }
    c.dispose();
    return x;
  }

  weights(): NamedArray[] {
    return this.params.read();
  }

  trainState(): NamedArray[] {
    return this.opt.state('optimizer');
  }

  load(weights: readonly NamedArray[], trainState?: readonly NamedArray[]): void {
    this.params.load(weights);
    if (trainState) this.opt.load('optimizer', trainState);
  }

  dispose(): void {
    this.params.dispose();
    this.opt.dispose();
  }
}
