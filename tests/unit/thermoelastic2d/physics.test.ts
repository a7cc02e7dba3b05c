import { describe, expect, it } from 'vitest';
import { elementConductivity, elementCoupling, elementStiffness, MATERIAL } from '../../../tools/engineering/thermoelastic2d/elementMatrices.ts';
import { buildFilter, filterSensitivities } from '../../../tools/engineering/thermoelastic2d/filter.ts';
import { bottomEdgeNode, createSetup, defaultBoundaryConditions, leftEdgeNode, type BoundaryConditions } from '../../../tools/engineering/thermoelastic2d/setup.ts';
import { evaluateDesign } from '../../../tools/engineering/thermoelastic2d/sensitivity.ts';
import { solveThermal } from '../../../tools/engineering/thermoelastic2d/thermal.ts';
import { mechanicalLoad, solveMechanical, stiffnessScale, thermalLoad } from '../../../tools/engineering/thermoelastic2d/mechanical.ts';
import * as band from '../../support/bandedCholesky.ts';
import { assemble } from '../../../tools/engineering/thermoelastic2d/setup.ts';
import * as sparse from '../../../tools/engineering/linalg/sparseCholesky.ts';
import { mulberry32 } from '../../../tools/engineering/random.ts';
import { THERMOELASTIC_MMA } from '../../../tools/engineering/thermoelastic2d/optimize.ts';

const symmetric = (M: Float64Array, k: number) => {
  let worst = 0;
  for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) worst = Math.max(worst, Math.abs(M[i * k + j] - M[j * k + i]));
  return worst;
};

/** A small grid with BCs of the same kind as the v0 defaults. */
function smallSetup(nelx = 6, nely = 5) {
  const bcs: BoundaryConditions = {
    fixedNodes: [leftEdgeNode(nely, 1), leftEdgeNode(nely, 4)],
    forceNodesX: [bottomEdgeNode(nely, 3)],
    forceNodesY: [bottomEdgeNode(nely, 3)],
    heatsinkNodes: [leftEdgeNode(nely, 2), leftEdgeNode(nely, 3)],
  };
  return createSetup(nelx, nely, bcs);
}

function randomX(n: number, seed: number, lo = 0.15, hi = 0.95): Float64Array {
  const r = mulberry32(seed);
  return Float64Array.from({ length: n }, () => lo + (hi - lo) * r());
}

describe('element matrices', () => {
  it('KE and KEth are symmetric; KE has the 3 rigid-body modes, KEth the constant mode, in the null space', () => {
    const KE = elementStiffness();
    const KEth = elementConductivity();
    expect(symmetric(KE, 8)).toBe(0);
    expect(symmetric(KEth, 4)).toBe(0);
    // Node coordinates in local order LL, LR, UR, UL (y up): translation x, translation y, rotation.
    const xy = [[0, 0], [1, 0], [1, 1], [0, 1]];
    const modes = [xy.flatMap(() => [1, 0]), xy.flatMap(() => [0, 1]), xy.flatMap(([x, y]) => [-y, x])];
    for (const v of modes) for (let i = 0; i < 8; i++) expect(Math.abs(KE.reduce((s, _, j) => (j < 8 ? s + KE[i * 8 + j] * v[j] : s), 0))).toBeLessThan(1e-15);
    for (let i = 0; i < 4; i++) expect(Math.abs(KEth[i * 4] + KEth[i * 4 + 1] + KEth[i * 4 + 2] + KEth[i * 4 + 3])).toBeLessThan(1e-15);
    expect(KEth[0]).toBeCloseTo(4 / 6, 15);
  });
  it('CEthm turns a uniform temperature rise into self-equilibrated nodal forces with the spec scale', () => {
    const C = elementCoupling();
    let fx = 0;
    let fy = 0;
    for (let a = 0; a < 8; a++) {
      const f = C[a * 4] + C[a * 4 + 1] + C[a * 4 + 2] + C[a * 4 + 3];
      if (a % 2 === 0) fx += f;
      else fy += f;
    }
    expect(Math.abs(fx)).toBeLessThan(1e-18);
    expect(Math.abs(fy)).toBeLessThan(1e-18);
    expect(C[0]).toBeCloseTo((-2 * MATERIAL.E * MATERIAL.alpha) / (6 * (1 - MATERIAL.nu)), 18);
  });
});

describe('setup and boundary conditions', () => {
  it('places the v0 defaults as EngiBench LCI/BRI (node = 65·col + row)', () => {
    const b = defaultBoundaryConditions(64);
    expect(b.fixedNodes).toEqual([21, 32, 43]);
    expect(b.heatsinkNodes).toEqual([31, 32, 33]);
    expect(b.forceNodesX).toEqual([65 * 31 + 64]);
    const s = createSetup(64, 64);
    expect(s.fp[2 * (65 * 31 + 64)]).toBe(0.5);
    expect(s.fp[2 * (65 * 31 + 64) + 1]).toBe(0.5);
    expect(s.fp.reduce((p, q) => p + q, 0)).toBe(1);
    expect(s.mech.pattern.n).toBe(2 * 65 * 65 - 6);
    expect(s.therm.pattern.n).toBe(65 * 65 - 3);
  });
  it('names bad BC nodes', () => {
    expect(() => createSetup(4, 4, { fixedNodes: [0], forceNodesX: [], forceNodesY: [99], heatsinkNodes: [1] })).toThrow(/force_elements_y node 99/);
    expect(() => createSetup(4, 4, { fixedNodes: [0], forceNodesX: [], forceNodesY: [], heatsinkNodes: [] })).toThrow(/heat-sink/);
  });
  it('picks fm by weight: feps only at w = 0, fp only at w = 1, both otherwise', () => {
    const s = smallSetup();
    const x = randomX(s.nel, 3);
    const { T } = solveThermal(s, x);
    const feps = thermalLoad(s, stiffnessScale(x), T);
    const i = 2 * bottomEdgeNode(s.nely, 3) + 1;
    expect(mechanicalLoad(s, feps, 0)[i]).toBe(feps[i]);
    expect(mechanicalLoad(s, feps, 1)[i]).toBe(0.5);
    expect(mechanicalLoad(s, feps, 0.5)[i]).toBe(0.5 + feps[i]);
  });
});

describe('linear solves', () => {
  it('the reduced thermal solve equals EngiBench identity-row replacement (dense solve of the full system)', () => {
    const s = smallSetup(5, 4);
    const x = randomX(s.nel, 11);
    const { T } = solveThermal(s, x);
    const n = s.nn;
    const A = Array.from({ length: n }, () => new Float64Array(n));
    for (let e = 0; e < s.nel; e++) {
      const k = (MATERIAL.kappa0 + x[e]) ** 3;
      for (let a = 0; a < 4; a++) for (let b = 0; b < 4; b++) A[s.edof4[e * 4 + a]][s.edof4[e * 4 + b]] += k * s.KEth[a * 4 + b];
    }
    const f = new Float64Array(n).fill(MATERIAL.tref);
    for (const v of s.bcs.heatsinkNodes) {
      A[v].fill(0);
      A[v][v] = 1;
      f[v] = 0;
    }
    // Gaussian elimination with partial pivoting on the (non-symmetric) row-replaced system.
    for (let c = 0; c < n; c++) {
      let p = c;
      for (let r = c + 1; r < n; r++) if (Math.abs(A[r][c]) > Math.abs(A[p][c])) p = r;
      [A[c], A[p]] = [A[p], A[c]];
      [f[c], f[p]] = [f[p], f[c]];
      for (let r = c + 1; r < n; r++) {
        const m = A[r][c] / A[c][c];
        for (let k = c; k < n; k++) A[r][k] -= m * A[c][k];
        f[r] -= m * f[c];
      }
    }
    const Td = new Float64Array(n);
    for (let r = n - 1; r >= 0; r--) {
      let acc = f[r];
      for (let k = r + 1; k < n; k++) acc -= A[r][k] * Td[k];
      Td[r] = acc / A[r][r];
    }
    for (let i = 0; i < n; i++) expect(T[i]).toBeCloseTo(Td[i], 14);
    for (const v of s.bcs.heatsinkNodes) expect(T[v]).toBe(0);
  });
  it('the shared sparse Cholesky and our banded cross-check agree on the 64×64 Km_ff', () => {
    const s = createSetup(64, 64);
    const x = randomX(s.nel, 5, 0.001, 1);
    const values = assemble(s.mech, stiffnessScale(x), s.KE, 8);
    const b = Float64Array.from({ length: s.mech.pattern.n }, (_, i) => Math.sin(i));
    const xs = sparse.solve(sparse.factorize(s.mech.sym, values), b);
    const xb = band.solve(band.factorize(band.analyze(s.mech.pattern), values), b);
    let diff = 0;
    let norm = 0;
    for (let i = 0; i < xs.length; i++) {
      diff = Math.max(diff, Math.abs(xs[i] - xb[i]));
      norm = Math.max(norm, Math.abs(xb[i]));
    }
    expect(diff / norm).toBeLessThan(1e-9);
  });
  it('the element-path solves (assembly into the panels, fused forward solve) are bitwise CSR assembly + factorize + solve', () => {
    const s = createSetup(64, 64);
    const x = randomX(s.nel, 7, 0.001, 1);
    const rho = stiffnessScale(x);
    const fm = Float64Array.from({ length: s.ndofm }, (_, i) => Math.cos(i));
    const u = solveMechanical(s, rho, fm);
    const ff = Float64Array.from(s.mech.toGlobal, (g) => fm[g]);
    const uf = sparse.solve(sparse.factorize(s.mech.sym, assemble(s.mech, rho, s.KE, 8)), ff);
    expect(Array.from(s.mech.toGlobal, (g) => u[g])).toEqual(Array.from(uf));
    const { T } = solveThermal(s, x);
    const kappa = x.map((xe) => (MATERIAL.kappa0 + xe) ** MATERIAL.penal);
    const Tf = sparse.solve(sparse.factorize(s.therm.sym, assemble(s.therm, kappa, s.KEth, 4)), new Float64Array(s.therm.pattern.n).fill(MATERIAL.tref));
    expect(Array.from(s.therm.toGlobal, (g) => T[g])).toEqual(Array.from(Tf));
  });
  it('each system keeps one factor storage across FE passes, and a pass after another design is bitwise a fresh one', () => {
    const xa = randomX(64 * 64, 11, 0.001, 1);
    const xb = randomX(64 * 64, 12, 0.001, 1);
    const fresh = evaluateDesign(createSetup(64, 64), xa, 0.5, { gradient: true, mode: 'exact' });
    const s = createSetup(64, 64);
    evaluateDesign(s, xa, 0.5, { gradient: true, mode: 'exact' });
    const therm = s.therm.storage.factor;
    const mech = s.mech.storage.factor;
    expect(therm?.symbolic).toBe(s.therm.sym);
    expect(mech?.symbolic).toBe(s.mech.sym);
    evaluateDesign(s, xb, 0.5, { gradient: true, mode: 'engibench' });
    const again = evaluateDesign(s, xa, 0.5, { gradient: true, mode: 'exact' });
    expect(s.therm.storage.factor).toBe(therm);
    expect(s.mech.storage.factor).toBe(mech);
    expect(again.fm).toBe(fresh.fm);
    expect(again.ft).toBe(fresh.ft);
    expect(Array.from(again.u)).toEqual(Array.from(fresh.u));
    expect(Array.from(again.T)).toEqual(Array.from(fresh.T));
    expect(Array.from(again.dJ!)).toEqual(Array.from(fresh.dJ!));
  });
  it('banded Cholesky reports a non-SPD matrix as a NumericError', () => {
    const pattern = { n: 2, rowPtr: new Int32Array([0, 2, 4]), colIdx: new Int32Array([0, 1, 0, 1]) };
    expect(() => band.factorize(band.analyze(pattern), new Float64Array([1, 2, 2, 1]))).toThrow(/non-positive pivot/);
  });
});

describe('sensitivity filter', () => {
  it('rmin 1.1 gives 1.1 at the centre, 0.1 at edge neighbours, 0 at diagonals', () => {
    const F = buildFilter(3, 3, 1.1);
    const centre = 4;
    const row = new Map<number, number>();
    for (let q = F.rowPtr[centre]; q < F.rowPtr[centre + 1]; q++) row.set(F.colIdx[q], F.H[q]);
    expect(row.get(4)).toBeCloseTo(1.1, 15);
    for (const k of [1, 3, 5, 7]) expect(row.get(k)).toBeCloseTo(0.1, 15);
    for (const k of [0, 2, 6, 8]) expect(row.get(k)).toBe(0);
    expect(F.Hs[centre]).toBeCloseTo(1.5, 14);
    expect(F.Hs[0]).toBeCloseTo(1.3, 14);
  });
  it('computes H·(x ⊙ df) / Hs / max(1e-3, x)', () => {
    const F = buildFilter(2, 1, 1.1);
    const out = filterSensitivities(F, new Float64Array([0.5, 0.0001]), new Float64Array([2, 4]));
    expect(out[0]).toBeCloseTo((1.1 * 0.5 * 2 + 0.1 * 0.0001 * 4) / 1.2 / 0.5, 14);
    expect(out[1]).toBeCloseTo((0.1 * 0.5 * 2 + 1.1 * 0.0001 * 4) / 1.2 / 1e-3, 10);
  });
});

describe('objectives and exact adjoint gradient', () => {
  it('f_m equals uᵀ·fm (compliance identity)', () => {
    const s = smallSetup();
    const x = randomX(s.nel, 7);
    const ev = evaluateDesign(s, x, 0.5);
    const feps = thermalLoad(s, stiffnessScale(x), ev.T);
    const fm = mechanicalLoad(s, feps, 0.5);
    const uf = ev.u.reduce((acc, ui, i) => acc + ui * fm[i], 0);
    expect(Math.abs(ev.fm - uf) / uf).toBeLessThan(1e-12);
    expect(ev.J).toBeCloseTo(0.5 * ev.fm + 0.5 * ev.ft, 12);
  });
  for (const w of [0.5, 0.2, 0, 1]) {
    it(`matches central finite differences of J = w·f_m + (1−w)·f_t at w = ${w}`, () => {
      const s = smallSetup();
      const x = randomX(s.nel, 42);
      const { dJ } = evaluateDesign(s, x, w, { gradient: true });
      const h = 1e-6;
      let worst = 0;
      let scale = 0;
      for (let e = 0; e < s.nel; e++) {
        const xp = x.slice();
        const xm = x.slice();
        xp[e] += h;
        xm[e] -= h;
        const fd = (evaluateDesign(s, xp, w).J - evaluateDesign(s, xm, w).J) / (2 * h);
        worst = Math.max(worst, Math.abs(fd - (dJ as Float64Array)[e]));
        scale = Math.max(scale, Math.abs(fd));
      }
      expect(scale).toBeGreaterThan(0);
      expect(worst / scale).toBeLessThan(1e-6);
    });
  }
});

describe('MMA constants', () => {
  it('are the ones optimize.ts lists: m = 1, a0 = 1, a = 0, c = 1e4, d = 0, move 1, albefa 0.1, asyinit 0.01, asyincr 1.2, asydecr 0.7, asymax 0.2, asymin 0.01, raa0 1e-5, epsimin 1e-7', () => {
    const { a, c, d, ...scalars } = THERMOELASTIC_MMA;
    expect(scalars).toEqual({ move: 1, albefa: 0.1, asyinit: 0.01, asyincr: 1.2, asydecr: 0.7, asymax: 0.2, asymin: 0.01, raa0: 1e-5, epsimin: 1e-7, a0: 1 });
    expect([Array.from(a), Array.from(c), Array.from(d)]).toEqual([[0], [1e4], [0]]);
  });
});
