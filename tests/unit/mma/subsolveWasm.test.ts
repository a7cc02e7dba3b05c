import { describe, expect, it } from 'vitest';
import { asymptotes, initMma, svanbergParams } from '../../../tools/engineering/mma/mma.ts';
import { subsolve, type SubproblemData } from '../../../tools/engineering/mma/subsolve.ts';
import { createSingleKernels } from '../../../tools/engineering/mma/subsolveWasm.ts';

/** A reproducible stream in (0, 1). */
function stream(seed: number): () => number {
  let v = seed;
  return () => {
    v = (v * 16807) % 2147483647;
    return v / 2147483647;
  };
}

/**
 * An m = 1 MMA subproblem as mmaStep builds it (asymptotes, move limits, p0/q0/P/Q with raa0) around a random
 * point, with a compliance-like gradient of mixed sign and magnitudes over 1e-6 … 1e3 and a volume-like constraint.
 */
function subproblem(n: number, seed: number, k: number): SubproblemData {
  const rnd = stream(seed);
  const p = svanbergParams(1, { asyinit: 0.01, asymax: 0.2, c: new Float64Array([1e4]), d: new Float64Array([0]) });
  const xmin = new Float64Array(n).fill(1e-3), xmax = new Float64Array(n).fill(1);
  const xval = Float64Array.from({ length: n }, () => 1e-3 + (1 - 1e-3) * rnd());
  const state = { ...initMma(xval, { xmin, xmax }), iter: k - 1, xold1: xval.map((v) => Math.min(1, v + 0.05 * (rnd() - 0.5))), xold2: xval.map((v) => Math.max(1e-3, v - 0.05 * rnd())) };
  const { low, upp } = asymptotes(k, xval, state, { xmin, xmax }, p);
  const df0 = Float64Array.from({ length: n }, () => (rnd() < 0.9 ? -1 : 1) * 10 ** (-6 + 9 * rnd()));
  const alfa = new Float64Array(n), beta = new Float64Array(n), p0 = new Float64Array(n), q0 = new Float64Array(n), P = new Float64Array(n), Q = new Float64Array(n);
  let b = -(xval.reduce((s, v) => s + v, 0) / (0.3 * n) - 1);
  for (let j = 0; j < n; j++) {
    alfa[j] = Math.max(low[j] + 0.1 * (xval[j] - low[j]), xval[j] - 0.5 * 0.999, 1e-3);
    beta[j] = Math.min(upp[j] - 0.1 * (upp[j] - xval[j]), xval[j] + 0.5 * 0.999, 1);
    const ux = upp[j] - xval[j], xl = xval[j] - low[j];
    const pq0 = 0.001 * Math.abs(df0[j]) + 1e-5 / 0.999;
    p0[j] = (Math.max(df0[j], 0) + pq0) * ux * ux;
    q0[j] = (Math.max(-df0[j], 0) + pq0) * xl * xl;
    const g = 1 / (0.3 * n), pq = 0.001 * g + 1e-5 / 0.999;
    P[j] = (g + pq) * ux * ux;
    Q[j] = pq * xl * xl;
    b += P[j] / ux + Q[j] / xl;
  }
  return { m: 1, n, epsimin: 1e-7, low, upp, alfa, beta, p0, q0, P, Q, a0: 1, a: p.a, b: new Float64Array([b]), c: p.c, d: p.d };
}

/** Runs each kernel once on random data and checks it against the JavaScript expressions of subsolve.ts. */
function passes(n: number, rnd: () => number): void {
  const K = createSingleKernels(8 * n + 3 * n * 4 + 4 * n + 3 * n);
  const fill = (v: Float64Array, lo: number, hi: number) => v.forEach((_, i) => (v[i] = lo + (hi - lo) * rnd()));
  const D = K.array(8 * n), xe = K.array(3 * n), fe = K.array(3 * n), de = K.array(3 * n), at = K.array(4 * n), xb = K.array(3 * n), dir = K.array(3 * n);
  for (let j = 0; j < n; j++) {
    const x = 0.2 + 0.6 * rnd();
    D.set([x + 0.05 + rnd(), x - 0.05 - rnd(), x - 0.01 - 0.1 * rnd(), x + 0.01 + 0.1 * rnd(), rnd() * 1e-2, rnd(), rnd() * 1e-3, rnd() * 1e-4], 8 * j);
    fe.set([x, 1 + 10 * rnd(), 1 + 10 * rnd()], 3 * j);
  }
  fill(de, -1e-3, 1e-3);
  const t = 0.37, epsi = 1e-3, lam0 = 2.5;
  K.exports.residual(n, K.at(D), K.at(xe), K.at(at), K.at(fe), K.at(de), 1, t, epsi, lam0, K.at(K.out));
  let sq = 0, mx = 0, g0 = 0;
  for (let j = 0; j < n; j++) {
    const o = 8 * j, p = 3 * j;
    const xj = fe[p] + t * de[p], xsij = fe[p + 1] + t * de[p + 1], etaj = fe[p + 2] + t * de[p + 2];
    expect([xe[p], xe[p + 1], xe[p + 2]]).toEqual([xj, xsij, etaj]);
    const ui = 1 / (D[o] - xj), li = 1 / (xj - D[o + 1]);
    const pl = D[o + 4] + D[o + 6] * lam0, ql = D[o + 5] + D[o + 7] * lam0;
    g0 += D[o + 6] * ui + D[o + 7] * li;
    expect([at[4 * j], at[4 * j + 1], at[4 * j + 2], at[4 * j + 3]]).toEqual([ui, li, pl, ql]);
    const r1 = pl * ui * ui - ql * li * li - xsij + etaj, r2 = xsij * (xj - D[o + 2]) - epsi, r3 = etaj * (D[o + 3] - xj) - epsi;
    sq += r1 * r1;
    sq += r2 * r2;
    sq += r3 * r3;
    mx = Math.max(mx, Math.abs(r1), Math.abs(r2), Math.abs(r3));
  }
  expect([K.out[0], K.out[1], K.out[2]]).toEqual([sq, mx, g0]);

  const gd = K.exports.xBlock(n, K.at(D), K.at(xe), K.at(at), K.at(xb), epsi);
  let g = 0, gg = 0;
  for (let j = 0; j < n; j++) {
    const o = 8 * j, p = 3 * j, a = 4 * j;
    const ui = at[a], li = at[a + 1], u2 = ui * ui, l2 = li * li, xj = xe[p], xa = xj - D[o + 2], bx = D[o + 3] - xj, pl = at[a + 2], ql = at[a + 3];
    const dx = pl * u2 - ql * l2 - epsi / xa + epsi / bx;
    const dg = 2 * (pl * u2 * ui + ql * l2 * li) + xe[p + 1] / xa + xe[p + 2] / bx;
    const G = D[o + 6] * u2 - D[o + 7] * l2;
    expect([xb[p], xb[p + 1], xb[p + 2]]).toEqual([dx, dg, G]);
    g += (G * dx) / dg;
    gg += (G * G) / dg;
  }
  expect(gd).toBe(g);
  expect(K.exports.gram(n, K.at(xb))).toBe(gg);

  const dl = -0.73;
  const stm = K.exports.xDirection(n, K.at(D), K.at(xe), K.at(xb), K.at(dir), dl, epsi);
  let want = 1;
  for (let j = 0; j < n; j++) {
    const o = 8 * j, p = 3 * j;
    let gl = 0;
    gl += xb[p + 2] * dl;
    const dx = -xb[p] / xb[p + 1] - gl / xb[p + 1];
    const xa = xe[p] - D[o + 2], bx = D[o + 3] - xe[p];
    const dxsi = -xe[p + 1] + epsi / xa - (xe[p + 1] * dx) / xa;
    const deta = -xe[p + 2] + epsi / bx + (xe[p + 2] * dx) / bx;
    expect([dir[p], dir[p + 1], dir[p + 2]]).toEqual([dx, dxsi, deta]);
    want = Math.max(want, (-1.01 * dxsi) / xe[p + 1], (-1.01 * deta) / xe[p + 2], (-1.01 * dx) / xa, (1.01 * dx) / bx);
  }
  expect(stm).toBe(want);
}

describe('MMA subproblem passes in WebAssembly (m = 1)', () => {
  it.each([
    [1, 1, 1],
    [37, 2, 1],
    [500, 3, 3],
    [4096, 4, 5],
  ])('n = %i (seed %i, outer iteration %i): x, lam, y and z are bitwise the JavaScript passes', (n, seed, k) => {
    const sp = subproblem(n, seed, k);
    const wasm = subsolve(sp);
    const js = subsolve(sp, { wasm: false });
    expect(Array.from(wasm.x)).toEqual(Array.from(js.x));
    expect(Array.from(wasm.lam)).toEqual(Array.from(js.lam));
    expect(Array.from(wasm.y)).toEqual(Array.from(js.y));
    expect(wasm.z).toBe(js.z);
    // a real solve: x inside the move limits, and the constraint active or its multiplier ≈ 0
    for (let j = 0; j < n; j++) {
      expect(js.x[j]).toBeGreaterThanOrEqual(sp.alfa[j]);
      expect(js.x[j]).toBeLessThanOrEqual(sp.beta[j]);
    }
    // alternating calls reuse nothing stale between the two workspaces
    expect(Array.from(subsolve(sp).x)).toEqual(Array.from(js.x));
  });

  it.each([
    [3000, 1, 11],
    [1, 400, 12],
  ])('each pass is bitwise its JavaScript expression (subsolve.ts order) on random data, n = %i, %i draws (one-term sums show a reassociated operation)', (n, draws, seed) => {
    const rnd = stream(seed);
    for (let draw = 0; draw < draws; draw++) passes(n, rnd);
  });

  it('hands out only the memory it was made with and refuses arrays of another memory', () => {
    const K = createSingleKernels(10);
    K.array(10);
    expect(() => K.array(1)).toThrow(/room for 10 doubles only/);
    expect(() => K.at(new Float64Array(3))).toThrow(/another memory/);
  });
});
