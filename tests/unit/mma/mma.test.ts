import { describe, expect, it } from 'vitest';
import { asymptotes, initMma, mmaStep, svanbergParams } from '../../../tools/engineering/mma/mma.ts';
import { minimizeMma, type SmoothProblem } from '../../support/minimizeMma.ts';
import { solveDense } from '../../../tools/engineering/mma/solveDense.ts';

const full = (n: number, v: number) => new Float64Array(n).fill(v);

/** min Σ (x_j − t_j)² s.t. Σ x_j ≤ V, 0 ≤ x ≤ 1. */
function quadratic(t: number[], V: number): SmoothProblem {
  const n = t.length;
  return {
    n, m: 1, bounds: { xmin: full(n, 0), xmax: full(n, 1) },
    evaluate(x) {
      let f0 = 0;
      let sum = 0;
      const df0dx = new Float64Array(n);
      for (let j = 0; j < n; j++) {
        f0 += (x[j] - t[j]) ** 2;
        df0dx[j] = 2 * (x[j] - t[j]);
        sum += x[j];
      }
      return { f0, df0dx, fval: new Float64Array([sum - V]), dfdx: full(n, 1) };
    },
  };
}

/** Exact optimum of `quadratic`: x_j = clip(t_j − λ/2, 0, 1) with λ ≥ 0 found by bisection. */
function quadraticOptimum(t: number[], V: number): number[] {
  const xOf = (lam: number) => t.map((tj) => Math.min(1, Math.max(0, tj - lam / 2)));
  const sum = (lam: number) => xOf(lam).reduce((s, v) => s + v, 0);
  if (sum(0) <= V) return xOf(0);
  let lo = 0;
  let hi = 10;
  for (let k = 0; k < 200; k++) {
    const mid = (lo + hi) / 2;
    if (sum(mid) > V) lo = mid;
    else hi = mid;
  }
  return xOf((lo + hi) / 2);
}

describe('solveDense', () => {
  it('solves a system that needs pivoting', () => {
    const A = new Float64Array([0, 2, 1, 1, 1, 1, 2, 1, 3]);
    const x = solveDense(A, new Float64Array([7, 6, 13]), 3);
    expect(Array.from(x).map((v) => +v.toFixed(12))).toEqual([1, 2, 3]);
  });
  it('names a singular matrix', () => {
    expect(() => solveDense(new Float64Array([1, 2, 2, 4]), new Float64Array([1, 1]), 2)).toThrow(/singular/);
  });
});

describe('MMA on problems with a known optimum', () => {
  it('constrained quadratic: active volume-type constraint, some variables at bounds', () => {
    const t = [0.9, 1.4, 0.2, -0.3, 0.6, 0.75, 0.05, 1.1];
    const V = 3;
    const res = minimizeMma(quadratic(t, V), full(t.length, 0.3), { maxIter: 300, tol: 1e-9 });
    const xs = quadraticOptimum(t, V);
    for (let j = 0; j < t.length; j++) expect(res.x[j]).toBeCloseTo(xs[j], 5);
    expect(Math.abs(res.fval[0])).toBeLessThan(1e-5);
    expect(res.lam[0]).toBeGreaterThan(0);
  });

  it('constrained quadratic also converges with the ThermoElastic2D constants (move 1, asyinit 0.01, c 1e4, d 0)', () => {
    const t = [0.9, 0.8, 0.2, 0.1, 0.6, 0.7];
    const V = 1.8;
    const params = { move: 1, asyinit: 0.01, asymax: 0.2, asymin: 0.01, c: full(1, 1e4), d: full(1, 0) };
    const res = minimizeMma(quadratic(t, V), full(t.length, 0.3), { params, maxIter: 500, tol: 1e-9 });
    const xs = quadraticOptimum(t, V);
    for (let j = 0; j < t.length; j++) expect(res.x[j]).toBeCloseTo(xs[j], 4);
  });

  it("Svanberg's 5-segment cantilever: min 0.0624·Σx s.t. Σ c_j/x_j³ ≤ 1 reaches 0.0624·(Σ c_j^¼)^{4/3} ≈ 1.340", () => {
    const cj = [61, 37, 19, 7, 1];
    const problem: SmoothProblem = {
      n: 5, m: 1, bounds: { xmin: full(5, 1), xmax: full(5, 10) },
      evaluate(x) {
        let f0 = 0;
        let g = -1;
        const dfdx = new Float64Array(5);
        for (let j = 0; j < 5; j++) {
          f0 += 0.0624 * x[j];
          g += cj[j] / x[j] ** 3;
          dfdx[j] = (-3 * cj[j]) / x[j] ** 4;
        }
        return { f0, df0dx: full(5, 0.0624), fval: new Float64Array([g]), dfdx };
      },
    };
    const res = minimizeMma(problem, full(5, 5), { maxIter: 200, tol: 1e-8 });
    const S = cj.reduce((s, c) => s + c ** 0.25, 0);
    const fStar = 0.0624 * S ** (4 / 3);
    expect(fStar).toBeCloseTo(1.34, 2);
    expect(res.f0).toBeCloseTo(fStar, 6);
    const K = S ** (1 / 3);
    for (let j = 0; j < 5; j++) expect(res.x[j]).toBeCloseTo(K * cj[j] ** 0.25, 4);
  });

  it("Svanberg's two-bar truss (m = 2): weight x1·√(1+x2²) under two stress limits", () => {
    const c2 = 0.124;
    const problem: SmoothProblem = {
      n: 2, m: 2, bounds: { xmin: new Float64Array([0.2, 0.1]), xmax: new Float64Array([4, 1.6]) },
      evaluate([x1, x2]) {
        const r = Math.sqrt(1 + x2 * x2);
        const f0 = x1 * r;
        const df0dx = new Float64Array([r, (x1 * x2) / r]);
        const s1 = 8 / x1 + 1 / (x1 * x2);
        const s2 = 8 / x1 - 1 / (x1 * x2);
        const fval = new Float64Array([c2 * r * s1 - 1, c2 * r * s2 - 1]);
        const ds1 = [-8 / x1 ** 2 - 1 / (x1 ** 2 * x2), -1 / (x1 * x2 * x2)];
        const ds2 = [-8 / x1 ** 2 + 1 / (x1 ** 2 * x2), 1 / (x1 * x2 * x2)];
        const dr = x2 / r;
        const dfdx = new Float64Array([c2 * r * ds1[0], c2 * (dr * s1 + r * ds1[1]), c2 * r * ds2[0], c2 * (dr * s2 + r * ds2[1])]);
        return { f0, df0dx, fval, dfdx };
      },
    };
    const res = minimizeMma(problem, new Float64Array([1.5, 0.5]), { maxIter: 300, tol: 1e-9 });
    // Optimum: stress 1 active, x1 = c2·√(1+x2²)·(8 + 1/x2), and d/dx2 of c2(1+x2²)(8+1/x2) = 0 ⇔ 16x2³ + x2² − 1 = 0.
    let lo = 0.1;
    let hi = 1;
    for (let k = 0; k < 100; k++) {
      const mid = (lo + hi) / 2;
      if (16 * mid ** 3 + mid ** 2 - 1 > 0) hi = mid;
      else lo = mid;
    }
    const x2 = (lo + hi) / 2;
    const x1 = c2 * Math.sqrt(1 + x2 * x2) * (8 + 1 / x2);
    expect(res.x[1]).toBeCloseTo(x2, 4);
    expect(res.x[0]).toBeCloseTo(x1, 4);
    expect(res.f0).toBeCloseTo(c2 * (1 + x2 * x2) * (8 + 1 / x2), 6);
    expect(res.fval[1]).toBeLessThan(0);
    expect(res.lam[1]).toBeLessThan(1e-5);
  });
});

describe('MMA asymptotes', () => {
  const bounds = { xmin: full(3, 0), xmax: full(3, 1) };
  const p = svanbergParams(1, { asyinit: 0.01, asymax: 0.2, asymin: 0.01 });
  it('start at ±asyinit·Δ in iterations 1 and 2', () => {
    const x = new Float64Array([0.5, 0.2, 0.7]);
    const { low, upp } = asymptotes(2, x, initMma(x, bounds), bounds, p);
    expect(Array.from(low).map((v, j) => +(x[j] - v).toFixed(12))).toEqual([0.01, 0.01, 0.01]);
    expect(Array.from(upp).map((v, j) => +(v - x[j]).toFixed(12))).toEqual([0.01, 0.01, 0.01]);
  });
  it('widen on monotone moves, narrow on oscillation, stay within [asymin, asymax]·Δ', () => {
    const state = { iter: 2, xold1: new Float64Array([0.5, 0.5, 0.5]), xold2: new Float64Array([0.4, 0.6, 0.5]), low: full(3, 0.4), upp: full(3, 0.6) };
    const x = new Float64Array([0.6, 0.6, 0.5]);
    const { low, upp } = asymptotes(3, x, state, bounds, p);
    expect(x[0] - low[0]).toBeCloseTo(0.12, 12); // monotone: 1.2 × 0.1
    expect(upp[0] - x[0]).toBeCloseTo(0.12, 12);
    expect(x[1] - low[1]).toBeCloseTo(0.07, 12); // oscillating: 0.7 × 0.1
    expect(x[2] - low[2]).toBeCloseTo(0.1, 12); // no move: factor 1
    const wide = { ...state, low: full(3, -5), upp: full(3, 5) };
    const r2 = asymptotes(3, x, wide, bounds, p);
    for (let j = 0; j < 3; j++) expect(x[j] - r2.low[j]).toBeLessThanOrEqual(0.2 + 1e-15);
  });
  it('keeps the new point within [alfa, beta] ⊂ (low, upp) and the bounds', () => {
    const x = new Float64Array([0.001, 0.5, 1]);
    const r = mmaStep(initMma(x, bounds), { xval: x, df0dx: new Float64Array([-1, 1, -1]), fval: new Float64Array([-0.1]), dfdx: full(3, 1) }, bounds, p);
    for (let j = 0; j < 3; j++) {
      expect(r.x[j]).toBeGreaterThanOrEqual(0);
      expect(r.x[j]).toBeLessThanOrEqual(1);
      expect(Math.abs(r.x[j] - x[j])).toBeLessThan(0.01);
    }
    expect(r.state.iter).toBe(1);
  });
  it('rejects inconsistent sizes with a named error', () => {
    const x = full(3, 0.5);
    expect(() => mmaStep(initMma(x, bounds), { xval: x, df0dx: full(2, 0), fval: full(1, 0), dfdx: full(3, 1) }, bounds, p)).toThrow(/inconsistent sizes/);
  });
});

describe('mmaStep across calls (the subproblem reuses its workspace)', () => {
  const stepOf = (n: number, m: number, seed: number) => {
    const rnd = (k: number) => Math.sin(seed * 12.9898 + k * 78.233) * 0.5;
    const x = Float64Array.from({ length: n }, (_, j) => 0.5 + 0.4 * rnd(j));
    const bounds = { xmin: full(n, 0), xmax: full(n, 1) };
    const ev = {
      xval: x,
      df0dx: Float64Array.from({ length: n }, (_, j) => rnd(j + 1000)),
      fval: Float64Array.from({ length: m }, (_, i) => 0.1 * rnd(i + 2000)),
      dfdx: Float64Array.from({ length: m * n }, (_, k) => rnd(k + 3000)),
    };
    return () => mmaStep(initMma(x, bounds), ev, bounds, svanbergParams(m));
  };
  it('gives the bitwise same step after subproblems of other data and other sizes, and its result is not overwritten', () => {
    const first = stepOf(40, 1, 1)();
    const kept = Array.from(first.x);
    const keptLam = Array.from(first.lam);
    stepOf(40, 1, 2)();
    stepOf(17, 1, 3)();
    stepOf(40, 2, 4)();
    const again = stepOf(40, 1, 1)();
    expect(Array.from(again.x)).toEqual(kept);
    expect(Array.from(first.x)).toEqual(kept);
    expect(Array.from(again.lam)).toEqual(keptLam);
    expect(Array.from(first.lam)).toEqual(keptLam);
    const two = stepOf(40, 2, 4)();
    stepOf(40, 1, 1)();
    expect(Array.from(stepOf(40, 2, 4)().x)).toEqual(Array.from(two.x));
  });
});
