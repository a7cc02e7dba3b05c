import { describe, expect, it } from 'vitest';
import { transfer, transferScratch } from '../../../tools/engineering/beams3d/gridTransfer.ts';

/** The trilinear prolongation written out entry by entry: P[f, c] = Π_axis w(f_axis, c_axis). */
const w = (i: number, c: number) => (i === 2 * c ? 1 : Math.abs(i - 2 * c) === 1 ? 0.5 : 0);
const P = (f: number[], c: number[]) => w(f[0], c[0]) * w(f[1], c[1]) * w(f[2], c[2]);

describe('beams3d multigrid grid transfer', () => {
  const fineG = { nelx: 4, nely: 6, nelz: 2 }, coarseG = { nelx: 2, nely: 3, nelz: 1 };
  const fn = [5, 7, 3] as [number, number, number], cn = [3, 4, 2] as [number, number, number];
  const dofs = 3;
  const idx = (n: [number, number, number], x: number, y: number, z: number) => (x * n[1] + y) * n[2] + z;
  const t1 = transferScratch(fineG, coarseG), t2 = transferScratch(fineG, coarseG);

  it('prolongation adds P·c (the trilinear weights entry by entry) and restriction is exactly its transpose', () => {
    const c = Float64Array.from({ length: dofs * cn[0] * cn[1] * cn[2] }, (_, i) => Math.sin(1 + i));
    const base = Float64Array.from({ length: dofs * fn[0] * fn[1] * fn[2] }, (_, i) => Math.cos(i));
    const f = base.slice();
    transfer(fineG, coarseG, f, c, 'prolong', t1, t2, dofs);
    const r = Float64Array.from({ length: f.length }, (_, i) => Math.cos(3 * i + 2));
    const rc = new Float64Array(c.length).fill(7);
    transfer(fineG, coarseG, r, rc, 'restrict', t1, t2, dofs);
    for (let x = 0; x < fn[0]; x++) for (let y = 0; y < fn[1]; y++) for (let z = 0; z < fn[2]; z++) {
      for (let d = 0; d < dofs; d++) {
        let want = base[dofs * idx(fn, x, y, z) + d];
        for (let X = 0; X < cn[0]; X++) for (let Y = 0; Y < cn[1]; Y++) for (let Z = 0; Z < cn[2]; Z++) want += P([x, y, z], [X, Y, Z]) * c[dofs * idx(cn, X, Y, Z) + d];
        expect(f[dofs * idx(fn, x, y, z) + d]).toBeCloseTo(want, 13);
      }
    }
    for (let X = 0; X < cn[0]; X++) for (let Y = 0; Y < cn[1]; Y++) for (let Z = 0; Z < cn[2]; Z++) {
      for (let d = 0; d < dofs; d++) {
        let want = 0;
        for (let x = 0; x < fn[0]; x++) for (let y = 0; y < fn[1]; y++) for (let z = 0; z < fn[2]; z++) want += P([x, y, z], [X, Y, Z]) * r[dofs * idx(fn, x, y, z) + d];
        expect(rc[dofs * idx(cn, X, Y, Z) + d]).toBeCloseTo(want, 13);
      }
    }
  });

  it('reproduces a trilinear field: the coarse nodal values of u = 1 + x − 2y + 3z + xyz prolong to u at every fine node', () => {
    const u = (x: number, y: number, z: number) => 1 + x - 2 * y + 3 * z + x * y * z;
    const c = new Float64Array(cn[0] * cn[1] * cn[2]);
    for (let X = 0; X < cn[0]; X++) for (let Y = 0; Y < cn[1]; Y++) for (let Z = 0; Z < cn[2]; Z++) c[idx(cn, X, Y, Z)] = u(2 * X, 2 * Y, 2 * Z);
    const f = new Float64Array(fn[0] * fn[1] * fn[2]);
    const s1 = transferScratch(fineG, coarseG, 1), s2 = transferScratch(fineG, coarseG, 1);
    transfer(fineG, coarseG, f, c, 'prolong', s1, s2, 1);
    // span{1, x, y, z, xy, yz, zx, xyz} is what trilinear interpolation reproduces: every fine node gets u
    for (let x = 0; x < fn[0]; x++) for (let y = 0; y < fn[1]; y++) for (let z = 0; z < fn[2]; z++) expect(f[idx(fn, x, y, z)]).toBeCloseTo(u(x, y, z), 12);
  });
});
