/**
 * Conditional GAN after EngiOpt's cgan_2d (engibench.md §5.2), an MLP GAN from PyTorch-GAN:
 *   G: concat(z, c) → Linear 128 → LReLU(0.2) → [Linear → BatchNorm1d(eps 0.8) → LReLU] × (256, 512, 1024)
 *      → Linear(design size) → tanh;
 *   D: concat(flat x, c) → Linear 512 → LReLU → Linear 512 → Dropout 0.4 → LReLU → Linear 512 → Dropout 0.4
 *      → LReLU → Linear 1 → sigmoid.
 * BCE losses; per batch one G step (targets "valid"), then one D step with (real + fake)/2. BCE is
 * computed from D's logit (log σ(a) = −softplus(−a)), the same function as sigmoid + BCELoss without
 * its log clamp. Noise, dropout masks and shuffles come from the caller's seeded Rng.
 * `paper` is EngiOpt's size (5,831,944 + 3,088,385 parameters at 50×100 with 4 conditions); `small`
 * keeps the shape with narrower layers for a CPU.
 */
import { Adam } from './adam.ts';
import { applyBatchStats, BatchNorm1d, linear, linearLayer, ParamSet, type BatchStats, type Linear, type NamedArray } from './layers.ts';
import type { Batch, GenerativeModel, Scale } from './model.ts';
import type { Rng } from './rng.ts';
import { tf, type Tensor, type Tensor2D } from './tf.ts';

export interface CganHyper {
  latentDim: number;
  /** Generator hidden widths; batch norm on all but the first. */
  gHidden: number[];
  /** Discriminator hidden widths; dropout after the second and later layers. */
  dHidden: number[];
  batchSize: number;
  lrGen: number;
  lrDisc: number;
  b1: number;
  b2: number;
  bnEps: number;
  dropout: number;
  leak: number;
}

const COMMON = { lrGen: 1e-4, lrDisc: 4e-4, b1: 0.5, b2: 0.999, bnEps: 0.8, dropout: 0.4, leak: 0.2 };

export const CGAN_SCALES: Record<Scale, CganHyper> = {
  paper: { latentDim: 100, gHidden: [128, 256, 512, 1024], dHidden: [512, 512, 512], batchSize: 64, ...COMMON },
  small: { latentDim: 32, gHidden: [64, 128, 256, 512], dHidden: [256, 256, 256], batchSize: 32, ...COMMON },
};

interface GBlock {
  lin: Linear;
  bn: BatchNorm1d | null;
}

export class Cgan implements GenerativeModel {
  readonly algo = 'cgan' as const;
  readonly batchSize: number;
  private readonly gParams = new ParamSet();
  private readonly dParams = new ParamSet();
  private readonly gBlocks: GBlock[] = [];
  private readonly gOut: Linear;
  private readonly dLayers: Linear[] = [];
  private readonly optG: Adam;
  private readonly optD: Adam;

  constructor(
    readonly hyper: CganHyper,
    readonly nConds: number,
    readonly designSize: number,
    rng: Rng,
  ) {
    this.batchSize = hyper.batchSize;
    let width = hyper.latentDim + nConds;
    hyper.gHidden.forEach((h, i) => {
      const lin = linearLayer(this.gParams, `generator.${i}`, width, h, rng);
      const bn = i === 0 ? null : new BatchNorm1d(this.gParams, `generator.${i}.bn`, h, hyper.bnEps);
      this.gBlocks.push({ lin, bn });
      width = h;
    });
    this.gOut = linearLayer(this.gParams, 'generator.out', width, designSize, rng);
    width = designSize + nConds;
    for (const [i, h] of [...hyper.dHidden, 1].entries()) {
      this.dLayers.push(linearLayer(this.dParams, `discriminator.${i}`, width, h, rng));
      width = h;
    }
    this.optG = new Adam(this.gParams.vars, { lr: hyper.lrGen, beta1: hyper.b1, beta2: hyper.b2 });
    this.optD = new Adam(this.dParams.vars, { lr: hyper.lrDisc, beta1: hyper.b1, beta2: hyper.b2 });
  }

  get paramCounts(): Record<string, number> {
    return { generator: this.gParams.count, discriminator: this.dParams.count };
  }

  /** G(z, c) in (−1, 1); `stats` non-null = training mode (batch statistics recorded there). */
  private generate(z: Tensor2D, c: Tensor2D, stats: BatchStats[] | null): Tensor2D {
    let h = tf.concat([z, c], 1);
    for (const b of this.gBlocks) {
      h = linear(h, b.lin);
      if (b.bn) h = b.bn.forward(h, stats);
      h = tf.leakyRelu(h, this.hyper.leak);
    }
    return tf.tanh(linear(h, this.gOut));
  }

  /** D's logit; `masks` are the dropout masks (training mode), one per dropout layer. */
  private logit(x: Tensor2D, c: Tensor2D, masks: Float32Array[] | null): Tensor2D {
    let h = tf.concat([x, c], 1);
    const last = this.dLayers.length - 1;
    this.dLayers.forEach((l, i) => {
      h = linear(h, l);
      if (i === last) return;
      if (i > 0 && masks) h = tf.mul(h, tf.tensor2d(masks[i - 1], h.shape));
      h = tf.leakyRelu(h, this.hyper.leak);
    });
    return h;
  }

  private masks(n: number, rng: Rng): Float32Array[] {
    return this.hyper.dHidden.slice(1).map((h) => rng.dropoutMask(n * h, this.hyper.dropout));
  }

  trainBatch(batch: Batch, rng: Rng): Record<string, number> {
    const { n } = batch;
    const x = tf.tensor2d(batch.x, [n, this.designSize]);
    const c = tf.tensor2d(batch.c, [n, this.nConds]);
    const z = tf.tensor2d(rng.normals(n * this.hyper.latentDim), [n, this.hyper.latentDim]);
    const stats: BatchStats[] = [];
    let fake: Tensor2D | null = null;
    const gMasks = this.masks(n, rng);
    const g = tf.variableGrads(() => {
      const gen = this.generate(z, c, stats);
      fake = tf.keep(gen);
      return tf.mean(tf.softplus(tf.neg(this.logit(gen, c, gMasks))));
    }, this.gParams.vars);
    this.optG.step(g.grads);
    applyBatchStats(stats);
    const realMasks = this.masks(n, rng);
    const fakeMasks = this.masks(n, rng);
    const d = tf.variableGrads(() => {
      const real = tf.mean(tf.softplus(tf.neg(this.logit(x, c, realMasks))));
      const fakeLoss = tf.mean(tf.softplus(this.logit(fake!, c, fakeMasks)));
      return tf.div(tf.add(real, fakeLoss), 2);
    }, this.dParams.vars);
    this.optD.step(d.grads);
    const losses = { g_loss: g.value.dataSync()[0], d_loss: d.value.dataSync()[0] };
    const done: Tensor[] = [x, c, z, g.value, d.value, ...Object.values(g.grads), ...Object.values(d.grads)];
    if (fake) done.push(fake);
    tf.dispose(done);
    return losses;
  }

  sample(cond: Float32Array, n: number, rng: Rng): Float32Array {
    const z = rng.normals(n * this.hyper.latentDim);
    return tf.tidy(() => this.generate(tf.tensor2d(z, [n, this.hyper.latentDim]), tf.tensor2d(cond, [n, this.nConds]), null).dataSync() as Float32Array);
  }

  private bnLayers(): BatchNorm1d[] {
    return this.gBlocks.flatMap((b) => (b.bn ? [b.bn] : []));
  }

  weights(): NamedArray[] {
    return [...this.gParams.read(), ...this.bnLayers().flatMap((b) => b.buffers())];
  }

  trainState(): NamedArray[] {
    return [...this.dParams.read(), ...this.optG.state('optimizer_generator'), ...this.optD.state('optimizer_discriminator')];
  }

  load(weights: readonly NamedArray[], trainState?: readonly NamedArray[]): void {
    this.gParams.load(weights);
    for (const b of this.bnLayers()) b.loadBuffers(weights);
    if (trainState) {
      this.dParams.load(trainState);
      this.optG.load('optimizer_generator', trainState);
      this.optD.load('optimizer_discriminator', trainState);
    }
  }

  dispose(): void {
    this.gParams.dispose();
    this.dParams.dispose();
    this.optG.dispose();
    this.optD.dispose();
  }
}
