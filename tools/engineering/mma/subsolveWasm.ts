/**
 * The n-passes of the MMA subproblem's Newton step for m = 1 (every EngiBench problem), in WebAssembly:
 * twins of subsolve.ts's residual x-loop, xBlockPass, gramSingle and xDirection with the same operations in
 * the same order (one IEEE multiply, add, divide at a time; comparisons for the max-norm, f64.max for
 * Math.max, whose NaN and ±0 rules it shares), so every iterate is bitwise the JavaScript one. What it
 * saves is mostly JIT warm-up: the JavaScript passes ran unoptimized (boxed doubles) through the first
 * subproblems of an optimize (Beams3D 16³: the first two MMA steps took 100–200 ms, later ones 6–10 ms);
 * WebAssembly compiles before the first call.
 *
 * Layout (the subproblem's per-j arrays, at byte addresses the caller gets as views): D (stride 8: upp, low,
 * alfa, beta, p0, q0, P, Q), a point's xe (stride 3: x, xsi, eta), `at` (stride 4: 1/(upp − x),
 * 1/(x − low), p0 + Pλ, q0 + Qλ), xb (stride 3: delx, diagx, GG), and a 3-f64 result slot.
 */
import { cachedBinary } from '../linalg/wasm/binarySource.ts';

const g = (x: string) => `(local.get $${x})`;
const set = (x: string, v: string) => `(local.set $${x} ${v})`;
const ld = (base: string, k: number) => `(f64.load offset=${8 * k} ${g(base)})`;
const st = (base: string, k: number, v: string) => `(f64.store offset=${8 * k} ${g(base)} ${v})`;
const add = (a: string, b: string) => `(f64.add ${a} ${b})`;
const sub = (a: string, b: string) => `(f64.sub ${a} ${b})`;
const mul = (a: string, b: string) => `(f64.mul ${a} ${b})`;
const div = (a: string, b: string) => `(f64.div ${a} ${b})`;
const f = (v: number) => `(f64.const ${v})`;
const bump = (p: string, bytes: number) => set(p, `(i32.add ${g(p)} (i32.const ${bytes}))`);
/** for j in 0..n-1 with pointers advanced by their strides (bytes) after each body. */
const loopJ = (body: string, strides: [string, number][]) => `
    (local.set $j (i32.const 0))
    (block $done (loop $next
      (br_if $done (i32.ge_u ${g('j')} ${g('n')}))
      ${body}
      ${strides.map(([p, b]) => bump(p, b)).join(' ')}
      (local.set $j (i32.add ${g('j')} (i32.const 1)))
      (br $next)))`;
const absGt = (v: string) => `(local.set $t (f64.abs ${g(v)})) (if (f64.gt ${g('t')} ${g('mx')}) (then (local.set $mx ${g('t')})))`;

// D offsets (f64 units) for m = 1
const UPP = 0, LOW = 1, ALFA = 2, BETA = 3, P0 = 4, Q0 = 5, P = 6, Q = 7;

const WAT = `(module (import "env" "memory" (memory 1))
  ;; residual's x-part; stepping ≠ 0: xe = fe + t·de first. Writes [Σ r², max |r|, Σ (P/(upp − x) + Q/(x − low))] at out.
  (func (export "residual") (param $n i32) (param $D i32) (param $xe i32) (param $at i32) (param $fe i32) (param $de i32)
      (param $stepping i32) (param $tt f64) (param $epsi f64) (param $lam0 f64) (param $out i32)
    (local $j i32) (local $xj f64) (local $xsi f64) (local $eta f64) (local $ui f64) (local $li f64) (local $pl f64) (local $ql f64)
    (local $Pj f64) (local $Qj f64) (local $r1 f64) (local $r2 f64) (local $r3 f64) (local $sq f64) (local $mx f64) (local $g0 f64) (local $t f64)
    ${loopJ(`
      (if ${g('stepping')}
        (then
          ${set('xj', add(ld('fe', 0), mul(g('tt'), ld('de', 0))))}
          ${set('xsi', add(ld('fe', 1), mul(g('tt'), ld('de', 1))))}
          ${set('eta', add(ld('fe', 2), mul(g('tt'), ld('de', 2))))}
          ${st('xe', 0, g('xj'))} ${st('xe', 1, g('xsi'))} ${st('xe', 2, g('eta'))})
        (else ${set('xj', ld('xe', 0))} ${set('xsi', ld('xe', 1))} ${set('eta', ld('xe', 2))}))
      ${set('ui', div(f(1), sub(ld('D', UPP), g('xj'))))}
      ${set('li', div(f(1), sub(g('xj'), ld('D', LOW))))}
      ${set('Pj', ld('D', P))} ${set('Qj', ld('D', Q))}
      ${set('pl', add(ld('D', P0), mul(g('Pj'), g('lam0'))))}
      ${set('ql', add(ld('D', Q0), mul(g('Qj'), g('lam0'))))}
      ${set('g0', add(g('g0'), add(mul(g('Pj'), g('ui')), mul(g('Qj'), g('li')))))}
      ${st('at', 0, g('ui'))} ${st('at', 1, g('li'))} ${st('at', 2, g('pl'))} ${st('at', 3, g('ql'))}
      ${set('r1', add(sub(sub(mul(mul(g('pl'), g('ui')), g('ui')), mul(mul(g('ql'), g('li')), g('li'))), g('xsi')), g('eta')))}
      ${set('r2', sub(mul(g('xsi'), sub(g('xj'), ld('D', ALFA))), g('epsi')))}
      ${set('r3', sub(mul(g('eta'), sub(ld('D', BETA), g('xj'))), g('epsi')))}
      ${set('sq', add(g('sq'), mul(g('r1'), g('r1'))))}
      ${set('sq', add(g('sq'), mul(g('r2'), g('r2'))))}
      ${set('sq', add(g('sq'), mul(g('r3'), g('r3'))))}
      ${absGt('r1')} ${absGt('r2')} ${absGt('r3')}`, [['D', 64], ['xe', 24], ['at', 32], ['fe', 24], ['de', 24]])}
    ${st('out', 0, g('sq'))} ${st('out', 1, g('mx'))} ${st('out', 2, g('g0'))})

  ;; xBlockPass for m = 1: xb = [delx, diagx, GG] per j; returns Σ GG·delx/diagx
  (func (export "xBlock") (param $n i32) (param $D i32) (param $xe i32) (param $at i32) (param $xb i32) (param $epsi f64) (result f64)
    (local $j i32) (local $ui f64) (local $li f64) (local $u2 f64) (local $l2 f64) (local $xj f64) (local $xa f64) (local $bx f64)
    (local $pl f64) (local $ql f64) (local $dx f64) (local $dg f64) (local $G f64) (local $s f64)
    ${loopJ(`
      ${set('ui', ld('at', 0))} ${set('li', ld('at', 1))}
      ${set('u2', mul(g('ui'), g('ui')))} ${set('l2', mul(g('li'), g('li')))}
      ${set('xj', ld('xe', 0))}
      ${set('xa', sub(g('xj'), ld('D', ALFA)))} ${set('bx', sub(ld('D', BETA), g('xj')))}
      ${set('pl', ld('at', 2))} ${set('ql', ld('at', 3))}
      ${set('dx', add(sub(sub(mul(g('pl'), g('u2')), mul(g('ql'), g('l2'))), div(g('epsi'), g('xa'))), div(g('epsi'), g('bx'))))}
      ${set('dg', add(add(mul(f(2), add(mul(mul(g('pl'), g('u2')), g('ui')), mul(mul(g('ql'), g('l2')), g('li')))), div(ld('xe', 1), g('xa'))), div(ld('xe', 2), g('bx'))))}
      ${st('xb', 0, g('dx'))} ${st('xb', 1, g('dg'))}
      ${set('G', sub(mul(ld('D', P), g('u2')), mul(ld('D', Q), g('l2'))))}
      ${st('xb', 2, g('G'))}
      ${set('s', add(g('s'), div(mul(g('G'), g('dx')), g('dg'))))}`, [['D', 64], ['xe', 24], ['at', 32], ['xb', 24]])}
    ${g('s')})

  ;; gramSingle: Σ GG²/diagx over xb
  (func (export "gram") (param $n i32) (param $xb i32) (result f64)
    (local $j i32) (local $G f64) (local $s f64)
    ${loopJ(`
      ${set('G', ld('xb', 2))}
      ${set('s', add(g('s'), div(mul(g('G'), g('G')), ld('xb', 1))))}`, [['xb', 24]])}
    ${g('s')})

  ;; xDirection for m = 1: de = [dx, dxsi, deta] per j from xb and dlam; returns max(1, the step ratios)
  (func (export "xDirection") (param $n i32) (param $D i32) (param $xe i32) (param $xb i32) (param $de i32) (param $dl f64) (param $epsi f64) (result f64)
    (local $j i32) (local $gl f64) (local $dg f64) (local $dx f64) (local $xj f64) (local $xsi f64) (local $eta f64)
    (local $xa f64) (local $bx f64) (local $dxsi f64) (local $deta f64) (local $stm f64)
    ${set('stm', f(1))}
    ${loopJ(`
      ${set('gl', add(f(0), mul(ld('xb', 2), g('dl'))))}
      ${set('dg', ld('xb', 1))}
      ${set('dx', sub(div(`(f64.neg ${ld('xb', 0)})`, g('dg')), div(g('gl'), g('dg'))))}
      ${set('xj', ld('xe', 0))} ${set('xsi', ld('xe', 1))} ${set('eta', ld('xe', 2))}
      ${set('xa', sub(g('xj'), ld('D', ALFA)))} ${set('bx', sub(ld('D', BETA), g('xj')))}
      ${set('dxsi', sub(add(`(f64.neg ${g('xsi')})`, div(g('epsi'), g('xa'))), div(mul(g('xsi'), g('dx')), g('xa'))))}
      ${set('deta', add(add(`(f64.neg ${g('eta')})`, div(g('epsi'), g('bx'))), div(mul(g('eta'), g('dx')), g('bx'))))}
      ${st('de', 0, g('dx'))} ${st('de', 1, g('dxsi'))} ${st('de', 2, g('deta'))}
      ${set('stm', `(f64.max (f64.max (f64.max (f64.max ${g('stm')} ${div(mul(f(-1.01), g('dxsi')), g('xsi'))}) ${div(mul(f(-1.01), g('deta')), g('eta'))}) ${div(mul(f(-1.01), g('dx')), g('xa'))}) ${div(mul(f(1.01), g('dx')), g('bx'))})`)}`, [['D', 64], ['xe', 24], ['xb', 24], ['de', 24]])}
    ${g('stm')})
)`;

export interface SingleKernels {
  /** A zeroed f64 array of `length` in the kernels' memory (the arrays the kernels read and write). */
  array(length: number): Float64Array;
  /** Byte address of an array from `array` (a TypeError for any other). */
  at(v: Float64Array): number;
  /** The 3-f64 result slot of `residual`. */
  out: Float64Array;
  exports: {
    residual(n: number, D: number, xe: number, at: number, fe: number, de: number, stepping: number, t: number, epsi: number, lam0: number, out: number): void;
    xBlock(n: number, D: number, xe: number, at: number, xb: number, epsi: number): number;
    gram(n: number, xb: number): number;
    xDirection(n: number, D: number, xe: number, xb: number, de: number, dl: number, epsi: number): number;
  };
}

async function assembleWat(): Promise<Uint8Array<ArrayBuffer>> {
  const wabt = await (await import('wabt')).default();
  const parsed = wabt.parseWat('mma-subsolve.wat', WAT, {});
  try {
    return new Uint8Array(parsed.toBinary({}).buffer);
  } finally {
    parsed.destroy();
  }
}

const kernelModule: WebAssembly.Module = new WebAssembly.Module(await cachedBinary('mma-subsolve-single', WAT, assembleWat, (bytes) => WebAssembly.validate(bytes)));

/** Kernels on a memory of `f64s` doubles (plus the result slot), handed out by `array`. */
export function createSingleKernels(f64s: number): SingleKernels {
  const bytes = 8 * (f64s + 4);
  const pages = Math.max(1, Math.ceil(bytes / 65536));
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  const exports = new WebAssembly.Instance(kernelModule, { env: { memory } }).exports as unknown as SingleKernels['exports'];
  const { buffer } = memory;
  let used = 0;
  const array = (length: number) => {
    if (used + length > f64s + 4) throw new Error(`mma kernels: room for ${f64s} doubles only`);
    const v = new Float64Array(buffer, 8 * used, length);
    used += length;
    return v;
  };
  const out = array(4);
  return {
    array,
    at(v) {
      if (v.buffer !== buffer) throw new TypeError('mma kernels: an array from another memory');
      return v.byteOffset;
    },
    out,
    exports,
  };
}
