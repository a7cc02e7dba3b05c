/**
 * Gradients for the kernels our two networks use. tfjs-core's npm build registers no gradients in
 * its Node bundle (they ship only as extension-less ES modules that Node cannot load), so the
 * backward rules are written here from their derivatives and registered once with registerGradient.
 * Each is checked against finite differences in tests/unit/generative/gradients.test.ts.
 *   Add/Sub/Multiply/RealDiv (broadcasting: the gradient is summed over broadcast axes),
 *   BatchMatMul (transpose flags), Mean, Sum, Square, Rsqrt, Neg, LeakyRelu, Tanh, Sigmoid, Softplus,
 *   Concat, Reshape.
 */
import { tf, type Tensor } from './tf.ts';

type Saved = Tensor[];
type Attrs = Record<string, unknown>;

/** dy summed over the axes along which `shape` was broadcast, then reshaped to `shape`. */
function unbroadcast(dy: Tensor, shape: number[]): Tensor {
  const axes = tf.backend_util.getReductionAxes(shape, dy.shape);
  return tf.reshape(axes.length ? tf.sum(dy, axes) : dy, shape);
}

function reduceGrad(dy: Tensor, x: Tensor, attrs: Attrs, mean: boolean): Tensor {
  const axes = tf.util.parseAxisParam(attrs.axis as number | number[], x.shape);
  const expanded = dy.rank === x.rank ? dy : tf.reshape(dy, tf.backend_util.expandShapeToKeepDim(dy.shape, axes));
  const full = tf.mul(expanded, tf.ones(x.shape));
  return mean ? tf.div(full, axes.reduce((n, a) => n * x.shape[a], 1)) : full;
}

let registered = false;

export function registerGradients(): void {
  if (registered) return;
  registered = true;
  const reg = (kernelName: string, save: Partial<Pick<tf.GradConfig, 'inputsToSave' | 'outputsToSave' | 'saveAllInputs'>>, gradFunc: (dy: Tensor, saved: Saved, attrs: Attrs) => Record<string, () => Tensor> | Array<() => Tensor>) =>
    tf.registerGradient({ kernelName, ...save, gradFunc: gradFunc as tf.GradFunc });

  reg('Add', { inputsToSave: ['a', 'b'] }, (dy, [a, b]) => ({ a: () => unbroadcast(dy, a.shape), b: () => unbroadcast(dy, b.shape) }));
  reg('Sub', { inputsToSave: ['a', 'b'] }, (dy, [a, b]) => ({ a: () => unbroadcast(dy, a.shape), b: () => unbroadcast(tf.neg(dy), b.shape) }));
  reg('Multiply', { inputsToSave: ['a', 'b'] }, (dy, [a, b]) => ({
    a: () => unbroadcast(tf.mul(dy, tf.cast(b, 'float32')), a.shape),
    b: () => unbroadcast(tf.mul(dy, tf.cast(a, 'float32')), b.shape),
  }));
  reg('RealDiv', { inputsToSave: ['a', 'b'] }, (dy, [a, b]) => ({
    a: () => unbroadcast(tf.div(dy, b), a.shape),
    b: () => unbroadcast(tf.neg(tf.div(tf.mul(dy, a), tf.square(b))), b.shape),
  }));
  // the WASM backend's transposed matmul is ~5x slower than an explicit transpose, so transpose first
  const T = (x: Tensor) => tf.transpose(x);
  reg('BatchMatMul', { inputsToSave: ['a', 'b'] }, (dy, [a, b], attrs) => {
    const tA = attrs.transposeA === true;
    const tB = attrs.transposeB === true;
    if (!tA && !tB) return { a: () => tf.matMul(dy, T(b)), b: () => tf.matMul(T(a), dy) };
    if (!tA && tB) return { a: () => tf.matMul(dy, b), b: () => tf.matMul(T(dy), a) };
    if (tA && !tB) return { a: () => tf.matMul(b, T(dy)), b: () => tf.matMul(a, dy) };
    return { a: () => tf.matMul(T(b), T(dy)), b: () => tf.matMul(T(dy), T(a)) };
  });
  reg('Mean', { inputsToSave: ['x'] }, (dy, [x], attrs) => ({ x: () => reduceGrad(dy, x, attrs, true) }));
  reg('Sum', { inputsToSave: ['x'] }, (dy, [x], attrs) => ({ x: () => reduceGrad(dy, x, attrs, false) }));
  reg('Square', { inputsToSave: ['x'] }, (dy, [x]) => ({ x: () => tf.mul(dy, tf.mul(x, 2)) }));
  reg('Rsqrt', { inputsToSave: ['x'] }, (dy, [x]) => ({ x: () => tf.div(dy, tf.mul(tf.pow(x, 1.5), -2)) }));
  reg('Neg', {}, (dy) => ({ x: () => tf.neg(dy) }));
  reg('LeakyRelu', { inputsToSave: ['x'] }, (dy, [x], attrs) => ({ x: () => tf.mul(dy, tf.where(tf.greater(x, 0), tf.onesLike(x), tf.fill(x.shape, Number(attrs.alpha)))) }));
  reg('Tanh', { outputsToSave: [true] }, (dy, [y]) => ({ x: () => tf.mul(dy, tf.sub(1, tf.square(y))) }));
  reg('Sigmoid', { outputsToSave: [true] }, (dy, [y]) => ({ x: () => tf.mul(dy, tf.mul(y, tf.sub(1, y))) }));
  reg('Softplus', { inputsToSave: ['x'] }, (dy, [x]) => ({ x: () => tf.mul(dy, tf.sigmoid(x)) }));
  reg('Reshape', { inputsToSave: ['x'] }, (dy, [x]) => ({ x: () => tf.reshape(dy, x.shape) }));
  reg('Concat', { saveAllInputs: true }, (dy, saved, attrs) => {
    const axis = tf.util.parseAxisParam(attrs.axis as number, saved[0].shape)[0];
    const parts = tf.split(dy, saved.map((t) => t.shape[axis]), axis);
    return parts.map((p) => () => p);
  });
}
