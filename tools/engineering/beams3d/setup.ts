/**
 * Beams3D mesh, boundary conditions and the stiffness pattern, built once per grid and reused by
 * every FE pass (engibench-3d-and-api.md §1.3; EngiBench `build_structural_context_3d`).
 *
 * Legend: nelx × nely × nelz unit-cube Hex8 elements. Node (ix, iy, iz) has id
 * n = (nely+1)(nelz+1)·ix + (nelz+1)·iy + iz (z fastest) and DOFs 3n + c, c = 0, 1, 2 for x, y, z.
 * Element (ex, ey, ez) has number e = ex·nely·nelz + ey·nelz + ez and density x[ey, ex, ez], i.e.
 * design.data[(ey·nelx + ex)·nelz + ez] (the design is [nely, nelx, nelz], C order). Its nodes:
 * (ex,ey,ez), (ex+1,ey,ez), (ex+1,ey+1,ez), (ex,ey+1,ez), then the same four at ez+1 (hex8.ts order).
 * The pattern holds every DOF; a fixed DOF keeps its row and column in the pattern, gets no element
 * contribution and 1 on the diagonal (with a zero load, its displacement solves to exactly 0).
 */
import { InputError } from '../../errors.ts';
import type { CsrPattern } from '../linalg/csrPattern.ts';
import { defaultFixedNodes, loadNode, type Beams3DConfig } from './conditions.ts';
import type { Node } from '../nodeMask.ts';
import { elementStiffness } from './hex8.ts';

export const MATERIAL = { E: 1, nu: 0.3, pointLoad: 0.5 } as const;

/** The grid, its stiffness pattern and its supports: everything but the load (shared with ThermoElastic3D). */
export interface Hex8Setup {
  nelx: number;
  nely: number;
  nelz: number;
  nel: number;
  nn: number;
  ndof: number;
  /** 24 global DOFs per element, element order e. */
  edof: Int32Array;
  /** Element e → index of its density in the design's data. */
  densityIndex: Int32Array;
  /** KE, exactly symmetric. */
  KE: Float64Array;
  pattern: CsrPattern;
  /** Per element, per local entry (row-major 24×24), the CSR slot, or −1 where the row or column is fixed. */
  slot: Int32Array;
  /** CSR slots of the fixed DOFs' diagonals. */
  fixedDiag: Int32Array;
  fixed: Uint8Array;
  /** (ix, iy, iz) of each DOF row's node, for the solver's nested dissection. */
  coords: Float64Array;
  /** The clamped nodes (all three DOFs). */
  fixedNodes: [number, number, number][];
}

export interface Beams3DSetup extends Hex8Setup {
  /** Load vector: +0.5 in z at each load node. */
  f: Float64Array;
  /** The loaded nodes (ix, iy, iz). */
  loadNodes: Node[];
}

export const nodeId = (ix: number, iy: number, iz: number, nely: number, nelz: number) => (nely + 1) * (nelz + 1) * ix + (nelz + 1) * iy + iz;

export { defaultFixedNodes };

/** Masks of a Beams3D config (conditions.ts typedConfig); absent, EngiBench's defaults. */
type MaskNodes = Partial<Pick<Beams3DConfig, 'fixedNodes' | 'loadNodes'>>;

export function createSetup(c: Pick<Beams3DConfig, 'nelx' | 'nely' | 'nelz' | 'forcedistX' | 'forcedistY'> & MaskNodes): Beams3DSetup {
  return withLoad(createHex8Setup(c, c.fixedNodes ?? defaultFixedNodes(c.nelx, c.nely)), c);
}

/** The mesh, numbering, pattern and slot table of a grid whose `fixedNodes` are clamped (no load). */
export function createHex8Setup(c: Pick<Beams3DConfig, 'nelx' | 'nely' | 'nelz'>, fixedNodes: [number, number, number][]): Hex8Setup {
  const { nelx, nely, nelz } = c;
  for (const [k, v] of Object.entries({ nelx, nely, nelz })) {
    if (!Number.isInteger(v) || v < 1) throw new InputError(`beams3d: ${k} = ${v} must be a positive integer`, { field: k });
  }
  const nx = nelx + 1, ny = nely + 1, nz = nelz + 1;
  const nn = nx * ny * nz;
  const ndof = 3 * nn;
  const nel = nelx * nely * nelz;

  // node adjacency: the in-bounds 3×3×3 neighbourhood, in increasing node id; pos[27·n + code] = its rank
  const deg = new Int32Array(nn);
  const pos = new Int8Array(27 * nn).fill(-1);
  for (let ix = 0; ix < nx; ix++) {
    for (let iy = 0; iy < ny; iy++) {
      for (let iz = 0; iz < nz; iz++) {
        const n = nodeId(ix, iy, iz, nely, nelz);
        let k = 0;
        for (let dx = -1; dx <= 1; dx++) {
          if (ix + dx < 0 || ix + dx >= nx) continue;
          for (let dy = -1; dy <= 1; dy++) {
            if (iy + dy < 0 || iy + dy >= ny) continue;
            for (let dz = -1; dz <= 1; dz++) {
              if (iz + dz < 0 || iz + dz >= nz) continue;
              pos[27 * n + (dx + 1) * 9 + (dy + 1) * 3 + (dz + 1)] = k++;
            }
          }
        }
        deg[n] = k;
      }
    }
  }
  const rowPtr = new Int32Array(ndof + 1);
  for (let n = 0; n < nn; n++) for (let d = 0; d < 3; d++) rowPtr[3 * n + d + 1] = rowPtr[3 * n + d] + 3 * deg[n];
  const colIdx = new Int32Array(rowPtr[ndof]);
  for (let n = 0; n < nn; n++) {
    const ix = Math.floor(n / (ny * nz)), iy = Math.floor(n / nz) % ny, iz = n % nz;
    const base = 27 * n;
    for (let code = 0; code < 27; code++) {
      const k = pos[base + code];
      if (k < 0) continue;
      const m = nodeId(ix + Math.floor(code / 9) - 1, iy + (Math.floor(code / 3) % 3) - 1, iz + (code % 3) - 1, nely, nelz);
      for (let d = 0; d < 3; d++) for (let q = 0; q < 3; q++) colIdx[rowPtr[3 * n + d] + 3 * k + q] = 3 * m + q;
    }
  }

  const fixed = new Uint8Array(ndof);
  for (const [ix, iy, iz] of fixedNodes) for (let d = 0; d < 3; d++) fixed[3 * nodeId(ix, iy, iz, nely, nelz) + d] = 1;

  const LX = [0, 1, 1, 0, 0, 1, 1, 0], LY = [0, 0, 1, 1, 0, 0, 1, 1], LZ = [0, 0, 0, 0, 1, 1, 1, 1];
  const edof = new Int32Array(nel * 24);
  const densityIndex = new Int32Array(nel);
  const slot = new Int32Array(nel * 576);
  const nodes = new Int32Array(8);
  for (let ex = 0; ex < nelx; ex++) {
    for (let ey = 0; ey < nely; ey++) {
      for (let ez = 0; ez < nelz; ez++) {
        const e = ex * nely * nelz + ey * nelz + ez;
        densityIndex[e] = (ey * nelx + ex) * nelz + ez;
        for (let a = 0; a < 8; a++) {
          nodes[a] = nodeId(ex + LX[a], ey + LY[a], ez + LZ[a], nely, nelz);
          for (let d = 0; d < 3; d++) edof[e * 24 + 3 * a + d] = 3 * nodes[a] + d;
        }
        for (let a = 0; a < 8; a++) {
          for (let b = 0; b < 8; b++) {
            const code = (LX[b] - LX[a] + 1) * 9 + (LY[b] - LY[a] + 1) * 3 + (LZ[b] - LZ[a] + 1);
            const k = pos[27 * nodes[a] + code];
            for (let d = 0; d < 3; d++) {
              const r = 3 * nodes[a] + d;
              for (let q = 0; q < 3; q++) {
                const col = 3 * nodes[b] + q;
                slot[e * 576 + (3 * a + d) * 24 + 3 * b + q] = fixed[r] || fixed[col] ? -1 : rowPtr[r] + 3 * k + q;
              }
            }
          }
        }
      }
    }
  }
  const fixedDiag: number[] = [];
  for (let r = 0; r < ndof; r++) {
    if (!fixed[r]) continue;
    for (let p = rowPtr[r]; p < rowPtr[r + 1]; p++) if (colIdx[p] === r) fixedDiag.push(p);
  }

  const KE0 = elementStiffness(MATERIAL.E, MATERIAL.nu);
  const KE = new Float64Array(576);
  for (let p = 0; p < 24; p++) for (let q = 0; q < 24; q++) KE[p * 24 + q] = 0.5 * (KE0[p * 24 + q] + KE0[q * 24 + p]);

  const coords = new Float64Array(3 * ndof);
  for (let n = 0; n < nn; n++) {
    const xyz = [Math.floor(n / (ny * nz)), Math.floor(n / nz) % ny, n % nz];
    for (let d = 0; d < 3; d++) coords.set(xyz, 3 * (3 * n + d));
  }
  return {
    nelx, nely, nelz, nel, nn, ndof, edof, densityIndex, KE, coords,
    pattern: { n: ndof, rowPtr, colIdx }, slot, fixedDiag: Int32Array.from(fixedDiag), fixed, fixedNodes,
  };
}

function loadVector(ndof: number, loads: readonly Node[], nely: number, nelz: number): Float64Array {
  const f = new Float64Array(ndof);
  for (const [ix, iy, iz] of loads) f[3 * nodeId(ix, iy, iz, nely, nelz) + 2] += MATERIAL.pointLoad;
  return f;
}

/** The same grid under other loads: c.loadNodes, or the node of its forcedist (the pattern and the solver's analysis stay). */
export function withLoad(setup: Hex8Setup, c: Pick<Beams3DConfig, 'forcedistX' | 'forcedistY'> & MaskNodes): Beams3DSetup {
  const loads = c.loadNodes ?? [loadNode({ ...setup, ...c })];
  return { ...setup, loadNodes: loads, f: loadVector(setup.ndof, loads, setup.nely, setup.nelz) };
}

/** CSR values of K = Σ_e s_e·KE (s_e = x_e^p in element order), with 1 on the fixed DOFs' diagonals. */
export function assemble(setup: Hex8Setup, s: Float64Array, values: Float64Array = new Float64Array(setup.pattern.colIdx.length)): Float64Array {
  values.fill(0);
  scatterElements(setup.slot, setup.KE, s, setup.nel, values);
  const { fixedDiag } = setup;
  for (let i = 0; i < fixedDiag.length; i++) values[fixedDiag[i]] = 1;
  return values;
}

/**
 * values[slot] += s_e·KE over every element's 576 entries. A function that ends with its loop: V8 (Node 20)
 * first runs a long loop through on-stack-replacement code, and that code deoptimized again on every later
 * call when it was compiled before the statements after the loop had run (a soft deopt keeps the code).
 */
function scatterElements(slot: Int32Array, KE: Float64Array, s: Float64Array, nel: number, values: Float64Array): void {
  for (let e = 0; e < nel; e++) {
    const se = s[e];
    const base = e * 576;
    for (let q = 0; q < 576; q++) {
      const p = slot[base + q];
      if (p >= 0) values[p] += se * KE[q];
    }
  }
}
