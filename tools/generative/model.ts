/**
 * What the training loop, the checkpoint files and the sampler need from a generative model,
 * whichever algorithm it is (cgan.ts, ddpm.ts).
 */
import type { NamedArray } from './layers.ts';
import type { Rng } from './rng.ts';

export type Algo = 'cgan' | 'diffusion';
export type Scale = 'small' | 'paper';

export interface Batch {
  /** Designs, n × designSize, row-major. */
  x: Float32Array;
  /** Conditions, n × nConds. */
  c: Float32Array;
  n: number;
}

export interface GenerativeModel {
  readonly algo: Algo;
  readonly batchSize: number;
  /** Parameter counts by network (generator/discriminator, or denoiser). */
  readonly paramCounts: Record<string, number>;
  /** One optimisation step on a batch; returns its losses. */
  trainBatch(batch: Batch, rng: Rng): Record<string, number>;
  /** n designs for the conditions `c` (n × nConds), in the data's scale, unclipped. */
  sample(c: Float32Array, n: number, rng: Rng): Float32Array;
  /** What sampling needs (the generator or denoiser, with normalisation buffers). */
  weights(): NamedArray[];
  /** What resuming training needs besides `weights` (discriminator, optimizer moments). */
  trainState(): NamedArray[];
  load(weights: readonly NamedArray[], trainState?: readonly NamedArray[]): void;
  dispose(): void;
}
