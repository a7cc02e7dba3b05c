/**
 * The building blocks of the two networks on tfjs-core: named parameters, PyTorch-initialised linear
 * layers, 1-D batch normalisation with running statistics, and named arrays for checkpoints.
 * Weights are stored [in, out] (x·W + b).
 */
import type { Rng } from './rng.ts';
import { tf, type Tensor, type Tensor2D, type Variable } from './tf.ts';

/** A float array with a name: what checkpoints store. */
export interface NamedArray {
  name: string;
  data: Float32Array;
}

/** Trainable tensors in a fixed order, each with a checkpoint name. */
export class ParamSet {
  readonly names: string[] = [];
  readonly vars: Variable[] = [];

  add(name: string, shape: number[], init: Float32Array): Variable {
    const t = tf.tensor(init, shape);
    const v = tf.variable(t, true);
    t.dispose();
    this.names.push(name);
    this.vars.push(v);
    return v;
  }

  get count(): number {
    return this.vars.reduce((n, v) => n + v.size, 0);
  }

  read(): NamedArray[] {
    return this.vars.map((v, i) => ({ name: this.names[i], data: v.dataSync() as Float32Array }));
  }

  load(arrays: readonly NamedArray[]): void {
    const byName = new Map(arrays.map((a) => [a.name, a.data]));
    this.vars.forEach((v, i) => {
      const data = byName.get(this.names[i]);
      if (!data || data.length !== v.size) throw new Error(`checkpoint has no matching ${this.names[i]} (${v.size} values)`);
      const next = tf.tensor(data, v.shape);
      v.assign(next);
      next.dispose();
    });
  }

  dispose(): void {
    for (const v of this.vars) v.dispose();
  }
}

export interface Linear {
  W: Variable;
  b: Variable;
}

/** nn.Linear's default initialisation: weight and bias uniform in ±1/√fan_in. */
export function linearLayer(params: ParamSet, name: string, nIn: number, nOut: number, rng: Rng): Linear {
  const bound = 1 / Math.sqrt(nIn);
  const W = params.add(`${name}.weight`, [nIn, nOut], rng.uniforms(nIn * nOut, -bound, bound));
  const b = params.add(`${name}.bias`, [nOut], rng.uniforms(nOut, -bound, bound));
  return { W, b };
}

export const linear = (x: Tensor2D, l: Linear): Tensor2D => tf.add(tf.matMul(x, l.W), l.b);

/** Batch statistics of one training forward pass, for the running averages. */
export interface BatchStats {
  layer: BatchNorm1d;
  mean: Tensor;
  variance: Tensor;
  n: number;
}

/** BatchNorm1d(n, eps) with PyTorch's momentum 0.1 and unbiased running variance. */
export class BatchNorm1d {
  readonly gamma: Variable;
  readonly beta: Variable;
  runMean: Float32Array;
  runVar: Float32Array;

  constructor(
    params: ParamSet,
    readonly name: string,
    readonly size: number,
    readonly eps: number,
    readonly momentum = 0.1,
  ) {
    this.gamma = params.add(`${name}.weight`, [size], new Float32Array(size).fill(1));
    this.beta = params.add(`${name}.bias`, [size], new Float32Array(size));
    this.runMean = new Float32Array(size);
    this.runVar = new Float32Array(size).fill(1);
  }

  /** Training mode normalises by the batch and records its statistics in `stats`; eval uses the running ones. */
  forward(x: Tensor2D, stats: BatchStats[] | null): Tensor2D {
    if (stats) {
      const mean = tf.mean(x, 0);
      const centered = tf.sub(x, mean);
      const variance = tf.mean(tf.square(centered), 0);
      stats.push({ layer: this, mean: tf.keep(mean), variance: tf.keep(variance), n: x.shape[0] });
      return tf.add(tf.mul(tf.mul(centered, tf.rsqrt(tf.add(variance, this.eps))), this.gamma), this.beta);
    }
    const scale = tf.mul(tf.rsqrt(tf.add(tf.tensor1d(this.runVar), this.eps)), this.gamma);
    return tf.add(tf.mul(tf.sub(x, tf.tensor1d(this.runMean)), scale), this.beta);
  }

  buffers(): NamedArray[] {
    return [
      { name: `${this.name}.running_mean`, data: this.runMean },
      { name: `${this.name}.running_var`, data: this.runVar },
    ];
  }

  loadBuffers(arrays: readonly NamedArray[]): void {
    const get = (n: string) => arrays.find((a) => a.name === `${this.name}.${n}`)?.data;
    const m = get('running_mean');
    const v = get('running_var');
    if (!m || !v || m.length !== this.size || v.length !== this.size) throw new Error(`checkpoint has no running statistics for ${this.name}`);
    this.runMean = Float32Array.from(m);
    this.runVar = Float32Array.from(v);
  }
}

/** Folds a training pass's batch statistics into the running averages and frees them. */
export function applyBatchStats(stats: BatchStats[]): void {
  for (const s of stats) {
    const mean = s.mean.dataSync();
    const variance = s.variance.dataSync();
    const m = s.layer.momentum;
    const unbiased = s.n > 1 ? s.n / (s.n - 1) : 1;
    for (let i = 0; i < s.layer.size; i++) {
      s.layer.runMean[i] = (1 - m) * s.layer.runMean[i] + m * mean[i];
      s.layer.runVar[i] = (1 - m) * s.layer.runVar[i] + m * variance[i] * unbiased;
    }
    s.mean.dispose();
    s.variance.dispose();
  }
  stats.length = 0;
}
