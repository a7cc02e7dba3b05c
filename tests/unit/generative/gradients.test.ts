/** Our gradient rules (tools/generative/gradients.ts) against central finite differences in float64-ish precision. */
import { beforeAll, describe, expect, it } from 'vitest';
import { initTf, tf } from '../../../tools/generative/tf.ts';

const rand = (shape: number[], seed: number, lo = -1, hi = 1) => {
  let s = seed;
  const n = shape.reduce((a, b) => a * b, 1);
  const data = Float32Array.from({ length: n }, () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return lo + ((hi - lo) * s) / 2147483648;
  });
  return tf.tensor(data, shape);
};

/** Max relative error between tf.grads and finite differences of sum(f(x) ⊙ w). */
function check(f: (...xs: tf.Tensor[]) => tf.Tensor, inputs: tf.Tensor[], h = 1e-2): number {
  const out = f(...inputs);
  const w = rand(out.shape, 99);
  const loss = (...xs: tf.Tensor[]) => tf.sum(tf.mul(f(...xs), w));
  const analytic = tf.grads(loss)(inputs);
  let worst = 0;
  inputs.forEach((x, k) => {
    const base = x.dataSync().slice();
    const g = analytic[k].dataSync();
    for (let i = 0; i < base.length; i++) {
      const eval_ = (d: number) => {
        const p = base.slice();
        p[i] += d;
        const xs = inputs.map((t, j) => (j === k ? tf.tensor(p, x.shape) : t));
        return loss(...xs).dataSync()[0];
      };
      const numeric = (eval_(h) - eval_(-h)) / (2 * h);
      worst = Math.max(worst, Math.abs(numeric - g[i]) / Math.max(1e-2, Math.abs(numeric)));
    }
  });
  return worst;
}

describe('gradient rules', () => {
  beforeAll(async () => {
    await initTf();
  });

  const cases: Array<[string, () => number]> = [
    ['Add with broadcasting', () => check((a, b) => tf.add(a, b), [rand([3, 4], 1), rand([4], 2)])],
    ['Sub with broadcasting', () => check((a, b) => tf.sub(a, b), [rand([3, 4], 3), rand([1, 4], 4)])],
    ['Multiply', () => check((a, b) => tf.mul(a, b), [rand([3, 4], 5), rand([3, 4], 6)])],
    ['RealDiv', () => check((a, b) => tf.div(a, b), [rand([2, 3], 7), rand([2, 3], 8, 1, 2)])],
    ['MatMul', () => check((a, b) => tf.matMul(a, b), [rand([3, 5], 9), rand([5, 2], 10)])],
    ['MatMul transposed', () => check((a, b) => tf.matMul(a, b, true, true), [rand([5, 3], 11), rand([2, 5], 12)])],
    ['Mean over axis 0', () => check((x) => tf.mean(x, 0), [rand([4, 3], 13)])],
    ['Mean of all', () => check((x) => tf.mean(x), [rand([4, 3], 14)])],
    ['Square', () => check((x) => tf.square(x), [rand([5], 15)])],
    ['Rsqrt', () => check((x) => tf.rsqrt(x), [rand([5], 16, 0.5, 2)], 1e-3)],
    ['LeakyRelu', () => check((x) => tf.leakyRelu(x, 0.2), [rand([6], 17)], 1e-3)],
    ['Tanh', () => check((x) => tf.tanh(x), [rand([6], 18)])],
    ['Sigmoid', () => check((x) => tf.sigmoid(x), [rand([6], 19)])],
    ['Softplus', () => check((x) => tf.softplus(x), [rand([6], 20)])],
    ['Neg', () => check((x) => tf.neg(x), [rand([3], 21)])],
    ['Concat', () => check((a, b) => tf.concat([a, b], 1), [rand([2, 3], 22), rand([2, 2], 23)])],
    ['a BatchNorm-like chain', () => check((x) => { const c = tf.sub(x, tf.mean(x, 0)); return tf.mul(c, tf.rsqrt(tf.add(tf.mean(tf.square(c), 0), 0.8))); }, [rand([4, 3], 24)])],
  ];
  for (const [name, run] of cases) {
    it(`${name} matches finite differences`, () => {
      expect(run()).toBeLessThan(2e-2);
    });
  }
});
