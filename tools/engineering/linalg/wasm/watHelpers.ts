/**
 * Small text builders for the WebAssembly kernels in WAT (kernelsWat.ts): the kernels repeat the
 * same shapes (a multiply-add chain, a row loop run two rows at a time with f64x2 and a scalar
 * last row), so they are written once here and instantiated per kernel.
 *
 * Legend: every address is a byte address into the kernels' memory (f64 = 8 bytes, i32 = 4);
 * `$x` names a local; a "column" is a local holding the address of a column's first row of interest.
 */

/** (local.get $x) */
export const get = (x: string): string => `(local.get $${x})`;

/** Declares locals of one type. */
export const locals = (type: 'i32' | 'f64' | 'v128', names: string[]): string => names.map((n) => `(local $${n} ${type})`).join(' ');

/** Scalar f64 at address expression addr (+ byte offset). */
export const ld = (addr: string, offset = 0): string => (offset ? `(f64.load offset=${offset} ${addr})` : `(f64.load ${addr})`);

/** ((x0·y0 + x1·y1) + x2·y2) + …, left to right as the JS kernels add (so results are bitwise equal). */
export function dot(op: 'f64' | 'f64x2', xs: string[], ys: string[]): string {
  let s = `(${op}.mul ${xs[0]} ${ys[0]})`;
  for (let p = 1; p < xs.length; p++) s = `(${op}.add ${s} (${op}.mul ${xs[p]} ${ys[p]}))`;
  return s;
}

/** T -= dot at one f64 address (address expression + constant byte offset). */
export function subDot(addr: string, offset: number, xs: string[], ys: string[]): string {
  const o = offset ? ` offset=${offset}` : '';
  return `(f64.store${o} ${addr} (f64.sub (f64.load${o} ${addr}) ${dot('f64', xs, ys)}))`;
}

/**
 * Row loop over byte offsets i = start, start+8, … < end (locals named by the caller: `i`, `end`):
 * for every target t, T_t[i] -= Σ_p coef[t][p]·C_p[i]. Two rows per step with f64x2 (the
 * coefficients must already be splatted into v128 locals named `v<coef>`), then the last odd row.
 * targets/cols are locals holding base addresses; coefs are f64 locals.
 */
export function rowUpdate(targets: string[], coefs: string[][], cols: string[], start: string, tag: string): string {
  const lv = cols.map((c, p) => `(local.set $l${p} (v128.load (i32.add ${get(c)} ${get('i')})))`).join('\n');
  const ls = cols.map((c, p) => `(local.set $l${p} (v128.load64_splat (i32.add ${get(c)} ${get('i')})))`).join('\n');
  const lvals = cols.map((_, p) => get(`l${p}`));
  const vec = targets
    .map((t, k) => {
      const a = `(i32.add ${get(t)} ${get('i')})`;
      return `(v128.store ${a} (f64x2.sub (v128.load ${a}) ${dot('f64x2', coefs[k].map((c) => get(`v${c}`)), lvals)}))`;
    })
    .join('\n');
  const one = targets
    .map((t, k) => {
      const a = `(i32.add ${get(t)} ${get('i')})`;
      return `(f64.store ${a} (f64.sub (f64.load ${a}) (f64x2.extract_lane 0 ${dot('f64x2', coefs[k].map((c) => get(`v${c}`)), lvals)})))`;
    })
    .join('\n');
  return `
    (local.set $i ${start})
    (block $${tag}_done (loop $${tag}
      (br_if $${tag}_done (i32.gt_s (i32.add ${get('i')} (i32.const 16)) ${get('end')}))
      ${lv}
      ${vec}
      (local.set $i (i32.add ${get('i')} (i32.const 16)))
      (br $${tag})))
    (if (i32.lt_s ${get('i')} ${get('end')}) (then
      ${ls}
      ${one}))`;
}

/** Splats f64 locals into v128 locals named v<name>. */
export const splat = (names: string[]): string => names.map((n) => `(local.set $v${n} (f64x2.splat ${get(n)}))`).join(' ');

/** Loads f64 locals name[r] = C_p[row r] for the given columns (rows 0 … rows-1 at byte offsets 8r). */
export function loadCoefs(cols: string[], rows: number, name: (r: number, p: number) => string): string {
  const out: string[] = [];
  for (let r = 0; r < rows; r++) for (let p = 0; p < cols.length; p++) out.push(`(local.set $${name(r, p)} ${ld(get(cols[p]), 8 * r)})`);
  return out.join(' ');
}

/** for ($v = from; $v < to; $v += step) body — signed i32 compare, `to` re-evaluated each pass. */
export const forLoop = (v: string, from: string, to: string, body: string, tag: string, step = 1): string => `
    (local.set $${v} ${from})
    (block $${tag}_end (loop $${tag}
      (br_if $${tag}_end (i32.ge_s ${get(v)} ${to}))
      ${body}
      (local.set $${v} (i32.add ${get(v)} (i32.const ${step})))
      (br $${tag})))`;

/** Byte offset of element idx of a type of `bytes` bytes: idx << log2(bytes). */
export const scaled = (idx: string, bytes: 4 | 8): string => `(i32.shl ${idx} (i32.const ${bytes === 4 ? 2 : 3}))`;

/** i32 element idx of an array whose base address is in local $base. */
export const i32At = (base: string, idx: string): string => `(i32.load (i32.add ${get(base)} ${scaled(idx, 4)}))`;

/** Address of f64 element idx from the base address expression. */
export const f64Addr = (base: string, idx: string): string => `(i32.add ${base} ${scaled(idx, 8)})`;
