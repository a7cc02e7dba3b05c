/** Builds a model of an algorithm at a scale (or from a saved card's hyperparameters). */
import { Cgan, CGAN_SCALES, type CganHyper } from './cgan.ts';
import { Ddpm, DDPM_SCALES, type DdpmHyper } from './ddpm.ts';
import type { Algo, GenerativeModel, Scale } from './model.ts';
import { Rng } from './rng.ts';

export const ALGOS: readonly Algo[] = ['cgan', 'diffusion'];
export const SCALES: readonly Scale[] = ['small', 'paper'];

export function hyperFor(algo: Algo, scale: Scale): CganHyper | DdpmHyper {
  return algo === 'cgan' ? { ...CGAN_SCALES[scale] } : { ...DDPM_SCALES[scale] };
}

/** A freshly initialised model; the weights depend only on `seed`. */
export function buildModel(algo: Algo, hyper: CganHyper | DdpmHyper, nConds: number, designSize: number, seed: number): GenerativeModel {
  const init = new Rng(seed ^ 0x5eed);
  return algo === 'cgan' ? new Cgan(hyper as CganHyper, nConds, designSize, init) : new Ddpm(hyper as DdpmHyper, nConds, designSize, init);
}
