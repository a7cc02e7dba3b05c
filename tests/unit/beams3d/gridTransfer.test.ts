import { describe, expect, it } from 'vitest';
import { transfer, transferScratch } from '../../../tools/engineering/beams3d/gridTransfer.ts';
import { cellClasses, coarseNode, coarsenAxis, coarsenGrid, compose, halves, shrinks, type Coarsening, type Grid } from '../../../tools/engineering/beams3d/coarsening.ts';

/** The hat function of coarse node c at fine node i on the coarse node positions `at` (the trilinear weights per axis). */
const hat = (at: Int32Array, i: number, c: number) => {
  if (i === at[c]) return 1;
  if (c > 0 && i > at[c - 1] && i < at[c]) return (i - at[c - 1]) / (at[c] - at[c - 1]);
  if (c + 1 < at.length && i > at[c] && i < at[c + 1]) return (at[c + 1] - i) / (at[c + 1] - at[c]);
  return 0;
};
const P = (cg: Coarsening, f: number[], c: number[]) => hat(cg.at[0], f[0], c[0]) * hat(cg.at[1], f[1], c[1]) * hat(cg.at[2], f[2], c[2]);
const nodes = (g: Grid): [number, number, number] => [g.nelx + 1, g.nely + 1, g.nelz + 1];
const idx = (n: [number, number, number], x: number, y: number, z: number) => (x * n[1] + y) * n[2] + z;

describe('beams3d multigrid coarsening', () => {
  it('halves an even side exactly, ends an odd side in one single-cell coarse cell, keeps required nodes, and leaves a side of 1', () => {
    expect([...coarsenAxis(8, new Set([0, 8]))]).toEqual([0, 2, 4, 6, 8]);
    expect([...coarsenAxis(7, new Set([0, 7]))]).toEqual([0, 2, 4, 6, 7]);
    expect([...coarsenAxis(6, new Set([3]))]).toEqual([0, 2, 3, 5, 6]);
    expect([...coarsenAxis(1, new Set())]).toEqual([0, 1]);
    expect([...coarsenAxis(2, new Set([1]))]).toEqual([0, 1, 2]);
    const cg = coarsenGrid({ nelx: 17, nely: 16, nelz: 1 }, [[0, 0, 0], [17, 16, 0]]);
    expect(cg.coarse).toEqual({ nelx: 9, nely: 8, nelz: 1 });
    expect(coarseNode(cg, [17, 16, 0])).toEqual([9, 8, 0]);
    expect(() => coarseNode(cg, [1, 0, 0])).toThrow(/not a coarse node/);
    expect(shrinks(cg)).toBe(true);
    expect(halves(cg)).toBe(false);
    expect(halves(coarsenGrid({ nelx: 8, nely: 4, nelz: 2 }, [[0, 0, 0], [8, 4, 0]]))).toBe(true);
    expect(halves(coarsenGrid({ nelx: 8, nely: 4, nelz: 2 }, [[3, 0, 0]]))).toBe(false);
    expect(shrinks(coarsenGrid({ nelx: 1, nely: 1, nelz: 1 }, []))).toBe(false);
    // 11 → 6 → 3 cells: the fine node positions of level 2 and the classes (offset, width) of the fine cells
    const l1 = coarsenAxis(11, new Set([0, 11])), l2 = compose(l1, coarsenAxis(6, new Set([0, 6])));
    expect([...l2]).toEqual([0, 4, 8, 11]);
    const { cls, kinds } = cellClasses(l2);
    expect(kinds).toEqual([[0, 4], [1, 4], [2, 4], [3, 4], [0, 3], [1, 3], [2, 3]]);
    expect([...cls]).toEqual([0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('beams3d multigrid grid transfer', () => {
  // even sides (halved exactly), odd sides (a last coarse cell of one fine cell), a required node mid-side, a side of 1
  const cases: [string, Grid, [number, number, number][]][] = [
    ['4×6×2 (even)', { nelx: 4, nely: 6, nelz: 2 }, [[0, 0, 0]]],
    ['5×7×3 (odd)', { nelx: 5, nely: 7, nelz: 3 }, [[0, 0, 0], [5, 7, 0]]],
    ['6×3×1 (a kept node at x = 3, a side of 1)', { nelx: 6, nely: 3, nelz: 1 }, [[3, 0, 0]]],
  ];
  const dofs = 3;

  for (const [name, fineG, keep] of cases) {
    it(`${name}: prolongation adds P·c (the hat-function weights entry by entry) and restriction is exactly its transpose`, () => {
      const cg = coarsenGrid(fineG, keep);
      const fn = nodes(fineG), cn = nodes(cg.coarse);
      const t1 = transferScratch(cg), t2 = transferScratch(cg);
      const c = Float64Array.from({ length: dofs * cn[0] * cn[1] * cn[2] }, (_, i) => Math.sin(1 + i));
      const base = Float64Array.from({ length: dofs * fn[0] * fn[1] * fn[2] }, (_, i) => Math.cos(i));
      const f = base.slice();
      transfer(cg, f, c, 'prolong', t1, t2, dofs);
      const r = Float64Array.from({ length: f.length }, (_, i) => Math.cos(3 * i + 2));
      const rc = new Float64Array(c.length).fill(7);
      transfer(cg, r, rc, 'restrict', t1, t2, dofs);
      for (let x = 0; x < fn[0]; x++) for (let y = 0; y < fn[1]; y++) for (let z = 0; z < fn[2]; z++) {
        for (let d = 0; d < dofs; d++) {
          let want = base[dofs * idx(fn, x, y, z) + d];
          for (let X = 0; X < cn[0]; X++) for (let Y = 0; Y < cn[1]; Y++) for (let Z = 0; Z < cn[2]; Z++) want += P(cg, [x, y, z], [X, Y, Z]) * c[dofs * idx(cn, X, Y, Z) + d];
          expect(f[dofs * idx(fn, x, y, z) + d]).toBeCloseTo(want, 13);
        }
      }
      for (let X = 0; X < cn[0]; X++) for (let Y = 0; Y < cn[1]; Y++) for (let Z = 0; Z < cn[2]; Z++) {
        for (let d = 0; d < dofs; d++) {
          let want = 0;
          for (let x = 0; x < fn[0]; x++) for (let y = 0; y < fn[1]; y++) for (let z = 0; z < fn[2]; z++) want += P(cg, [x, y, z], [X, Y, Z]) * r[dofs * idx(fn, x, y, z) + d];
          expect(rc[dofs * idx(cn, X, Y, Z) + d]).toBeCloseTo(want, 13);
        }
      }
      // adjointness as one identity: ⟨P c, r⟩ = ⟨c, Pᵀ r⟩
      const pc = new Float64Array(f.length);
      transfer(cg, pc, c, 'prolong', t1, t2, dofs);
      let lhs = 0, rhs = 0;
      for (let i = 0; i < pc.length; i++) lhs += pc[i] * r[i];
      for (let i = 0; i < c.length; i++) rhs += c[i] * rc[i];
      expect(Math.abs(lhs - rhs)).toBeLessThan(1e-12 * Math.abs(lhs));
    });

    it(`${name}: reproduces a trilinear field (coarse values of u = 1 + x − 2y + 3z + xyz at the coarse node positions prolong to u at every fine node)`, () => {
      const cg = coarsenGrid(fineG, keep);
      const fn = nodes(fineG), cn = nodes(cg.coarse);
      const u = (x: number, y: number, z: number) => 1 + x - 2 * y + 3 * z + x * y * z;
      const c = new Float64Array(cn[0] * cn[1] * cn[2]);
      for (let X = 0; X < cn[0]; X++) for (let Y = 0; Y < cn[1]; Y++) for (let Z = 0; Z < cn[2]; Z++) c[idx(cn, X, Y, Z)] = u(cg.at[0][X], cg.at[1][Y], cg.at[2][Z]);
      const f = new Float64Array(fn[0] * fn[1] * fn[2]);
      transfer(cg, f, c, 'prolong', transferScratch(cg, 1), transferScratch(cg, 1), 1);
      // span{1, x, y, z, xy, yz, zx, xyz} is what trilinear interpolation reproduces: every fine node gets u
      for (let x = 0; x < fn[0]; x++) for (let y = 0; y < fn[1]; y++) for (let z = 0; z < fn[2]; z++) expect(f[idx(fn, x, y, z)]).toBeCloseTo(u(x, y, z), 12);
    });
  }
});
