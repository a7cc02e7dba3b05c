/**
 * Everything invariant in a Beams2D run, built once (top88 l.3–44): element matrix, DOF map,
 * supports, load, the sparsity pattern of the reduced stiffness matrix with a scatter map from
 * element entries to CSR slots, and the density filter.
 *
 * Legend: nelx, nely grid size; e = elx·nely + ely element index (column-major);
 * node n = (nely+1)·elx + ely (ely = 0 at the top), DOFs 2n (x) and 2n+1 (y);
 * KE element matrix; edofMat 8 DOFs per element; free/fixed DOFs; f reduced load vector.
 */
import { elementStiffness } from '../fem/q4PlaneStress.ts';
import { createFilter, type DensityFilter } from './filter.ts';

export interface SparsePattern {
  readonly n: number;
  /** Full symmetric pattern (both triangles), sorted columns per row. */
  readonly rowPtr: Int32Array;
  readonly colIdx: Int32Array;
}

export interface Beams2DSetup {
  readonly nelx: number;
  readonly nely: number;
  readonly nel: number;
  readonly ndof: number;
  readonly KE: Float64Array;
  readonly edofMat: Int32Array;
  readonly fixed: Int32Array;
  readonly free: Int32Array;
  /** Full DOF → reduced index, −1 for fixed DOFs. */
  readonly dofToFree: Int32Array;
  /** Full-DOF index of the unit load (may be a fixed DOF: then the load is dropped, as in EngiBench). */
  readonly loadDof: number;
  /** Reduced load vector f_f. */
  readonly f: Float64Array;
  readonly pattern: SparsePattern;
  /** CSR slot of KE entry (i, j) of element e at [e·64 + i·8 + j]; −1 when a DOF is fixed. */
  readonly scatter: Int32Array;
  /** Node coordinates (x = elx, y = ely) of each reduced DOF, 2 per row, for geometric orderings. */
  readonly coords: Float64Array;
  readonly filter: DensityFilter;
}

export interface SetupParams {
  nelx: number;
  nely: number;
  forcedist: number;
  rmin: number;
}

/** EngiBench's load DOF, evaluated left to right in float64, then truncated (incl. the mid-height quirk). */
export function loadDofIndex(forcedist: number, nelx: number, nely: number): number {
  return Math.trunc(1 + 2 * forcedist * nelx * (nely + 1));
}

/** Element DOF map, 88-line convention: [2n1+2, 2n1+3, 2n2+2, 2n2+3, 2n2, 2n2+1, 2n1, 2n1+1]. */
export function elementDofs(nelx: number, nely: number): Int32Array {
  const edofMat = new Int32Array(nelx * nely * 8);
  for (let elx = 0; elx < nelx; elx++) {
    for (let ely = 0; ely < nely; ely++) {
      const o = (elx * nely + ely) * 8;
      const n1 = (nely + 1) * elx + ely;
      const n2 = (nely + 1) * (elx + 1) + ely;
      edofMat[o] = 2 * n1 + 2;
      edofMat[o + 1] = 2 * n1 + 3;
      edofMat[o + 2] = 2 * n2 + 2;
      edofMat[o + 3] = 2 * n2 + 3;
      edofMat[o + 4] = 2 * n2;
      edofMat[o + 5] = 2 * n2 + 1;
      edofMat[o + 6] = 2 * n1;
      edofMat[o + 7] = 2 * n1 + 1;
    }
  }
  return edofMat;
}

/** Fixed DOFs: x of every left-edge node (symmetry) and the last DOF (roller, bottom-right y). */
export function fixedDofs(nely: number, ndof: number): Int32Array {
  const fixed: number[] = [];
  for (let d = 0; d <= 2 * nely; d += 2) fixed.push(d);
  fixed.push(ndof - 1);
  return Int32Array.from(fixed);
}

/** Neighbour slots per reduced DOF: 3×3 neighbour nodes (dx, dy ∈ −1…1) × 2 components. */
const NB = 18;

/** Neighbour slot of node offset (dx, dy) and component c. */
const nbSlot = (dx: number, dy: number, c: number): number => ((dx + 1) * 3 + dy + 1) * 2 + c;

/** Node offset (x, y) of each of an element's 8 DOFs from its (elx, ely) corner (elementDofs order). */
const LOCAL_DX = [0, 0, 1, 1, 1, 1, 0, 0];
const LOCAL_DY = [1, 1, 1, 1, 0, 0, 0, 0];

/** nbSlot of DOF j seen from DOF i of the same element, for the 64 (i, j) pairs. */
const PAIR_SLOT = Int32Array.from({ length: 64 }, (_, ij) => {
  const i = ij >> 3;
  const j = ij & 7;
  return nbSlot(LOCAL_DX[j] - LOCAL_DX[i], LOCAL_DY[j] - LOCAL_DY[i], j & 1);
});

/**
 * Pattern of the reduced K: two DOFs couple when their nodes share an element, i.e. when the nodes
 * are at most one step apart in x and in y. Visiting neighbours column by column, top to bottom,
 * yields the columns already sorted. Also returns, per reduced row r, the CSR slot of each
 * neighbour DOF at slotOf[r·NB + nbSlot(dx, dy, c)] (−1: outside the grid or fixed).
 */
function reducedPattern(nelx: number, nely: number, dofToFree: Int32Array, n: number): { pattern: SparsePattern; slotOf: Int32Array } {
  const ny1 = nely + 1;
  const rowPtr = new Int32Array(n + 1);
  const cols = new Int32Array(n * NB);
  const slotOf = new Int32Array(n * NB).fill(-1);
  let r = 0;
  let nnz = 0;
  for (let d = 0; d < dofToFree.length; d++) {
    if (dofToFree[d] < 0) continue;
    const node = d >> 1;
    const cx = Math.floor(node / ny1);
    const cy = node % ny1;
    for (let x = Math.max(cx - 1, 0); x <= Math.min(cx + 1, nelx); x++) {
      for (let y = Math.max(cy - 1, 0); y <= Math.min(cy + 1, nely); y++) {
        const m = x * ny1 + y;
        const base = r * NB + nbSlot(x - cx, y - cy, 0);
        const c0 = dofToFree[2 * m];
        const c1 = dofToFree[2 * m + 1];
        if (c0 >= 0) {
          slotOf[base] = nnz;
          cols[nnz++] = c0;
        }
        if (c1 >= 0) {
          slotOf[base + 1] = nnz;
          cols[nnz++] = c1;
        }
      }
    }
    rowPtr[++r] = nnz;
  }
  return { pattern: { n, rowPtr, colIdx: cols.slice(0, nnz) }, slotOf };
}

/** CSR slot of every element-matrix entry: a table lookup per entry (the pattern holds every element coupling). */
function scatterMap(edofMat: Int32Array, dofToFree: Int32Array, slotOf: Int32Array): Int32Array {
  const nel = edofMat.length / 8;
  const scatter = new Int32Array(nel * 64).fill(-1);
  for (let e = 0; e < nel; e++) {
    for (let i = 0; i < 8; i++) {
      const r = dofToFree[edofMat[e * 8 + i]];
      if (r < 0) continue;
      const o = e * 64 + i * 8;
      for (let j = 0; j < 8; j++) scatter[o + j] = slotOf[r * NB + PAIR_SLOT[i * 8 + j]];
    }
  }
  return scatter;
}

/** Build the immutable precomputed state of one Beams2D configuration. */
export function createSetup({ nelx, nely, forcedist, rmin }: SetupParams): Beams2DSetup {
  const nel = nelx * nely;
  const ndof = 2 * (nelx + 1) * (nely + 1);
  const edofMat = elementDofs(nelx, nely);
  const fixed = fixedDofs(nely, ndof);
  const dofToFree = new Int32Array(ndof).fill(0);
  for (const d of fixed) dofToFree[d] = -1;
  const freeList: number[] = [];
  for (let d = 0; d < ndof; d++) if (dofToFree[d] === 0) dofToFree[d] = freeList.push(d) - 1;
  const free = Int32Array.from(freeList);
  const n = free.length;
  const loadDof = loadDofIndex(forcedist, nelx, nely);
  const f = new Float64Array(n);
  if (loadDof >= 0 && loadDof < ndof && dofToFree[loadDof] >= 0) f[dofToFree[loadDof]] = -1;
  const coords = new Float64Array(2 * n);
  for (let r = 0; r < n; r++) {
    const node = free[r] >> 1;
    coords[2 * r] = Math.floor(node / (nely + 1));
    coords[2 * r + 1] = node % (nely + 1);
  }
  const { pattern, slotOf } = reducedPattern(nelx, nely, dofToFree, n);
  return {
    nelx, nely, nel, ndof,
    KE: elementStiffness(),
    edofMat, fixed, free, dofToFree, loadDof, f, pattern,
    scatter: scatterMap(edofMat, dofToFree, slotOf),
    coords,
    filter: createFilter(nelx, nely, rmin),
  };
}
