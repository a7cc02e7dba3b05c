/**
 * Supernode partition of the Cholesky factor and the row structure of each supernode.
 *
 * A supernode is a run of contiguous columns f…l of L whose nonzero rows below the diagonal
 * block coincide, so the supernode is stored as one dense panel. Fundamental supernodes are
 * merged with their parent ("relaxed amalgamation") when the explicit zeros this adds stay small,
 * which trades a few extra flops for bigger dense kernels.
 *
 * Legend: parent, colCount = elimination tree and column counts of L (postordered);
 * k = columns of a supernode, m = rows below its diagonal block; Z = explicit zeros stored.
 */
import type { CsrPattern } from './csrPattern.ts';

export interface SupernodePartition {
  nSuper: number;
  /** First column of supernode s is superStart[s]; length nSuper+1. */
  superStart: Int32Array;
  /** Parent supernode in the assembly tree, -1 for a root. */
  superParent: Int32Array;
  /** Rows of supernode s: rowIdx[rowPtr[s] … rowPtr[s+1]), its own columns first, ascending. */
  rowPtr: Int32Array;
  rowIdx: Int32Array;
}

export interface RelaxOptions {
  /** Always merge while the merged supernode has at most this many columns. */
  smallCols: number;
  /** [maxCols, maxZeroFraction] pairs tried in order; the last pair is used beyond them. */
  rules: Array<[number, number]>;
}

export const defaultRelax: RelaxOptions = {
  smallCols: 4,
  rules: [
    [16, 0.8],
    [48, 0.1],
    [Infinity, 0.05],
  ],
};

const entries = (k: number, m: number): number => (k * (k + 1)) / 2 + k * m;

function fundamentalStarts(parent: Int32Array, colCount: Int32Array): number[] {
  const n = parent.length;
  const childCount = new Int32Array(n);
  for (let j = 0; j < n; j++) if (parent[j] !== -1) childCount[parent[j]]++;
  const starts: number[] = [];
  for (let j = 0; j < n; j++) {
    const chained = j > 0 && parent[j - 1] === j && colCount[j - 1] === colCount[j] + 1 && childCount[j] === 1;
    if (!chained) starts.push(j);
  }
  return starts;
}

function allowMerge(relax: RelaxOptions, k: number, zeroFraction: number): boolean {
  if (k <= relax.smallCols) return true;
  for (const [maxCols, maxZero] of relax.rules) if (k <= maxCols) return zeroFraction < maxZero;
  return false;
}

/** Merges fundamental supernode j into its parent j+1 top-down; returns the merged starts. */
function amalgamate(starts: number[], parent: Int32Array, colCount: Int32Array, relax: RelaxOptions): number[] {
  const ns = starts.length;
  const n = parent.length;
  const snOf = new Int32Array(n);
  for (let s = 0; s < ns; s++) snOf.fill(s, starts[s], s + 1 < ns ? starts[s + 1] : n);
  const gK = new Float64Array(ns);
  const gM = new Float64Array(ns);
  const gZ = new Float64Array(ns);
  const merged = new Uint8Array(ns);
  for (let s = 0; s < ns; s++) {
    const last = (s + 1 < ns ? starts[s + 1] : n) - 1;
    gK[s] = last - starts[s] + 1;
    gM[s] = colCount[last] - 1;
  }
  for (let j = ns - 2; j >= 0; j--) {
    const last = starts[j + 1] - 1;
    if (parent[last] === -1 || snOf[parent[last]] !== j + 1) continue;
    const K = gK[j + 1] + gK[j];
    const M = gM[j + 1];
    const Z = gZ[j + 1] + entries(K, M) - entries(gK[j + 1], M) - entries(gK[j], gM[j]);
    if (!allowMerge(relax, K, Z / entries(K, M))) continue;
    merged[j + 1] = 1;
    gK[j] = K;
    gM[j] = M;
    gZ[j] = Z;
  }
  return starts.filter((_, s) => merged[s] === 0);
}

/** Builds the relaxed supernode partition and the row structure of every supernode. */
export function buildSupernodes(
  A: CsrPattern,
  parent: Int32Array,
  colCount: Int32Array,
  relax: RelaxOptions = defaultRelax,
): SupernodePartition {
  const n = A.n;
  const starts = amalgamate(fundamentalStarts(parent, colCount), parent, colCount, relax);
  const nSuper = starts.length;
  const superStart = new Int32Array(nSuper + 1);
  superStart.set(starts);
  superStart[nSuper] = n;
  const snOf = new Int32Array(n);
  for (let s = 0; s < nSuper; s++) snOf.fill(s, superStart[s], superStart[s + 1]);
  const superParent = new Int32Array(nSuper);
  const rowPtr = new Int32Array(nSuper + 1);
  for (let s = 0; s < nSuper; s++) {
    const f = superStart[s];
    const l = superStart[s + 1] - 1;
    superParent[s] = parent[l] === -1 ? -1 : snOf[parent[l]];
    rowPtr[s + 1] = rowPtr[s] + (l - f + 1) + colCount[l] - 1;
  }
  const rowIdx = fillRowStructure(A, superStart, superParent, rowPtr);
  return { nSuper, superStart, superParent, rowPtr, rowIdx };
}

/** Row structure of each supernode: A's rows below it, plus the rows its children pass up. */
function fillRowStructure(
  A: CsrPattern,
  superStart: Int32Array,
  superParent: Int32Array,
  rowPtr: Int32Array,
): Int32Array {
  const nSuper = superParent.length;
  const rowIdx = new Int32Array(rowPtr[nSuper]);
  const mark = new Int32Array(A.n).fill(-1);
  const head = new Int32Array(nSuper).fill(-1);
  const next = new Int32Array(nSuper).fill(-1);
  for (let c = nSuper - 1; c >= 0; c--) {
    const p = superParent[c];
    if (p !== -1) {
      next[c] = head[p];
      head[p] = c;
    }
  }
  for (let s = 0; s < nSuper; s++) {
    const f = superStart[s];
    const l = superStart[s + 1] - 1;
    let t = rowPtr[s];
    for (let j = f; j <= l; j++) rowIdx[t++] = j;
    const below = t;
    for (let j = f; j <= l; j++) {
      for (let p = A.rowPtr[j]; p < A.rowPtr[j + 1]; p++) {
        const i = A.colIdx[p];
        if (i > l && mark[i] !== s) {
          mark[i] = s;
          rowIdx[t++] = i;
        }
      }
    }
    for (let c = head[s]; c !== -1; c = next[c]) {
      const cBelow = rowPtr[c] + superStart[c + 1] - superStart[c];
      for (let p = cBelow; p < rowPtr[c + 1]; p++) {
        const i = rowIdx[p];
        if (i > l && mark[i] !== s) {
          mark[i] = s;
          rowIdx[t++] = i;
        }
      }
    }
    if (t !== rowPtr[s + 1]) throw new Error(`supernode ${s}: structure has ${t - rowPtr[s]} rows, expected ${rowPtr[s + 1] - rowPtr[s]}`);
    rowIdx.subarray(below, t).sort();
  }
  return rowIdx;
}
