/**
 * Everything a HeatConduction2D solve needs for one (resolution, length), built once and cached
 * (the last one is kept, like Beams3D's setup cache): the mesh, the Dirichlet nodes, the free-node
 * numbering, the full symmetric CSR pattern of K_ff with each element's 3×3 slots (−1 where a row
 * or column is fixed), the P1 geometry and the symbolic sparse Cholesky analysis.
 *
 * Legend: A_e triangle area, ∇λ_i the (constant) gradients of its barycentric coordinates,
 * K0_e[i][j] = A_e·∇λ_i·∇λ_j (the unit-conductivity stiffness; K_e = k̄_e·K0_e), load_v = f·Σ A_e/3
 * (∫f φ_v with the P1 source f = 0.01 interpolated exactly), smass_v = Σ A_e/3 (∫φ_v dx).
 */
import { analyze, type CholeskySymbolic, type CsrPattern } from '../linalg/sparseCholesky.ts';
import { buildMesh, dirichletNodes, type HeatMesh } from './mesh.ts';

/** EngiBench's constants (engibench-3d-and-api.md §3.1): k(a) = ε + (1 − ε)·a^p, source f, regularisation α. */
export const MODEL = { eps: 1e-3, p: 5, f: 1e-2, alpha: 1e-8 } as const;

export interface HeatSetup {
  mesh: HeatMesh;
  length: number;
  dirichlet: Int32Array;
  /** Vertex → free index, −1 for a Dirichlet vertex. */
  toFree: Int32Array;
  toGlobal: Int32Array;
  pattern: CsrPattern;
  sym: CholeskySymbolic;
  /** Per triangle, the 9 CSR slots of its local entries (row-major), −1 when fixed. */
  slots: Int32Array;
  /** Per triangle, K0_e row-major (9). */
  k0: Float64Array;
  area: Float64Array;
  load: Float64Array;
  smass: Float64Array;
}

function geometry(mesh: HeatMesh): { area: Float64Array; k0: Float64Array } {
  const { nt, tri, coords } = mesh;
  const area = new Float64Array(nt);
  const k0 = new Float64Array(9 * nt);
  for (let t = 0; t < nt; t++) {
    const [a, b, c] = [tri[3 * t], tri[3 * t + 1], tri[3 * t + 2]];
    const x0 = coords[2 * a], y0 = coords[2 * a + 1];
    const x1 = coords[2 * b], y1 = coords[2 * b + 1];
    const x2 = coords[2 * c], y2 = coords[2 * c + 1];
    const det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
    const A = Math.abs(det) / 2;
    // ∇λ_i = (y_j − y_k, x_k − x_j)/det for (i, j, k) cyclic.
    const g = [(y1 - y2) / det, (x2 - x1) / det, (y2 - y0) / det, (x0 - x2) / det, (y0 - y1) / det, (x1 - x0) / det];
    area[t] = A;
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) k0[9 * t + 3 * i + j] = A * (g[2 * i] * g[2 * j] + g[2 * i + 1] * g[2 * j + 1]);
    }
  }
  return { area, k0 };
}

export function createSetup(resolution: number, length: number): HeatSetup {
  const mesh = buildMesh(resolution - 1);
  const dirichlet = dirichletNodes(mesh, length);
  const toFree = new Int32Array(mesh.nv).fill(0);
  for (const v of dirichlet) toFree[v] = -1;
  const toGlobalList: number[] = [];
  for (let v = 0; v < mesh.nv; v++) if (toFree[v] === 0) toFree[v] = toGlobalList.push(v) - 1;
  const toGlobal = Int32Array.from(toGlobalList);
  const nf = toGlobal.length;
  const { tri, nt } = mesh;
  // Pattern of K_ff: a node's free neighbours in some triangle, itself included.
  const neighbours: Set<number>[] = Array.from({ length: nf }, (_, r) => new Set([r]));
  for (let t = 0; t < nt; t++) {
    for (let i = 0; i < 3; i++) {
      const r = toFree[tri[3 * t + i]];
      if (r < 0) continue;
      for (let j = 0; j < 3; j++) {
        const c = toFree[tri[3 * t + j]];
        if (c >= 0) neighbours[r].add(c);
      }
    }
  }
  const rowPtr = new Int32Array(nf + 1);
  for (let r = 0; r < nf; r++) rowPtr[r + 1] = rowPtr[r] + neighbours[r].size;
  const colIdx = new Int32Array(rowPtr[nf]);
  for (let r = 0; r < nf; r++) colIdx.set([...neighbours[r]].sort((p, q) => p - q), rowPtr[r]);
  const slotOf = (r: number, c: number) => {
    let lo = rowPtr[r], hi = rowPtr[r + 1] - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (colIdx[mid] === c) return mid;
      if (colIdx[mid] < c) lo = mid + 1;
      else hi = mid - 1;
    }
    throw new Error(`heatconduction2d: (${r}, ${c}) is not in the pattern`);
  };
  const slots = new Int32Array(9 * nt).fill(-1);
  for (let t = 0; t < nt; t++) {
    for (let i = 0; i < 3; i++) {
      const r = toFree[tri[3 * t + i]];
      if (r < 0) continue;
      for (let j = 0; j < 3; j++) {
        const c = toFree[tri[3 * t + j]];
        if (c >= 0) slots[9 * t + 3 * i + j] = slotOf(r, c);
      }
    }
  }
  const pattern: CsrPattern = { n: nf, rowPtr, colIdx };
  const coords = new Float64Array(2 * nf);
  for (let r = 0; r < nf; r++) coords.set(mesh.coords.subarray(2 * toGlobal[r], 2 * toGlobal[r] + 2), 2 * r);
  const sym = analyze(pattern, { coords });
  const { area, k0 } = geometry(mesh);
  const smass = new Float64Array(mesh.nv);
  for (let t = 0; t < nt; t++) for (let i = 0; i < 3; i++) smass[tri[3 * t + i]] += area[t] / 3;
  const load = smass.map((s) => MODEL.f * s);
  return { mesh, length, dirichlet, toFree, toGlobal, pattern, sym, slots, k0, area, load, smass };
}

let last: { key: string; setup: HeatSetup } | undefined;

/** The setup of the last (resolution, length) asked for, rebuilt when either changes. */
export function cachedSetup(resolution: number, length: number): HeatSetup {
  const key = `${resolution}/${length}`;
  if (last?.key !== key) last = { key, setup: createSetup(resolution, length) };
  return last.setup;
}
