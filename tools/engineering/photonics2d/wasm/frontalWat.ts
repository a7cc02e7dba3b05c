/**
 * WAT text of the complex-symmetric LDLᵀ front kernels: the WebAssembly twins of frontal.ts's
 * factorPanel, schurUpdate, forwardFront and backwardFront and of frontStore.ts's extendAdd. Every entry sees the same operations in the same order as in the JS
 * kernels (so l, d and S are bitwise equal), but one complex number is one f64x2 (re, im) and there
 * are no bounds checks.
 *
 * Legend (byte addresses, one complex = 16 bytes): l = the front's s×k panel (row i at l + i·kb,
 * kb = 16k), d = its k pivots, g = L·D (s×k, same layout as l), gs = g with every entry (re, im)
 * stored as (−im, re), S = the m×m Schur complement (row i at S + i·mb, mb = 16m).
 * A complex product x·u is splat(xr)·u + splat(xi)·us with us = (−ui, ur): lane 0 is xr·ur + (−(xi·ui)),
 * which is xr·ur − xi·ui exactly (a + (−b) is a − b in IEEE arithmetic, and x·(−y) is −(x·y)), lane 1
 * is xr·ui + xi·ur — the JS expressions, bit for bit.
 *
 * The solves' vectors: xe (k entries), xu (m), and xs, which holds each finished xe entry as (−im, re)
 * for the forward step's dot products.
 *
 * Exports: factorPanel(l, d, g, gs, k, m) → −1 or the first zero pivot; schurUpdate(l, g, gs, S, k, m);
 * forwardFront(l, d, xe, xu, xs, k, m); backwardFront(l, xe, xu, k, m) (frontal.ts's forwardFront and backwardFront);
 * forwardFront2(l, d, xe, xu, xs, xe2, xu2, xs2, k, m) and backwardFront2(l, xe, xu, xe2, xu2, k, m): the same on two vectors at once;
 * extendAdd(cs, mc, rel, l, S, k, m): the child's S (mc×mc at cs) added into the parent front (l, S, k, m)
 * at the parent rows rel[x] (i32 at rel), as frontStore.ts's extendAdd.
 */
import { get, locals } from '../../linalg/wasm/watHelpers.ts';

const c = (v: number): string => `(i32.const ${v})`;
const add = (a: string, b: string): string => `(i32.add ${a} ${b})`;
const mul = (a: string, b: string): string => `(i32.mul ${a} ${b})`;
const set = (x: string, v: string): string => `(local.set $${x} ${v})`;
const vld = (addr: string): string => `(v128.load ${addr})`;

/** Locals of dotBlock: row/column addresses and up to 2×2 accumulators. */
const BLOCK_LOCALS = [
  locals('i32', ['q', 'len', 'x0', 'x1', 'u0', 'u1', 'w0', 'w1']),
  locals('v128', ['a00', 'a01', 'a10', 'a11', 'sr0', 'si0', 'sr1', 'si1', 'vu0', 'vu1', 'vw0', 'vw1']),
].join(' ');

/**
 * R panel rows (addresses $x<r>) × C columns (G rows $u<c>, Gs rows $w<c>): for q = 0, 16, … < $len,
 * a<r><c> ← a<r><c> op (x_r[q]·u_c[q]), op = f64x2.sub (a −= …, as factorPanel) or f64x2.add (as schurUpdate's
 * sums). The accumulators must be initialised by the caller.
 */
function dotBlock(R: number, C: number, op: 'f64x2.sub' | 'f64x2.add', tag: string): string {
  const body: string[] = [];
  for (let r = 0; r < R; r++) {
    body.push(set(`sr${r}`, `(v128.load64_splat ${add(get(`x${r}`), get('q'))})`));
    body.push(set(`si${r}`, `(v128.load64_splat offset=8 ${add(get(`x${r}`), get('q'))})`));
  }
  for (let col = 0; col < C; col++) {
    body.push(set(`vu${col}`, vld(add(get(`u${col}`), get('q')))));
    body.push(set(`vw${col}`, vld(add(get(`w${col}`), get('q')))));
  }
  for (let r = 0; r < R; r++) {
    for (let col = 0; col < C; col++) {
      const prod = `(f64x2.add (f64x2.mul ${get(`sr${r}`)} ${get(`vu${col}`)}) (f64x2.mul ${get(`si${r}`)} ${get(`vw${col}`)}))`;
      body.push(set(`a${r}${col}`, `(${op} ${get(`a${r}${col}`)} ${prod})`));
    }
  }
  return `
    ${set('q', c(0))}
    (block $${tag}_end (loop $${tag}
      (br_if $${tag}_end (i32.ge_s ${get('q')} ${get('len')}))
      ${body.join('\n      ')}
      ${set('q', add(get('q'), c(16)))}
      (br $${tag})))`;
}

/** pivot(l, d, g, gs, kb, j) → 1, or 0 on a zero (or non-finite) pivot; as frontal.ts's pivot. */
const PIVOT = `
  (func $pivot (param $l i32) (param $d i32) (param $g i32) (param $gs i32) (param $kb i32) (param $j i32) (result i32)
    ${locals('i32', ['row', 'e'])} ${locals('f64', ['dr', 'di', 'den'])} ${BLOCK_LOCALS}
    ${set('row', mul(get('j'), get('kb')))}
    ${set('len', `(i32.shl ${get('j')} ${c(4)})`)}
    ${set('e', add(get('row'), get('len')))}
    ${set('x0', add(get('l'), get('row')))}
    ${set('u0', add(get('g'), get('row')))}
    ${set('w0', add(get('gs'), get('row')))}
    ${set('a00', vld(add(get('l'), get('e'))))}
    ${dotBlock(1, 1, 'f64x2.sub', 'pv')}
    ${set('dr', `(f64x2.extract_lane 0 ${get('a00')})`)}
    ${set('di', `(f64x2.extract_lane 1 ${get('a00')})`)}
    ${set('den', `(f64.add (f64.mul ${get('dr')} ${get('dr')}) (f64.mul ${get('di')} ${get('di')}))`)}
    (if (i32.eqz (i32.and (f64.gt ${get('den')} (f64.const 0)) (f64.lt ${get('den')} (f64.const inf)))) (then (return ${c(0)})))
    (v128.store ${add(get('d'), get('len'))} ${get('a00')})
    (f64.store ${add(get('l'), get('e'))} (f64.const 1))
    (f64.store offset=8 ${add(get('l'), get('e'))} (f64.const 0))
    (v128.store ${add(get('g'), get('e'))} ${get('a00')})
    (f64.store ${add(get('gs'), get('e'))} (f64.neg ${get('di')}))
    (f64.store offset=8 ${add(get('gs'), get('e'))} ${get('dr')})
    ${c(1)})`;

/** The complex product L[x_r at +len]·G/Gs[$u1/$w1 at +len] subtracted from a<r>1 (column j1's q = j term). */
const minusTerm = (r: number): string => {
  const x = add(get(`x${r}`), get('len'));
  const prod = `(f64x2.add (f64x2.mul (v128.load64_splat ${x}) (v128.load ${add(get('u1'), get('len'))})) (f64x2.mul (v128.load64_splat offset=8 ${x}) (v128.load ${add(get('w1'), get('len'))})))`;
  return set(`a${r}1`, `(f64x2.sub ${get(`a${r}1`)} ${prod})`);
};

/** (im, re) of the v128 x. */
const swapped = (x: string): string => `(i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 ${x} ${x})`;

/**
 * Column constants of pivot d_col (at address expression dAt): cr = splat(dr), ci = (di, −di), cd = splat(dr·dr + di·di),
 * so that a / d_col = (a·cr + (ai, ar)·ci) / cd = ((ar·dr + ai·di) / den, (ai·dr − ar·di) / den), setEntry's formula.
 */
const columnConstants = (col: number, dAt: string): string => `
    ${set('tr', `(f64.load ${dAt})`)}
    ${set('ti', `(f64.load offset=8 ${dAt})`)}
    ${set(`cr${col}`, `(f64x2.splat ${get('tr')})`)}
    ${set(`ci${col}`, `(f64x2.replace_lane 1 (f64x2.splat ${get('ti')}) (f64.neg ${get('ti')}))`)}
    ${set(`cd${col}`, `(f64x2.splat (f64.add (f64.mul ${get('tr')} ${get('tr')}) (f64.mul ${get('ti')} ${get('ti')})))`)}`;

/** frontal.ts's setEntry for row $x<r>, column j + col, value a<r><col>: G = a, Gs = (−ai, ar), L = a / d. */
function entry(r: number, col: number): string {
  const e = `(i32.sub ${add(get(`x${r}`), add(get('len'), c(16 * col)))} ${get('l')})`;
  const a = get(`a${r}${col}`);
  return `
    ${set('e', e)}
    ${set('sw', swapped(a))}
    (v128.store ${add(get('g'), get('e'))} ${a})
    (v128.store ${add(get('gs'), get('e'))} (f64x2.mul ${get('sw')} (v128.const f64x2 -1 1)))
    (v128.store ${add(get('l'), get('e'))} (f64x2.div (f64x2.add (f64x2.mul ${a} ${get(`cr${col}`)}) (f64x2.mul ${get('sw')} ${get(`ci${col}`)})) ${get(`cd${col}`)}))`;
}

/** Rows $x0 (… $x<R-1>) of columns j (and j1 when C = 2), as the row loop of factorPanel. */
function panelRows(R: number, C: number, tag: string): string {
  const init: string[] = [];
  for (let r = 0; r < R; r++) for (let col = 0; col < C; col++) init.push(set(`a${r}${col}`, vld(add(get(`x${r}`), add(get('len'), c(16 * col))))));
  const out = [init.join(' '), dotBlock(R, C, 'f64x2.sub', tag)];
  for (let r = 0; r < R; r++) out.push(entry(r, 0));
  if (C === 2) for (let r = 0; r < R; r++) out.push(minusTerm(r), entry(r, 1));
  return out.join('\n    ');
}

const FACTOR_PANEL = `
  (func (export "factorPanel") (param $l i32) (param $d i32) (param $g i32) (param $gs i32) (param $k i32) (param $m i32) (result i32)
    ${locals('i32', ['s', 'kb', 'j', 'j1', 'i', 'first', 'e'])} ${locals('f64', ['tr', 'ti'])} ${locals('v128', ['sw', 'cr0', 'ci0', 'cd0', 'cr1', 'ci1', 'cd1'])} ${BLOCK_LOCALS}
    ${set('s', add(get('k'), get('m')))}
    ${set('kb', `(i32.shl ${get('k')} ${c(4)})`)}
    ${set('j', c(0))}
    (block $cols_end (loop $cols
      (br_if $cols_end (i32.ge_s ${get('j')} ${get('k')}))
      ${set('j1', add(get('j'), c(1)))}
      ${set('len', `(i32.shl ${get('j')} ${c(4)})`)}
      (if (i32.eqz (call $pivot ${get('l')} ${get('d')} ${get('g')} ${get('gs')} ${get('kb')} ${get('j')})) (then (return ${get('j')})))
      ${columnConstants(0, add(get('d'), get('len')))}
      ${set('u0', add(get('g'), mul(get('j'), get('kb'))))}
      ${set('w0', add(get('gs'), mul(get('j'), get('kb'))))}
      (if (i32.lt_s ${get('j1')} ${get('k')})
        (then
          ;; row j1 of column j, then the pivot j1
          ${set('x0', add(get('l'), mul(get('j1'), get('kb'))))}
          ${set('a00', vld(add(get('x0'), get('len'))))}
          ${dotBlock(1, 1, 'f64x2.sub', 'r1')}
          ${entry(0, 0)}
          (if (i32.eqz (call $pivot ${get('l')} ${get('d')} ${get('g')} ${get('gs')} ${get('kb')} ${get('j1')})) (then (return ${get('j1')})))
          ${columnConstants(1, add(get('d'), add(get('len'), c(16))))}
          ${set('u1', add(get('u0'), get('kb')))}
          ${set('w1', add(get('w0'), get('kb')))}
          ${set('i', add(get('j'), c(2)))}
          (block $pr_end (loop $pr
            (br_if $pr_end (i32.ge_s ${add(get('i'), c(1))} ${get('s')}))
            ${set('x0', add(get('l'), mul(get('i'), get('kb'))))}
            ${set('x1', add(get('x0'), get('kb')))}
            ${panelRows(2, 2, 'p22')}
            ${set('i', add(get('i'), c(2)))}
            (br $pr)))
          (if (i32.lt_s ${get('i')} ${get('s')}) (then
            ${set('x0', add(get('l'), mul(get('i'), get('kb'))))}
            ${panelRows(1, 2, 'p12')})))
        (else
          ${set('i', add(get('j'), c(1)))}
          (block $sr_end (loop $sr
            (br_if $sr_end (i32.ge_s ${add(get('i'), c(1))} ${get('s')}))
            ${set('x0', add(get('l'), mul(get('i'), get('kb'))))}
            ${set('x1', add(get('x0'), get('kb')))}
            ${panelRows(2, 1, 'p21')}
            ${set('i', add(get('i'), c(2)))}
            (br $sr)))
          (if (i32.lt_s ${get('i')} ${get('s')}) (then
            ${set('x0', add(get('l'), mul(get('i'), get('kb'))))}
            ${panelRows(1, 1, 'p11')}))))
      ${set('j', add(get('j'), c(2)))}
      (br $cols)))
    ${c(-1)})`;

/** S[row i + r][column j + col] −= a<r><col> for the block's entries (row address $t<r>, column byte offset $jb). */
const subtractInto = (R: number, C: number): string => {
  const out: string[] = [];
  for (let r = 0; r < R; r++) {
    for (let col = 0; col < C; col++) {
      const at = add(get(`t${r}`), add(get('jb'), c(16 * col)));
      out.push(`(v128.store ${at} (f64x2.sub (v128.load ${at}) ${get(`a${r}${col}`)}))`);
    }
  }
  return out.join('\n    ');
};

/** Columns starting at G row j (byte offset $jb in S): $u0/$w0 (and $u1/$w1), accumulators zeroed, the sums, S −= them. */
function schurBlock(R: number, C: number, tag: string): string {
  const zero: string[] = [];
  for (let r = 0; r < R; r++) for (let col = 0; col < C; col++) zero.push(set(`a${r}${col}`, '(v128.const f64x2 0 0)'));
  return `
    ${set('u0', add(get('gbase'), mul(get('j'), get('kb'))))}
    ${set('w0', add(get('gsbase'), mul(get('j'), get('kb'))))}
    ${set('u1', add(get('u0'), get('kb')))}
    ${set('w1', add(get('w0'), get('kb')))}
    ${set('jb', `(i32.shl ${get('j')} ${c(4)})`)}
    ${zero.join(' ')}
    ${dotBlock(R, C, 'f64x2.add', tag)}
    ${subtractInto(R, C)}`;
}

const SCHUR_UPDATE = `
  (func (export "schurUpdate") (param $l i32) (param $g i32) (param $gs i32) (param $S i32) (param $k i32) (param $m i32)
    ${locals('i32', ['kb', 'mb', 'lbase', 'gbase', 'gsbase', 'i', 'j', 'jb', 't0', 't1'])} ${BLOCK_LOCALS}
    ${set('kb', `(i32.shl ${get('k')} ${c(4)})`)}
    ${set('mb', `(i32.shl ${get('m')} ${c(4)})`)}
    ${set('len', get('kb'))}
    ${set('lbase', add(get('l'), mul(get('k'), get('kb'))))}
    ${set('gbase', add(get('g'), mul(get('k'), get('kb'))))}
    ${set('gsbase', add(get('gs'), mul(get('k'), get('kb'))))}
    ${set('i', c(0))}
    (block $rows_end (loop $rows
      (br_if $rows_end (i32.ge_s ${add(get('i'), c(1))} ${get('m')}))
      ${set('x0', add(get('lbase'), mul(get('i'), get('kb'))))}
      ${set('x1', add(get('x0'), get('kb')))}
      ${set('t0', add(get('S'), mul(get('i'), get('mb'))))}
      ${set('t1', add(get('t0'), get('mb')))}
      ${set('j', c(0))}
      (block $b22_end (loop $b22
        (br_if $b22_end (i32.ge_s ${get('j')} ${get('i')}))
        ${schurBlock(2, 2, 's22')}
        ${set('j', add(get('j'), c(2)))}
        (br $b22)))
      ;; the diagonal pair: (i, i), (i+1, i), then (i+1, i+1)
      ${schurBlock(2, 1, 's21')}
      ${set('x0', get('x1'))}
      ${set('t0', get('t1'))}
      ${set('j', add(get('i'), c(1)))}
      ${schurBlock(1, 1, 's11d')}
      ${set('i', add(get('i'), c(2)))}
      (br $rows)))
    (if (i32.lt_s ${get('i')} ${get('m')}) (then
      ${set('x0', add(get('lbase'), mul(get('i'), get('kb'))))}
      ${set('t0', add(get('S'), mul(get('i'), get('mb'))))}
      ${set('j', c(0))}
      (block $b12_end (loop $b12
        (br_if $b12_end (i32.ge_s ${get('j')} ${get('i')}))
        ${schurBlock(1, 2, 's12')}
        ${set('j', add(get('j'), c(2)))}
        (br $b12)))
      ${schurBlock(1, 1, 's11')})))`;

/** acc<r> ← acc<r> + L[row $x<r>][q]·xe[q] for q = 0, 16, … < $len (as forwardFront's dot product). */
function solveDot(R: number, tag: string): string {
  const body: string[] = [set('vu0', vld(add(get('xe'), get('q')))), set('vw0', vld(add(get('xs'), get('q'))))];
  for (let r = 0; r < R; r++) {
    const x = add(get(`x${r}`), get('q'));
    body.push(set(`a${r}0`, `(f64x2.add ${get(`a${r}0`)} (f64x2.add (f64x2.mul (v128.load64_splat ${x}) ${get('vu0')}) (f64x2.mul (v128.load64_splat offset=8 ${x}) ${get('vw0')})))`));
  }
  return `
    ${set('q', c(0))}
    (block $${tag}_end (loop $${tag}
      (br_if $${tag}_end (i32.ge_s ${get('q')} ${get('len')}))
      ${body.join('\n      ')}
      ${set('q', add(get('q'), c(16)))}
      (br $${tag})))`;
}

const ZERO = '(v128.const f64x2 0 0)';

const FORWARD = `
  (func (export "forwardFront") (param $l i32) (param $d i32) (param $xe i32) (param $xu i32) (param $xs i32) (param $k i32) (param $m i32)
    ${locals('i32', ['kb', 'i', 's', 'at'])} ${locals('f64', ['xr', 'xi', 'dr', 'di', 'den'])} ${BLOCK_LOCALS}
    ${set('kb', `(i32.shl ${get('k')} ${c(4)})`)}
    ${set('s', add(get('k'), get('m')))}
    ;; rows of L11: xe[i] −= L[i][0..i)·xe, then xs[i] = (−im, re) of the finished xe[i]
    ${set('i', c(0))}
    (block $e_end (loop $e
      (br_if $e_end (i32.ge_s ${get('i')} ${get('k')}))
      ${set('x0', add(get('l'), mul(get('i'), get('kb'))))}
      ${set('len', `(i32.shl ${get('i')} ${c(4)})`)}
      ${set('a00', ZERO)}
      ${solveDot(1, 'fe')}
      ${set('at', add(get('xe'), get('len')))}
      ${set('a01', `(f64x2.sub (v128.load ${get('at')}) ${get('a00')})`)}
      (v128.store ${get('at')} ${get('a01')})
      ${set('at', add(get('xs'), get('len')))}
      (f64.store ${get('at')} (f64.neg (f64x2.extract_lane 1 ${get('a01')})))
      (f64.store offset=8 ${get('at')} (f64x2.extract_lane 0 ${get('a01')}))
      ${set('i', add(get('i'), c(1)))}
      (br $e)))
    ;; rows of L21, two at a time: xu[i−k] −= L[i]·xe
    ${set('len', get('kb'))}
    (block $u_end (loop $u
      (br_if $u_end (i32.ge_s ${add(get('i'), c(1))} ${get('s')}))
      ${set('x0', add(get('l'), mul(get('i'), get('kb'))))}
      ${set('x1', add(get('x0'), get('kb')))}
      ${set('a00', ZERO)} ${set('a10', ZERO)}
      ${solveDot(2, 'fu2')}
      ${set('at', add(get('xu'), `(i32.shl (i32.sub ${get('i')} ${get('k')}) ${c(4)})`))}
      (v128.store ${get('at')} (f64x2.sub (v128.load ${get('at')}) ${get('a00')}))
      (v128.store offset=16 ${get('at')} (f64x2.sub (v128.load offset=16 ${get('at')}) ${get('a10')}))
      ${set('i', add(get('i'), c(2)))}
      (br $u)))
    (if (i32.lt_s ${get('i')} ${get('s')}) (then
      ${set('x0', add(get('l'), mul(get('i'), get('kb'))))}
      ${set('a00', ZERO)}
      ${solveDot(1, 'fu1')}
      ${set('at', add(get('xu'), `(i32.shl (i32.sub ${get('i')} ${get('k')}) ${c(4)})`))}
      (v128.store ${get('at')} (f64x2.sub (v128.load ${get('at')}) ${get('a00')}))))
    ;; xe ← D⁻¹ xe
    ${set('i', c(0))}
    (block $dv_end (loop $dv
      (br_if $dv_end (i32.ge_s ${get('i')} ${get('kb')}))
      ${set('dr', `(f64.load ${add(get('d'), get('i'))})`)}
      ${set('di', `(f64.load offset=8 ${add(get('d'), get('i'))})`)}
      ${set('den', `(f64.add (f64.mul ${get('dr')} ${get('dr')}) (f64.mul ${get('di')} ${get('di')}))`)}
      ${set('at', add(get('xe'), get('i')))}
      ${set('xr', `(f64.load ${get('at')})`)}
      ${set('xi', `(f64.load offset=8 ${get('at')})`)}
      (f64.store ${get('at')} (f64.div (f64.add (f64.mul ${get('xr')} ${get('dr')}) (f64.mul ${get('xi')} ${get('di')})) ${get('den')}))
      (f64.store offset=8 ${get('at')} (f64.div (f64.sub (f64.mul ${get('xi')} ${get('dr')}) (f64.mul ${get('xr')} ${get('di')})) ${get('den')}))
      ${set('i', add(get('i'), c(16)))}
      (br $dv))))`;

/** xe[q] −= L[row $x0][q]·b for q < $len, b = (re, im) in $vu0 and (−im, re) in $vw0 (backwardFront's axpy). */
const axpy = (tag: string): string => `
    ${set('q', c(0))}
    (block $${tag}_end (loop $${tag}
      (br_if $${tag}_end (i32.ge_s ${get('q')} ${get('len')}))
      ${set('at', add(get('xe'), get('q')))}
      (v128.store ${get('at')} (f64x2.sub (v128.load ${get('at')}) (f64x2.add (f64x2.mul (v128.load64_splat ${add(get('x0'), get('q'))}) ${get('vu0')}) (f64x2.mul (v128.load64_splat offset=8 ${add(get('x0'), get('q'))}) ${get('vw0')}))))
      ${set('q', add(get('q'), c(16)))}
      (br $${tag})))`;

/** 1 when the complex number at addr is not exactly 0 (either part; −0 counts as 0, as in JS's === 0). */
const NONZERO = `
  (func $nonzero (param $at i32) (result i32)
    (i32.eqz (i32.and (f64.eq (f64.load ${get('at')}) (f64.const 0)) (f64.eq (f64.load offset=8 ${get('at')}) (f64.const 0)))))`;

/** (−im, re) of the complex number at addr. */
const rotated = (at: string): string => `(f64x2.replace_lane 1 (f64x2.splat (f64.neg (f64.load offset=8 ${at}))) (f64.load ${at}))`;

/**
 * Four L21 rows i, i−1, i−2, i−3 whose xu entries are all non-zero, in one pass over xe: xe[q] gets the
 * four subtractions in the same order as four single-row passes would give it.
 */
function fusedRows(): string {
  const setup: string[] = [];
  for (let r = 0; r < 4; r++) {
    const at = add(get('xu'), `(i32.shl (i32.sub ${get('i')} ${add(get('k'), c(r))}) ${c(4)})`);
    setup.push(set(`b${r}`, `(v128.load ${at})`), set(`bs${r}`, rotated(at)), set(`y${r}`, add(get('l'), mul(`(i32.sub ${get('i')} ${c(r)})`, get('kb')))));
  }
  let x = `(v128.load ${get('at')})`;
  for (let r = 0; r < 4; r++) {
    const src = add(get(`y${r}`), get('q'));
    x = `(f64x2.sub ${x} (f64x2.add (f64x2.mul (v128.load64_splat ${src}) ${get(`b${r}`)}) (f64x2.mul (v128.load64_splat offset=8 ${src}) ${get(`bs${r}`)})))`;
  }
  return `
    ${setup.join(' ')}
    ${set('q', c(0))}
    (block $f4_end (loop $f4
      (br_if $f4_end (i32.ge_s ${get('q')} ${get('kb')}))
      ${set('at', add(get('xe'), get('q')))}
      (v128.store ${get('at')} ${x})
      ${set('q', add(get('q'), c(16)))}
      (br $f4)))`;
}

const xuAt = (r: number): string => add(get('xu'), `(i32.shl (i32.sub ${get('i')} ${add(get('k'), c(r))}) ${c(4)})`);

const BACKWARD = `
  (func (export "backwardFront") (param $l i32) (param $xe i32) (param $xu i32) (param $k i32) (param $m i32)
    ${locals('i32', ['kb', 'i', 'at', 'b', 'y0', 'y1', 'y2', 'y3'])} ${locals('f64', ['br', 'bi'])} ${locals('v128', ['b0', 'b1', 'b2', 'b3', 'bs0', 'bs1', 'bs2', 'bs3'])} ${BLOCK_LOCALS}
    ${set('kb', `(i32.shl ${get('k')} ${c(4)})`)}
    ${set('i', `(i32.sub ${add(get('k'), get('m'))} ${c(1)})`)}
    (block $b_end (loop $b
      (br_if $b_end (i32.le_s ${get('i')} ${c(0)}))
      (if (i32.ge_s (i32.sub ${get('i')} ${c(3)}) ${get('k')}) (then
        (if (i32.and (i32.and (call $nonzero ${xuAt(0)}) (call $nonzero ${xuAt(1)})) (i32.and (call $nonzero ${xuAt(2)}) (call $nonzero ${xuAt(3)}))) (then
          ${fusedRows()}
          ${set('i', `(i32.sub ${get('i')} ${c(4)})`)}
          (br $b)))))
      (if (i32.lt_s ${get('i')} ${get('k')})
        (then ${set('b', add(get('xe'), `(i32.shl ${get('i')} ${c(4)})`))} ${set('len', `(i32.shl ${get('i')} ${c(4)})`)})
        (else ${set('b', add(get('xu'), `(i32.shl (i32.sub ${get('i')} ${get('k')}) ${c(4)})`))} ${set('len', get('kb'))}))
      ${set('br', `(f64.load ${get('b')})`)}
      ${set('bi', `(f64.load offset=8 ${get('b')})`)}
      (if (i32.eqz (i32.and (f64.eq ${get('br')} (f64.const 0)) (f64.eq ${get('bi')} (f64.const 0)))) (then
        ${set('vu0', `(v128.load ${get('b')})`)}
        ${set('vw0', `(f64x2.replace_lane 1 (f64x2.splat (f64.neg ${get('bi')})) ${get('br')})`)}
        ${set('x0', add(get('l'), mul(get('i'), get('kb'))))}
        ${axpy('bx')}))
      ${set('i', `(i32.sub ${get('i')} ${c(1)})`)}
      (br $b))))`;

/**
 * forwardFront on two vectors (A: xe, xu, xs; B: xe2, xu2, xs2) in one pass over L: each vector gets exactly
 * the operations forwardFront gives it alone, but L's rows are loaded once for both.
 */
function pairDot(R: number, tag: string): string {
  const body: string[] = [
    set('vu0', vld(add(get('xe'), get('q')))), set('vw0', vld(add(get('xs'), get('q')))),
    set('vu1', vld(add(get('xe2'), get('q')))), set('vw1', vld(add(get('xs2'), get('q')))),
  ];
  for (let r = 0; r < R; r++) {
    body.push(set(`sr${r}`, `(v128.load64_splat ${add(get(`x${r}`), get('q'))})`), set(`si${r}`, `(v128.load64_splat offset=8 ${add(get(`x${r}`), get('q'))})`));
    for (let v = 0; v < 2; v++) {
      body.push(set(`a${r}${v}`, `(f64x2.add ${get(`a${r}${v}`)} (f64x2.add (f64x2.mul ${get(`sr${r}`)} ${get(`vu${v}`)}) (f64x2.mul ${get(`si${r}`)} ${get(`vw${v}`)})))`));
    }
  }
  return `
    ${set('q', c(0))}
    (block $${tag}_end (loop $${tag}
      (br_if $${tag}_end (i32.ge_s ${get('q')} ${get('len')}))
      ${body.join('\n      ')}
      ${set('q', add(get('q'), c(16)))}
      (br $${tag})))`;
}

/** x_e[i] −= acc and its (−im, re) into xs, for vector v (xe/xs or xe2/xs2). */
const finishElim = (xe: string, xs: string, acc: string): string => `
      ${set('at', add(get(xe), get('len')))}
      ${set('t', `(f64x2.sub (v128.load ${get('at')}) ${get(acc)})`)}
      (v128.store ${get('at')} ${get('t')})
      ${set('at', add(get(xs), get('len')))}
      (f64.store ${get('at')} (f64.neg (f64x2.extract_lane 1 ${get('t')})))
      (f64.store offset=8 ${get('at')} (f64x2.extract_lane 0 ${get('t')}))`;

const subUpdate = (xu: string, offset: number, acc: string): string =>
  `(v128.store offset=${offset} ${add(get(xu), `(i32.shl (i32.sub ${get('i')} ${get('k')}) ${c(4)})`)} (f64x2.sub (v128.load offset=${offset} ${add(get(xu), `(i32.shl (i32.sub ${get('i')} ${get('k')}) ${c(4)})`)}) ${get(acc)}))`;

/** xe ← D⁻¹ xe, forwardFront's last loop, on the vector at $<xe>. */
const divideByD = (xe: string, tag: string): string => `
    ${set('i', c(0))}
    (block $${tag}_end (loop $${tag}
      (br_if $${tag}_end (i32.ge_s ${get('i')} ${get('kb')}))
      ${set('dr', `(f64.load ${add(get('d'), get('i'))})`)}
      ${set('di', `(f64.load offset=8 ${add(get('d'), get('i'))})`)}
      ${set('den', `(f64.add (f64.mul ${get('dr')} ${get('dr')}) (f64.mul ${get('di')} ${get('di')}))`)}
      ${set('at', add(get(xe), get('i')))}
      ${set('xr', `(f64.load ${get('at')})`)}
      ${set('xi', `(f64.load offset=8 ${get('at')})`)}
      (f64.store ${get('at')} (f64.div (f64.add (f64.mul ${get('xr')} ${get('dr')}) (f64.mul ${get('xi')} ${get('di')})) ${get('den')}))
      (f64.store offset=8 ${get('at')} (f64.div (f64.sub (f64.mul ${get('xi')} ${get('dr')}) (f64.mul ${get('xr')} ${get('di')})) ${get('den')}))
      ${set('i', add(get('i'), c(16)))}
      (br $${tag})))`;

const FORWARD2 = `
  (func (export "forwardFront2") (param $l i32) (param $d i32) (param $xe i32) (param $xu i32) (param $xs i32) (param $xe2 i32) (param $xu2 i32) (param $xs2 i32) (param $k i32) (param $m i32)
    ${locals('i32', ['kb', 'i', 's', 'at'])} ${locals('f64', ['xr', 'xi', 'dr', 'di', 'den'])} ${locals('v128', ['t'])} ${BLOCK_LOCALS}
    ${set('kb', `(i32.shl ${get('k')} ${c(4)})`)}
    ${set('s', add(get('k'), get('m')))}
    ${set('i', c(0))}
    (block $e_end (loop $e
      (br_if $e_end (i32.ge_s ${get('i')} ${get('k')}))
      ${set('x0', add(get('l'), mul(get('i'), get('kb'))))}
      ${set('len', `(i32.shl ${get('i')} ${c(4)})`)}
      ${set('a00', ZERO)} ${set('a01', ZERO)}
      ${pairDot(1, 'fe')}
      ${finishElim('xe', 'xs', 'a00')}
      ${finishElim('xe2', 'xs2', 'a01')}
      ${set('i', add(get('i'), c(1)))}
      (br $e)))
    ${set('len', get('kb'))}
    (block $u_end (loop $u
      (br_if $u_end (i32.ge_s ${add(get('i'), c(1))} ${get('s')}))
      ${set('x0', add(get('l'), mul(get('i'), get('kb'))))}
      ${set('x1', add(get('x0'), get('kb')))}
      ${set('a00', ZERO)} ${set('a01', ZERO)} ${set('a10', ZERO)} ${set('a11', ZERO)}
      ${pairDot(2, 'fu2')}
      ${subUpdate('xu', 0, 'a00')}
      ${subUpdate('xu', 16, 'a10')}
      ${subUpdate('xu2', 0, 'a01')}
      ${subUpdate('xu2', 16, 'a11')}
      ${set('i', add(get('i'), c(2)))}
      (br $u)))
    (if (i32.lt_s ${get('i')} ${get('s')}) (then
      ${set('x0', add(get('l'), mul(get('i'), get('kb'))))}
      ${set('a00', ZERO)} ${set('a01', ZERO)}
      ${pairDot(1, 'fu1')}
      ${subUpdate('xu', 0, 'a00')}
      ${subUpdate('xu2', 0, 'a01')}))
    ${divideByD('xe', 'dv')}
    ${divideByD('xe2', 'dv2')})`;

/**
 * backwardFront on two vectors in one pass over L: a row whose entry is non-zero in both updates both
 * (L's row loaded once); a row that is zero in one of them updates only the other, as the single step would.
 */
const BACKWARD2 = `
  (func (export "backwardFront2") (param $l i32) (param $xe i32) (param $xu i32) (param $xe2 i32) (param $xu2 i32) (param $k i32) (param $m i32)
    ${locals('i32', ['kb', 'i', 'at', 'b', 'b2', 'nz', 'nz2'])} ${BLOCK_LOCALS}
    ${set('kb', `(i32.shl ${get('k')} ${c(4)})`)}
    ${set('i', `(i32.sub ${add(get('k'), get('m'))} ${c(1)})`)}
    (block $b_end (loop $b
      (br_if $b_end (i32.le_s ${get('i')} ${c(0)}))
      (if (i32.lt_s ${get('i')} ${get('k')})
        (then
          ${set('b', add(get('xe'), `(i32.shl ${get('i')} ${c(4)})`))}
          ${set('b2', add(get('xe2'), `(i32.shl ${get('i')} ${c(4)})`))}
          ${set('len', `(i32.shl ${get('i')} ${c(4)})`)})
        (else
          ${set('b', add(get('xu'), `(i32.shl (i32.sub ${get('i')} ${get('k')}) ${c(4)})`))}
          ${set('b2', add(get('xu2'), `(i32.shl (i32.sub ${get('i')} ${get('k')}) ${c(4)})`))}
          ${set('len', get('kb'))}))
      ${set('nz', `(call $nonzero ${get('b')})`)}
      ${set('nz2', `(call $nonzero ${get('b2')})`)}
      ${set('x0', add(get('l'), mul(get('i'), get('kb'))))}
      ${set('vu0', `(v128.load ${get('b')})`)}
      ${set('vw0', rotated(get('b')))}
      ${set('vu1', `(v128.load ${get('b2')})`)}
      ${set('vw1', rotated(get('b2')))}
      (if (i32.and ${get('nz')} ${get('nz2')})
        (then
          ${set('q', c(0))}
          (block $p_end (loop $p
            (br_if $p_end (i32.ge_s ${get('q')} ${get('len')}))
            ${set('sr0', `(v128.load64_splat ${add(get('x0'), get('q'))})`)}
            ${set('si0', `(v128.load64_splat offset=8 ${add(get('x0'), get('q'))})`)}
            ${set('at', add(get('xe'), get('q')))}
            (v128.store ${get('at')} (f64x2.sub (v128.load ${get('at')}) (f64x2.add (f64x2.mul ${get('sr0')} ${get('vu0')}) (f64x2.mul ${get('si0')} ${get('vw0')}))))
            ${set('at', add(get('xe2'), get('q')))}
            (v128.store ${get('at')} (f64x2.sub (v128.load ${get('at')}) (f64x2.add (f64x2.mul ${get('sr0')} ${get('vu1')}) (f64x2.mul ${get('si0')} ${get('vw1')}))))
            ${set('q', add(get('q'), c(16)))}
            (br $p))))
        (else
          (if ${get('nz')} (then ${axpy('ba')}))
          (if ${get('nz2')} (then
            ${set('vu0', get('vu1'))}
            ${set('vw0', get('vw1'))}
            ${set('w0', get('xe'))}
            ${set('xe', get('xe2'))}
            ${axpy('bb')}
            ${set('xe', get('w0'))}))))
      ${set('i', `(i32.sub ${get('i')} ${c(1)})`)}
      (br $b))))`;

const EXTEND_ADD = `
  (func (export "extendAdd") (param $cs i32) (param $mc i32) (param $rel i32) (param $l i32) (param $S i32) (param $k i32) (param $m i32)
    ${locals('i32', ['x', 'y', 'lx', 'ly', 'hi', 'lo', 'src', 'dst'])}
    ${set('x', c(0))}
    (block $x_end (loop $xl
      (br_if $x_end (i32.ge_s ${get('x')} ${get('mc')}))
      ${set('lx', `(i32.load ${add(get('rel'), `(i32.shl ${get('x')} ${c(2)})`)})`)}
      ${set('src', add(get('cs'), `(i32.shl ${mul(get('x'), get('mc'))} ${c(4)})`))}
      ${set('y', c(0))}
      (block $y_end (loop $yl
        (br_if $y_end (i32.gt_s ${get('y')} ${get('x')}))
        ${set('ly', `(i32.load ${add(get('rel'), `(i32.shl ${get('y')} ${c(2)})`)})`)}
        ${set('hi', `(select ${get('lx')} ${get('ly')} (i32.ge_s ${get('lx')} ${get('ly')}))`)}
        ${set('lo', `(select ${get('ly')} ${get('lx')} (i32.ge_s ${get('lx')} ${get('ly')}))`)}
        (if (i32.lt_s ${get('lo')} ${get('k')})
          (then ${set('dst', add(get('l'), `(i32.shl ${add(mul(get('hi'), get('k')), get('lo'))} ${c(4)})`))})
          (else ${set('dst', add(get('S'), `(i32.shl ${add(mul(`(i32.sub ${get('hi')} ${get('k')})`, get('m')), `(i32.sub ${get('lo')} ${get('k')})`)} ${c(4)})`))}))
        (v128.store ${get('dst')} (f64x2.add (v128.load ${get('dst')}) (v128.load ${get('src')})))
        ${set('src', add(get('src'), c(16)))}
        ${set('y', add(get('y'), c(1)))}
        (br $yl)))
      ${set('x', add(get('x'), c(1)))}
      (br $xl))))`;

/** The whole module (imports its memory as env.memory). */
export const FRONTAL_WAT = `(module
  (import "env" "memory" (memory 1))
  ${PIVOT}
  ${FACTOR_PANEL}
  ${SCHUR_UPDATE}
  ${FORWARD}
  ${NONZERO}
  ${BACKWARD}
  ${FORWARD2}
  ${BACKWARD2}
  ${EXTEND_ADD})`;
