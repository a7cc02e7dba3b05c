/**
 * Test and benchmark matrices in CSR form: Q4 plane-stress stiffness (top88 element matrix, written
 * from its closed-form entries), 2-D Laplacians and random sparse SPD matrices.
 */
import type { CsrMatrix } from '../../../tools/engineering/linalg/sparseCholesky.ts';
import { mulberry32 } from '../../../tools/engineering/random.ts';

/** Builds a CSR matrix from triplets; duplicates are summed; must be symmetric by construction. */
export function csrFromTriplets(n: number, I: ArrayLike<number>, J: ArrayLike<number>, V: ArrayLike<number>): CsrMatrix {
  const order = Array.from({ length: I.length }, (_, t) => t).sort((a, b) => I[a] - I[b] || J[a] - J[b]);
  const rowPtr = new Int32Array(n + 1);
  const cols: number[] = [];
  const vals: number[] = [];
  let lastI = -1;
  let lastJ = -1;
  for (const t of order) {
    if (I[t] === lastI && J[t] === lastJ) {
      vals[vals.length - 1] += V[t];
      continue;
    }
    cols.push(J[t]);
    vals.push(V[t]);
    rowPtr[I[t] + 1]++;
    lastI = I[t];
    lastJ = J[t];
  }
  for (let i = 0; i < n; i++) rowPtr[i + 1] += rowPtr[i];
  return { n, rowPtr, colIdx: Int32Array.from(cols), values: Float64Array.from(vals) };
}

/** 8×8 Q4 bilinear plane-stress element stiffness (unit square, thickness 1). */
export function q4ElementStiffness(E: number, nu: number): Float64Array {
  const k = [
    1 / 2 - nu / 6, 1 / 8 + nu / 8, -1 / 4 - nu / 12, -1 / 8 + (3 * nu) / 8,
    -1 / 4 + nu / 12, -1 / 8 - nu / 8, nu / 6, 1 / 8 - (3 * nu) / 8,
  ];
  const idx = [
    [0, 1, 2, 3, 4, 5, 6, 7], [1, 0, 7, 6, 5, 4, 3, 2], [2, 7, 0, 5, 6, 3, 4, 1], [3, 6, 5, 0, 7, 2, 1, 4],
    [4, 5, 6, 7, 0, 1, 2, 3], [5, 4, 3, 2, 1, 0, 7, 6], [6, 3, 4, 1, 2, 7, 0, 5], [7, 2, 1, 4, 3, 6, 5, 0],
  ];
  const KE = new Float64Array(64);
  for (let a = 0; a < 8; a++) for (let b = 0; b < 8; b++) KE[a * 8 + b] = (E / (1 - nu * nu)) * k[idx[a][b]];
  return KE;
}

export interface GridSystem {
  A: CsrMatrix;
  /** x, y of each free DOF's node. */
  coords: Float64Array;
}

/**
 * Reduced Q4 stiffness of an nelx×nely grid (top88 node numbering, column-major nodes, 2 DOFs per
 * node), left-edge x DOFs and the last DOF fixed. Ee[e] scales element e (column-major elements).
 */
export function q4Grid(nelx: number, nely: number, Ee?: Float64Array, nu = 0.3): GridSystem {
  const KE = q4ElementStiffness(1, nu);
  const nDof = 2 * (nelx + 1) * (nely + 1);
  const fixed = new Uint8Array(nDof);
  for (let j = 0; j <= nely; j++) fixed[2 * j] = 1;
  fixed[nDof - 1] = 1;
  const free = new Int32Array(nDof).fill(-1);
  let n = 0;
  const coords: number[] = [];
  for (let d = 0; d < nDof; d++) {
    if (fixed[d]) continue;
    free[d] = n++;
    const node = d >> 1;
    coords.push(Math.floor(node / (nely + 1)), node % (nely + 1));
  }
  const I: number[] = [], J: number[] = [], V: number[] = [];
  for (let ex = 0; ex < nelx; ex++) {
    for (let ey = 0; ey < nely; ey++) {
      const n1 = (nely + 1) * ex + ey;
      const n2 = (nely + 1) * (ex + 1) + ey;
      const edof = [2 * n1 + 2, 2 * n1 + 3, 2 * n2 + 2, 2 * n2 + 3, 2 * n2, 2 * n2 + 1, 2 * n1, 2 * n1 + 1];
      const scale = Ee ? Ee[ex * nely + ey] : 1;
      for (let a = 0; a < 8; a++) {
        for (let b = 0; b < 8; b++) {
          const i = free[edof[a]], j = free[edof[b]];
          if (i < 0 || j < 0) continue;
          I.push(i);
          J.push(j);
          V.push(scale * KE[a * 8 + b]);
        }
      }
    }
  }
  return { A: csrFromTriplets(n, I, J, V), coords: Float64Array.from(coords) };
}

/** 5-point Laplacian on an nx×ny grid with Dirichlet boundary (SPD), plus node coordinates. */
export function laplacian2d(nx: number, ny: number): GridSystem {
  const I: number[] = [], J: number[] = [], V: number[] = [];
  const id = (x: number, y: number): number => x * ny + y;
  const coords: number[] = [];
  for (let x = 0; x < nx; x++) {
    for (let y = 0; y < ny; y++) {
      coords.push(x, y);
      I.push(id(x, y)); J.push(id(x, y)); V.push(4);
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const u = x + dx, v = y + dy;
        if (u >= 0 && u < nx && v >= 0 && v < ny) {
          I.push(id(x, y)); J.push(id(u, v)); V.push(-1);
        }
      }
    }
  }
  return { A: csrFromTriplets(nx * ny, I, J, V), coords: Float64Array.from(coords) };
}

/** Seeded RNG (mulberry32). */
export const rng = mulberry32;

/** Random sparse symmetric, strictly diagonally dominant (hence SPD) matrix with ~nnzPerRow off-diagonals. */
export function randomSpd(n: number, nnzPerRow: number, seed: number): CsrMatrix {
  const r = rng(seed);
  const I: number[] = [], J: number[] = [], V: number[] = [];
  const rowSum = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    for (let t = 0; t < nnzPerRow / 2; t++) {
      const j = Math.floor(r() * n);
      if (j === i) continue;
      const v = r() * 2 - 1;
      I.push(i, j); J.push(j, i); V.push(v, v);
      rowSum[i] += Math.abs(v);
      rowSum[j] += Math.abs(v);
    }
  }
  for (let i = 0; i < n; i++) {
    I.push(i); J.push(i); V.push(rowSum[i] + 0.1 + r());
  }
  return csrFromTriplets(n, I, J, V);
}

/** y = A x. */
export function csrMultiply(A: CsrMatrix, x: Float64Array): Float64Array {
  const y = new Float64Array(A.n);
  for (let i = 0; i < A.n; i++) {
    let s = 0;
    for (let p = A.rowPtr[i]; p < A.rowPtr[i + 1]; p++) s += A.values[p] * x[A.colIdx[p]];
    y[i] = s;
  }
  return y;
}

/** ‖A x − b‖₂ / ‖b‖₂. */
export function relativeResidual(A: CsrMatrix, x: Float64Array, b: Float64Array): number {
  const Ax = csrMultiply(A, x);
  let num = 0, den = 0;
  for (let i = 0; i < A.n; i++) {
    num += (Ax[i] - b[i]) ** 2;
    den += b[i] ** 2;
  }
  return Math.sqrt(num / den);
}
