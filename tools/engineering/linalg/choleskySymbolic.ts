/**
 * Symbolic analysis for the supernodal multifrontal Cholesky factorization P A Pᵀ = L Lᵀ.
 *
 * Done once per sparsity pattern: fill-reducing ordering, elimination tree, supernodes, and every
 * index map the numeric phase needs (where each entry of A lands in L, where each child's update
 * matrix lands in its parent's front, where update matrices live on the stack), so the numeric
 * factorization only does arithmetic.
 *
 * Legend: perm[k] = original row placed at position k (iperm is its inverse); supernode s owns
 * columns f…l (k = l-f+1) and rows rowIdx[rowPtr[s]…] (h of them, m = h-k below the diagonal
 * block); its panel of L is h×k column-major at Lx[panelOff[s]…]; its update matrix U (m×m) is
 * built at stack offset uTmp[s] and moved down to uOff[s] for its parent to assemble.
 */
import type { CsrPattern } from './csrPattern.ts';
import { compressPattern, validatePattern } from './nodeGraph.ts';
import { nestedDissection } from './nestedDissection.ts';
import { permutedEliminationTree, postorder, columnCounts, relabelTree } from './eliminationTree.ts';
import { buildSupernodes, defaultRelax, type RelaxOptions, type SupernodePartition } from './supernodes.ts';
import { InputError } from '../../errors.ts';
import type { ParallelPlan } from './parallelPlan.ts';

export interface AnalyzeOptions {
  /** coordDims per row (x, y[, z]): enables geometric nested dissection. */
  coords?: Float64Array;
  /** Coordinates per row: 2 (default) or 3. */
  coordDims?: 2 | 3;
  /** Ordering leaves: node sets up to this size are not dissected further. */
  leafSize?: number;
  relax?: RelaxOptions;
  /** 2: factor the two halves of the assembly tree on two threads when it pays (default 1). */
  threads?: number;
  /** Smallest factorization flops for which threads: 2 is used (default in parallelPlan.ts). */
  parallelMinFlops?: number;
  /** Numeric kernels: 'wasm' (default, WebAssembly SIMD) or 'js' (the TypeScript kernels; bitwise the same results). */
  kernels?: 'wasm' | 'js';
}

export interface CholeskySymbolic extends SupernodePartition {
  n: number;
  /** Number of entries of the input pattern (values.length must equal it). */
  nnzA: number;
  perm: Int32Array;
  iperm: Int32Array;
  panelOff: Int32Array;
  /** Entries of A copied into supernode s's panel: values[scatterSrc[t]] → Lx[scatterDst[t]], t in scatterPtr[s] … scatterPtr[s+1]. */
  scatterPtr: Int32Array;
  scatterSrc: Int32Array;
  scatterDst: Int32Array;
  /** Positions in the parent's row list of each supernode's below-diagonal rows. */
  relPtr: Int32Array;
  rel: Int32Array;
  uOff: Int32Array;
  uTmp: Int32Array;
  /** Children of each supernode, ascending: childIdx[childPtr[s] … childPtr[s+1]). */
  childPtr: Int32Array;
  childIdx: Int32Array;
  stackSize: number;
  /** Stored entries of L (explicit zeros of relaxed supernodes included). */
  nnzL: number;
  /** Floating-point operations of one numeric factorization (multiply-adds count 2). */
  flops: number;
  /** Two-thread schedule (analyze with threads: 2), or null for the serial sweep. */
  parallel: ParallelPlan | null;
  /** Numeric kernels of the factors (analyze() sets it; absent = 'wasm'). */
  kernels?: 'wasm' | 'js';
}

interface PermutedPattern extends CsrPattern {
  /** src[p] = index in the original colIdx of permuted entry p. */
  src: Int32Array;
}

function permutePattern(A: CsrPattern, perm: Int32Array, iperm: Int32Array): PermutedPattern {
  const n = A.n;
  const rowPtr = new Int32Array(n + 1);
  for (let k = 0; k < n; k++) rowPtr[k + 1] = rowPtr[k] + A.rowPtr[perm[k] + 1] - A.rowPtr[perm[k]];
  const colIdx = new Int32Array(A.colIdx.length);
  const src = new Int32Array(A.colIdx.length);
  for (let k = 0; k < n; k++) {
    let t = rowPtr[k];
    for (let p = A.rowPtr[perm[k]]; p < A.rowPtr[perm[k] + 1]; p++) {
      colIdx[t] = iperm[A.colIdx[p]];
      src[t++] = p;
    }
  }
  return { n, rowPtr, colIdx, src };
}

function inverse(perm: Int32Array): Int32Array {
  const inv = new Int32Array(perm.length);
  for (let k = 0; k < perm.length; k++) inv[perm[k]] = k;
  return inv;
}

/** Nested-dissection order of the DOFs (each node's DOFs kept together). */
function fillReducingOrder(A: CsrPattern, opts: AnalyzeOptions): Int32Array {
  const g = compressPattern(A);
  let nodeCoords: Float64Array | undefined;
  const dims = opts.coordDims ?? 2;
  if (opts.coords) {
    if (opts.coords.length !== dims * A.n) {
      throw new InputError(`opts.coords must hold ${dims} numbers per row (${dims * A.n}), got ${opts.coords.length}`, {
        field: 'coords',
      });
    }
    nodeCoords = new Float64Array(dims * g.nNodes);
    for (let v = 0; v < g.nNodes; v++) {
      for (let d = 0; d < dims; d++) nodeCoords[dims * v + d] = opts.coords[dims * g.nodeStart[v] + d];
    }
  }
  const order = nestedDissection(g, { coords: nodeCoords, dims, leafSize: opts.leafSize });
  const perm = new Int32Array(A.n);
  let k = 0;
  for (const v of order) for (let i = g.nodeStart[v]; i < g.nodeStart[v + 1]; i++) perm[k++] = i;
  return perm;
}

export function buildSymbolic(A: CsrPattern, opts: AnalyzeOptions = {}): CholeskySymbolic {
  validatePattern(A);
  const perm0 = fillReducingOrder(A, opts);
  const parent0 = permutedEliminationTree(A, perm0, inverse(perm0));
  const post = postorder(parent0);
  const perm = post.map((k) => perm0[k]);
  const iperm = inverse(perm);
  const PA = permutePattern(A, perm, iperm);
  // A postorder renames the tree without changing it: no second elimination-tree pass.
  const parent = relabelTree(parent0, post);
  const colCount = columnCounts(PA, parent);
  const sn = buildSupernodes(PA, parent, colCount, opts.relax ?? defaultRelax);
  return { ...sn, ...planNumeric(PA, sn), n: A.n, nnzA: A.colIdx.length, perm, iperm, parallel: null };
}

type NumericPlan = Omit<CholeskySymbolic, keyof SupernodePartition | 'n' | 'nnzA' | 'perm' | 'iperm' | 'parallel'>;

function planNumeric(PA: PermutedPattern, sn: SupernodePartition): NumericPlan {
  const { nSuper, superStart, superParent, rowPtr, rowIdx } = sn;
  const panelOff = new Int32Array(nSuper + 1);
  const relPtr = new Int32Array(nSuper + 1);
  let flops = 0;
  for (let s = 0; s < nSuper; s++) {
    const k = superStart[s + 1] - superStart[s];
    const h = rowPtr[s + 1] - rowPtr[s];
    panelOff[s + 1] = panelOff[s] + h * k;
    relPtr[s + 1] = relPtr[s] + h - k;
    for (let j = 0; j < k; j++) flops += (h - j) * (h - j);
  }
  const childPtr = new Int32Array(nSuper + 1);
  for (let s = 0; s < nSuper; s++) if (superParent[s] !== -1) childPtr[superParent[s] + 1]++;
  for (let s = 0; s < nSuper; s++) childPtr[s + 1] += childPtr[s];
  const childIdx = new Int32Array(childPtr[nSuper]);
  const fillPos = childPtr.slice(0, nSuper);
  for (let s = 0; s < nSuper; s++) if (superParent[s] !== -1) childIdx[fillPos[superParent[s]]++] = s;

  const scatterPtr = new Int32Array(nSuper + 1);
  let scatterSrc = new Int32Array(PA.colIdx.length);
  let scatterDst = new Int32Array(PA.colIdx.length);
  const rel = new Int32Array(relPtr[nSuper]);
  const pos = new Int32Array(PA.n);
  for (let s = 0; s < nSuper; s++) {
    const f = superStart[s];
    const h = rowPtr[s + 1] - rowPtr[s];
    for (let q = rowPtr[s]; q < rowPtr[s + 1]; q++) pos[rowIdx[q]] = q - rowPtr[s];
    for (let j = f; j < superStart[s + 1]; j++) {
      for (let p = PA.rowPtr[j]; p < PA.rowPtr[j + 1]; p++) {
        const i = PA.colIdx[p];
        if (i < j) continue;
        scatterSrc[scatterPtr[s + 1]] = PA.src[p];
        scatterDst[scatterPtr[s + 1]++] = panelOff[s] + (j - f) * h + pos[i];
      }
    }
    if (s + 1 < nSuper) scatterPtr[s + 2] = scatterPtr[s + 1];
    for (let t = childPtr[s]; t < childPtr[s + 1]; t++) {
      const c = childIdx[t];
      const kc = superStart[c + 1] - superStart[c];
      for (let q = rowPtr[c] + kc; q < rowPtr[c + 1]; q++) rel[relPtr[c] + q - rowPtr[c] - kc] = pos[rowIdx[q]];
    }
  }
  scatterSrc = scatterSrc.slice(0, scatterPtr[nSuper]);
  scatterDst = scatterDst.slice(0, scatterPtr[nSuper]);
  return { panelOff, scatterPtr, scatterSrc, scatterDst, relPtr, rel, childPtr, childIdx, ...planStack(sn, childPtr, childIdx), nnzL: panelOff[nSuper], flops };
}

/** Simulates the update-matrix stack of the postordered multifrontal sweep. */
function planStack(sn: SupernodePartition, childPtr: Int32Array, childIdx: Int32Array) {
  const { nSuper, superStart, rowPtr } = sn;
  const uOff = new Int32Array(nSuper);
  const uTmp = new Int32Array(nSuper);
  let top = 0;
  let stackSize = 0;
  for (let s = 0; s < nSuper; s++) {
    const m = rowPtr[s + 1] - rowPtr[s] - (superStart[s + 1] - superStart[s]);
    const base = childPtr[s + 1] > childPtr[s] ? uOff[childIdx[childPtr[s]]] : top;
    uTmp[s] = top;
    stackSize = Math.max(stackSize, top + m * m);
    uOff[s] = base;
    top = base + m * m;
  }
  return { uOff, uTmp, stackSize };
}
