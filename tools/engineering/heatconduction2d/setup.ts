/**
 * Everything a HeatConduction solve needs for one mesh and Dirichlet set, built once and cached
 * (the last one is kept, like Beams3D's setup cache): the free-node numbering, the full symmetric
 * CSR pattern of K_ff with each cell's (d+1)² slots (−1 where a row or column is fixed), the P1
 * geometry, the quadrature rules and the symbolic sparse Cholesky analysis. The same code serves
 * triangles (HeatConduction2D) and tetrahedra (HeatConduction3D).
 *
 * Legend: d the dimension, nc = d + 1 vertices per cell, |T| the cell's measure, ∇λ_i the
 * (constant) gradients of its barycentric coordinates, K0_e[i][j] = |T|·∇λ_i·∇λ_j (the
 * unit-conductivity stiffness; K_e = k̄_e·K0_e), load_v = f·Σ|T|/nc (∫f φ_v with the P1 source
 * f = 0.01 interpolated exactly), smass_v = Σ|T|/nc (∫φ_v dx).
 */
import { analyze, type CholeskySymbolic, type CsrPattern } from '../linalg/sparseCholesky.ts';
import { buildMesh, dirichletNodes, type HeatMesh } from './mesh.ts';
import { DEGREE3, DEGREE4, type SimplexRule } from './quadrature.ts';

/** EngiBench's constants (engibench-3d-and-api.md §3.1): k(a) = ε + (1 − ε)·a^p, source f, regularisation α. */
export const MODEL = { eps: 1e-3, p: 5, f: 1e-2, alpha: 1e-8 } as const;

export interface HeatSetup {
  mesh: HeatMesh;
  /** Vertices per cell. */
  nc: number;
  dirichlet: Int32Array;
  /** Vertex → free index, −1 for a Dirichlet vertex. */
  toFree: Int32Array;
  toGlobal: Int32Array;
  pattern: CsrPattern;
  /** The sparse Cholesky's analysis, or undefined where the setup solves with Jacobi CG (pcg.ts). */
  sym?: CholeskySymbolic;
  /** Per cell, the nc² CSR slots of its local entries (row-major), −1 when fixed. */
  slots: Int32Array;
  /** Per cell, K0_e row-major (nc²). */
  k0: Float64Array;
  /** Per cell, its measure |T|. */
  measure: Float64Array;
  load: Float64Array;
  smass: Float64Array;
  /** The forward form's rule (degree 3) and pyadjoint's derivative-form rule (degree 4). */
  rules: { forward: SimplexRule; engibench: SimplexRule };
}

/** Barycentric gradients from the inverse Jacobian J = [p1 − p0, …, pd − p0]: ∇λ_i = row i−1 of J⁻¹, ∇λ0 = −Σ. */
function geometry(mesh: HeatMesh): { measure: Float64Array; k0: Float64Array } {
  const { nt, cells, coords, dim } = mesh;
  const nc = dim + 1;
  const measure = new Float64Array(nt);
  const k0 = new Float64Array(nc * nc * nt);
  const g = new Float64Array(nc * dim);
  for (let t = 0; t < nt; t++) {
    const v = cells.subarray(nc * t, nc * t + nc);
    const p = (i: number, c: number) => coords[dim * v[i] + c];
    let det: number;
    if (dim === 2) {
      const a = p(1, 0) - p(0, 0), b = p(2, 0) - p(0, 0), c = p(1, 1) - p(0, 1), d = p(2, 1) - p(0, 1);
      // J = [[a, b], [c, d]] (columns p1 − p0, p2 − p0); rows of J⁻¹ are ∇λ1, ∇λ2.
      det = a * d - b * c;
      g.set([d / det, -b / det, -c / det, a / det], 2);
      measure[t] = Math.abs(det) / 2;
    } else {
      // J[r][i] = p_{i+1}[r] − p0[r]; (J⁻¹)[i][r] = cofactor(r, i)/det.
      const a = p(1, 0) - p(0, 0), b = p(2, 0) - p(0, 0), c = p(3, 0) - p(0, 0);
      const d = p(1, 1) - p(0, 1), e = p(2, 1) - p(0, 1), f = p(3, 1) - p(0, 1);
      const gg = p(1, 2) - p(0, 2), h = p(2, 2) - p(0, 2), k = p(3, 2) - p(0, 2);
      const c00 = e * k - f * h, c01 = -(d * k - f * gg), c02 = d * h - e * gg;
      const c10 = -(b * k - c * h), c11 = a * k - c * gg, c12 = -(a * h - b * gg);
      const c20 = b * f - c * e, c21 = -(a * f - c * d), c22 = a * e - b * d;
      det = a * c00 + b * c01 + c * c02;
      g.set([c00 / det, c10 / det, c20 / det, c01 / det, c11 / det, c21 / det, c02 / det, c12 / det, c22 / det], 3);
      measure[t] = Math.abs(det) / 6;
    }
    for (let r = 0; r < dim; r++) {
      let s = 0;
      for (let i = 1; i < nc; i++) s += g[dim * i + r];
      g[r] = -s;
    }
    for (let i = 0; i < nc; i++) {
      for (let j = 0; j < nc; j++) {
        let s = 0;
        for (let r = 0; r < dim; r++) s += g[dim * i + r] * g[dim * j + r];
        k0[nc * nc * t + nc * i + j] = measure[t] * s;
      }
    }
  }
  return { measure, k0 };
}

/** Free nodes from which a 3-D setup solves with Jacobi CG instead of the sparse Cholesky (31³ factors in ≈ 1.4 s, 41³ in ≈ 12 s). */
export const PCG_FROM_NODES_3D = 40_000;

export function setupFor(mesh: HeatMesh, dirichlet: Int32Array, rules: HeatSetup['rules'], opts: { solver?: 'cholesky' | 'pcg' } = {}): HeatSetup {
  const nc = mesh.dim + 1;
  const toFree = new Int32Array(mesh.nv).fill(0);
  for (const v of dirichlet) toFree[v] = -1;
  const toGlobalList: number[] = [];
  for (let v = 0; v < mesh.nv; v++) if (toFree[v] === 0) toFree[v] = toGlobalList.push(v) - 1;
  const toGlobal = Int32Array.from(toGlobalList);
  const nf = toGlobal.length;
  const { cells, nt } = mesh;
  // Pattern of K_ff: a node's free neighbours in some cell, itself included, as sorted unique
  // keys r·nf + c (a Float64Array sort: 51³ in ≈ 2 s where Sets per node took ≈ 13 s).
  let count = nf;
  for (let t = 0; t < nt; t++) {
    let free = 0;
    for (let i = 0; i < nc; i++) if (toFree[cells[nc * t + i]] >= 0) free++;
    count += free * free;
  }
  const keys = new Float64Array(count);
  let kk = 0;
  for (let r = 0; r < nf; r++) keys[kk++] = r * nf + r;
  for (let t = 0; t < nt; t++) {
    for (let i = 0; i < nc; i++) {
      const r = toFree[cells[nc * t + i]];
      if (r < 0) continue;
      for (let j = 0; j < nc; j++) {
        const c = toFree[cells[nc * t + j]];
        if (c >= 0) keys[kk++] = r * nf + c;
      }
    }
  }
  keys.sort();
  const rowPtr = new Int32Array(nf + 1);
  const cols: number[] = [];
  for (let k = 0; k < keys.length; k++) {
    if (k > 0 && keys[k] === keys[k - 1]) continue;
    const r = Math.floor(keys[k] / nf);
    rowPtr[r + 1]++;
    cols.push(keys[k] - r * nf);
  }
  for (let r = 0; r < nf; r++) rowPtr[r + 1] += rowPtr[r];
  const colIdx = Int32Array.from(cols);
  const slotOf = (r: number, c: number) => {
    let lo = rowPtr[r], hi = rowPtr[r + 1] - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (colIdx[mid] === c) return mid;
      if (colIdx[mid] < c) lo = mid + 1;
      else hi = mid - 1;
    }
    throw new Error(`heat conduction setup: (${r}, ${c}) is not in the pattern`);
  };
  const slots = new Int32Array(nc * nc * nt).fill(-1);
  for (let t = 0; t < nt; t++) {
    for (let i = 0; i < nc; i++) {
      const r = toFree[cells[nc * t + i]];
      if (r < 0) continue;
      for (let j = 0; j < nc; j++) {
        const c = toFree[cells[nc * t + j]];
        if (c >= 0) slots[nc * nc * t + nc * i + j] = slotOf(r, c);
      }
    }
  }
  const pattern: CsrPattern = { n: nf, rowPtr, colIdx };
  const dim = mesh.dim;
  const coords = new Float64Array(dim * nf);
  for (let r = 0; r < nf; r++) coords.set(mesh.coords.subarray(dim * toGlobal[r], dim * toGlobal[r] + dim), dim * r);
  const solver = opts.solver ?? (dim === 3 && nf >= PCG_FROM_NODES_3D ? 'pcg' : 'cholesky');
  const sym = solver === 'cholesky' ? analyze(pattern, { coords, coordDims: dim }) : undefined;
  const { measure, k0 } = geometry(mesh);
  const smass = new Float64Array(mesh.nv);
  for (let t = 0; t < nt; t++) for (let i = 0; i < nc; i++) smass[cells[nc * t + i]] += measure[t] / nc;
  const load = smass.map((s) => MODEL.f * s);
  return { mesh, nc, dirichlet, toFree, toGlobal, pattern, sym, slots, k0, measure, load, smass, rules };
}

/** The HeatConduction2D setup of a resolution and an insulated length. */
export function createSetup(resolution: number, length: number): HeatSetup {
  const mesh = buildMesh(resolution - 1);
  return setupFor(mesh, dirichletNodes(mesh, length), { forward: DEGREE3, engibench: DEGREE4 });
}

/** One cache entry per caller (2-D, 3-D): the setup of the last key asked for, rebuilt when it changes. */
export function lastSetupCache(build: (resolution: number, length: number) => HeatSetup): (resolution: number, length: number) => HeatSetup {
  let last: { key: string; setup: HeatSetup } | undefined;
  return (resolution, length) => {
    const key = `${resolution}/${length}`;
    if (last?.key !== key) last = { key, setup: build(resolution, length) };
    return last.setup;
  };
}

export const cachedSetup = lastSetupCache(createSetup);
