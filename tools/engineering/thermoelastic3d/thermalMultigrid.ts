/**
 * Geometric multigrid-preconditioned CG for the scalar ThermoElastic3D thermal system (thermalSystem.ts), the
 * one-DOF-per-node sibling of beams3d/multigrid.ts (the same hierarchy, and its grid transfers, beams3d/gridTransfer.ts,
 * with one value per node; the 3-DOF kernels are kept apart so each can change alone): the grid is coarsened on any
 * side lengths (beams3d/coarsening.ts: a coarse cell covers 2 cells of the level above per axis, or 1 at the end of an
 * odd side or beside a sink; an even side is halved exactly) with the sinks staying nodes; each coarse element
 * matrix (8×8) is the Galerkin product Σ_children Pcᵀ K_child Pc (1, 2, 4 or 8 children), level 1 as
 * Σ s_e·(Pcᵀ KEth Pc) with the 27 products (per axis: offset 0 or 1 of a width-2 cell, or a width-1 cell)
 * precomputed. Sinks are identity rows on every level. One symmetric V-cycle per CG iteration:
 * two sweeps of damped (ω = 0.6) point Jacobi before and after, the coarsest grid (≤ 3,000 nodes, ≤ 4,096 where it
 * cannot be halved exactly, or one no side of which can shrink) by the sparse Cholesky. Stops at ‖r‖ ≤ rtol·‖b‖.
 * Legend: level 0 = the fine grid; Kel (nel·64) the element matrices of a level ≥ 1; Pn (8×8 per child) as in
 * beams3d/multigrid.ts; a child class per axis is 0, 1 (offset in a width-2 cell) or 2 (a width-1 cell).
 */
import { NumericError } from '../../errors.ts';
import { analyze, factorize, solve, type CholeskyFactor } from '../linalg/sparseCholesky.ts';
import { assembleScalar, createThermalSystem, type ThermalSystem } from './thermalSystem.ts';
import type { ThermalSolver } from './thermalSolver.ts';
import { norm2, pcgIterate } from '../linalg/pcg.ts';
import { transfer, transferScratch } from '../beams3d/gridTransfer.ts';
import { coarseNode, nextCoarsening, type Coarsening, type CoarsestRule } from '../beams3d/coarsening.ts';

const OMEGA = 0.6;
const SWEEPS = 2;
const COARSEST_NODES = 3000;
/** A level that cannot be halved exactly stays the coarsest up to this many nodes (16³; beams3d/multigrid.ts UNEVEN_COARSEST_DOFS). */
const UNEVEN_COARSEST_NODES = 4096;
const LX = [0, 1, 1, 0, 0, 1, 1, 0], LY = [0, 0, 1, 1, 0, 0, 1, 1], LZ = [0, 0, 0, 0, 1, 1, 1, 1];

/** The (offset, width) of a child class per axis. */
const CLASS: [number, number][] = [[0, 2], [1, 2], [0, 1]];

/** Pn for a child of classes (cx, cy, cz) of a coarse element: 8×8, row = the child's local node, column = coarse local node. */
function childWeights(cx: number, cy: number, cz: number): Float64Array {
  const [[ox, wx], [oy, wy], [oz, wz]] = [CLASS[cx], CLASS[cy], CLASS[cz]];
  const P = new Float64Array(64);
  for (let a = 0; a < 8; a++) {
    const px = (ox + LX[a]) / wx, py = (oy + LY[a]) / wy, pz = (oz + LZ[a]) / wz;
    for (let A = 0; A < 8; A++) P[a * 8 + A] = (LX[A] ? px : 1 - px) * (LY[A] ? py : 1 - py) * (LZ[A] ? pz : 1 - pz);
  }
  return P;
}
/** CHILD_P[(cx·3 + cy)·3 + cz] */
const CHILD_P = Array.from({ length: 27 }, (_, c) => childWeights(Math.floor(c / 9), Math.floor(c / 3) % 3, c % 3));
/** The child classes along an axis inside a coarse cell of width w (1 or 2). */
const classesOf = (w: number) => (w === 2 ? [0, 1] : [2]);

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
  /** how this level coarsens to the next (not on the coarsest) */
  down?: Coarsening;
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
  const rule: CoarsestRule = { coarsest: opts.coarsestNodes ?? COARSEST_NODES, uneven: opts.coarsestNodes ?? UNEVEN_COARSEST_NODES };
  const level = (sys: ThermalSystem): Level => ({
    sys, values: new Float64Array(sys.pattern.colIdx.length), diag: diagonalSlots(sys), inv: new Float64Array(sys.nn),
    x: new Float64Array(sys.nn), b: new Float64Array(sys.nn), t: new Float64Array(sys.nn), t1: new Float64Array(0), t2: new Float64Array(0),
  });
  const levels: Level[] = [level(fine)];
  for (;;) {
    const L = levels.at(-1)!, s = L.sys;
    const cg = nextCoarsening(s, s.sinkNodes, s.nn, rule);
    if (!cg) break;
    L.down = cg;
    L.t1 = transferScratch(cg, 1);
    L.t2 = transferScratch(cg, 1);
    levels.push(level(createThermalSystem(cg.coarse.nelx, cg.coarse.nely, cg.coarse.nelz, s.sinkNodes.map((p) => coarseNode(cg, p)))));
  }
  const coarsest = levels.at(-1)!;
  const sym = analyze(coarsest.sys.pattern, { coords: coarsest.sys.coords, coordDims: 3 });
  let factor: CholeskyFactor | undefined;
  const G = new Float64Array(27 * 64);
  CHILD_P.forEach((P, ch) => galerkinAdd(KEth, 0, P, G, ch * 64));
  const Kel = levels.map((L, l) => new Float64Array(l === 0 ? 0 : L.sys.nel * 64));
  const n = fine.nn;
  const r = new Float64Array(n), z = new Float64Array(n), p = new Float64Array(n), q = new Float64Array(n);
  let iters = 0;

  function coarsen(l: number, s: Float64Array): void {
    const c = levels[l].sys, f = levels[l - 1].sys;
    const [ax, ay, az] = levels[l - 1].down!.at;
    const out = Kel[l];
    out.fill(0);
    for (let EX = 0; EX < c.nelx; EX++) for (let EY = 0; EY < c.nely; EY++) for (let EZ = 0; EZ < c.nelz; EZ++) {
      const E = (EX * c.nely + EY) * c.nelz + EZ;
      const kx = classesOf(ax[EX + 1] - ax[EX]), ky = classesOf(ay[EY + 1] - ay[EY]), kz = classesOf(az[EZ + 1] - az[EZ]);
      for (const i of kx) for (const j of ky) for (const k of kz) {
        const ch = (i * 3 + j) * 3 + k;
        const e = ((ax[EX] + CLASS[i][0]) * f.nely + ay[EY] + CLASS[j][0]) * f.nelz + az[EZ] + CLASS[k][0];
        if (l === 1) {
          const se = s[e];
          for (let q = 0; q < 64; q++) out[E * 64 + q] += se * G[ch * 64 + q];
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
    transfer(L.down!, L.t, C.b, 'restrict', L.t1, L.t2, 1);
    for (let i = 0; i < C.b.length; i++) if (C.sys.sink[i]) C.b[i] = 0;
    vcycle(l + 1);
    transfer(L.down!, L.x, C.x, 'prolong', L.t1, L.t2, 1);
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
