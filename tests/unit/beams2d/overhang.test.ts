import { describe, expect, it } from 'vitest';
import { BACKSHIFT, createOverhangFilter, Q, SHIFT } from '../../../tools/engineering/beams2d/overhang.ts';
import { seededVector } from './helpers.ts';

describe('overhang filter (Langelaar, bottom to top)', () => {
  const nelx = 6;
  const nely = 5;
  const nel = nelx * nely;
  const F = createOverhangFilter(nelx, nely);

  it('has the §1.10 constants', () => {
    expect(Q).toBeCloseTo(40 + Math.log(3) / Math.log(0.5), 14);
    expect(SHIFT).toBeCloseTo(100 * 2.2250738585072014e-308 ** (1 / 40), 20);
    expect(BACKSHIFT).toBeCloseTo(0.95 * 3 ** (1 / Q) * SHIFT ** (40 / Q), 20);
  });

  it('copies the base row and cannot print above empty support', () => {
    const x = new Float64Array(nel).fill(1);
    for (let j = 0; j < nelx; j++) x[j * nely + nely - 1] = j < 3 ? 1 : 0; // base row: left half solid
    const xi = F.forward(x, new Float64Array(nel));
    for (let j = 0; j < nelx; j++) expect(xi[j * nely + nely - 1]).toBe(x[j * nely + nely - 1]);
    // far from support (two columns away from the solid base), the column above stays empty
    expect(xi[5 * nely + nely - 2]).toBeLessThan(0.02);
    expect(xi[0 * nely + 0]).toBeGreaterThan(0.95);
  });

  it('has an adjoint that matches central finite differences (for two gradients at once)', () => {
    const x = seededVector(nel, 11, 0.1, 0.95);
    const w1 = seededVector(nel, 12, -1, 1);
    const w2 = seededVector(nel, 13, 0, 2);
    const f = (v: Float64Array, w: Float64Array) => F.forward(v, new Float64Array(nel)).reduce((s, xi, e) => s + w[e] * xi, 0);
    const xi = F.forward(x, new Float64Array(nel));
    const g1 = Float64Array.from(w1);
    const g2 = Float64Array.from(w2);
    F.adjoint(x, xi, [g1, g2]);
    const h = 1e-6;
    for (let e = 0; e < nel; e++) {
      const xp = Float64Array.from(x);
      const xm = Float64Array.from(x);
      xp[e] += h;
      xm[e] -= h;
      expect((f(xp, w1) - f(xm, w1)) / (2 * h)).toBeCloseTo(g1[e], 6);
      expect((f(xp, w2) - f(xm, w2)) / (2 * h)).toBeCloseTo(g2[e], 6);
    }
  });
});
