/**
 * ThermoElastic3D mesh, supports, sinks, loads and the two system layouts, built once per grid (EngiBench
 * `fe_mthm_bc_3d`, engibench-3d-and-api.md §2.3). The grid, node and element numbering and the mechanical
 * pattern are Beams3D's (beams3d/setup.ts `createHex8Setup`: 3 DOFs per node, clamped DOFs as identity rows).
 * The thermal system has one DOF per node on the node graph of the same pattern; a heat-sink node keeps its
 * row and column in the pattern, gets no element contribution and 1 on the diagonal, so with a zero load
 * there its temperature solves to exactly 0 (EngiBench's identity row with fth = 0).
 *
 * Default masks (EngiBench v0): clamps (ix, iy, iz) = (0, 0, 0), (0, nely, 0), (0, nely, nelz); a 0.5 point
 * load in x, y and z at (nelx, nely, nelz); one heat sink at (nelx, nely, 0).
 * Legend: nn nodes, edof8 the 8 node ids of each element (element order e = ex·nely·nelz + ey·nelz + ez).
 */
import { analyze, type CholeskySymbolic, type CsrPattern } from '../linalg/sparseCholesky.ts';
import { createHex8Setup, nodeId, type Hex8Setup } from '../beams3d/setup.ts';
import type { Thermo3DConfig } from './conditions.ts';
import { elementConductivity, elementCoupling, MATERIAL, symmetricStiffness } from './elementMatrices.ts';

export interface ThermalSystem {
  pattern: CsrPattern;
  symbolic: CholeskySymbolic;
  /** Per element, per local 8×8 entry, the CSR slot, or −1 where the row or column is a sink. */
  slot: Int32Array;
  sinkDiag: Int32Array;
  sink: Uint8Array;
}

export interface Thermo3DSetup {
  nelx: number;
  nely: number;
  nelz: number;
  nel: number;
  nn: number;
  mech: Hex8Setup;
  therm: ThermalSystem;
  edof8: Int32Array;
  /** Element e → index of its density in the design's data. */
  densityIndex: Int32Array;
  KE: Float64Array;
  KEth: Float64Array;
  CEthm: Float64Array;
  /** Point loads (all DOFs). */
  fp: Float64Array;
  sinkNodes: [number, number, number][];
  forceNodes: [number, number, number][];
}

export function defaultMasks(nelx: number, nely: number, nelz: number) {
  return {
    fixed: [[0, 0, 0], [0, nely, 0], [0, nely, nelz]] as [number, number, number][],
    force: [[nelx, nely, nelz]] as [number, number, number][],
    sinks: [[nelx, nely, 0]] as [number, number, number][],
  };
}

/** The node graph of the mechanical pattern (row 3n's columns 3m, divided by 3). */
function nodePattern(mech: Hex8Setup): CsrPattern {
  const { rowPtr, colIdx } = mech.pattern;
  const nn = mech.nn;
  const rp = new Int32Array(nn + 1);
  for (let n = 0; n < nn; n++) rp[n + 1] = rp[n] + (rowPtr[3 * n + 1] - rowPtr[3 * n]) / 3;
  const ci = new Int32Array(rp[nn]);
  for (let n = 0; n < nn; n++) for (let k = 0; k < rp[n + 1] - rp[n]; k++) ci[rp[n] + k] = colIdx[rowPtr[3 * n] + 3 * k] / 3;
  return { n: nn, rowPtr: rp, colIdx: ci };
}

function findSlot(p: CsrPattern, r: number, c: number): number {
  let lo = p.rowPtr[r], hi = p.rowPtr[r + 1] - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (p.colIdx[mid] < c) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function createSetup(c: Pick<Thermo3DConfig, 'nelx' | 'nely' | 'nelz'>): Thermo3DSetup {
  const { nelx, nely, nelz } = c;
  const masks = defaultMasks(nelx, nely, nelz);
  const mech = createHex8Setup(c, masks.fixed);
  const { nel, nn } = mech;
  const edof8 = new Int32Array(nel * 8);
  for (let e = 0; e < nel; e++) for (let a = 0; a < 8; a++) edof8[e * 8 + a] = mech.edof[e * 24 + 3 * a] / 3;

  const pattern = nodePattern(mech);
  const sink = new Uint8Array(nn);
  for (const [ix, iy, iz] of masks.sinks) sink[nodeId(ix, iy, iz, nely, nelz)] = 1;
  const slot = new Int32Array(nel * 64);
  for (let e = 0; e < nel; e++) {
    for (let a = 0; a < 8; a++) {
      const r = edof8[e * 8 + a];
      for (let b = 0; b < 8; b++) {
        const col = edof8[e * 8 + b];
        slot[e * 64 + a * 8 + b] = sink[r] || sink[col] ? -1 : findSlot(pattern, r, col);
      }
    }
  }
  const sinkDiag: number[] = [];
  for (let n = 0; n < nn; n++) if (sink[n]) sinkDiag.push(findSlot(pattern, n, n));
  const coords = new Float64Array(3 * nn);
  for (let n = 0; n < nn; n++) for (let d = 0; d < 3; d++) coords[3 * n + d] = mech.coords[3 * (3 * n) + d];

  const fp = new Float64Array(mech.ndof);
  for (const [ix, iy, iz] of masks.force) for (let d = 0; d < 3; d++) fp[3 * nodeId(ix, iy, iz, nely, nelz) + d] += MATERIAL.pointLoad;

  return {
    nelx, nely, nelz, nel, nn, mech, edof8, densityIndex: mech.densityIndex,
    therm: { pattern, symbolic: analyze(pattern, { coords, coordDims: 3 }), slot, sinkDiag: Int32Array.from(sinkDiag), sink },
    KE: symmetricStiffness(), KEth: elementConductivity(), CEthm: elementCoupling(),
    fp, sinkNodes: masks.sinks, forceNodes: masks.force,
  };
}

/** CSR values of Kth = Σ_e s_e·KEth (s_e = x_e^p in element order), with 1 on the sinks' diagonals. */
export function assembleThermal(setup: Thermo3DSetup, s: Float64Array, values: Float64Array = new Float64Array(setup.therm.pattern.colIdx.length)): Float64Array {
  const { slot, sinkDiag } = setup.therm;
  values.fill(0);
  for (let e = 0; e < setup.nel; e++) {
    const se = s[e];
    for (let q = 0; q < 64; q++) {
      const p = slot[e * 64 + q];
      if (p >= 0) values[p] += se * setup.KEth[q];
    }
  }
  for (const p of sinkDiag) values[p] = 1;
  return values;
}
