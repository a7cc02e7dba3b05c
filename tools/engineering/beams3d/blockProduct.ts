/**
 * y = K x on a Hex8 setup's pattern (setup.ts), a node's three rows at a time, in WebAssembly: the
 * multigrid's products (CG's by the float64 K, the smoother's and the V-cycle residual's by its float32
 * copy). Each neighbour's 3×3 block is read with one column index and three x loads, and every row sums
 * its entries in column order, one multiply and one add at a time (no FMA), so y is bitwise the scalar
 * CSR product, and bitwise the JavaScript loop this replaces (`jsBlockProduct`, kept for grids whose
 * copy would not fit: above MAX_BYTES, the 64³ grid).
 *
 * Layout in the product's own memory (bytes; all 16-aligned): nodePtr (nn + 1 i32: the CSR index of
 * each node's first row; its three rows are w entries each, w = (nodePtr[node+1] − nodePtr[node]) / 3),
 * blockCol (nnz/9 i32: the first column of each block of the node's first row, block k of a node at
 * nodePtr[node]/9 + k), values (nnz f64), values32 (nnz f32), then the vectors handed out by `vector()`.
 * The products read and write vectors in that memory (the views `vector()` returns), so nothing is copied
 * per product; the values are copied in once per solve (`load`, `load32`).
 * Measured (16³, 1.06 M entries, the shared 2-core machine): 0.27–0.34 ms per product, float64 or
 * float32, against 0.85–1.6 ms for the JavaScript loop.
 */
import { cachedBinary } from '../linalg/wasm/binarySource.ts';
import type { Hex8Setup } from './setup.ts';

/** Above this many bytes of product memory a level keeps the JavaScript product (64³: ≈ 0.85 GB). */
export const MAX_BYTES = 512 * 2 ** 20;

export interface BlockProduct {
  /** 'wasm' or 'js'. */
  readonly kind: string;
  /** A zeroed vector of the system's size that the products can read and write. */
  vector(): Float64Array;
  /** The float64 values `mul` multiplies by (wasm: a copy; js: the caller's array itself). */
  load(values: Float64Array): void;
  /** The float32 values `mul32` multiplies by, rounded from `values`. */
  load32(values: Float64Array): void;
  /** y = K x with the loaded float64 values (x, y from `vector()`). */
  mul(x: Float64Array, y: Float64Array): void;
  /** y = K₃₂ x with the loaded float32 values. */
  mul32(x: Float64Array, y: Float64Array): void;
}

/** The product kernel for values of `kind` (f32 values are promoted exactly to f64 before the multiply). */
function productWat(kind: 'f64' | 'f32'): string {
  const size = kind === 'f64' ? 8 : 4;
  const ld = (k: number) => (kind === 'f64' ? `(f64.load offset=${8 * k} (local.get $a))` : `(f64.promote_f32 (f32.load offset=${4 * k} (local.get $a)))`);
  // y_r = ((y_r + a_r0·x0) + a_r1·x1) + a_r2·x2 for the row at $a, as the JS loop adds
  const row = (y: string) =>
    `(local.set $${y} (f64.add (f64.add (f64.add (local.get $${y}) (f64.mul ${ld(0)} (local.get $x0))) (f64.mul ${ld(1)} (local.get $x1))) (f64.mul ${ld(2)} (local.get $x2))))`;
  return `
  (func (export "mul_${kind}") (param $nn i32) (param $nodePtr i32) (param $blockCol i32) (param $val i32) (param $x i32) (param $y i32)
    (local $node i32) (local $p0 i32) (local $wb i32) (local $a i32) (local $end i32) (local $c i32) (local $j i32)
    (local $x0 f64) (local $x1 f64) (local $x2 f64) (local $y0 f64) (local $y1 f64) (local $y2 f64)
    (local.set $node (i32.const 0))
    (block $done (loop $nodes
      (br_if $done (i32.ge_u (local.get $node) (local.get $nn)))
      (local.set $p0 (i32.load (i32.add (local.get $nodePtr) (i32.shl (local.get $node) (i32.const 2)))))
      ;; bytes of one row: w entries, w = (nodePtr[node + 1] − p0) / 3
      (local.set $wb (i32.mul (i32.div_u (i32.sub (i32.load offset=4 (i32.add (local.get $nodePtr) (i32.shl (local.get $node) (i32.const 2)))) (local.get $p0)) (i32.const 3)) (i32.const ${size})))
      (local.set $a (i32.add (local.get $val) (i32.mul (local.get $p0) (i32.const ${size}))))
      (local.set $end (i32.add (local.get $a) (local.get $wb)))
      (local.set $c (i32.add (local.get $blockCol) (i32.shl (i32.div_u (local.get $p0) (i32.const 9)) (i32.const 2))))
      (local.set $y0 (f64.const 0)) (local.set $y1 (f64.const 0)) (local.set $y2 (f64.const 0))
      (block $blocks_done (loop $blocks
        (br_if $blocks_done (i32.ge_u (local.get $a) (local.get $end)))
        (local.set $j (i32.add (local.get $x) (i32.shl (i32.load (local.get $c)) (i32.const 3))))
        (local.set $x0 (f64.load (local.get $j)))
        (local.set $x1 (f64.load offset=8 (local.get $j)))
        (local.set $x2 (f64.load offset=16 (local.get $j)))
        ${row('y0')}
        (local.set $a (i32.add (local.get $a) (local.get $wb)))
        ${row('y1')}
        (local.set $a (i32.add (local.get $a) (local.get $wb)))
        ${row('y2')}
        ;; back to the first row, next block
        (local.set $a (i32.sub (i32.add (local.get $a) (i32.const ${3 * size})) (i32.shl (local.get $wb) (i32.const 1))))
        (local.set $c (i32.add (local.get $c) (i32.const 4)))
        (br $blocks)))
      (local.set $j (i32.add (local.get $y) (i32.mul (local.get $node) (i32.const 24))))
      (f64.store (local.get $j) (local.get $y0))
      (f64.store offset=8 (local.get $j) (local.get $y1))
      (f64.store offset=16 (local.get $j) (local.get $y2))
      (local.set $node (i32.add (local.get $node) (i32.const 1)))
      (br $nodes))))`;
}

/** The module's text: both kernels on an imported memory. */
export const BLOCK_PRODUCT_WAT = `(module (import "env" "memory" (memory 1))${productWat('f64')}${productWat('f32')})`;

interface ProductExports {
  mul_f64(nn: number, nodePtr: number, blockCol: number, val: number, x: number, y: number): void;
  mul_f32(nn: number, nodePtr: number, blockCol: number, val: number, x: number, y: number): void;
}

async function assembleWat(): Promise<Uint8Array<ArrayBuffer>> {
  const wabt = await (await import('wabt')).default();
  const parsed = wabt.parseWat('beams3d-block-product.wat', BLOCK_PRODUCT_WAT, {});
  try {
    return new Uint8Array(parsed.toBinary({}).buffer);
  } finally {
    parsed.destroy();
  }
}

const productModule: WebAssembly.Module = new WebAssembly.Module(await cachedBinary('beams3d-block-product', BLOCK_PRODUCT_WAT, assembleWat, (bytes) => WebAssembly.validate(bytes)));

const align = (bytes: number) => Math.ceil(bytes / 16) * 16;

/**
 * The product for `setup`'s pattern with room for `vectors` vectors: in WebAssembly when its memory is
 * at most maxBytes, else (or with wasm: false) the JavaScript loop.
 */
export function createBlockProduct(setup: Hex8Setup, vectors: number, opts: { wasm?: boolean; maxBytes?: number } = {}): BlockProduct {
  const { rowPtr, colIdx } = setup.pattern;
  const nn = setup.nn, n = setup.ndof, nnz = colIdx.length;
  const nodePtrAt = 0;
  const blockColAt = align(nodePtrAt + 4 * (nn + 1));
  const valuesAt = align(blockColAt + 4 * (nnz / 9));
  const values32At = align(valuesAt + 8 * nnz);
  const vectorsAt = align(values32At + 4 * nnz);
  const bytes = vectorsAt + vectors * align(8 * n);
  if (opts.wasm === false || bytes > (opts.maxBytes ?? MAX_BYTES)) return jsBlockProduct(setup);
  const pages = Math.ceil(bytes / 65536);
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  const ex = new WebAssembly.Instance(productModule, { env: { memory } }).exports as unknown as ProductExports;
  const { buffer } = memory;
  const nodePtr = new Int32Array(buffer, nodePtrAt, nn + 1);
  for (let node = 0; node <= nn; node++) nodePtr[node] = rowPtr[3 * node];
  const blockCol = new Int32Array(buffer, blockColAt, nnz / 9);
  for (let node = 0; node < nn; node++) {
    const p0 = rowPtr[3 * node], w = rowPtr[3 * node + 1] - p0;
    for (let k = 0; 3 * k < w; k++) blockCol[p0 / 9 + k] = colIdx[p0 + 3 * k];
  }
  const values = new Float64Array(buffer, valuesAt, nnz);
  const values32 = new Float32Array(buffer, values32At, nnz);
  let handedOut = 0;
  const at = (v: Float64Array) => {
    if (v.buffer !== buffer) throw new Error('beams3d block product: a vector from another memory (use vector())');
    return v.byteOffset;
  };
  return {
    kind: 'wasm',
    vector() {
      if (handedOut >= vectors) throw new Error(`beams3d block product: room for ${vectors} vectors only`);
      return new Float64Array(buffer, vectorsAt + handedOut++ * align(8 * n), n);
    },
    load: (v) => values.set(v),
    load32: (v) => values32.set(v),
    mul: (x, y) => ex.mul_f64(nn, nodePtrAt, blockColAt, valuesAt, at(x), at(y)),
    mul32: (x, y) => ex.mul_f32(nn, nodePtrAt, blockColAt, values32At, at(x), at(y)),
  };
}

/** The same products as JavaScript loops on the setup's CSR arrays (the float32 copy made by load32). */
export function jsBlockProduct(setup: Hex8Setup): BlockProduct {
  let values: Float64Array = new Float64Array(0);
  const values32 = new Float32Array(setup.pattern.colIdx.length);
  return {
    kind: 'js',
    vector: () => new Float64Array(setup.ndof),
    load(v) {
      values = v;
    },
    load32: (v) => values32.set(v),
    mul: (x, y) => matvec(setup, values, x, y),
    mul32: (x, y) => matvec32(setup, values32, x, y),
  };
}

/**
 * y = A x on the setup's pattern, a node's three rows at a time: each neighbour's 3×3 block is read
 * with one column index and three x loads. Every row still sums its entries in column order, so y
 * is bitwise the scalar CSR product.
 */
function matvec(setup: Hex8Setup, values: Float64Array, x: Float64Array, y: Float64Array): void {
  const { rowPtr, colIdx } = setup.pattern;
  for (let node = 0, i = 0; node < setup.nn; node++, i += 3) {
    const p0 = rowPtr[i], w = rowPtr[i + 1] - p0, end = p0 + w;
    let y0 = 0, y1 = 0, y2 = 0;
    for (let p = p0; p < end; p += 3) {
      const j = colIdx[p], x0 = x[j], x1 = x[j + 1], x2 = x[j + 2];
      const q = p + w, r = q + w;
      y0 += values[p] * x0;
      y0 += values[p + 1] * x1;
      y0 += values[p + 2] * x2;
      y1 += values[q] * x0;
      y1 += values[q + 1] * x1;
      y1 += values[q + 2] * x2;
      y2 += values[r] * x0;
      y2 += values[r + 1] * x1;
      y2 += values[r + 2] * x2;
    }
    y[i] = y0;
    y[i + 1] = y1;
    y[i + 2] = y2;
  }
}

/** matvec on float32 values. */
function matvec32(setup: Hex8Setup, values: Float32Array, x: Float64Array, y: Float64Array): void {
  const { rowPtr, colIdx } = setup.pattern;
  for (let node = 0, i = 0; node < setup.nn; node++, i += 3) {
    const p0 = rowPtr[i], w = rowPtr[i + 1] - p0, end = p0 + w;
    let y0 = 0, y1 = 0, y2 = 0;
    for (let p = p0; p < end; p += 3) {
      const j = colIdx[p], x0 = x[j], x1 = x[j + 1], x2 = x[j + 2];
      const q = p + w, r = q + w;
      y0 += values[p] * x0;
      y0 += values[p + 1] * x1;
      y0 += values[p + 2] * x2;
      y1 += values[q] * x0;
      y1 += values[q + 1] * x1;
      y1 += values[q + 2] * x2;
      y2 += values[r] * x0;
      y2 += values[r + 1] * x1;
      y2 += values[r + 2] * x2;
    }
    y[i] = y0;
    y[i + 1] = y1;
    y[i + 2] = y2;
  }
}
