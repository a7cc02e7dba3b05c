/** The WebAssembly front kernels against the TypeScript ones: bitwise the same l, d, S and solutions. */
import { describe, expect, it } from 'vitest';
import { createFrontStore, type FrontKernels } from '../../../tools/engineering/photonics2d/frontStore.ts';
import { FdfdSolver } from '../../../tools/engineering/photonics2d/fdfd.ts';
import { makeGrid, omegaOf } from '../../../tools/engineering/photonics2d/grid.ts';
import { permittivity } from '../../../tools/engineering/photonics2d/parameterization.ts';
import { mulberry32 } from '../../../tools/engineering/random.ts';

/** A random front: complex entries in [−½, ½)², the top k×k diagonal shifted by 2k so no pivot vanishes. */
function randomFront(k: number, m: number, seed: number) {
  const r = mulberry32(seed);
  const l = Float64Array.from({ length: 2 * (k + m) * k }, () => r() - 0.5);
  for (let p = 0; p < k; p++) l[2 * (p * k + p)] += 2 * k;
  const S = Float64Array.from({ length: 2 * m * m }, () => r() - 0.5);
  return { l, S };
}

/** Factors one front with the given kernels; returns its l, d, S and the factorPanel result. */
function factorWith(kernels: FrontKernels, k: number, m: number, l: Float64Array, S: Float64Array) {
  const store = createFrontStore([{ k, m, rel: new Int32Array(0) }], kernels);
  const fr = store.fronts[0];
  fr.l.set(l);
  fr.S.set(S);
  const bad = store.factorPanel(0);
  if (bad < 0 && m > 0) store.schurUpdate(0);
  return { bad, l: Float64Array.from(fr.l), d: Float64Array.from(fr.d), S: Float64Array.from(fr.S) };
}

/** Bitwise equality of two Float64Arrays (also tells −0 from 0); returns the first differing index or −1. */
function firstDifference(a: Float64Array, b: Float64Array): number {
  expect(a.length).toBe(b.length);
  const x = new BigUint64Array(a.buffer, a.byteOffset, a.length), y = new BigUint64Array(b.buffer, b.byteOffset, b.length);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return i;
  return -1;
}

describe('WebAssembly complex LDLᵀ front kernels', () => {
  const shapes: [number, number][] = [[1, 0], [1, 1], [2, 1], [3, 2], [4, 4], [5, 7], [8, 3], [13, 18], [32, 45], [57, 1], [40, 0]];
  for (const [k, m] of shapes) {
    it(`k = ${k}, m = ${m}: l, d and S bitwise equal to the JS kernels`, () => {
      for (const seed of [1, 2, 3]) {
        const { l, S } = randomFront(k, m, 1000 * k + 10 * m + seed);
        const js = factorWith('js', k, m, l, S), wasm = factorWith('wasm', k, m, l, S);
        expect(js.bad).toBe(-1);
        expect(wasm.bad).toBe(-1);
        expect(firstDifference(wasm.l, js.l)).toBe(-1);
        expect(firstDifference(wasm.d, js.d)).toBe(-1);
        expect(firstDifference(wasm.S, js.S)).toBe(-1);
        // the kernels did work: the panel and S changed
        expect(firstDifference(wasm.l, l)).not.toBe(-1);
        if (m > 1 && k > 0) expect(firstDifference(wasm.S, S)).not.toBe(-1);
      }
    });
  }

  it('forward and backward steps on a factored front are bitwise equal to the JS kernels (zeros in x skipped alike)', () => {
    for (const [k, m] of [[1, 0], [2, 3], [7, 8], [13, 18], [32, 45], [40, 0]] as [number, number][]) {
      const { l, S } = randomFront(k, m, 500 + k + m);
      const r = mulberry32(k * 31 + m);
      const xe0 = Float64Array.from({ length: 2 * k }, () => r() - 0.5), xu0 = Float64Array.from({ length: 2 * m }, () => r() - 0.5);
      if (m > 2) xu0.fill(0, 2, 4); // an update entry that is exactly 0 (backward skips its row)
      if (k > 2) xe0.fill(0, 2, 4);
      const out = (['js', 'wasm'] as const).map((kernels) => {
        const store = createFrontStore([{ k, m, rel: new Int32Array(0) }], kernels);
        store.fronts[0].l.set(l);
        store.fronts[0].S.set(S);
        expect(store.factorPanel(0)).toBe(-1);
        store.xe.set(xe0);
        store.xu.set(xu0);
        store.forward(0);
        const fe = Float64Array.from(store.xe.subarray(0, 2 * k)), fu = Float64Array.from(store.xu.subarray(0, 2 * m));
        store.backward(0);
        return { fe, fu, be: Float64Array.from(store.xe.subarray(0, 2 * k)) };
      });
      expect(firstDifference(out[1].fe, out[0].fe)).toBe(-1);
      expect(firstDifference(out[1].fu, out[0].fu)).toBe(-1);
      expect(firstDifference(out[1].be, out[0].be)).toBe(-1);
      expect(firstDifference(out[1].fe, xe0)).not.toBe(-1);
    }
  });

  it('the two-vector forward and backward steps give each vector what the single steps give it', () => {
    for (const [k, m] of [[1, 0], [3, 2], [7, 8], [13, 18], [32, 45]] as [number, number][]) {
      const { l, S } = randomFront(k, m, 900 + k + m);
      const r = mulberry32(k * 7 + m);
      const vec = (len: number) => Float64Array.from({ length: len }, () => r() - 0.5);
      const a = { xe: vec(2 * k), xu: vec(2 * m) }, b = { xe: vec(2 * k), xu: vec(2 * m) };
      // rows that are zero in one vector only, and in both
      if (m > 3) {
        a.xu.fill(0, 0, 2);
        b.xu.fill(0, 2, 4);
        a.xu.fill(0, 4, 6);
        b.xu.fill(0, 4, 6);
      }
      if (k > 2) b.xe.fill(0, 2, 4);
      for (const kernels of ['js', 'wasm'] as const) {
        const store = createFrontStore([{ k, m, rel: new Int32Array(0) }], kernels);
        store.fronts[0].l.set(l);
        store.fronts[0].S.set(S);
        expect(store.factorPanel(0)).toBe(-1);
        const single = [a, b].map((v) => {
          store.xe.set(v.xe);
          store.xu.set(v.xu);
          store.forward(0);
          const fe = Float64Array.from(store.xe.subarray(0, 2 * k)), fu = Float64Array.from(store.xu.subarray(0, 2 * m));
          store.backward(0);
          return { fe, fu, be: Float64Array.from(store.xe.subarray(0, 2 * k)) };
        });
        store.xe.set(a.xe);
        store.xu.set(a.xu);
        store.xe2.set(b.xe);
        store.xu2.set(b.xu);
        store.forward2(0);
        const pair = [
          { fe: Float64Array.from(store.xe.subarray(0, 2 * k)), fu: Float64Array.from(store.xu.subarray(0, 2 * m)) },
          { fe: Float64Array.from(store.xe2.subarray(0, 2 * k)), fu: Float64Array.from(store.xu2.subarray(0, 2 * m)) },
        ];
        store.backward2(0);
        const back = [Float64Array.from(store.xe.subarray(0, 2 * k)), Float64Array.from(store.xe2.subarray(0, 2 * k))];
        for (const v of [0, 1]) {
          expect(firstDifference(pair[v].fe, single[v].fe)).toBe(-1);
          expect(firstDifference(pair[v].fu, single[v].fu)).toBe(-1);
          expect(firstDifference(back[v], single[v].be)).toBe(-1);
        }
        // the second vector's own steps
        store.xe2.set(b.xe);
        store.xu2.set(b.xu);
        store.forwardSecond(0);
        expect(firstDifference(Float64Array.from(store.xe2.subarray(0, 2 * k)), single[1].fe)).toBe(-1);
        store.backwardSecond(0);
        expect(firstDifference(Float64Array.from(store.xe2.subarray(0, 2 * k)), single[1].be)).toBe(-1);
      }
    }
  });

  it('FdfdSolver.solveBoth equals solve and solveTranspose bitwise, with and without targets', () => {
    const grid = makeGrid(64, 106);
    const s = new FdfdSolver(grid, omegaOf(1.5));
    s.factor(permittivity(grid, grid.designMask.map((d) => 0.4 * d)));
    const b = { re: new Float64Array(grid.n), im: new Float64Array(grid.n) };
    const c = { re: new Float64Array(grid.n), im: new Float64Array(grid.n) };
    for (let y = 40; y < 66; y++) {
      b.re[grid.source.x * grid.ny + y] = Math.sin(y);
      c.im[grid.probe1.x * grid.ny + y] = Math.cos(y);
    }
    const tB = Int32Array.from([20 * grid.ny + 30, grid.probe2.x * grid.ny + grid.probe2.y0 + 2]);
    const tC = Int32Array.from([32 * grid.ny + 53]);
    for (const [targetsB, targetsC] of [[undefined, undefined], [tB, tC], [undefined, tC]] as const) {
      const [x, lam] = s.solveBoth(b, c, targetsB, targetsC);
      const x1 = s.solve(b, targetsB), lam1 = s.solveTranspose(c, targetsC);
      expect(firstDifference(x.re, x1.re)).toBe(-1);
      expect(firstDifference(x.im, x1.im)).toBe(-1);
      expect(firstDifference(lam.re, lam1.re)).toBe(-1);
      expect(firstDifference(lam.im, lam1.im)).toBe(-1);
      expect(lam1.re.some((v) => v !== 0 && !Number.isNaN(v))).toBe(true);
    }
  });

  it('extend-add of a child into its parent is bitwise equal to the JS one', () => {
    const r = mulberry32(21);
    const child = { k: 4, m: 11 }, parent = { k: 6, m: 9 };
    // the child's update rows land on distinct parent rows, in L11, L21 and S, in no particular order
    const rows = Array.from({ length: parent.k + parent.m }, (_, i) => i).sort(() => r() - 0.5).slice(0, child.m);
    const shapes = [{ ...child, rel: Int32Array.from(rows) }, { ...parent, rel: new Int32Array(0) }];
    const cs = Float64Array.from({ length: 2 * child.m * child.m }, () => r() - 0.5);
    const pl = Float64Array.from({ length: 2 * (parent.k + parent.m) * parent.k }, () => r() - 0.5);
    const ps = Float64Array.from({ length: 2 * parent.m * parent.m }, () => r() - 0.5);
    const out = (['js', 'wasm'] as const).map((kernels) => {
      const store = createFrontStore(shapes, kernels);
      store.fronts[0].S.set(cs);
      store.fronts[1].l.set(pl);
      store.fronts[1].S.set(ps);
      store.extendAdd(1, 0);
      return { l: Float64Array.from(store.fronts[1].l), S: Float64Array.from(store.fronts[1].S) };
    });
    expect(firstDifference(out[1].l, out[0].l)).toBe(-1);
    expect(firstDifference(out[1].S, out[0].S)).toBe(-1);
    expect(firstDifference(out[1].l, pl)).not.toBe(-1);
    expect(firstDifference(out[1].S, ps)).not.toBe(-1);
  });

  it('reports the same zero pivot as the JS kernels (at an even and at an odd column)', () => {
    for (const zeroAt of [4, 7]) {
      const k = 10, m = 6;
      const { l, S } = randomFront(k, m, 77 + zeroAt);
      // row zeroAt of the leading block is zero up to the diagonal: its pivot is exactly 0 − Σ 0·G = 0
      l.fill(0, 2 * zeroAt * k, 2 * (zeroAt * k + zeroAt + 1));
      const js = factorWith('js', k, m, l, S), wasm = factorWith('wasm', k, m, l, S);
      expect(js.bad).toBe(zeroAt);
      expect(wasm.bad).toBe(zeroAt);
      // the columns before it are factored alike
      for (let i = 0; i < k + m; i++) expect(firstDifference(wasm.l.subarray(2 * i * k, 2 * (i * k + Math.min(i, zeroAt))), js.l.subarray(2 * i * k, 2 * (i * k + Math.min(i, zeroAt))))).toBe(-1);
    }
  });

  it('a non-finite pivot is refused like a zero one', () => {
    const k = 3, m = 2;
    const { l, S } = randomFront(k, m, 9);
    l[2 * (1 * k + 1)] = Infinity;
    expect(factorWith('wasm', k, m, l, S).bad).toBe(1);
    expect(factorWith('js', k, m, l, S).bad).toBe(1);
  });

  it('SparseLdlt on an FDFD system: factor, refactor after a design change and solves are bitwise equal', () => {
    const grid = makeGrid(64, 106);
    const r = mulberry32(3);
    const solvers = (['js', 'wasm'] as const).map((kernels) => new FdfdSolver(grid, omegaOf(1.3), { kernels }));
    const b = { re: new Float64Array(grid.n), im: new Float64Array(grid.n) };
    b.re[grid.source.x * grid.ny + 53] = 1;
    b.im[grid.source.x * grid.ny + 40] = 0.5;
    let rho = grid.designMask.map((d) => 0.5 * d);
    for (let step = 0; step < 2; step++) {
      const [js, wasm] = solvers.map((s) => {
        s.factor(permittivity(grid, rho));
        return { x: s.solve(b), y: s.solveTranspose(b), fronts: s.refactoredFronts };
      });
      expect(wasm.fronts).toBe(js.fronts);
      expect(firstDifference(wasm.x.re, js.x.re)).toBe(-1);
      expect(firstDifference(wasm.x.im, js.x.im)).toBe(-1);
      expect(firstDifference(wasm.y.re, js.y.re)).toBe(-1);
      expect(firstDifference(wasm.y.im, js.y.im)).toBe(-1);
      expect(js.x.re.some((v) => v !== 0)).toBe(true);
      rho = rho.map((v, i) => (grid.designMask[i] ? Math.min(1, Math.max(0, v + 0.3 * (r() - 0.5))) : v));
    }
  });
});
