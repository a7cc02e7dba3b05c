/**
 * Geometric multigrid-preconditioned CG for the scalar ThermoElastic3D thermal system (thermalSystem.ts), the
 * one-DOF-per-node sibling of beams3d/multigrid.ts (the same hierarchy, and its grid transfers, beams3d/gridTransfer.ts,
 * with one value per node; the 3-DOF kernels are kept apart so each can change alone): the grid is halved while every side is even and the sinks stay nodes; each coarse element
 * matrix (8×8) is the Galerkin product Σ_children Pcᵀ K_child Pc, level 1 as Σ s_e·(Pcᵀ KEth Pc) with the
 * eight products precomputed. Sinks are identity rows on every level. One symmetric V-cycle per CG iteration:
 * two sweeps of damped (ω = 0.6) point Jacobi before and after, the coarsest grid (≤ 3,000 nodes, or a side
 * that cannot be halved) by the sparse Cholesky. Stops at ‖r‖ ≤ rtol·‖b‖.
 * Legend: level 0 = the fine grid; Kel (nel·64) the element matrices of a level ≥ 1; Pn (8×8 per child) as in
 * beams3d/multigrid.ts.
 */
import { NumericError } from '../../errors.ts';
import { analyze, factorize, solve, type CholeskyFactor } from '../linalg/sparseCholesky.ts';
import { assembleScalar, createThermalSystem, type ThermalSystem } from './thermalSystem.ts';
import type { ThermalSolver } from './thermalSolver.ts';
import { norm2, pcgIterate } from '../linalg/pcg.ts';
import { transfer, transferScratch } from '../beams3d/gridTransfer.ts';

const OMEGA = 0.6;
const SWEEPS = 2;
const COARSEST_NODES = 3000;
const LX = [0, 1, 1, 0, 0, 1, 1, 0], LY = [0, 0, 1, 1, 0, 0, 1, 1], LZ = [0, 0, 0, 0, 1, 1, 1, 1];

/** Pn for child (i, j, k) of a coarse element: 8×8, row = the child's local node, column = coarse local node. */
function childWeights(i: number, j: number, k: number): Float64Array {
  const P = new Float64Array(64);
  for (let a = 0; a < 8; a++) {
    const px = (i + LX[a]) / 2, py = (j + LY[a]) / 2, pz = (k + LZ[a]) / 2;
    for (let A = 0; A < 8; A++) P[a * 8 + A] = (LX[A] ? px : 1 - px) * (LY[A] ? py : 1 - py) * (LZ[A] ? pz : 1 - pz);
  }
  return P;
}
const CHILD_P = Array.from({ length: 8 }, (_, c) => childWeights(c >> 2, (c >> 1) & 1, c & 1));

interface Level {
  sys: ThermalSystem;
  values: Float64Array;
  /** CSR slot of each row's diagonal, and 1/diagonal. */
  diag: Int32Array;
  inv: Float64Array;
  x: Float64Array;
  b: Float64Array;
  t: Float64Array;
  /** transfer() scratch between this level and the next coarser one (empty on the coarsest). */
  t1: Float64Array;
  t2: Float64Array;
}

/** out += Pnᵀ K Pn (8×8 each). */
function galerkinAdd(K: Float64Array, koff: number, Pn: Float64Array, out: Float64Array, ooff: number): void {
  const T = new Float64Array(64); // T[a, B] = Σ_b K[a, b] Pn[b, B]
  for (let a = 0; a < 8; a++) for (let b = 0; b < 8; b++) {
    const k = K[koff + a * 8 + b];
    for (let B = 0; B < 8; B++) T[a * 8 + B] += k * Pn[b * 8 + B];
  }
  for (let a = 0; a < 8; a++) for (let A = 0; A < 8; A++) {
    const w = Pn[a * 8 + A];
    if (w === 0) continue;
    for (let B = 0; B < 8; B++) out[ooff + A * 8 + B] += w * T[a * 8 + B];
  }
}

function matvec(sys: ThermalSystem, values: Float64Array, x: Float64Array, y: Float64Array): void {
  const { rowPtr, colIdx, n } = sys.pattern;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let k = rowPtr[i]; k < rowPtr[i + 1]; k++) s += values[k] * x[colIdx[k]];
    y[i] = s;
  }
}

/** x += ω·D⁻¹(b − A x), `sweeps` times. */
function smooth(L: Level, sweeps: number): void {
  const { x, b, t, inv } = L;
  for (let s = 0; s < sweeps; s++) {
    matvec(L.sys, L.values, x, t);
    for (let i = 0; i < x.length; i++) x[i] += OMEGA * inv[i] * (b[i] - t[i]);
  }
}

function diagonalSlots(sys: ThermalSystem): Int32Array {
  const { rowPtr, colIdx, n } = sys.pattern;
  const d = new Int32Array(n);
  for (let i = 0; i < n; i++) for (let k = rowPtr[i]; k < rowPtr[i + 1]; k++) if (colIdx[k] === i) d[i] = k;
  return d;
}

export function createThermalMultigrid(fine: ThermalSystem, KEth: Float64Array, opts: { rtol?: number; maxIter?: number; coarsestNodes?: number } = {}): ThermalSolver {
  const rtol = opts.rtol ?? 1e-8;
  const maxIter = opts.maxIter ?? 500;
  const coarsestNodes = opts.coarsestNodes ?? COARSEST_NODES;
  const level = (sys: ThermalSystem): Level => ({
    sys, values: new Float64Array(sys.pattern.colIdx.length), diag: diagonalSlots(sys), inv: new Float64Array(sys.nn),
    x: new Float64Array(sys.nn), b: new Float64Array(sys.nn), t: new Float64Array(sys.nn), t1: new Float64Array(0), t2: new Float64Array(0),
  });
  const levels: Level[] = [level(fine)];
  for (;;) {
    const s = levels.at(-1)!.sys;
    if (s.nn <= coarsestNodes || s.nelx % 2 || s.nely % 2 || s.nelz % 2 || s.sinkNodes.some((p) => p.some((v) => v % 2))) break;
    const half = s.sinkNodes.map((p) => p.map((v) => v / 2) as [number, number, number]);
    const coarse = createThermalSystem(s.nelx / 2, s.nely / 2, s.nelz / 2, half);
    const L = levels.at(-1)!;
    L.t1 = transferScratch(s, coarse, 1);
    L.t2 = transferScratch(s, coarse, 1);
    levels.push(level(coarse));
  }
  const coarsest = levels.at(-1)!;
  const sym = analyze(coarsest.sys.pattern, { coords: coarsest.sys.coords, coordDims: 3 });
  let factor: CholeskyFactor | undefined;
  const G = new Float64Array(8 * 64);
  CHILD_P.forEach((P, ch) => galerkinAdd(KEth, 0, P, G, ch * 64));
  const Kel = levels.map((L, l) => new Float64Array(l === 0 ? 0 : L.sys.nel * 64));
  const n = fine.nn;
  const r = new Float64Array(n), z = new Float64Array(n), p = new Float64Array(n), q = new Float64Array(n);
  let iters = 0;

  function coarsen(l: number, s: Float64Array): void {
    const c = levels[l].sys, f = levels[l - 1].sys;
    const out = Kel[l];
    out.fill(0);
    for (let EX = 0; EX < c.nelx; EX++) for (let EY = 0; EY < c.nely; EY++) for (let EZ = 0; EZ < c.nelz; EZ++) {
      const E = (EX * c.nely + EY) * c.nelz + EZ;
      for (let ch = 0; ch < 8; ch++) {
        const e = ((2 * EX + (ch >> 2)) * f.nely + 2 * EY + ((ch >> 1) & 1)) * f.nelz + 2 * EZ + (ch & 1);
        if (l === 1) {
          const se = s[e];
          for (let k = 0; k < 64; k++) out[E * 64 + k] += se * G[ch * 64 + k];
        } else galerkinAdd(Kel[l - 1], e * 64, CHILD_P[ch], out, E * 64);
      }
    }
  }

  function vcycle(l: number): void {
    const L = levels[l];
    if (l === levels.length - 1) {
      solve(factor!, L.b, L.x);
      return;
    }
    L.x.fill(0);
    smooth(L, SWEEPS);
    matvec(L.sys, L.values, L.x, L.t);
    for (let i = 0; i < L.t.length; i++) L.t[i] = L.b[i] - L.t[i];
    const C = levels[l + 1];
    transfer(L.sys, C.sys, L.t, C.b, 'restrict', L.t1, L.t2, 1);
    for (let i = 0; i < C.b.length; i++) if (C.sys.sink[i]) C.b[i] = 0;
    vcycle(l + 1);
    transfer(L.sys, C.sys, L.x, C.x, 'prolong', L.t1, L.t2, 1);
    smooth(L, SWEEPS);
  }

  const precondition = (res: Float64Array, out: Float64Array) => {
    const L0 = levels[0];
    L0.b.set(res);
    vcycle(0);
    out.set(L0.x);
  };

  return {
    name: `pcg-geometric-multigrid-${levels.length}`,
    prepare(values, s) {
      levels[0].values.set(values);
      for (let l = 1; l < levels.length; l++) {
        coarsen(l, s);
        assembleScalar(levels[l].sys, undefined, Kel[l], levels[l].values, false);
      }
      for (const L of levels) for (let i = 0; i < L.inv.length; i++) L.inv[i] = 1 / L.values[L.diag[i]];
      factor = factorize(sym, coarsest.values, factor);
    },
    solve(b, x = new Float64Array(n)) {
      if (!factor) throw new Error('thermal multigrid: solve before prepare');
      const A = levels[0].values;
      x.fill(0);
      r.set(b);
      const bnorm = norm2(b);
      iters = 0;
      if (bnorm === 0) return x;
      iters = pcgIterate({ x, r, z, p, q }, (src, dst) => matvec(fine, A, src, dst), precondition, bnorm, rtol, maxIter);
      if (iters > 0) return x;
      throw new NumericError(`thermoelastic3d: thermal multigrid CG did not reach rtol ${rtol} in ${maxIter} iterations`);
    },
    lastIterations: () => iters,
  };
}
