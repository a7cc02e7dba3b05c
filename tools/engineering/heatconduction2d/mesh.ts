/**
 * The HeatConduction2D mesh and boundary, as dolfin builds them (engibench-3d-and-api.md §3.2–3.3):
 * - UnitSquareMesh(NN, NN), diagonal "right": vertex (i, j) at x = i/NN, y = j/NN has index
 *   v = j·(NN+1) + i, and the square with lower-left vertex (i, j) gives the cells
 *   [v, v+1, v+NN+2] and [v, v+NN+1, v+NN+2];
 * - a design is a nodal image [i, j] (axis 0 = x, axis 1 = y) read at int(x/h), int(y/h) with
 *   h = 1/NN, so a few rows are read twice and their neighbours never (readIndex);
 * - the Dirichlet set (T = 0) is every boundary edge whose two vertices and midpoint satisfy
 *   x = 0 or y = 1 or x = 1 or (y = 0 and (x < lb or x > ub)), lb, ub = 0.5 ∓ length/2, with exact
 *   comparisons (dolfin's SubDomain, topological method); a vertex exactly at lb or ub is free.
 * Legend: NN squares per side, nv vertices, nt triangles, tri vertex triples (nt×3).
 */
/** A simplex mesh of the unit square or cube (HeatConduction3D builds its own, heatconduction3d/mesh.ts). */
export interface HeatMesh {
  /** 2 (triangles) or 3 (tetrahedra). */
  dim: 2 | 3;
  /** Squares (cubes) per side. */
  nn: number;
  nv: number;
  /** Cells. */
  nt: number;
  /** dim coordinates per vertex. */
  coords: Float64Array;
  /** dim + 1 vertices per cell (dolfin's cell order). */
  cells: Int32Array;
  /** Image index each grid line reads: int((i/NN)/(1/NN)). */
  readIndex: Int32Array;
}

/** int((i/NN)/(1/NN)) for i = 0..NN: EngiBench's truncating read of vertex coordinates i/NN. */
export const truncatingReadIndex = (nn: number): Int32Array => Int32Array.from({ length: nn + 1 }, (_, i) => Math.trunc(i / nn / (1 / nn)));

export function buildMesh(nn: number): HeatMesh {
  const side = nn + 1;
  const nv = side * side;
  const coords = new Float64Array(2 * nv);
  for (let j = 0; j < side; j++) {
    for (let i = 0; i < side; i++) {
      coords[2 * (j * side + i)] = i / nn;
      coords[2 * (j * side + i) + 1] = j / nn;
    }
  }
  const nt = 2 * nn * nn;
  const tri = new Int32Array(3 * nt);
  let t = 0;
  for (let j = 0; j < nn; j++) {
    for (let i = 0; i < nn; i++) {
      const v = j * side + i;
      tri.set([v, v + 1, v + side + 1], 3 * t++);
      tri.set([v, v + side, v + side + 1], 3 * t++);
    }
  }
  return { dim: 2, nn, nv, nt, coords, cells: tri, readIndex: truncatingReadIndex(nn) };
}

/** Nodal values of a design image [i, j] (C order, side × side) as EngiBench reads them: a_v = image[int(x/h), int(y/h)]. */
export function readDesign(mesh: HeatMesh, image: Float64Array): Float64Array {
  const side = mesh.nn + 1;
  const a = new Float64Array(mesh.nv);
  for (let j = 0; j < side; j++) {
    const rj = mesh.readIndex[j];
    for (let i = 0; i < side; i++) a[j * side + i] = image[mesh.readIndex[i] * side + rj];
  }
  return a;
}

/** The image [i, j] of nodal values (EngiBench's output: a evaluated at the grid points, x outer). */
export function nodalImage(mesh: HeatMesh, a: Float64Array): Float64Array {
  const side = mesh.nn + 1;
  const image = new Float64Array(mesh.nv);
  for (let i = 0; i < side; i++) {
    for (let j = 0; j < side; j++) image[i * side + j] = a[j * side + i];
  }
  return image;
}

/** Sorted vertex indices with T = 0. */
export function dirichletNodes(mesh: HeatMesh, length: number): Int32Array {
  const lb = 0.5 - length / 2, ub = 0.5 + length / 2;
  const inside = (x: number, y: number) => x === 0.0 || y === 1.0 || x === 1.0 || (y === 0.0 && (x < lb || x > ub));
  const { nn, coords } = mesh;
  const side = nn + 1;
  const fixed = new Uint8Array(mesh.nv);
  const edge = (p: number, q: number) => {
    const px = coords[2 * p], py = coords[2 * p + 1], qx = coords[2 * q], qy = coords[2 * q + 1];
    if (inside(px, py) && inside(qx, qy) && inside((px + qx) / 2, (py + qy) / 2)) fixed[p] = fixed[q] = 1;
  };
  // The boundary edges of the unit square: bottom, top, left, right.
  for (let i = 0; i < nn; i++) {
    edge(i, i + 1);
    edge(nn * side + i, nn * side + i + 1);
    edge(i * side, (i + 1) * side);
    edge(i * side + nn, (i + 1) * side + nn);
  }
  const out: number[] = [];
  for (let v = 0; v < mesh.nv; v++) if (fixed[v]) out.push(v);
  return Int32Array.from(out);
}
