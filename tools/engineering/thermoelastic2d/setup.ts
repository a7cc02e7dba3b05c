/**
 * ThermoElastic2D mesh, boundary conditions and the reduced (free-DOF) system layouts, built once
 * per grid and reused by every FE pass (engibench.md §3.1, EngiBench `fem_setup`).
 *
 * Legend: nelx × nely elements; element e = ely·nelx + elx (the design image, row 0 at the top);
 * node n = (nely+1)·elx + ely (column-major, ely = 0 at the top); mechanical DOFs 2n (x), 2n+1 (y);
 * one thermal DOF per node. n1/n2 are the upper-left/upper-right nodes of an element:
 * edof4 = [n1+1, n2+1, n2, n1] (lower-left, lower-right, upper-right, upper-left) and
 * edof8 = the (x, y) pairs of the same nodes. A "reduced system" numbers the free DOFs 0..nf−1 in
 * increasing global order and holds the full symmetric CSR pattern of K_ff plus, for every element,
 * the CSR slot of each local entry (−1 where a row or column is fixed).
 * Conventions (checked against EngiBench's FE pass to 1e-9, tests/unit/thermoelastic2d/engibenchSimulate):
 * LCI[j] = node j (left edge, node row j), BRI[i] = (nely+1)·i + nely (bottom edge, node column i);
 * point loads are +0.5 along the positive DOF axes (x to the right, y up, i.e. towards image row 0).
 */
import { InputError } from '../../errors.ts';
import { analyze, factorizeElementsSolve, planElementAssembly, type CholeskyFactor, type CholeskySymbolic, type CsrPattern, type ElementAssembly } from '../linalg/sparseCholesky.ts';
import { MATERIAL, elementConductivity, elementCoupling, elementStiffness } from './elementMatrices.ts';

/** Node sets of the boundary conditions (global node numbers). */
export interface BoundaryConditions {
  /** Nodes with both displacement DOFs clamped. */
  fixedNodes: readonly number[];
  /** Nodes loaded with +0.5 in x / in y. */
  forceNodesX: readonly number[];
  forceNodesY: readonly number[];
  /** Heat-sink nodes with T = 0 (Dirichlet). */
  heatsinkNodes: readonly number[];
}

/** EngiBench's LCI[j]: the left-edge node at node row j. */
export const leftEdgeNode = (_nely: number, row: number) => row;
/** EngiBench's BRI[i]: the bottom-edge node at node column i. */
export const bottomEdgeNode = (nely: number, col: number) => (nely + 1) * col + nely;

/**
 * The v0 defaults (engibench.md §3.1), written for the 64×64 grid: clamps at left-edge rows 21/32/43,
 * a 0.5 load in x and in y at bottom column 31, heat sinks at left-edge rows 31..33.
 */
export function defaultBoundaryConditions(nely = 64): BoundaryConditions {
  return {
    fixedNodes: [21, 32, 43].map((r) => leftEdgeNode(nely, r)),
    forceNodesX: [bottomEdgeNode(nely, 31)],
    forceNodesY: [bottomEdgeNode(nely, 31)],
    heatsinkNodes: [31, 32, 33].map((r) => leftEdgeNode(nely, r)),
  };
}

/** (node column, node row) of a node. */
const nodeCoords = (node: number, nely: number): [number, number] => [Math.floor(node / (nely + 1)), node % (nely + 1)];

export interface ReducedSystem {
  /** Global DOF → free index, or −1 when fixed. */
  toFree: Int32Array;
  /** Free index → global DOF. */
  toGlobal: Int32Array;
  pattern: CsrPattern;
  /** Symbolic analysis of the shared sparse Cholesky (nested dissection on node coordinates). */
  sym: CholeskySymbolic;
  /** Per element, per local entry (row-major k×k), the CSR slot in K_ff, or −1. */
  slot: Int32Array;
  /**
   * K_ff = Σ_e s_e·Kloc assembled element by element into the factor's panels (slot as the scatter); the factor is
   * bitwise the one of `assemble` + factorize.
   */
  plan: ElementAssembly;
  /**
   * The storage of the last factorization of K_ff (its WebAssembly memory), which the next one overwrites
   * instead of allocating anew: a factor is valid until the next factorization of the same system.
   */
  storage: { factor?: CholeskyFactor };
}

export interface Setup {
  nelx: number;
  nely: number;
  nel: number;
  /** Nodes (= thermal DOFs) and mechanical DOFs. */
  nn: number;
  ndofm: number;
  edof4: Int32Array;
  edof8: Int32Array;
  KE: Float64Array;
  KEth: Float64Array;
  CEthm: Float64Array;
  bcs: BoundaryConditions;
  /** Point-load vector fp (ndofm). */
  fp: Float64Array;
  mech: ReducedSystem;
  therm: ReducedSystem;
}

function checkNodes(name: string, nodes: readonly number[], nn: number): void {
  for (const v of nodes) {
    if (!Number.isInteger(v) || v < 0 || v >= nn) throw new InputError(`thermoelastic2d: ${name} node ${v} is outside [0, ${nn - 1}]`, { field: name });
  }
}

function reducedSystem(nDof: number, fixed: Set<number>, edof: Int32Array, Kloc: Float64Array, nel: number, coordOf: (g: number) => [number, number]): ReducedSystem {
  const k = Math.round(Math.sqrt(Kloc.length));
  const toFree = new Int32Array(nDof).fill(-1);
  const toGlobal: number[] = [];
  for (let g = 0; g < nDof; g++) if (!fixed.has(g)) toFree[g] = toGlobal.push(g) - 1;
  const nf = toGlobal.length;
  const cols: Set<number>[] = Array.from({ length: nf }, () => new Set<number>());
  for (let e = 0; e < nel; e++) {
    for (let a = 0; a < k; a++) {
      const r = toFree[edof[e * k + a]];
      if (r < 0) continue;
      for (let b = 0; b < k; b++) {
        const c = toFree[edof[e * k + b]];
        if (c >= 0) cols[r].add(c);
      }
    }
  }
  const rowPtr = new Int32Array(nf + 1);
  for (let r = 0; r < nf; r++) rowPtr[r + 1] = rowPtr[r] + cols[r].size;
  const colIdx = new Int32Array(rowPtr[nf]);
  for (let r = 0; r < nf; r++) colIdx.set([...cols[r]].sort((p, q) => p - q), rowPtr[r]);
  const slot = new Int32Array(nel * k * k).fill(-1);
  for (let e = 0; e < nel; e++) {
    for (let a = 0; a < k; a++) {
      const r = toFree[edof[e * k + a]];
      if (r < 0) continue;
      for (let b = 0; b < k; b++) {
        const c = toFree[edof[e * k + b]];
        if (c < 0) continue;
        let lo = rowPtr[r];
        let hi = rowPtr[r + 1] - 1;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (colIdx[mid] < c) lo = mid + 1;
          else hi = mid;
        }
        slot[(e * k + a) * k + b] = lo;
      }
    }
  }
  const pattern = { n: nf, rowPtr, colIdx };
  const coords = new Float64Array(2 * nf);
  toGlobal.forEach((g, i) => coords.set(coordOf(g), 2 * i));
  const sym = analyze(pattern, { coords });
  return { toFree, toGlobal: Int32Array.from(toGlobal), pattern, sym, slot, plan: planElementAssembly(sym, Kloc, slot), storage: {} };
}

export function createSetup(nelx: number, nely: number, bcs: BoundaryConditions = defaultBoundaryConditions(nely)): Setup {
  if (!Number.isInteger(nelx) || !Number.isInteger(nely) || nelx < 1 || nely < 1) {
    throw new InputError(`thermoelastic2d: grid ${nelx}×${nely} must be positive integers`, { field: 'nelx' });
  }
  const nel = nelx * nely;
  const nn = (nelx + 1) * (nely + 1);
  const ndofm = 2 * nn;
  checkNodes('fixed_elements', bcs.fixedNodes, nn);
  checkNodes('force_elements_x', bcs.forceNodesX, nn);
  checkNodes('force_elements_y', bcs.forceNodesY, nn);
  checkNodes('heatsink_elements', bcs.heatsinkNodes, nn);
  if (bcs.heatsinkNodes.length === 0) throw new InputError('thermoelastic2d: at least one heat-sink node is needed (Kth is singular otherwise)', { field: 'heatsink_elements' });

  const edof4 = new Int32Array(nel * 4);
  const edof8 = new Int32Array(nel * 8);
  for (let ely = 0; ely < nely; ely++) {
    for (let elx = 0; elx < nelx; elx++) {
      const e = ely * nelx + elx;
      const n1 = (nely + 1) * elx + ely;
      const n2 = (nely + 1) * (elx + 1) + ely;
      edof4.set([n1 + 1, n2 + 1, n2, n1], e * 4);
      edof8.set([2 * n1 + 2, 2 * n1 + 3, 2 * n2 + 2, 2 * n2 + 3, 2 * n2, 2 * n2 + 1, 2 * n1, 2 * n1 + 1], e * 8);
    }
  }
  const fp = new Float64Array(ndofm);
  for (const v of bcs.forceNodesX) fp[2 * v] = MATERIAL.pointLoad;
  for (const v of bcs.forceNodesY) fp[2 * v + 1] = MATERIAL.pointLoad;
  const fixedDofs = new Set(bcs.fixedNodes.flatMap((v) => [2 * v, 2 * v + 1]));
  const KE = elementStiffness();
  const KEth = elementConductivity();
  return {
    nelx, nely, nel, nn, ndofm, edof4, edof8,
    KE, KEth, CEthm: elementCoupling(),
    bcs, fp,
    mech: reducedSystem(ndofm, fixedDofs, edof8, KE, nel, (g) => nodeCoords(g >> 1, nely)),
    therm: reducedSystem(nn, new Set(bcs.heatsinkNodes), edof4, KEth, nel, (g) => nodeCoords(g, nely)),
  };
}

/** Assembles Σ_e s_e·Kloc into the CSR values of a reduced system (k = 4 or 8); the factorization's reference. */
export function assemble(sys: ReducedSystem, scale: Float64Array, Kloc: Float64Array, k: number): Float64Array {
  const values = new Float64Array(sys.pattern.colIdx.length);
  const kk = k * k;
  for (let e = 0; e < scale.length; e++) {
    const s = scale[e];
    const base = e * kk;
    for (let q = 0; q < kk; q++) {
      const p = sys.slot[base + q];
      if (p >= 0) values[p] += s * Kloc[q];
    }
  }
  return values;
}

/**
 * Factorizes K_ff = Σ_e scale_e·Kloc (assembled into the panels, in the system's reused storage: the previous factor
 * of `sys` is overwritten) and solves K_ff·x = b along the way; b and x are over the free DOFs.
 */
export function factorizeSolveReduced(sys: ReducedSystem, scale: Float64Array, b: Float64Array, x: Float64Array): CholeskyFactor {
  sys.storage.factor = factorizeElementsSolve(sys.sym, sys.plan, scale, b, x, sys.storage.factor);
  return sys.storage.factor;
}
