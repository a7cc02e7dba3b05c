/**
 * Where SparseLdlt's fronts live and which kernels factor them (solver.ts): `js` keeps each front in
 * its own Float64Arrays and runs frontal.ts; `wasm` (the default) lays every front out in one
 * WebAssembly memory — the fronts' l, d and S are Float64Array views on it, so assembly and the
 * solves read and write them as before — and runs the WebAssembly twins (wasm/frontalKernels.ts),
 * whose results are bitwise the same. Everything is allocated once, for the tree's front sizes.
 *
 * Legend: front f has k eliminated and m update rows (s = k + m); g (and, wasm, gs) is the s×k
 * scratch of L·D shared by all fronts, sized for the largest; xe, xu are the solves' vectors at a
 * front's eliminated and update nodes (interleaved complex, sized for the largest front).
 */
import { backwardFront, factorPanel, forwardFront, schurUpdate, type FrontFactor } from './frontal.ts';
import { instantiateFrontal } from './wasm/frontalKernels.ts';

export type FrontKernels = 'wasm' | 'js';

export interface FrontData extends FrontFactor {
  /** Schur complement on the update nodes (m×m, interleaved complex, lower triangle). */
  S: Float64Array;
}

export interface FrontStore {
  readonly fronts: FrontData[];
  /** Factors front f's panel in place; −1 or the index of the first zero pivot (frontal.ts's factorPanel). */
  factorPanel(f: number): number;
  /** S ← S − L21·D·L21ᵀ of front f (frontal.ts's schurUpdate). */
  schurUpdate(f: number): void;
  /** Adds child c's Schur complement into its parent p's panel and S (the extend-add). */
  extendAdd(p: number, c: number): void;
  readonly xe: Float64Array;
  readonly xu: Float64Array;
  /** Forward step of front f on xe, xu (frontal.ts's forwardFront). */
  forward(f: number): void;
  /** Backward step of front f on xe, xu (frontal.ts's backwardFront). */
  backward(f: number): void;
  /** A second pair of vectors, for two solves in one pass over the fronts. */
  readonly xe2: Float64Array;
  readonly xu2: Float64Array;
  /** forward(f) on (xe, xu) and on (xe2, xu2): each gets exactly what forward(f) alone gives it. */
  forward2(f: number): void;
  /** backward(f) on (xe, xu) and on (xe2, xu2), likewise. */
  backward2(f: number): void;
  /** forward(f) and backward(f) on (xe2, xu2) only. */
  forwardSecond(f: number): void;
  backwardSecond(f: number): void;
}

/** A front's shape: k eliminated and m update rows; rel[x] = the row of its parent's front that its update row x is. */
export interface FrontShape {
  k: number;
  m: number;
  rel: Int32Array;
}

export function createFrontStore(sizes: FrontShape[], kernels: FrontKernels = 'wasm'): FrontStore {
  return kernels === 'js' ? jsStore(sizes) : wasmStore(sizes);
}

const scratchDoubles = (sizes: { k: number; m: number }[]): number => sizes.reduce((a, { k, m }) => Math.max(a, 2 * (k + m) * k), 0);
const vectorDoubles = (sizes: { k: number; m: number }[]): number => sizes.reduce((a, { k, m }) => Math.max(a, 2 * (k + m)), 0);

function jsStore(sizes: FrontShape[]): FrontStore {
  const fronts = sizes.map(({ k, m }) => ({ k, m, l: new Float64Array(2 * (k + m) * k), d: new Float64Array(2 * k), S: new Float64Array(2 * m * m) }));
  const g = new Float64Array(scratchDoubles(sizes));
  const [xe, xu, xe2, xu2] = [0, 1, 2, 3].map(() => new Float64Array(vectorDoubles(sizes)));
  return {
    fronts,
    factorPanel: (f) => factorPanel(fronts[f], g),
    schurUpdate: (f) => schurUpdate(fronts[f], g, fronts[f].S),
    extendAdd: (p, c) => extendAdd(fronts[p], fronts[c], sizes[c].rel),
    xe,
    xu,
    forward: (f) => forwardFront(fronts[f], xe, xu),
    backward: (f) => backwardFront(fronts[f], xe, xu),
    xe2,
    xu2,
    forward2: (f) => {
      forwardFront(fronts[f], xe, xu);
      forwardFront(fronts[f], xe2, xu2);
    },
    backward2: (f) => {
      backwardFront(fronts[f], xe, xu);
      backwardFront(fronts[f], xe2, xu2);
    },
    forwardSecond: (f) => forwardFront(fronts[f], xe2, xu2),
    backwardSecond: (f) => backwardFront(fronts[f], xe2, xu2),
  };
}

function wasmStore(sizes: FrontShape[]): FrontStore {
  const scratch = 8 * scratchDoubles(sizes);
  let top = 0;
  const region = (doubles: number): number => {
    const at = top;
    top += 8 * doubles;
    return at;
  };
  const g = region(scratch / 8), gs = region(scratch / 8);
  const vec = vectorDoubles(sizes);
  const xe = region(vec), xu = region(vec), xs = region(vec), xe2 = region(vec), xu2 = region(vec), xs2 = region(vec);
  const at = sizes.map(({ k, m }) => ({ l: region(2 * (k + m) * k), d: region(2 * k), S: region(2 * m * m), rel: 0 }));
  for (const [f, { rel }] of sizes.entries()) at[f].rel = region(Math.ceil(rel.length / 2));
  const { memory, exports } = instantiateFrontal(top);
  const view = (start: number, doubles: number): Float64Array => new Float64Array(memory.buffer, start, doubles);
  for (const [f, { rel }] of sizes.entries()) new Int32Array(memory.buffer, at[f].rel, rel.length).set(rel);
  const fronts = sizes.map(({ k, m }, f) => ({ k, m, l: view(at[f].l, 2 * (k + m) * k), d: view(at[f].d, 2 * k), S: view(at[f].S, 2 * m * m) }));
  return {
    fronts,
    factorPanel: (f) => exports.factorPanel(at[f].l, at[f].d, g, gs, sizes[f].k, sizes[f].m),
    schurUpdate: (f) => exports.schurUpdate(at[f].l, g, gs, at[f].S, sizes[f].k, sizes[f].m),
    extendAdd: (p, c) => exports.extendAdd(at[c].S, sizes[c].m, at[c].rel, at[p].l, at[p].S, sizes[p].k, sizes[p].m),
    xe: view(xe, vec),
    xu: view(xu, vec),
    forward: (f) => exports.forwardFront(at[f].l, at[f].d, xe, xu, xs, sizes[f].k, sizes[f].m),
    backward: (f) => exports.backwardFront(at[f].l, xe, xu, sizes[f].k, sizes[f].m),
    xe2: view(xe2, vec),
    xu2: view(xu2, vec),
    forward2: (f) => exports.forwardFront2(at[f].l, at[f].d, xe, xu, xs, xe2, xu2, xs2, sizes[f].k, sizes[f].m),
    backward2: (f) => exports.backwardFront2(at[f].l, xe, xu, xe2, xu2, sizes[f].k, sizes[f].m),
    forwardSecond: (f) => exports.forwardFront(at[f].l, at[f].d, xe2, xu2, xs2, sizes[f].k, sizes[f].m),
    backwardSecond: (f) => exports.backwardFront(at[f].l, xe2, xu2, sizes[f].k, sizes[f].m),
  };
}

/** Child's S (mc×mc, lower triangle) added into the parent: entry (x, y) lands at parent rows (rel[x], rel[y]), in L11/L21 or S. */
function extendAdd(parent: FrontData, child: FrontData, rel: Int32Array): void {
  const { k, m, l, S } = parent;
  const mc = child.m, cs = child.S;
  for (let x = 0; x < mc; x++) {
    const lx = rel[x];
    for (let y = 0; y <= x; y++) {
      const ly = rel[y];
      const hi = lx >= ly ? lx : ly, lo = lx >= ly ? ly : lx;
      const src = 2 * (x * mc + y);
      if (lo < k) {
        l[2 * (hi * k + lo)] += cs[src];
        l[2 * (hi * k + lo) + 1] += cs[src + 1];
      } else {
        S[2 * ((hi - k) * m + (lo - k))] += cs[src];
        S[2 * ((hi - k) * m + (lo - k)) + 1] += cs[src + 1];
      }
    }
  }
}
