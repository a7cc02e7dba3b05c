/**
 * Elimination tree, postorder and column counts of the Cholesky factor L of a symmetric pattern.
 *
 * Legend: A = symmetric pattern in CSR (both triangles, already permuted); parent[j] = the
 * elimination-tree parent of column j (-1 for a root), i.e. the row of the first off-diagonal
 * nonzero of column j of L; colCount[j] = nonzeros of column j of L, diagonal included;
 * perm/iperm = a symmetric permutation (row k of P A Pᵀ is row perm[k] of A); post = a postorder.
 */

import type { CsrPattern } from './csrPattern.ts';

/** Liu's algorithm with path compression: O(nnz(A) · α). */
export function eliminationTree(A: CsrPattern): Int32Array {
  return permutedEliminationTree(A, null, null);
}

/**
 * Elimination tree of P A Pᵀ without forming it: row k of P A Pᵀ is row perm[k] of A with each
 * column c renamed iperm[c] (null, null: the identity).
 */
export function permutedEliminationTree(A: CsrPattern, perm: Int32Array | null, iperm: Int32Array | null): Int32Array {
  const { n, rowPtr, colIdx } = A;
  const parent = new Int32Array(n).fill(-1);
  const ancestor = new Int32Array(n).fill(-1);
  for (let k = 0; k < n; k++) {
    const row = perm ? perm[k] : k;
    for (let p = rowPtr[row]; p < rowPtr[row + 1]; p++) {
      let i = iperm ? iperm[colIdx[p]] : colIdx[p];
      while (i !== -1 && i < k) {
        const next = ancestor[i];
        ancestor[i] = k;
        if (next === -1) parent[i] = k;
        i = next;
      }
    }
  }
  return parent;
}

/** The same tree with its nodes renamed by a postorder: parent'[k] = ipost[parent[post[k]]]. */
export function relabelTree(parent: Int32Array, post: Int32Array): Int32Array {
  const n = parent.length;
  const ipost = new Int32Array(n);
  for (let k = 0; k < n; k++) ipost[post[k]] = k;
  const out = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const p = parent[post[k]];
    out[k] = p === -1 ? -1 : ipost[p];
  }
  return out;
}

/** Depth-first postorder (children in increasing order): post[k] = the column visited k-th. */
export function postorder(parent: Int32Array): Int32Array {
  const n = parent.length;
  const head = new Int32Array(n).fill(-1);
  const next = new Int32Array(n).fill(-1);
  for (let j = n - 1; j >= 0; j--) {
    const p = parent[j];
    if (p === -1) continue;
    next[j] = head[p];
    head[p] = j;
  }
  const post = new Int32Array(n);
  const stack = new Int32Array(n);
  let k = 0;
  for (let root = 0; root < n; root++) {
    if (parent[root] !== -1) continue;
    let top = 0;
    stack[0] = root;
    while (top >= 0) {
      const v = stack[top];
      const child = head[v];
      if (child === -1) {
        top--;
        post[k++] = v;
      } else {
        head[v] = next[child];
        stack[++top] = child;
      }
    }
  }
  return post;
}

/**
 * Column counts of L (Gilbert, Ng & Peyton 1994, as in CSparse's cs_counts): colCount[j] = the
 * number of row subtrees that contain j. Visiting the columns in postorder, each entry A(i, j),
 * i > j, that starts a new leaf of row subtree i adds 1 at j and −1 at the least common ancestor
 * of j and the previous leaf; summing these deltas up the tree gives the counts. O(nnz(A) · α).
 * Legend: first[j] = postorder number of j's first descendant; maxFirst[i], prevLeaf[i] = the
 * largest first[·] and the last leaf seen for row i; ancestor = union-find of visited subtrees.
 */
export function columnCounts(A: CsrPattern, parent: Int32Array): Int32Array {
  const { n, rowPtr, colIdx } = A;
  const post = postorder(parent);
  const count = new Int32Array(n);
  const first = new Int32Array(n).fill(-1);
  for (let k = 0; k < n; k++) {
    let j = post[k];
    count[j] = first[j] === -1 ? 1 : 0;
    for (; j !== -1 && first[j] === -1; j = parent[j]) first[j] = k;
  }
  const maxFirst = new Int32Array(n).fill(-1);
  const prevLeaf = new Int32Array(n).fill(-1);
  const ancestor = new Int32Array(n);
  for (let i = 0; i < n; i++) ancestor[i] = i;
  for (let k = 0; k < n; k++) {
    const j = post[k];
    if (parent[j] !== -1) count[parent[j]]--;
    for (let p = rowPtr[j]; p < rowPtr[j + 1]; p++) {
      const i = colIdx[p];
      if (i <= j || first[j] <= maxFirst[i]) continue;
      maxFirst[i] = first[j];
      const prev = prevLeaf[i];
      prevLeaf[i] = j;
      count[j]++;
      if (prev === -1) continue;
      let q = prev;
      while (q !== ancestor[q]) q = ancestor[q];
      for (let s = prev; s !== q; ) {
        const up = ancestor[s];
        ancestor[s] = q;
        s = up;
      }
      count[q]--;
    }
    if (parent[j] !== -1) ancestor[j] = parent[j];
  }
  for (let j = 0; j < n; j++) if (parent[j] !== -1) count[parent[j]] += count[j];
  return count;
}
