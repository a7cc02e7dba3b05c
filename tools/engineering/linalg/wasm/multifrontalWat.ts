/**
 * WAT text of the numeric multifrontal sweep and the triangular solves: the WebAssembly twins of
 * multifrontalFactor.ts (factorSupernode, extendAdd) and supernodalSolve.ts, same operations in the
 * same order. The symbolic arrays live in the kernels' memory; the table at address 0 holds the
 * byte address of each (TABLE order), so every thread's instance on a shared memory reads the same.
 *
 * Exports: factor(s0, s1, lx, w, vals, f, y) factors supernodes s0 … s1-1 (and, y >= 0, runs
 * the forward substitution of y along, supernode by supernode) and returns -1, or the
 * supernode whose pivot failed (badColumn() then gives its column); vals = -1: each panel is
 * assembled element by element from the table's contribution lists instead of from CSR values; forward(nSuper, lx, y) and
 * backward(nSuper, lx, y) are y := L⁻¹y and y := L⁻ᵀy. Addresses in bytes: lx = panels of L,
 * w = this thread's update stack, vals = the matrix values, f = the frontier update matrices
 * (-1: no frontier), y = the permuted right-hand side.
 */
import { DENSE_WAT } from './denseWat.ts';
import { f64Addr, forLoop, get, i32At, locals, scaled } from './watHelpers.ts';

/** Symbolic arrays (Int32Array each) whose addresses the table at byte 0 holds, in this order. */
export const TABLE = [
  'superStart', 'rowPtr', 'rowIdx', 'panelOff', 'childPtr', 'childIdx', 'uTmp', 'uOff',
  'scatterPtr', 'scatterSrc', 'scatterDst', 'relPtr', 'rel', 'frontOff',
  // element assembly (elementAssembly.ts): contributions per supernode, the moduli and Ke (f64)
  'contribPtr', 'contribDst', 'contribEK', 'moduli', 'Ke',
  // element energies: permuted rows of the element DOFs, the result (f64), scratch for one u_e (f64)
  'elemRows', 'ce', 'scratch',
] as const;
export type TableName = (typeof TABLE)[number];
/** Bytes reserved for the table at address 0. */
export const TABLE_BYTES = 4 * 24;

/** Loads the base address of a symbolic array into local $<name>. */
const base = (name: TableName): string => `(local.set $${name} (i32.load (i32.const ${4 * TABLE.indexOf(name)})))`;
const add = (a: string, b: string): string => `(i32.add ${a} ${b})`;
const c = (v: number): string => `(i32.const ${v})`;

const SWEEP = `
  (global $badCol (mut i32) (i32.const -1))
  (func (export "badColumn") (result i32) (global.get $badCol))

  ;; child c's update matrix (mc×mc at src) added into the panel at off (h×k) and into U at u (extendAdd)
  (func $extendAdd (param $c i32) (param $src i32) (param $off i32) (param $u i32) (param $h i32) (param $k i32)
    ${locals('i32', ['relPtr', 'rel', 'm', 'mc', 'relBase', 'jj', 'rj', 'dst', 'pr', 'pend', 'ps', 'a'])}
    ${base('relPtr')} ${base('rel')}
    (local.set $m (i32.sub ${get('h')} ${get('k')}))
    (local.set $relBase ${add(get('rel'), scaled(i32At('relPtr', get('c')), 4))})
    (local.set $mc (i32.sub ${i32At('relPtr', add(get('c'), c(1)))} ${i32At('relPtr', get('c'))}))
    (local.set $pend ${add(get('relBase'), scaled(get('mc'), 4))})
    ${forLoop('jj', c(0), get('mc'), `
      (local.set $rj (i32.load ${add(get('relBase'), scaled(get('jj'), 4))}))
      (local.set $dst (if (result i32) (i32.lt_s ${get('rj')} ${get('k')})
        (then ${add(get('off'), scaled(`(i32.mul ${get('rj')} ${get('h')})`, 8))})
        (else ${add(get('u'), scaled(`(i32.sub (i32.mul (i32.sub ${get('rj')} ${get('k')}) ${get('m')}) ${get('k')})`, 8))})))
      (local.set $ps ${add(get('src'), scaled(`(i32.add (i32.mul ${get('jj')} ${get('mc')}) ${get('jj')})`, 8))})
      (local.set $pr ${add(get('relBase'), scaled(get('jj'), 4))})
      (block $rows_end (loop $rows
        (br_if $rows_end (i32.ge_u ${get('pr')} ${get('pend')}))
        (local.set $a ${add(get('dst'), scaled(`(i32.load ${get('pr')})`, 8))})
        (f64.store ${get('a')} (f64.add (f64.load ${get('a')}) (f64.load ${get('ps')})))
        (local.set $pr (i32.add ${get('pr')} ${c(4)}))
        (local.set $ps (i32.add ${get('ps')} ${c(8)}))
        (br $rows)))`, 'cols')})

  ;; one supernode: assemble its front, factor its panel, leave its update matrix on the stack
  (func $factorSupernode (param $s i32) (param $lx i32) (param $w i32) (param $vals i32) (param $f i32) (result i32)
    ${locals('i32', ['superStart', 'rowPtr', 'panelOff', 'childPtr', 'childIdx', 'uTmp', 'uOff', 'scatterPtr', 'scatterSrc', 'scatterDst', 'frontOff'])}
    ${locals('i32', ['contribPtr', 'contribDst', 'contribEK', 'moduli', 'Ke', 'ek', 'a'])}
    ${locals('i32', ['k', 'h', 'm', 'off', 'u', 't', 'pa', 'pb', 'pend', 'ch', 'src', 'bad', 'fo'])}
    ${base('superStart')} ${base('rowPtr')} ${base('panelOff')} ${base('childPtr')} ${base('childIdx')} ${base('uTmp')}
    ${base('uOff')} ${base('scatterPtr')} ${base('scatterSrc')} ${base('scatterDst')} ${base('frontOff')}
    (local.set $k (i32.sub ${i32At('superStart', add(get('s'), c(1)))} ${i32At('superStart', get('s'))}))
    (local.set $h (i32.sub ${i32At('rowPtr', add(get('s'), c(1)))} ${i32At('rowPtr', get('s'))}))
    (local.set $m (i32.sub ${get('h')} ${get('k')}))
    (local.set $off ${f64Addr(get('lx'), i32At('panelOff', get('s')))})
    (local.set $u ${f64Addr(get('w'), i32At('uTmp', get('s')))})
    (memory.fill ${get('off')} ${c(0)} ${scaled(`(i32.mul ${get('h')} ${get('k')})`, 8)})
    (if (i32.ge_s ${get('vals')} ${c(0)})
      (then
        ;; CSR values: copy this panel's entries
        (local.set $pa ${add(get('scatterSrc'), scaled(i32At('scatterPtr', get('s')), 4))})
        (local.set $pb ${add(get('scatterDst'), scaled(i32At('scatterPtr', get('s')), 4))})
        (local.set $pend ${add(get('scatterSrc'), scaled(i32At('scatterPtr', add(get('s'), c(1))), 4))})
        (block $sc_end (loop $sc
          (br_if $sc_end (i32.ge_u ${get('pa')} ${get('pend')}))
          (f64.store ${f64Addr(get('lx'), `(i32.load ${get('pb')})`)} (f64.load ${f64Addr(get('vals'), `(i32.load ${get('pa')})`)}))
          (local.set $pa (i32.add ${get('pa')} ${c(4)}))
          (local.set $pb (i32.add ${get('pb')} ${c(4)}))
          (br $sc))))
      (else
        ;; element by element: Lx[dst] += E[ek >> 8]·Ke[ek & 255], in element order
        ${base('contribPtr')} ${base('contribDst')} ${base('contribEK')} ${base('moduli')} ${base('Ke')}
        (local.set $pa ${add(get('contribDst'), scaled(i32At('contribPtr', get('s')), 4))})
        (local.set $pb ${add(get('contribEK'), scaled(i32At('contribPtr', get('s')), 4))})
        (local.set $pend ${add(get('contribDst'), scaled(i32At('contribPtr', add(get('s'), c(1))), 4))})
        (block $el_end (loop $el
          (br_if $el_end (i32.ge_u ${get('pa')} ${get('pend')}))
          (local.set $ek (i32.load ${get('pb')}))
          (local.set $a ${f64Addr(get('lx'), `(i32.load ${get('pa')})`)})
          (f64.store ${get('a')} (f64.add (f64.load ${get('a')})
            (f64.mul (f64.load ${f64Addr(get('moduli'), `(i32.shr_u ${get('ek')} ${c(8)})`)}) (f64.load ${f64Addr(get('Ke'), `(i32.and ${get('ek')} ${c(255)})`)}))))
          (local.set $pa (i32.add ${get('pa')} ${c(4)}))
          (local.set $pb (i32.add ${get('pb')} ${c(4)}))
          (br $el)))))
    (if (i32.gt_s ${get('m')} ${c(0)}) (then (memory.fill ${get('u')} ${c(0)} ${scaled(`(i32.mul ${get('m')} ${get('m')})`, 8)})))
    ${forLoop('t', i32At('childPtr', get('s')), i32At('childPtr', add(get('s'), c(1))), `
      (local.set $ch ${i32At('childIdx', get('t'))})
      (local.set $fo (if (result i32) (i32.ge_s ${get('f')} ${c(0)}) (then ${i32At('frontOff', get('ch'))}) (else ${c(-1)})))
      (local.set $src (if (result i32) (i32.ge_s ${get('fo')} ${c(0)})
        (then ${f64Addr(get('f'), get('fo'))})
        (else ${f64Addr(get('w'), i32At('uOff', get('ch')))})))
      (call $extendAdd ${get('ch')} ${get('src')} ${get('off')} ${get('u')} ${get('h')} ${get('k')})`, 'children')}
    (local.set $bad (call $panel ${get('off')} ${scaled(get('h'), 8)} ${get('h')} ${get('k')}))
    (if (i32.ge_s ${get('bad')} ${c(0)}) (then (global.set $badCol ${get('bad')}) (return ${c(0)})))
    (if (i32.gt_s ${get('m')} ${c(0)}) (then
      (call $schur ${get('off')} ${scaled(get('h'), 8)} ${get('h')} ${get('k')} ${get('u')})
      (if (i32.ne ${i32At('uOff', get('s'))} ${i32At('uTmp', get('s'))}) (then
        (memory.copy ${f64Addr(get('w'), i32At('uOff', get('s')))} ${get('u')} ${scaled(`(i32.mul ${get('m')} ${get('m')})`, 8)})))))
    ${c(1)})

  ;; y >= 0: each supernode's forward substitution step follows its factorization (panel still in cache)
  ;; ce_e = Σ_j (Σ_i u_i Ke_ij) u_j for each element, u_i = y[elemRows[e·nd + i]] (0 when -1) (elementEnergiesFrom)
  (func (export "energies") (param $nel i32) (param $nd i32) (param $y i32)
    ${locals('i32', ['elemRows', 'ce', 'scratch', 'Ke', 'e', 'i', 'j', 'r', 'pr'])} ${locals('f64', ['s', 't'])}
    ${base('elemRows')} ${base('ce')} ${base('scratch')} ${base('Ke')}
    (local.set $pr ${get('elemRows')})
    ${forLoop('e', c(0), get('nel'), `
      ${forLoop('i', c(0), get('nd'), `
        (local.set $r (i32.load ${get('pr')}))
        (f64.store ${f64Addr(get('scratch'), get('i'))} (if (result f64) (i32.ge_s ${get('r')} ${c(0)}) (then (f64.load ${f64Addr(get('y'), get('r'))})) (else (f64.const 0))))
        (local.set $pr (i32.add ${get('pr')} ${c(4)}))`, 'gather')}
      (local.set $s (f64.const 0))
      ${forLoop('j', c(0), get('nd'), `
        (local.set $t (f64.mul (f64.load ${get('scratch')}) (f64.load ${f64Addr(get('Ke'), get('j'))})))
        ${forLoop('i', c(1), get('nd'), `
          (local.set $t (f64.add ${get('t')} (f64.mul (f64.load ${f64Addr(get('scratch'), get('i'))}) (f64.load ${f64Addr(get('Ke'), `(i32.add (i32.mul ${get('i')} ${get('nd')}) ${get('j')})`)}))))`, 'rowsum')}
        (local.set $s (f64.add ${get('s')} (f64.mul ${get('t')} (f64.load ${f64Addr(get('scratch'), get('j'))}))))`, 'cols')}
      (f64.store ${f64Addr(get('ce'), get('e'))} ${get('s')})`, 'elements')})

  (func (export "factor") (param $s0 i32) (param $s1 i32) (param $lx i32) (param $w i32) (param $vals i32) (param $f i32) (param $y i32) (result i32)
    (local $s i32)
    ${forLoop('s', get('s0'), get('s1'), `
      (if (i32.eqz (call $factorSupernode ${get('s')} ${get('lx')} ${get('w')} ${get('vals')} ${get('f')})) (then (return ${get('s')})))
      (if (i32.ge_s ${get('y')} ${c(0)}) (then (call $forwardSupernode ${get('s')} ${get('lx')} ${get('y')})))`, 'supernodes')}
    ${c(-1)})
`;

/** Address of y[f + idx] (f = first column of the supernode, in local $f). */
const yAt = (idx: string): string => f64Addr(get('y'), add(get('f'), idx));
/** Address of L entry at panel column address $col, row idx. */
const lAt = (col: string, idx: string): string => f64Addr(get(col), idx);
/** Address of y[rowIdx[r0 + q]]. */
const yRow = (q: string): string => f64Addr(get('y'), i32At('rowIdx', add(get('r0'), q)));

const SOLVE_LOCALS = `${locals('i32', ['superStart', 'rowPtr', 'rowIdx', 'panelOff', 's', 'f', 'k', 'r0', 'h', 'j0', 'nb', 'j', 'i', 'q', 'lim', 'c0', 'c1', 'c2', 'c3', 'cj', 'a'])}
    ${locals('f64', ['x0', 'x1', 'x2', 'x3', 'xj', 't0', 't1', 't2', 't3', 't', 'v'])}`;

const SUPERNODE_DIMS = `
      (local.set $f ${i32At('superStart', get('s'))})
      (local.set $k (i32.sub ${i32At('superStart', add(get('s'), c(1)))} ${get('f')}))
      (local.set $r0 ${i32At('rowPtr', get('s'))})
      (local.set $h (i32.sub ${i32At('rowPtr', add(get('s'), c(1)))} ${get('r0')}))`;

/** cN = panel column j0+N of supernode s (addresses). */
const blockCols = `
        (local.set $nb (select ${c(4)} (i32.sub ${get('k')} ${get('j0')}) (i32.ge_s (i32.sub ${get('k')} ${get('j0')}) ${c(4)})))
        (local.set $c0 ${f64Addr(get('lx'), add(i32At('panelOff', get('s')), `(i32.mul ${get('j0')} ${get('h')})`))})
        (local.set $c1 ${add(get('c0'), scaled(get('h'), 8))})
        (local.set $c2 ${add(get('c1'), scaled(get('h'), 8))})
        (local.set $c3 ${add(get('c2'), scaled(get('h'), 8))})`;

const dot4 = (idx: string, xs: string[]): string =>
  `(f64.add (f64.add (f64.add (f64.mul (f64.load ${lAt('c0', idx)}) ${xs[0]}) (f64.mul (f64.load ${lAt('c1', idx)}) ${xs[1]})) (f64.mul (f64.load ${lAt('c2', idx)}) ${xs[2]})) (f64.mul (f64.load ${lAt('c3', idx)}) ${xs[3]}))`;
const subAt = (addr: string, v: string): string => `(local.set $a ${addr}) (f64.store ${get('a')} (f64.sub (f64.load ${get('a')}) ${v}))`;

const FORWARD = `
  ;; y := L⁻¹y restricted to supernode s's columns (its rows below are updated)
  (func $forwardSupernode (param $sn i32) (param $lx i32) (param $y i32)
    ${SOLVE_LOCALS}
    ${base('superStart')} ${base('rowPtr')} ${base('rowIdx')} ${base('panelOff')}
    (local.set $s ${get('sn')})
    ${SUPERNODE_DIMS}
      ${forLoop('j0', c(0), get('k'), `${blockCols}
        ;; the nb×nb diagonal block, then (nb < 4) the rest of the supernode's rows column by column
        ${forLoop('j', c(0), get('nb'), `
          (local.set $cj ${add(get('c0'), scaled(`(i32.mul ${get('j')} ${get('h')})`, 8))})
          (local.set $a ${yAt(add(get('j0'), get('j')))})
          (local.set $xj (f64.div (f64.load ${get('a')}) (f64.load ${lAt('cj', add(get('j0'), get('j')))})))
          (f64.store ${get('a')} ${get('xj')})
          (local.set $lim (select ${get('k')} ${add(get('j0'), get('nb'))} (i32.lt_s ${get('k')} ${add(get('j0'), get('nb'))})))
          ${forLoop('i', add(add(get('j0'), get('j')), c(1)), get('lim'), subAt(yAt(get('i')), `(f64.mul (f64.load ${lAt('cj', get('i'))}) ${get('xj')})`), 'fd')}`, 'fdiag')}
        (if (i32.lt_s ${get('nb')} ${c(4)}) (then
          ${forLoop('j', c(0), get('nb'), `
            (local.set $cj ${add(get('c0'), scaled(`(i32.mul ${get('j')} ${get('h')})`, 8))})
            (local.set $xj (f64.load ${yAt(add(get('j0'), get('j')))}))
            ${forLoop('i', add(get('j0'), get('nb')), get('k'), subAt(yAt(get('i')), `(f64.mul (f64.load ${lAt('cj', get('i'))}) ${get('xj')})`), 'fr1')}
            ${forLoop('q', get('k'), get('h'), subAt(yRow(get('q')), `(f64.mul (f64.load ${lAt('cj', get('q'))}) ${get('xj')})`), 'fr2')}`, 'fnarrow')})
          (else
            (local.set $x0 (f64.load ${yAt(get('j0'))}))
            (local.set $x1 (f64.load ${yAt(add(get('j0'), c(1)))}))
            (local.set $x2 (f64.load ${yAt(add(get('j0'), c(2)))}))
            (local.set $x3 (f64.load ${yAt(add(get('j0'), c(3)))}))
            ${forLoop('i', add(get('j0'), c(4)), get('k'), subAt(yAt(get('i')), dot4(get('i'), ['x0', 'x1', 'x2', 'x3'].map(get))), 'fw1')}
            ${forLoop('q', get('k'), get('h'), subAt(yRow(get('q')), dot4(get('q'), ['x0', 'x1', 'x2', 'x3'].map(get))), 'fw2')}))`, 'fblocks', 4)})

  (func (export "forward") (param $nSuper i32) (param $lx i32) (param $y i32)
    (local $s i32)
    ${forLoop('s', c(0), get('nSuper'), `(call $forwardSupernode ${get('s')} ${get('lx')} ${get('y')})`, 'fsuper')})
`;

const BACKWARD = `
  (func (export "backward") (param $nSuper i32) (param $lx i32) (param $y i32)
    ${SOLVE_LOCALS}
    ${base('superStart')} ${base('rowPtr')} ${base('rowIdx')} ${base('panelOff')}
    (local.set $s (i32.sub ${get('nSuper')} ${c(1)}))
    (block $bsuper_end (loop $bsuper
      (br_if $bsuper_end (i32.lt_s ${get('s')} ${c(0)}))
      ${SUPERNODE_DIMS}
      (local.set $j0 (i32.and (i32.sub ${get('k')} ${c(1)}) ${c(-4)}))
      (block $bblocks_end (loop $bblocks
        (br_if $bblocks_end (i32.lt_s ${get('j0')} ${c(0)}))
        ${blockCols}
        (if (i32.eq ${get('nb')} ${c(4)}) (then
          (local.set $t0 (f64.const 0)) (local.set $t1 (f64.const 0)) (local.set $t2 (f64.const 0)) (local.set $t3 (f64.const 0))
          ${forLoop('i', add(get('j0'), c(4)), get('k'), `(local.set $v (f64.load ${yAt(get('i'))}))
            (local.set $t0 (f64.add ${get('t0')} (f64.mul (f64.load ${lAt('c0', get('i'))}) ${get('v')})))
            (local.set $t1 (f64.add ${get('t1')} (f64.mul (f64.load ${lAt('c1', get('i'))}) ${get('v')})))
            (local.set $t2 (f64.add ${get('t2')} (f64.mul (f64.load ${lAt('c2', get('i'))}) ${get('v')})))
            (local.set $t3 (f64.add ${get('t3')} (f64.mul (f64.load ${lAt('c3', get('i'))}) ${get('v')})))`, 'bw1')}
          ${forLoop('q', get('k'), get('h'), `(local.set $v (f64.load ${yRow(get('q'))}))
            (local.set $t0 (f64.add ${get('t0')} (f64.mul (f64.load ${lAt('c0', get('q'))}) ${get('v')})))
            (local.set $t1 (f64.add ${get('t1')} (f64.mul (f64.load ${lAt('c1', get('q'))}) ${get('v')})))
            (local.set $t2 (f64.add ${get('t2')} (f64.mul (f64.load ${lAt('c2', get('q'))}) ${get('v')})))
            (local.set $t3 (f64.add ${get('t3')} (f64.mul (f64.load ${lAt('c3', get('q'))}) ${get('v')})))`, 'bw2')}
          ${subAt(yAt(get('j0')), get('t0'))}
          ${subAt(yAt(add(get('j0'), c(1))), get('t1'))}
          ${subAt(yAt(add(get('j0'), c(2))), get('t2'))}
          ${subAt(yAt(add(get('j0'), c(3))), get('t3'))})
        (else
          ${forLoop('j', c(0), get('nb'), `
            (local.set $cj ${add(get('c0'), scaled(`(i32.mul ${get('j')} ${get('h')})`, 8))})
            (local.set $t (f64.const 0))
            ${forLoop('i', add(get('j0'), get('nb')), get('k'), `(local.set $t (f64.add ${get('t')} (f64.mul (f64.load ${lAt('cj', get('i'))}) (f64.load ${yAt(get('i'))}))))`, 'bn1')}
            ${forLoop('q', get('k'), get('h'), `(local.set $t (f64.add ${get('t')} (f64.mul (f64.load ${lAt('cj', get('q'))}) (f64.load ${yRow(get('q'))}))))`, 'bn2')}
            ${subAt(yAt(add(get('j0'), get('j'))), get('t'))}`, 'bnarrow')}))
        ;; the nb×nb diagonal block, transposed
        (local.set $j (i32.sub ${get('nb')} ${c(1)}))
        (block $bd_end (loop $bd
          (br_if $bd_end (i32.lt_s ${get('j')} ${c(0)}))
          (local.set $cj ${add(get('c0'), scaled(`(i32.mul ${get('j')} ${get('h')})`, 8))})
          (local.set $t (f64.load ${yAt(add(get('j0'), get('j')))}))
          ${forLoop('i', add(add(get('j0'), get('j')), c(1)), add(get('j0'), get('nb')), `(local.set $t (f64.sub ${get('t')} (f64.mul (f64.load ${lAt('cj', get('i'))}) (f64.load ${yAt(get('i'))}))))`, 'bdi')}
          (f64.store ${yAt(add(get('j0'), get('j')))} (f64.div ${get('t')} (f64.load ${lAt('cj', add(get('j0'), get('j')))})))
          (local.set $j (i32.sub ${get('j')} ${c(1)}))
          (br $bd)))
        (local.set $j0 (i32.sub ${get('j0')} ${c(4)}))
        (br $bblocks)))
      (local.set $s (i32.sub ${get('s')} ${c(1)}))
      (br $bsuper))))
`;

/** The whole kernels module: shared memory imported from env.memory. */
export const KERNELS_WAT = `(module
  (import "env" "memory" (memory 1 65536 shared))
  ${DENSE_WAT}
  ${SWEEP}
  ${FORWARD}
  ${BACKWARD})`;
