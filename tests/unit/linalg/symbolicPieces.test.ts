/**
 * Pieces of the symbolic analysis against slow reference versions: column counts (Gilbert–Ng–Peyton)
 * against an explicit symbolic factorization, the elimination tree of P A Pᵀ formed on the fly and
 * relabelled by a postorder, and geometric nested dissection's histogram median (integer
 * coordinates) against its quickselect path (the same coordinates halved and shifted by 1/4, exactly, off the grid).
 */
import { describe, expect, it } from 'vitest';
import { buildSymbolic } from '../../../tools/engineering/linalg/choleskySymbolic.ts';
import {
  columnCounts,
  eliminationTree,
  permutedEliminationTree,
  postorder,
  relabelTree,
} from '../../../tools/engineering/linalg/eliminationTree.ts';
import type { CsrPattern } from '../../../tools/engineering/linalg/csrPattern.ts';
import { q4Grid, randomSpd } from './testMatrices.ts';

/** Column counts by forming the rows of L: row i = union of the tree paths from A's columns j < i up to i. */
function referenceCounts(A: CsrPattern, parent: Int32Array): Int32Array {
  const cols: Array<Set<number>> = Array.from({ length: A.n }, (_, j) => new Set([j]));
  for (let i = 0; i < A.n; i++) {
    for (let p = A.rowPtr[i]; p < A.rowPtr[i + 1]; p++) {
      for (let j = A.colIdx[p]; j !== -1 && j < i; j = parent[j]) cols[j].add(i);
    }
  }
  return Int32Array.from(cols, (s) => s.size);
}

function permute(A: CsrPattern, perm: Int32Array): CsrPattern {
  const iperm = new Int32Array(A.n);
  perm.forEach((v, k) => (iperm[v] = k));
  const rowPtr = new Int32Array(A.n + 1);
  const colIdx = new Int32Array(A.colIdx.length);
  for (let k = 0; k < A.n; k++) {
    let t = rowPtr[k];
    for (let p = A.rowPtr[perm[k]]; p < A.rowPtr[perm[k] + 1]; p++) colIdx[t++] = iperm[A.colIdx[p]];
    rowPtr[k + 1] = t;
  }
  return { n: A.n, rowPtr, colIdx };
}

function shuffled(n: number, seed: number): Int32Array {
  const perm = Int32Array.from({ length: n }, (_, i) => i);
  let s = seed;
  for (let i = n - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [perm[i], perm[j]] = [perm[j], perm[i]];
  }
  return perm;
}

const patterns: Array<[string, CsrPattern]> = [
  ['q4 grid 12x7', q4Grid(12, 7).A],
  ['random SPD n=300', randomSpd(300, 4, 7)],
  ['random SPD n=120 (forest-prone)', randomSpd(120, 1, 3)],
];

describe('symbolic analysis pieces', () => {
  for (const [name, A] of patterns) {
    it(`column counts match an explicit symbolic factorization: ${name}`, () => {
      for (const perm of [Int32Array.from({ length: A.n }, (_, i) => i), shuffled(A.n, 11)]) {
        const PA = permute(A, perm);
        const parent = eliminationTree(PA);
        expect(Array.from(columnCounts(PA, parent))).toEqual(Array.from(referenceCounts(PA, parent)));
      }
    });

    it(`elimination tree of P A Pᵀ on the fly, and relabelled by a postorder: ${name}`, () => {
      const perm = shuffled(A.n, 5);
      const iperm = new Int32Array(A.n);
      perm.forEach((v, k) => (iperm[v] = k));
      const parent = permutedEliminationTree(A, perm, iperm);
      expect(Array.from(parent)).toEqual(Array.from(eliminationTree(permute(A, perm))));
      const post = postorder(parent);
      const postPerm = post.map((k) => perm[k]);
      expect(Array.from(relabelTree(parent, post))).toEqual(Array.from(eliminationTree(permute(A, postPerm))));
    });
  }

  it('geometric nested dissection: histogram median (integer coords) gives the quickselect order (off-grid coords)', () => {
    const { A, coords } = q4Grid(37, 19);
    const onGrid = buildSymbolic(A, { coords });
    const offGrid = buildSymbolic(A, { coords: coords.map((v) => 0.5 * v + 0.25) });
    expect(Array.from(offGrid.perm)).toEqual(Array.from(onGrid.perm));
    expect(offGrid.nnzL).toBe(onGrid.nnzL);
  });
});
