import { describe, expect, it } from 'vitest';
import { createBandedCholesky } from '../../../tools/engineering/beams2d/bandedCholesky.ts';
import { assembleStiffness } from '../../support/assembleStiffness.ts';
import { createSetup, elementDofs, loadDofIndex } from '../../../tools/engineering/beams2d/setup.ts';
import { seededVector, spmv, toDense } from './helpers.ts';

describe('load DOF (EngiBench formula incl. the mid-height quirk)', () => {
  it('puts grid forcedists on the top edge at 100x50', () => {
    for (let i = 0; i <= 20; i++) {
      const fd = i * 0.05;
      const dof = loadDofIndex(fd, 100, 50);
      expect(dof % 2).toBe(1); // a y-DOF
      const node = (dof - 1) / 2;
      expect(node % 51).toBe(0); // ely = 0: top edge
      expect(Math.floor(node / 51)).toBe(Math.round(fd * 100));
    }
  });

  it('puts odd multiples of 0.05 at mid-height (ely = 13) at 50x25', () => {
    for (let i = 1; i < 20; i += 2) {
      const fd = i * 0.05;
      const dof = loadDofIndex(fd, 50, 25);
      expect(dof % 2).toBe(1);
      const node = (dof - 1) / 2;
      expect(node % 26).toBe(13);
      expect(Math.floor(node / 26)).toBe(Math.floor(fd * 50));
    }
    expect(loadDofIndex(0.05, 50, 25)).toBe(131);
  });

  it('turns the load horizontal when nely+1 is odd and forcedist·nelx = k + 0.5', () => {
    // nelx 10, nely 4 (nely+1 = 5), fd·nelx = 1.5: index 1 + 3·5 = 16, the x-DOF of node 1·5 + 3.
    const dof = loadDofIndex(0.15, 10, 4);
    expect(dof).toBe(16);
    expect(dof % 2).toBe(0);
    const s = createSetup({ nelx: 10, nely: 4, forcedist: 0.15, rmin: 1.5 });
    expect(s.f[s.dofToFree[16]]).toBe(-1);
    expect(s.f.reduce((a, v) => a + Math.abs(v), 0)).toBe(1);
  });

  it('places forcedist 0 at the top-left corner and 1 at the top-right corner', () => {
    expect(loadDofIndex(0, 100, 50)).toBe(1);
    expect(loadDofIndex(1, 100, 50)).toBe(2 * (100 * 51) + 1);
  });
});

describe('setup', () => {
  const s = createSetup({ nelx: 6, nely: 4, forcedist: 0, rmin: 1.5 });

  it('maps element DOFs in the 88-line order', () => {
    const ed = elementDofs(6, 4);
    // element (elx 1, ely 2): n1 = 5·1 + 2 = 7, n2 = 5·2 + 2 = 12
    expect([...ed.slice((1 * 4 + 2) * 8, (1 * 4 + 2) * 8 + 8)]).toEqual([16, 17, 26, 27, 24, 25, 14, 15]);
  });

  it('builds exactly the pattern the element couplings imply, with sorted columns', () => {
    const rows = Array.from({ length: s.pattern.n }, () => new Set<number>());
    for (let e = 0; e < s.nel; e++) {
      for (let i = 0; i < 8; i++) {
        for (let j = 0; j < 8; j++) {
          const r = s.dofToFree[s.edofMat[e * 8 + i]];
          const c = s.dofToFree[s.edofMat[e * 8 + j]];
          if (r >= 0 && c >= 0) rows[r].add(c);
        }
      }
    }
    for (let r = 0; r < s.pattern.n; r++) {
      const cols = [...s.pattern.colIdx.slice(s.pattern.rowPtr[r], s.pattern.rowPtr[r + 1])];
      expect(cols).toEqual([...rows[r]].sort((a, b) => a - b));
    }
  });

  it('fixes the left-edge x DOFs and the last DOF', () => {
    expect([...s.fixed]).toEqual([0, 2, 4, 6, 8, s.ndof - 1]);
    expect(s.free.length).toBe(s.ndof - 6);
  });

  it('assembles a symmetric positive definite reduced K', () => {
    const x = seededVector(s.nel, 7, 0.01, 1);
    const values = assembleStiffness(s, x, 3, new Float64Array(s.pattern.colIdx.length));
    const A = toDense(s.pattern, values);
    for (let i = 0; i < s.pattern.n; i++) for (let j = 0; j < s.pattern.n; j++) expect(A[i][j]).toBeCloseTo(A[j][i], 14);
    const chol = createBandedCholesky(s.pattern);
    chol.factorize(values); // throws unless SPD
    for (let seed = 1; seed <= 5; seed++) {
      const v = seededVector(s.pattern.n, seed, -1, 1);
      const Av = spmv(s.pattern, values, v, new Float64Array(s.pattern.n));
      expect(v.reduce((a, vi, i) => a + vi * Av[i], 0)).toBeGreaterThan(0);
    }
    const u = chol.solve(s.f, new Float64Array(s.pattern.n));
    const Ku = spmv(s.pattern, values, u, new Float64Array(s.pattern.n));
    for (let i = 0; i < u.length; i++) expect(Ku[i]).toBeCloseTo(s.f[i], 10);
  });
});
