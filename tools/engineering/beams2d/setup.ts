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
      const e = elx * nely + ely;
      const n1 = (nely + 1) * elx + ely;
      const n2 = (nely + 1) * (elx + 1) + ely;
      edofMat.set([2 * n1 + 2, 2 * n1 + 3, 2 * n2 + 2, 2 * n2 + 3, 2 * n2, 2 * n2 + 1, 2 * n1, 2 * n1 + 1], e * 8);
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

/**
 * Pattern of the reduced K: two DOFs couple when their nodes share an element, i.e. when the nodes
 * are at most one step apart in x and in y. Visiting neighbours column by column, top to bottom,
 * yields the columns already sorted.
 */
function reducedPattern(nelx: number, nely: number, dofToFree: Int32Array, n: number): SparsePattern {
  const ny1 = nely + 1;
  const rowPtr = new Int32Array(n + 1);
  const cols: number[] = [];
  let r = 0;
  for (let d = 0; d < dofToFree.length; d++) {
    if (dofToFree[d] < 0) continue;
    const node = d >> 1;
    const cx = Math.floor(node / ny1);
    const cy = node % ny1;
    for (let x = Math.max(cx - 1, 0); x <= Math.min(cx + 1, nelx); x++) {
      for (let y = Math.max(cy - 1, 0); y <= Math.min(cy + 1, nely); y++) {
        const m = x * ny1 + y;
        if (dofToFree[2 * m] >= 0) cols.push(dofToFree[2 * m]);
        if (dofToFree[2 * m + 1] >= 0) cols.push(dofToFree[2 * m + 1]);
      }
    }
    rowPtr[++r] = cols.length;
  }
  return { n, rowPtr, colIdx: Int32Array.from(cols) };
}

function findSlot(p: SparsePattern, r: number, c: number): number {
  let lo = p.rowPtr[r];
  let hi = p.rowPtr[r + 1] - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = p.colIdx[mid];
    if (v === c) return mid;
    if (v < c) lo = mid + 1;
    else hi = mid - 1;
  }
  throw new Error(`beams2d setup: (${r}, ${c}) missing from the sparsity pattern`);
}

function scatterMap(edofMat: Int32Array, dofToFree: Int32Array, p: SparsePattern): Int32Array {
  const nel = edofMat.length / 8;
  const scatter = new Int32Array(nel * 64).fill(-1);
  for (let e = 0; e < nel; e++) {
    for (let i = 0; i < 8; i++) {
      const r = dofToFree[edofMat[e * 8 + i]];
      if (r < 0) continue;
      for (let j = 0; j < 8; j++) {
        const c = dofToFree[edofMat[e * 8 + j]];
        if (c >= 0) scatter[e * 64 + i * 8 + j] = findSlot(p, r, c);
      }
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
  const pattern = reducedPattern(nelx, nely, dofToFree, n);
  return {
    nelx, nely, nel, ndof,
    KE: elementStiffness(),
    edofMat, fixed, free, dofToFree, loadDof, f, pattern,
    scatter: scatterMap(edofMat, dofToFree, pattern),
    coords,
    filter: createFilter(nelx, nely, rmin),
  };
}
