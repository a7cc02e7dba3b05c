/**
 * Elimination tree, postorder and column counts of the Cholesky factor L of a symmetric pattern.
 *
 * Legend: A = symmetric pattern in CSR (both triangles, already permuted); parent[j] = the
 * elimination-tree parent of column j (-1 for a root), i.e. the row of the first off-diagonal
 * nonzero of column j of L; colCount[j] = nonzeros of column j of L, diagonal included.
 */

export interface SymPattern {
  n: number;
  rowPtr: Int32Array;
  colIdx: Int32Array;
}

/** Liu's algorithm with path compression: O(nnz(A) · α). */
export function eliminationTree(A: SymPattern): Int32Array {
  const { n, rowPtr, colIdx } = A;
  const parent = new Int32Array(n).fill(-1);
  const ancestor = new Int32Array(n).fill(-1);
  for (let k = 0; k < n; k++) {
    for (let p = rowPtr[k]; p < rowPtr[k + 1]; p++) {
      let i = colIdx[p];
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
 * Column counts by traversing each row subtree of the elimination tree: row i of L has a
 * nonzero in every column on the tree paths from the columns k < i of row i of A up to i.
 * O(nnz(L)) time, which is fine for a once-per-pattern analysis.
 */
export function columnCounts(A: SymPattern, parent: Int32Array): Int32Array {
  const { n, rowPtr, colIdx } = A;
  const count = new Int32Array(n).fill(1);
  const mark = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    mark[i] = i;
    for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
      let j = colIdx[p];
      if (j >= i) continue;
      while (mark[j] !== i) {
        count[j]++;
        mark[j] = i;
        j = parent[j];
      }
    }
  }
  return count;
}
