/**
 * WAT text of the dense panel kernels: the WebAssembly twins of rankUpdate.ts and denseKernels.ts.
 * Same blocking, same order of every multiply and add (so results are bitwise equal to the JS
 * kernels), but rows go two at a time through f64x2 SIMD and there are no bounds checks.
 *
 * Legend (byte addresses): c = C(t0, 0), the first source column at the first target row;
 * hb = column stride of the sources; w = T(t0, t0), the first target's diagonal; ldb = column
 * stride of the target; n = rows from t0 to the end; P = source columns; nt = target columns.
 * Panel kernels: b = address of the block's diagonal entry, off = panel start, h×k panel.
 */
import { get, ld, loadCoefs, locals, rowUpdate, splat, subDot } from './watHelpers.ts';

const range = (n: number): number[] => [...Array(n).keys()];
const names = (prefix: string, n: number): string[] => range(n).map((i) => `${prefix}${i}`);

/** Target column addresses w0 … w(nt-1) from $w and $ldb. */
const targetCols = (nt: number): string =>
  range(nt).map((t) => `(local.set $w${t} ${t === 0 ? get('w') : `(i32.add ${get(`w${t - 1}`)} ${get('ldb')})`})`).join(' ');

/** Source column addresses c0 … c(np-1) of source column p (local $p) from $c and $hb. */
const sourceCols = (np: number): string =>
  range(np).map((q) => `(local.set $c${q} ${q === 0 ? `(i32.add ${get('c')} (i32.mul ${get('p')} ${get('hb')}))` : `(i32.add ${get(`c${q - 1}`)} ${get('hb')})`})`).join(' ');

/**
 * One pass over np source columns for nt targets whose top nt×nt triangle is updated with scalars
 * (coefficient a<r><q> = C(t0+r, p+q)), then the rows below with rowUpdate.
 */
function sourcePass(nt: number, np: number, firstRow: number, tag: string): string {
  const coef = (r: number, q: number): string => `a${r}${q}`;
  const tri: string[] = [];
  for (let t = 0; t < nt; t++) {
    for (let r = t; r < firstRow; r++) {
      tri.push(subDot(get(`w${t}`), 8 * r, range(np).map((q) => get(coef(t, q))), range(np).map((q) => get(coef(r, q)))));
    }
  }
  const rowsOfCoefs = Math.max(nt, firstRow);
  const all = range(rowsOfCoefs).flatMap((r) => range(np).map((q) => coef(r, q)));
  return `
    ${sourceCols(np)}
    ${loadCoefs(names('c', np), rowsOfCoefs, coef)}
    ${tri.join('\n')}
    ${splat(all.filter((a) => Number(a[1]) < nt))}
    ${rowUpdate(names('w', nt), range(nt).map((t) => range(np).map((q) => coef(t, q))), names('c', np), `(i32.const ${8 * firstRow})`, tag)}`;
}

/** Locals every rank kernel uses (coefficients for up to 4×4, their splats, 4 loaded rows). */
const rankLocals = (): string => {
  const coefs = range(4).flatMap((r) => range(4).map((q) => `a${r}${q}`));
  return [
    locals('i32', ['p', 'i', 'end', ...names('c', 4), ...names('w', 4)]),
    locals('f64', coefs),
    locals('v128', [...coefs.map((a) => `v${a}`), ...names('l', 4)]),
  ].join(' ');
};

/** for (p = from; p + step <= P; p += step) body */
const sourceLoop = (step: number, body: string, tag: string): string => `
    (block $${tag}_end (loop $${tag}
      (br_if $${tag}_end (i32.gt_s (i32.add ${get('p')} (i32.const ${step})) ${get('P')}))
      ${body}
      (local.set $p (i32.add ${get('p')} (i32.const ${step})))
      (br $${tag})))`;

/**
 * rankUpdate4 as two passes over the rows, targets (0, 1) then (2, 3): per pass 8 coefficient
 * splats, 4 source rows and 2 targets stay in the 16 SIMD registers (one pass of 4 targets needs
 * 24, and the spills cost more than loading the source rows twice). Every target entry sees the
 * same operations in the same order as in rankUpdate4.
 */
function rank4Halves(): string {
  const half = (t0: number): string => {
    const ts = [t0, t0 + 1];
    const rows = range(4).filter((r) => r >= t0);
    const coef = (r: number, q: number): string => `a${r}${q}`;
    const loads = rows.flatMap((r) => range(4).map((q) => `(local.set $${coef(r, q)} ${ld(get(`c${q}`), 8 * r)})`)).join(' ');
    const tri: string[] = [];
    for (const t of ts) for (let r = t; r < 4; r++) tri.push(subDot(get(`w${t}`), 8 * r, range(4).map((q) => get(coef(t, q))), range(4).map((q) => get(coef(r, q)))));
    const body = `
      ${sourceCols(4)}
      ${loads}
      ${tri.join('\n')}
      ${splat(ts.flatMap((t) => range(4).map((q) => coef(t, q))))}
      ${rowUpdate(ts.map((t) => `w${t}`), ts.map((t) => range(4).map((q) => coef(t, q))), names('c', 4), '(i32.const 32)', `h${t0}`)}`;
    return `(local.set $p (i32.const 0)) ${sourceLoop(4, body, `hs${t0}`)}`;
  };
  return `
  (func $rank4 (param $c i32) (param $hb i32) (param $P i32) (param $w i32) (param $ldb i32) (param $n i32)
    ${rankLocals()}
    (local.set $end (i32.shl ${get('n')} (i32.const 3)))
    ${targetCols(4)}
    ${half(0)}
    ${half(2)})`;
}

const RANK = `
  ;; 4 targets, P a multiple of 4 (rankUpdate4)
  ${rank4Halves()}

  ;; 4 targets, the last P < 4 source columns: a pair, then singles (rankUpdate4Tail)
  (func $rank4tail (param $c i32) (param $hb i32) (param $P i32) (param $w i32) (param $ldb i32) (param $n i32)
    ${rankLocals()}
    (local.set $end (i32.shl ${get('n')} (i32.const 3)))
    ${targetCols(4)}
    ${sourceLoop(2, sourcePass(4, 2, 4, 'r42'), 's42')}
    ${sourceLoop(1, sourcePass(4, 1, 4, 'r41'), 's41')})

  ;; 2 targets: groups of 4 sources, then singles (rankUpdate2)
  (func $rank2 (param $c i32) (param $hb i32) (param $P i32) (param $w i32) (param $ldb i32) (param $n i32)
    ${rankLocals()}
    (local.set $end (i32.shl ${get('n')} (i32.const 3)))
    ${targetCols(2)}
    ${sourceLoop(4, sourcePass(2, 4, 2, 'r24'), 's24')}
    ${sourceLoop(1, sourcePass(2, 1, 2, 'r21'), 's21')})

  ;; 1 target (its diagonal is row 0): groups of 4 sources, then singles (rankUpdate1)
  (func $rank1 (param $c i32) (param $hb i32) (param $P i32) (param $w i32) (param $n i32)
    (local $ldb i32)
    ${rankLocals()}
    (local.set $end (i32.shl ${get('n')} (i32.const 3)))
    ${targetCols(1)}
    ${sourceLoop(4, sourcePass(1, 4, 0, 'r14'), 's14')}
    ${sourceLoop(1, sourcePass(1, 1, 0, 'r11'), 's11')})

  ;; T(i, t) -= Σ_p C(t, p) C(i, p) for nt target columns (rankUpdate)
  (func $rankUpdate (param $c i32) (param $hb i32) (param $P i32) (param $w i32) (param $ldb i32) (param $nt i32) (param $n i32)
    (local $q i32) (local $P4 i32)
    (if (i32.ne ${get('nt')} (i32.const 4)) (then
      (if (i32.ge_s ${get('nt')} (i32.const 2)) (then (call $rank2 ${get('c')} ${get('hb')} ${get('P')} ${get('w')} ${get('ldb')} ${get('n')})))
      (if (i32.ne ${get('nt')} (i32.const 2)) (then
        (local.set $q (i32.sub ${get('nt')} (i32.const 1)))
        (call $rank1 (i32.add ${get('c')} (i32.shl ${get('q')} (i32.const 3))) ${get('hb')} ${get('P')}
          (i32.add ${get('w')} (i32.mul ${get('q')} (i32.add ${get('ldb')} (i32.const 8)))) (i32.sub ${get('n')} ${get('q')}))))
      (return)))
    (local.set $P4 (i32.and ${get('P')} (i32.const -4)))
    (if (i32.gt_s ${get('P4')} (i32.const 0)) (then (call $rank4 ${get('c')} ${get('hb')} ${get('P4')} ${get('w')} ${get('ldb')} ${get('n')})))
    (if (i32.lt_s ${get('P4')} ${get('P')}) (then
      (call $rank4tail (i32.add ${get('c')} (i32.mul ${get('P4')} ${get('hb')})) ${get('hb')} (i32.sub ${get('P')} ${get('P4')}) ${get('w')} ${get('ldb')} ${get('n')}))))
`;

/** !(d > 0 && d < Infinity) */
const badPivot = (d: string): string => `(i32.eqz (i32.and (f64.gt ${d} (f64.const 0)) (f64.lt ${d} (f64.const inf))))`;
const st = (addr: string, offset: number, v: string): string => `(f64.store${offset ? ` offset=${offset}` : ''} ${addr} ${v})`;
const mul = (op: string, a: string, b: string): string => `(${op}.mul ${a} ${b})`;
const sub = (op: string, a: string, b: string): string => `(${op}.sub ${a} ${b})`;

/**
 * Row pass of a factored block: for each row below it solve x·L11ᵀ = row (ncols = 2 or 4),
 * ys[j] = (a_j − Σ_{q<j} l_jq·y_q)·inv_j; two rows per step with f64x2, then the last odd row.
 */
function blockRows(ncols: number, first: number, tag: string): string {
  const lcoef = (j: number, q: number): string => `l${j}${q}`;
  const body = (op: 'f64' | 'f64x2', load: (c: string) => string, store: (c: string, v: string) => string, pre: string): string => {
    const out: string[] = [];
    for (let j = 0; j < ncols; j++) {
      let e = load(`c${j}`);
      for (let q = 0; q < j; q++) e = sub(op, e, mul(op, get(`${pre}${lcoef(j, q)}`), get(`y${pre}${q}`)));
      out.push(`(local.set $y${pre}${j} ${mul(op, e, get(`${pre}inv${j}`))})`);
    }
    for (let j = 0; j < ncols; j++) out.push(store(`c${j}`, get(`y${pre}${j}`)));
    return out.join('\n');
  };
  const at = (c: string): string => `(i32.add ${get(c)} ${get('i')})`;
  return `
    (local.set $i (i32.const ${8 * first}))
    (block $${tag}_done (loop $${tag}
      (br_if $${tag}_done (i32.gt_s (i32.add ${get('i')} (i32.const 16)) ${get('end')}))
      ${body('f64x2', (c) => `(v128.load ${at(c)})`, (c, v) => `(v128.store ${at(c)} ${v})`, 'v')}
      (local.set $i (i32.add ${get('i')} (i32.const 16)))
      (br $${tag})))
    (if (i32.lt_s ${get('i')} ${get('end')}) (then
      ${body('f64', (c) => `(f64.load ${at(c)})`, (c, v) => `(f64.store ${at(c)} ${v})`, '')}))`;
}

/** Locals of a block kernel with ncols columns: l<j><q>, inv<j>, y<j> and their v-prefixed splats. */
function blockLocals(ncols: number): string {
  const ls = range(ncols).flatMap((j) => range(j).map((q) => `l${j}${q}`));
  const f = [...ls, ...names('inv', ncols), ...names('y', ncols), ...names('d', ncols), 'd'];
  return [
    locals('i32', ['i', 'end', ...names('c', ncols)]),
    locals('f64', f),
    locals('v128', [...ls.map((l) => `v${l}`), ...names('vinv', ncols), ...names('yv', ncols)]),
  ].join(' ');
}

/** Diagonal block factor (factorBlock4 / factorBlock2): pivots in order, bad one written back. */
function blockKernel(ncols: number): string {
  const cols = range(ncols).map((j) => `(local.set $c${j} ${j === 0 ? get('b') : `(i32.add ${get(`c${j - 1}`)} ${get('hb')})`})`).join(' ');
  const steps: string[] = [];
  for (let j = 0; j < ncols; j++) {
    // d = a(j, j) − Σ_{q<j} l_jq², then l_rj = (a(r, j) − Σ_{q<j} l_rq·l_jq) / d_j for the rows r > j of the block
    let d = ld(get(`c${j}`), 8 * j);
    for (let q = 0; q < j; q++) d = sub('f64', d, mul('f64', get(`l${j}${q}`), get(`l${j}${q}`)));
    steps.push(`(local.set $d ${d})`);
    steps.push(`(if ${badPivot(get('d'))} (then ${st(get(`c${j}`), 8 * j, get('d'))} (return (i32.const ${j}))))`);
    steps.push(`(local.set $d${j} (f64.sqrt ${get('d')}))`);
    for (let r = j + 1; r < ncols; r++) {
      let e = ld(get(`c${j}`), 8 * r);
      for (let q = 0; q < j; q++) e = sub('f64', e, mul('f64', get(`l${r}${q}`), get(`l${j}${q}`)));
      steps.push(`(local.set $l${r}${j} (f64.div ${e} ${get(`d${j}`)}))`);
    }
  }
  const stores: string[] = [];
  for (let j = 0; j < ncols; j++) {
    stores.push(st(get(`c${j}`), 8 * j, get(`d${j}`)));
    for (let r = j + 1; r < ncols; r++) stores.push(st(get(`c${j}`), 8 * r, get(`l${r}${j}`)));
  }
  const inv = range(ncols).map((j) => `(local.set $inv${j} (f64.div (f64.const 1) ${get(`d${j}`)})) (local.set $vinv${j} (f64x2.splat ${get(`inv${j}`)}))`);
  const ls = range(ncols).flatMap((j) => range(j).map((q) => `(local.set $vl${j}${q} (f64x2.splat ${get(`l${j}${q}`)}))`));
  return `
  (func $block${ncols} (param $b i32) (param $hb i32) (param $n i32) (result i32)
    ${blockLocals(ncols)}
    ${cols}
    ${steps.join('\n')}
    ${stores.join('\n')}
    ${inv.join(' ')} ${ls.join(' ')}
    (local.set $end (i32.shl ${get('n')} (i32.const 3)))
    ${blockRows(ncols, ncols, `b${ncols}`)}
    (i32.const -1))`;
}

const COLUMNS = `
  ;; unblocked column Cholesky of columns j0 … j0+nb-1 (factorColumns)
  (func $columns (param $off i32) (param $hb i32) (param $h i32) (param $j0 i32) (param $nb i32) (result i32)
    (local $j i32) (local $p i32) (local $i i32) (local $cj i32) (local $c i32) (local $f f64) (local $d f64) (local $inv f64) (local $a i32)
    (local.set $j ${get('j0')})
    (block $done (loop $cols
      (br_if $done (i32.ge_s ${get('j')} (i32.add ${get('j0')} ${get('nb')})))
      (local.set $cj (i32.add ${get('off')} (i32.mul ${get('j')} ${get('hb')})))
      (local.set $p ${get('j0')})
      (block $pd (loop $ps
        (br_if $pd (i32.ge_s ${get('p')} ${get('j')}))
        (local.set $c (i32.add ${get('off')} (i32.mul ${get('p')} ${get('hb')})))
        (local.set $f (f64.load (i32.add ${get('c')} (i32.shl ${get('j')} (i32.const 3)))))
        (local.set $i ${get('j')})
        (block $id (loop $is
          (br_if $id (i32.ge_s ${get('i')} ${get('h')}))
          (local.set $a (i32.add ${get('cj')} (i32.shl ${get('i')} (i32.const 3))))
          (f64.store ${get('a')} (f64.sub (f64.load ${get('a')}) (f64.mul ${get('f')} (f64.load (i32.add ${get('c')} (i32.shl ${get('i')} (i32.const 3)))))))
          (local.set $i (i32.add ${get('i')} (i32.const 1)))
          (br $is)))
        (local.set $p (i32.add ${get('p')} (i32.const 1)))
        (br $ps)))
      (local.set $a (i32.add ${get('cj')} (i32.shl ${get('j')} (i32.const 3))))
      (local.set $d (f64.load ${get('a')}))
      (if ${badPivot(get('d'))} (then (return (i32.sub ${get('j')} ${get('j0')}))))
      (local.set $d (f64.sqrt ${get('d')}))
      (f64.store ${get('a')} ${get('d')})
      (local.set $inv (f64.div (f64.const 1) ${get('d')}))
      (local.set $i (i32.add ${get('j')} (i32.const 1)))
      (block $sd (loop $ss
        (br_if $sd (i32.ge_s ${get('i')} ${get('h')}))
        (local.set $a (i32.add ${get('cj')} (i32.shl ${get('i')} (i32.const 3))))
        (f64.store ${get('a')} (f64.mul (f64.load ${get('a')}) ${get('inv')}))
        (local.set $i (i32.add ${get('i')} (i32.const 1)))
        (br $ss)))
      (local.set $j (i32.add ${get('j')} (i32.const 1)))
      (br $cols)))
    (i32.const -1))

  ;; in-place Cholesky of an h×k panel, left-looking in blocks of 4 columns (panelCholesky)
  (func $panel (param $off i32) (param $hb i32) (param $h i32) (param $k i32) (result i32)
    (local $j0 i32) (local $nb i32) (local $b i32) (local $bad i32)
    (block $done (loop $blocks
      (br_if $done (i32.ge_s ${get('j0')} ${get('k')}))
      (local.set $nb (select (i32.const 4) (i32.sub ${get('k')} ${get('j0')}) (i32.ge_s (i32.sub ${get('k')} ${get('j0')}) (i32.const 4))))
      (local.set $b (i32.add (i32.add ${get('off')} (i32.mul ${get('j0')} ${get('hb')})) (i32.shl ${get('j0')} (i32.const 3))))
      (call $rankUpdate (i32.add ${get('off')} (i32.shl ${get('j0')} (i32.const 3))) ${get('hb')} ${get('j0')} ${get('b')} ${get('hb')} ${get('nb')} (i32.sub ${get('h')} ${get('j0')}))
      (local.set $bad
        (if (result i32) (i32.eq ${get('nb')} (i32.const 4)) (then (call $block4 ${get('b')} ${get('hb')} (i32.sub ${get('h')} ${get('j0')})))
          (else (if (result i32) (i32.eq ${get('nb')} (i32.const 2)) (then (call $block2 ${get('b')} ${get('hb')} (i32.sub ${get('h')} ${get('j0')})))
            (else (call $columns ${get('off')} ${get('hb')} ${get('h')} ${get('j0')} ${get('nb')}))))))
      (if (i32.ge_s ${get('bad')} (i32.const 0)) (then (return (i32.add ${get('j0')} ${get('bad')}))))
      (local.set $j0 (i32.add ${get('j0')} (i32.const 4)))
      (br $blocks)))
    (i32.const -1))

  ;; U -= L21 L21ᵀ (lower triangle) with U m×m column-major at u (schurUpdate)
  (func $schur (param $off i32) (param $hb i32) (param $h i32) (param $k i32) (param $u i32)
    (local $m i32) (local $mb i32) (local $t0 i32) (local $nt i32)
    (local.set $m (i32.sub ${get('h')} ${get('k')}))
    (local.set $mb (i32.shl ${get('m')} (i32.const 3)))
    (block $done (loop $blocks
      (br_if $done (i32.ge_s ${get('t0')} ${get('m')}))
      (local.set $nt (select (i32.const 4) (i32.sub ${get('m')} ${get('t0')}) (i32.ge_s (i32.sub ${get('m')} ${get('t0')}) (i32.const 4))))
      (call $rankUpdate (i32.add ${get('off')} (i32.shl (i32.add ${get('k')} ${get('t0')}) (i32.const 3))) ${get('hb')} ${get('k')}
        (i32.add (i32.add ${get('u')} (i32.mul ${get('t0')} ${get('mb')})) (i32.shl ${get('t0')} (i32.const 3))) ${get('mb')} ${get('nt')} (i32.sub ${get('m')} ${get('t0')}))
      (local.set $t0 (i32.add ${get('t0')} (i32.const 4)))
      (br $blocks))))
`;

/** The dense kernels' functions ($rankUpdate, $panel, $schur and their parts), for a module body. */
export const DENSE_WAT = [RANK, blockKernel(4), blockKernel(2), COLUMNS].join('\n');
