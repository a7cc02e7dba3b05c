/**
 * tfjs-core on its WebAssembly backend, installed from npm (the .wasm files ship inside
 * @tensorflow/tfjs-backend-wasm; nothing is downloaded). Single-threaded in Node, so results are
 * deterministic for a seed. Every module of tools/generative gets tf from here.
 */
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-wasm';
import { InfraError } from '../errors.ts';
import { registerGradients } from './gradients.ts';

export { tf };
export type Tensor = tf.Tensor;
export type Tensor2D = tf.Tensor2D;
export type Variable = tf.Variable;

let ready: Promise<void> | null = null;

/** Activates the WASM backend once per process. */
export function initTf(): Promise<void> {
  ready ??= (async () => {
    const ok = await tf.setBackend('wasm');
    if (!ok) throw new InfraError('the tfjs WebAssembly backend did not start', { hint: 'check that @tensorflow/tfjs-backend-wasm is installed (npm ci)' });
    await tf.ready();
    registerGradients();
  })();
  return ready;
}
