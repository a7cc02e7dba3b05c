/**
 * The HeatConduction3D mesh and boundary, as dolfin builds them (engibench-3d-and-api.md §3.2–3.3;
 * EngiBench's heatconduction3d template):
 * - UnitCubeMesh(NN, NN, NN): vertex (i, j, k) at (i, j, k)/NN has index v = (k·(NN+1) + j)·(NN+1) + i;
 *   each cube (lower corner v) is split into 6 tetrahedra around its diagonal v → v + 1 + s + s²
 *   (s = NN + 1), in dolfin's order;
 * - a design is a nodal array [i, j, k] (x, y, z; z up) read at int(x/h), int(y/h), int(z/h);
 * - the Dirichlet set (T = 0) is every boundary facet whose three vertices and midpoint satisfy
 *   (z > 0 and (x = 0 or x = 1 or y = 0 or y = 1)) or z = 1 or
 *   (z = 0 and (x < lb or x > ub) and (y < lb or y > ub)), lb, ub = 0.5 ∓ area/2, with exact
 *   comparisons: the insulated bottom is a plus-shaped cross, not a square.
 */
import { truncatingReadIndex, type HeatMesh } from '../heatconduction2d/mesh.ts';

export function buildCubeMesh(nn: number): HeatMesh {
  const s = nn + 1;
  const nv = s * s * s;
  const coords = new Float64Array(3 * nv);
  for (let k = 0; k < s; k++) {
    for (let j = 0; j < s; j++) {
      for (let i = 0; i < s; i++) coords.set([i / nn, j / nn, k / nn], 3 * ((k * s + j) * s + i));
    }
  }
  const nt = 6 * nn * nn * nn;
  const cells = new Int32Array(4 * nt);
  let t = 0;
  for (let k = 0; k < nn; k++) {
    for (let j = 0; j < nn; j++) {
      for (let i = 0; i < nn; i++) {
        const v0 = (k * s + j) * s + i;
        const v1 = v0 + 1, v2 = v0 + s, v3 = v0 + s + 1, v4 = v0 + s * s, v5 = v4 + 1, v6 = v4 + s, v7 = v4 + s + 1;
        for (const c of [[v0, v1, v3, v7], [v0, v1, v5, v7], [v0, v4, v5, v7], [v0, v2, v3, v7], [v0, v4, v6, v7], [v0, v2, v6, v7]]) cells.set(c, 4 * t++);
      }
    }
  }
  return { dim: 3, nn, nv, nt, coords, cells, readIndex: truncatingReadIndex(nn) };
}

/** Nodal values of a design [i, j, k] (C order) as EngiBench reads them. */
export function readDesign3(mesh: HeatMesh, image: Float64Array): Float64Array {
  const s = mesh.nn + 1;
  const r = mesh.readIndex;
  const a = new Float64Array(mesh.nv);
  for (let k = 0; k < s; k++) {
    for (let j = 0; j < s; j++) {
      for (let i = 0; i < s; i++) a[(k * s + j) * s + i] = image[(r[i] * s + r[j]) * s + r[k]];
    }
  }
  return a;
}

/** The array [i, j, k] of nodal values (EngiBench's output: a at the grid points, x outer, z inner). */
export function nodalImage3(mesh: HeatMesh, a: Float64Array): Float64Array {
  const s = mesh.nn + 1;
  const out = new Float64Array(mesh.nv);
  for (let i = 0; i < s; i++) {
    for (let j = 0; j < s; j++) {
      for (let k = 0; k < s; k++) out[(i * s + j) * s + k] = a[(k * s + j) * s + i];
    }
  }
  return out;
}

/** Sorted vertex indices with T = 0. */
export function dirichletNodes3(mesh: HeatMesh, area: number): Int32Array {
  const lb = 0.5 - area / 2, ub = 0.5 + area / 2;
  const inside = (x: number, y: number, z: number) =>
    (z > 0 && x === 0) || (z > 0 && x === 1) || (z > 0 && y === 0) || (z > 0 && y === 1) || z === 1 || (z === 0 && (x < lb || x > ub) && (y < lb || y > ub));
  const { coords, cells, nt } = mesh;
  const fixed = new Uint8Array(mesh.nv);
  const c = (v: number, d: number) => coords[3 * v + d];
  const onFace = (v: number) => [0, 1, 2].some((d) => c(v, d) === 0 || c(v, d) === 1);
  const boundary = Uint8Array.from({ length: mesh.nv }, (_, v) => (onFace(v) ? 1 : 0));
  for (let t = 0; t < nt; t++) {
    // Only a cell with three vertices on the cube's faces can have a boundary facet.
    if (boundary[cells[4 * t]] + boundary[cells[4 * t + 1]] + boundary[cells[4 * t + 2]] + boundary[cells[4 * t + 3]] < 3) continue;
    for (let omit = 0; omit < 4; omit++) {
      const f = [0, 1, 2, 3].filter((x) => x !== omit).map((x) => cells[4 * t + x]).sort((p, q) => p - q);
      // A facet on the boundary lies in one face plane of the cube.
      let onBoundary = false;
      for (let d = 0; d < 3 && !onBoundary; d++) {
        const w = c(f[0], d);
        onBoundary = (w === 0 || w === 1) && c(f[1], d) === w && c(f[2], d) === w;
      }
      if (!onBoundary || !f.every((v) => inside(c(v, 0), c(v, 1), c(v, 2)))) continue;
      const mid = [0, 1, 2].map((d) => (c(f[0], d) + c(f[1], d) + c(f[2], d)) / 3);
      if (inside(mid[0], mid[1], mid[2])) for (const v of f) fixed[v] = 1;
    }
  }
  const out: number[] = [];
  for (let v = 0; v < mesh.nv; v++) if (fixed[v]) out.push(v);
  return Int32Array.from(out);
}
