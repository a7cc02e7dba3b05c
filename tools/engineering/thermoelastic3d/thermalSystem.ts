/**
 * The scalar (one DOF per node) Hex8 system layout of a grid with heat sinks: the node graph (the in-bounds
 * 3×3×3 neighbourhood of each node, in increasing node id, so the node graph of beams3d's 3-DOF pattern), the
 * per-element slot table and the sinks' diagonals. A sink keeps its row and column in the pattern, gets no
 * element contribution and 1 on the diagonal (EngiBench's identity row). Used for the fine thermal system
 * (setup.ts) and for the coarse levels of its multigrid (thermalMultigrid.ts).
 * Legend: node (ix, iy, iz) has id beams3d `nodeId` (z fastest); element e = ex·nely·nelz + ey·nelz + ez with
 * its 8 nodes in hex8.ts order (edof8).
 */
import type { CsrPattern } from '../linalg/csrPattern.ts';
import { nodeId } from '../beams3d/setup.ts';

export interface ThermalSystem {
  nelx: number;
  nely: number;
  nelz: number;
  nel: number;
  nn: number;
  pattern: CsrPattern;
  /** Per element, per local 8×8 entry, the CSR slot, or −1 where the row or column is a sink. */
  slot: Int32Array;
  sinkDiag: Int32Array;
  sink: Uint8Array;
  /** The sink nodes (ix, iy, iz). */
  sinkNodes: [number, number, number][];
  /** The 8 node ids of each element. */
  edof8: Int32Array;
  /** (ix, iy, iz) of each node, for the Cholesky's nested dissection. */
  coords: Float64Array;
}

const LX = [0, 1, 1, 0, 0, 1, 1, 0], LY = [0, 0, 1, 1, 0, 0, 1, 1], LZ = [0, 0, 0, 0, 1, 1, 1, 1];

export function createThermalSystem(nelx: number, nely: number, nelz: number, sinkNodes: [number, number, number][]): ThermalSystem {
  const nx = nelx + 1, ny = nely + 1, nz = nelz + 1;
  const nn = nx * ny * nz, nel = nelx * nely * nelz;
  const rowPtr = new Int32Array(nn + 1);
  const cols: number[] = [];
  const coords = new Float64Array(3 * nn);
  for (let ix = 0; ix < nx; ix++) for (let iy = 0; iy < ny; iy++) for (let iz = 0; iz < nz; iz++) {
    const n = nodeId(ix, iy, iz, nely, nelz);
    coords[3 * n] = ix;
    coords[3 * n + 1] = iy;
    coords[3 * n + 2] = iz;
    for (let dx = -1; dx <= 1; dx++) {
      if (ix + dx < 0 || ix + dx >= nx) continue;
      for (let dy = -1; dy <= 1; dy++) {
        if (iy + dy < 0 || iy + dy >= ny) continue;
        for (let dz = -1; dz <= 1; dz++) if (iz + dz >= 0 && iz + dz < nz) cols.push(nodeId(ix + dx, iy + dy, iz + dz, nely, nelz));
      }
    }
    rowPtr[n + 1] = cols.length;
  }
  const pattern: CsrPattern = { n: nn, rowPtr, colIdx: Int32Array.from(cols) };
  const sink = new Uint8Array(nn);
  for (const [ix, iy, iz] of sinkNodes) sink[nodeId(ix, iy, iz, nely, nelz)] = 1;
  const edof8 = new Int32Array(nel * 8);
  const slot = new Int32Array(nel * 64);
  for (let ex = 0; ex < nelx; ex++) for (let ey = 0; ey < nely; ey++) for (let ez = 0; ez < nelz; ez++) {
    const e = (ex * nely + ey) * nelz + ez;
    for (let a = 0; a < 8; a++) edof8[e * 8 + a] = nodeId(ex + LX[a], ey + LY[a], ez + LZ[a], nely, nelz);
    for (let a = 0; a < 8; a++) {
      const r = edof8[e * 8 + a];
      for (let b = 0; b < 8; b++) {
        const c = edof8[e * 8 + b];
        slot[e * 64 + a * 8 + b] = sink[r] || sink[c] ? -1 : findSlot(pattern, r, c);
      }
    }
  }
  const sinkDiag: number[] = [];
  for (let n = 0; n < nn; n++) if (sink[n]) sinkDiag.push(findSlot(pattern, n, n));
  return { nelx, nely, nelz, nel, nn, pattern, slot, sinkDiag: Int32Array.from(sinkDiag), sink, sinkNodes, edof8, coords };
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

/** CSR values of Σ_e s_e·Kel_e (Kel: 64 per element, or one shared 8×8 when `shared`), with 1 on the sinks' diagonals. */
export function assembleScalar(sys: ThermalSystem, s: Float64Array | undefined, Kel: Float64Array, values: Float64Array, shared: boolean): Float64Array {
  const { slot, sinkDiag, nel } = sys;
  values.fill(0);
  for (let e = 0; e < nel; e++) {
    const se = s ? s[e] : 1;
    const off = shared ? 0 : e * 64;
    for (let q = 0; q < 64; q++) {
      const p = slot[e * 64 + q];
      if (p >= 0) values[p] += se * Kel[off + q];
    }
  }
  for (const p of sinkDiag) values[p] = 1;
  return values;
}
