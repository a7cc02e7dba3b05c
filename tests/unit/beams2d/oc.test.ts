import { describe, expect, it } from 'vitest';
import { applyFilter } from '../../../tools/engineering/beams2d/filter.ts';
import { createOcState, MOVE, ocUpdate, volumeWeights } from '../../../tools/engineering/beams2d/oc.ts';
import { createOverhangFilter } from '../../../tools/engineering/beams2d/overhang.ts';
import { createSetup } from '../../../tools/engineering/beams2d/setup.ts';
import { seededVector, sum } from './helpers.ts';

describe('OC update', () => {
  const setup = createSetup({ nelx: 20, nely: 10, forcedist: 0, rmin: 2 });
  const nel = setup.nel;

  it.each([0.2, 0.35, 0.6])('meets the volume target volfrac = %d within the bisection tolerance', (volfrac) => {
    const x = seededVector(nel, 21, volfrac - 0.1, volfrac + 0.1); // reachable within the move limit
    const dc = seededVector(nel, 22, -5, -0.01);
    const dv = new Float64Array(nel).fill(1);
    const st = createOcState(nel, false);
    const change = ocUpdate({ filter: setup.filter, targetVolume: volfrac * 20 * 10 }, x, dc, dv, st);
    expect(Math.abs(sum(st.xPrint) / nel - volfrac)).toBeLessThan(2e-3 * volfrac);
    // move limit, bounds, and the reported change
    let maxDiff = 0;
    for (let e = 0; e < nel; e++) {
      expect(st.xnew[e]).toBeGreaterThanOrEqual(Math.max(0, x[e] - MOVE) - 1e-15);
      expect(st.xnew[e]).toBeLessThanOrEqual(Math.min(1, x[e] + MOVE) + 1e-15);
      maxDiff = Math.max(maxDiff, Math.abs(st.xnew[e] - x[e]));
    }
    expect(change).toBe(maxDiff);
    // xPhys is the filtered xnew from the last bisection pass
    const xPhys = applyFilter(setup.filter, st.xnew, new Float64Array(nel));
    for (let e = 0; e < nel; e++) expect(st.xPhys[e]).toBe(xPhys[e]);
  });

  it('gives the same update with the linear volume shortcut w = Hᵀ(1/Hs)', () => {
    const x = seededVector(nel, 31, 0.25, 0.45);
    const dc = seededVector(nel, 32, -5, -0.01);
    const dv = new Float64Array(nel).fill(1);
    const a = createOcState(nel, false);
    const b = createOcState(nel, false);
    const ca = ocUpdate({ filter: setup.filter, targetVolume: 70 }, x, dc, dv, a);
    const cb = ocUpdate({ filter: setup.filter, targetVolume: 70, w: volumeWeights(setup.filter) }, x, dc, dv, b);
    expect(cb).toBe(ca);
    for (let e = 0; e < nel; e++) {
      expect(b.xnew[e]).toBe(a.xnew[e]);
      expect(b.xPhys[e]).toBe(a.xPhys[e]);
    }
    expect(Math.abs(sum(b.xPhys) - 70)).toBeLessThan(0.1);
  });

  it('matches a plain transcription of the bisection bit for bit (with and without the overhang filter)', () => {
    const oh = createOverhangFilter(20, 10);
    const print = (a: Float64Array, b: Float64Array) => void oh.forward(a, b);
    for (const withPrint of [false, true]) {
      const x = seededVector(nel, 51, 0.2, 0.5);
      const dc = seededVector(nel, 52, -50, 0);
      const dv = seededVector(nel, 53, 0.5, 1.5);
      const target = 0.35 * 200;
      // reference: every pass filters and prints, as in the spec
      let l1 = 0;
      let l2 = 1e9;
      const xnew = new Float64Array(nel);
      const xPhys = new Float64Array(nel);
      const xPrint = new Float64Array(nel);
      while ((l2 - l1) / (l1 + l2) > 1e-3 && Math.abs(l2 - l1) >= 2.220446049250313e-16) {
        const lmid = 0.5 * (l2 + l1);
        for (let e = 0; e < nel; e++) xnew[e] = Math.max(Math.max(0, x[e] - MOVE), Math.min(Math.min(1, x[e] + MOVE), x[e] * Math.sqrt(-dc[e] / dv[e] / lmid)));
        applyFilter(setup.filter, xnew, xPhys);
        if (withPrint) print(xPhys, xPrint);
        else xPrint.set(xPhys);
        if (sum(xPrint) > target) l1 = lmid;
        else l2 = lmid;
      }
      const st = createOcState(nel, withPrint);
      st.xnew.fill(0.123); // stale content from an earlier update must not matter
      ocUpdate({ filter: setup.filter, targetVolume: target, print: withPrint ? print : undefined, w: withPrint ? undefined : volumeWeights(setup.filter) }, x, dc, dv, st);
      for (let e = 0; e < nel; e++) {
        expect(st.xnew[e]).toBe(xnew[e]);
        expect(st.xPrint[e]).toBe(xPrint[e]);
      }
    }
  });

  it('matches the plain transcription bit for bit on a wider range of targets and inputs (fast linear volume)', () => {
    const big = createSetup({ nelx: 40, nely: 20, forcedist: 0, rmin: 2 });
    const n = big.nel;
    const w = volumeWeights(big.filter);
    const cases: [number, number][] = [[0.1, 1], [0.35, 2], [0.6, 3], [0.35, 4], [0.9, 5]];
    for (const [volfrac, seed] of cases) {
      const x = seededVector(n, seed, 0, 1);
      for (let e = 0; e < n; e += 7) x[e] = 0; // constant elements
      if (seed === 4) x[3] = 1.5; // outside the range of the fast sum: every pass the spec's way
      const dc = seededVector(n, seed + 10, -50, 0);
      for (let e = 0; e < n; e += 11) dc[e] = 0;
      const dv = seededVector(n, seed + 20, 0.5, 1.5);
      const target = volfrac * n;
      let l1 = 0;
      let l2 = 1e9;
      const xnew = new Float64Array(n);
      while ((l2 - l1) / (l1 + l2) > 1e-3 && Math.abs(l2 - l1) >= 2.220446049250313e-16) {
        const lmid = 0.5 * (l2 + l1);
        let volume = 0; // the linear shortcut wᵀxnew, summed in element order
        for (let e = 0; e < n; e++) {
          let v = x[e] * Math.sqrt(-dc[e] / dv[e] / lmid);
          if (v > Math.min(1, x[e] + MOVE)) v = Math.min(1, x[e] + MOVE);
          if (v < Math.max(0, x[e] - MOVE)) v = Math.max(0, x[e] - MOVE);
          xnew[e] = v;
          volume += w[e] * v;
        }
        if (volume > target) l1 = lmid;
        else l2 = lmid;
      }
      const st = createOcState(n, false);
      ocUpdate({ filter: big.filter, targetVolume: target, w }, x, dc, dv, st);
      for (let e = 0; e < n; e++) expect(st.xnew[e]).toBe(xnew[e]);
    }
  });

  it('measures the volume on the printed density when the overhang filter is on', () => {
    const oh = createOverhangFilter(20, 10);
    const x = new Float64Array(nel).fill(0.4);
    const dc = seededVector(nel, 23, -5, -0.01);
    const st = createOcState(nel, true);
    ocUpdate({ filter: setup.filter, targetVolume: 0.4 * 200, print: (a, b) => void oh.forward(a, b) }, x, dc, new Float64Array(nel).fill(1), st);
    expect(Math.abs(sum(st.xPrint) / nel - 0.4)).toBeLessThan(1e-3);
    expect(sum(st.xPhys) / nel).toBeGreaterThan(0.4); // printing removes material, so the blueprint holds more
  });

  it('keeps density 0 at 0 (fixed point of the multiplicative update)', () => {
    const x = seededVector(nel, 24, 0.1, 0.9);
    x[7] = 0;
    const st = createOcState(nel, false);
    ocUpdate({ filter: setup.filter, targetVolume: 0.5 * 200 }, x, seededVector(nel, 25, -3, -1), new Float64Array(nel).fill(1), st);
    expect(st.xnew[7]).toBe(0);
  });
});
