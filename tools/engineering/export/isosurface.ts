/**
 * A 3-D density → a closed, consistently oriented triangle surface at a threshold: marching
 * tetrahedra on the Freudenthal (Kuhn) split of every cube of the sample grid, our own kernel.
 *
 * Grid: one sample per voxel centre, padded with one layer of void (0) on every side, so the
 * surface closes at the domain boundary. Sample (i, j, k) of the padded grid sits at
 * ((i − ½)·sx, (j − ½)·sy, (k − ½)·sz): a solid voxel at a wall ends at the wall's plane for a
 * threshold of ½. Each cube (base sample b) is cut into six tetrahedra b, b + e_π1, b + e_π1 + e_π2,
 * b + (1, 1, 1), one per permutation π of the axes; every cube uses the same split, so the
 * tetrahedra form one simplicial complex (neighbouring cubes cut their shared face the same way).
 * Marching cubes' ambiguous cases do not arise: within a tetrahedron the surface is one triangle
 * (1 or 3 samples inside) or one planar quad (2 inside). A sample is inside when ρ ≥ ρ_t; each
 * crossing lies on a complex edge at the linear-interpolation fraction t, clamped to [ε, 1 − ε]
 * (contourRings' T_CLAMP), so no crossing lands on a sample and the surface is the level set of a
 * piecewise-linear function at a regular value: a closed 2-manifold, with no pinched edges or
 * vertices, even for diagonal-touching voxels. Each triangle is oriented so its normal points from
 * the tetrahedron's inside samples to its outside ones (outwards).
 *
 * solidEuler is the Euler characteristic of the inside region (the full subcomplex on the inside
 * samples: V − E + F − T). The surface bounds that region, so a correct surface has χ = 2·solidEuler:
 * a topological check independent of the triangles.
 * Legend: ρ = density, ρ_t = threshold, ε = T_CLAMP, χ = V − E + F, n = [ny, nx, nz] (design order).
 */
import { T_CLAMP } from './contourRings.ts';

export interface IsoGrid {
  /** Samples in the Beams3D design order [ny, nx, nz], index (y·nx + x)·nz + z. */
  data: ArrayLike<number>;
  nx: number;
  ny: number;
  nz: number;
  /** Threshold, > 0 (the padding is 0, which must lie outside). */
  threshold: number;
  /** Voxel edge lengths along x, y, z. */
  size: [number, number, number];
}

export interface IsoSurface {
  /** Flat vertex coordinates (3 per vertex). */
  vertices: Float64Array;
  /** Three vertex indices per triangle, counter-clockwise seen from outside. */
  triangles: Uint32Array;
  /** Euler characteristic of the inside region; the surface's χ must be twice this. */
  solidEuler: number;
  /** Inside samples (voxels with ρ ≥ ρ_t). */
  insideVoxels: number;
}

/** The seven 0/1 offsets as bit masks (x = 1, y = 2, z = 4). */
const PERMS: [number, number, number][] = [
  [1, 2, 4], [1, 4, 2], [2, 1, 4], [2, 4, 1], [4, 1, 2], [4, 2, 1],
];

export function isosurface(g: IsoGrid): IsoSurface {
  const { nx, ny, nz, threshold: t } = g;
  const [sx, sy, sz] = g.size;
  const X = nx + 2, Y = ny + 2, Z = nz + 2;
  // padded samples, index p = (i·Y + j)·Z + k with i along x
  const v = new Float64Array(X * Y * Z);
  let insideVoxels = 0;
  for (let y = 0; y < ny; y++) {
    for (let x = 0; x < nx; x++) {
      for (let z = 0; z < nz; z++) {
        const val = g.data[(y * nx + x) * nz + z];
        v[((x + 1) * Y + (y + 1)) * Z + (z + 1)] = val;
        if (val >= t) insideVoxels++;
      }
    }
  }
  const step = [0, Y * Z, Z, Y * Z + Z, 1, Y * Z + 1, Z + 1, Y * Z + Z + 1]; // offset of mask m
  const inside = (p: number) => v[p] >= t;
  const pos = (p: number): [number, number, number] => {
    const i = Math.floor(p / (Y * Z)), j = Math.floor(p / Z) % Y, k = p % Z;
    return [(i - 0.5) * sx, (j - 0.5) * sy, (k - 0.5) * sz];
  };

  // one vertex per crossed complex edge (base sample, direction mask 1…7)
  const edgeVertex = new Map<number, number>();
  const verts: number[] = [];
  const crossing = (a: number, b: number): number => {
    const [lo, hi] = a < b ? [a, b] : [b, a];
    const key = lo * 8 + maskOf(hi - lo, step);
    let id = edgeVertex.get(key);
    if (id !== undefined) return id;
    const [pin, pout] = inside(lo) ? [lo, hi] : [hi, lo];
    const f = Math.min(1 - T_CLAMP, Math.max(T_CLAMP, (t - v[pin]) / (v[pout] - v[pin])));
    const A = pos(pin), B = pos(pout);
    id = verts.length / 3;
    verts.push(A[0] + f * (B[0] - A[0]), A[1] + f * (B[1] - A[1]), A[2] + f * (B[2] - A[2]));
    edgeVertex.set(key, id);
    return id;
  };
  const tris: number[] = [];
  const emit = (a: number, b: number, c: number, from: number[], to: number[]) => {
    // normal (b − a) × (c − a) must point from the inside samples towards the outside ones
    const d = [0, 0, 0];
    for (const p of to) pos(p).forEach((w, k) => (d[k] += w / to.length));
    for (const p of from) pos(p).forEach((w, k) => (d[k] -= w / from.length));
    const o = (q: number, k: number) => verts[3 * q + k];
    const u = [o(b, 0) - o(a, 0), o(b, 1) - o(a, 1), o(b, 2) - o(a, 2)];
    const w = [o(c, 0) - o(a, 0), o(c, 1) - o(a, 1), o(c, 2) - o(a, 2)];
    const n = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
    if (n[0] * d[0] + n[1] * d[1] + n[2] * d[2] >= 0) tris.push(a, b, c);
    else tris.push(a, c, b);
  };

  const corners = new Int32Array(8);
  for (let i = 0; i < X - 1; i++) {
    for (let j = 0; j < Y - 1; j++) {
      for (let k = 0; k < Z - 1; k++) {
        const base = (i * Y + j) * Z + k;
        let count = 0;
        for (let m = 0; m < 8; m++) {
          corners[m] = base + step[m];
          if (inside(corners[m])) count++;
        }
        if (count === 0 || count === 8) continue;
        for (const [a, b, c] of PERMS) {
          const tet = [corners[0], corners[a], corners[a | b], corners[a | b | c]];
          const ins = tet.filter(inside);
          const outs = tet.filter((p) => !inside(p));
          if (ins.length === 0 || outs.length === 0) continue;
          if (ins.length === 1 || outs.length === 1) {
            const [lone, others] = ins.length === 1 ? [ins[0], outs] : [outs[0], ins];
            emit(crossing(lone, others[0]), crossing(lone, others[1]), crossing(lone, others[2]), ins, outs);
          } else {
            const [i0, i1] = ins, [o0, o1] = outs;
            const q = [crossing(i0, o0), crossing(i0, o1), crossing(i1, o1), crossing(i1, o0)];
            emit(q[0], q[1], q[2], ins, outs);
            emit(q[0], q[2], q[3], ins, outs);
          }
        }
      }
    }
  }
  return { vertices: Float64Array.from(verts), triangles: Uint32Array.from(tris), solidEuler: solidEuler(X, Y, Z, step, inside), insideVoxels };
}

function maskOf(offset: number, step: number[]): number {
  const m = step.indexOf(offset);
  if (m <= 0) throw new Error(`isosurface: ${offset} is not a complex edge offset`);
  return m;
}

/**
 * χ of the full subcomplex on the inside samples: per base sample, the Freudenthal complex has 1
 * vertex, 7 edges (b → b + e_S), 12 triangles (b, b + e_A, b + e_B, ∅ ≠ A ⊊ B) and 6 tetrahedra.
 * The padding is void, so simplices leaving the grid are never inside.
 */
function solidEuler(X: number, Y: number, Z: number, step: number[], inside: (p: number) => boolean): number {
  const sub = (a: number, b: number) => (a & b) === a && a !== b;
  const triTypes: [number, number][] = [];
  for (let A = 1; A < 8; A++) for (let B = 1; B < 8; B++) if (sub(A, B)) triTypes.push([A, B]);
  let chi = 0;
  for (let i = 0; i < X - 1; i++) {
    for (let j = 0; j < Y - 1; j++) {
      for (let k = 0; k < Z - 1; k++) {
        const b = (i * Y + j) * Z + k;
        if (!inside(b)) continue;
        chi += 1;
        for (let m = 1; m < 8; m++) if (inside(b + step[m])) chi -= 1;
        for (const [A, B] of triTypes) if (inside(b + step[A]) && inside(b + step[B])) chi += 1;
        for (const [p, q, r] of PERMS) if (inside(b + step[p]) && inside(b + step[p | q]) && inside(b + step[p | q | r])) chi -= 1;
      }
    }
  }
  return chi;
}
