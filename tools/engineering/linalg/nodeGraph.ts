/**
 * Compression of a symmetric sparsity pattern into a node graph.
 *
 * FE matrices carry several DOFs per mesh node (2 for plane stress), and those rows have
 * identical patterns. Grouping consecutive identical rows into one node shrinks the graph the
 * ordering works on and keeps each node's DOFs together, so they form dense supernode columns.
 *
 * Legend: n = number of rows (DOFs); A = the pattern (CSR, both triangles, sorted columns);
 * node v owns the DOFs nodeStart[v] … nodeStart[v+1]-1; adj = node adjacency without self loops.
 */
import { InputError } from '../../errors.ts';
import type { CsrPattern } from './csrPattern.ts';

export interface NodeGraph {
  nNodes: number;
  /** DOF range of each node: nodeStart[v] … nodeStart[v+1]-1 (length nNodes+1). */
  nodeStart: Int32Array;
  adjPtr: Int32Array;
  adj: Int32Array;
}

/** Checks shape, index range and sorted, duplicate-free columns of a CSR pattern. */
export function validatePattern(A: CsrPattern): void {
  const { n, rowPtr, colIdx } = A;
  if (!Number.isInteger(n) || n < 0) {
    throw new InputError(`pattern.n must be a non-negative integer, got ${n}`, { field: 'pattern.n' });
  }
  if (rowPtr.length !== n + 1 || rowPtr[0] !== 0 || rowPtr[n] !== colIdx.length) {
    throw new InputError(
      `pattern.rowPtr must have n+1 = ${n + 1} entries from 0 to colIdx.length = ${colIdx.length}, got length ${rowPtr.length}`,
      { field: 'pattern.rowPtr' },
    );
  }
  for (let i = 0; i < n; i++) {
    let prev = -1;
    if (rowPtr[i + 1] < rowPtr[i]) {
      throw new InputError(`pattern.rowPtr must be non-decreasing, row ${i} is not`, { field: 'pattern.rowPtr' });
    }
    for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
      const j = colIdx[p];
      if (!(j > prev && j < n)) {
        throw new InputError(
          `pattern.colIdx of row ${i} must be strictly increasing within [0, ${n}), got ${j} after ${prev}`,
          { field: 'pattern.colIdx' },
        );
      }
      prev = j;
    }
  }
}

function sameRow(A: CsrPattern, i: number, k: number): boolean {
  const { rowPtr, colIdx } = A;
  const len = rowPtr[i + 1] - rowPtr[i];
  if (len !== rowPtr[k + 1] - rowPtr[k]) return false;
  const a = rowPtr[i];
  const b = rowPtr[k];
  for (let t = 0; t < len; t++) if (colIdx[a + t] !== colIdx[b + t]) return false;
  return true;
}

/** Groups runs of consecutive rows with identical patterns into nodes and builds their adjacency. */
export function compressPattern(A: CsrPattern): NodeGraph {
  const { n, rowPtr, colIdx } = A;
  const starts: number[] = [];
  for (let i = 0; i < n; i++) {
    if (i === 0 || !sameRow(A, i - 1, i)) starts.push(i);
  }
  const nNodes = starts.length;
  const nodeStart = new Int32Array(nNodes + 1);
  nodeStart.set(starts);
  nodeStart[nNodes] = n;
  const nodeOf = new Int32Array(n);
  for (let v = 0; v < nNodes; v++) nodeOf.fill(v, nodeStart[v], nodeStart[v + 1]);

  const adjPtr = new Int32Array(nNodes + 1);
  const tmp = new Int32Array(Math.max(colIdx.length, 1));
  let nnz = 0;
  for (let v = 0; v < nNodes; v++) {
    const i = nodeStart[v];
    let last = -1;
    for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
      const u = nodeOf[colIdx[p]];
      if (u !== v && u !== last) tmp[nnz++] = u;
      last = u;
    }
    adjPtr[v + 1] = nnz;
  }
  return { nNodes, nodeStart, adjPtr, adj: tmp.slice(0, nnz) };
}
