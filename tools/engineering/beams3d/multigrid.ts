/**
 * Geometric multigrid-preconditioned CG for the Beams3D system (setup.ts), EngiBench's choice of an
 * AMG-preconditioned CG at rtol 1e-8 done our way: the grid is halved while every side is even
 * (coarse element = 2×2×2 fine elements, trilinear prolongation P), and each coarse element matrix is
 * the Galerkin product Σ_children Pcᵀ K_child Pc (so the coarse operators follow the densities exactly;
 * level 1 uses Σ s_e·(Pcᵀ KE Pc) with the eight Pcᵀ KE Pc precomputed). The clamped nodes (the setup's
 * fixedNodes, halved per level; coarsening stops before a level they would not be nodes of) are identity rows
 * on every level (Beams3D's four corners, ThermoElastic3D's three). One symmetric V-cycle per CG iteration: two
 * sweeps of damped (ω = 0.6) 3×3 node-block Jacobi before and after, the coarsest grid (≤ 3,000 DOFs,
 * or a side that cannot be halved) solved by the sparse Cholesky. Stops at ‖r‖ ≤ rtol·‖f‖.
 * Legend: level 0 = the fine grid; Kel (nel·576) the element matrices of a level; Pn (8×8 per child)
 * the nodal trilinear weights Pn[a·8 + A] of coarse local node A at the child's local node a.
 */
import { NumericError } from '../../errors.ts';
import { createHex8Setup, type Hex8Setup } from './setup.ts';
import { blockJacobi, createCholeskySolver, type Beams3DSolver } from './solver.ts';

const OMEGA = 0.6;
const SWEEPS = 2;
const COARSEST_DOFS = 3000;
const LX = [0, 1, 1, 0, 0, 1, 1, 0], LY = [0, 0, 1, 1, 0, 0, 1, 1], LZ = [0, 0, 0, 0, 1, 1, 1, 1];

interface Level {
  setup: Hex8Setup;
  values: Float64Array;
  inv: Float64Array;
  /** per-level scratch */
  x: Float64Array;
  b: Float64Array;
  r: Float64Array;
  t: Float64Array;
}

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

/** out += (Pn ⊗ I3)ᵀ K (Pn ⊗ I3) (24×24 each) through the 3×3 blocks: 2·8·8·8·9 multiply-adds. */
function galerkinAdd(K: Float64Array, koff: number, Pn: Float64Array, out: Float64Array, ooff: number, scale = 1): void {
  const T = new Float64Array(576); // T[a-block, B-block] = Σ_b K[a,b] Pn[b,B]
  for (let a = 0; a < 8; a++) for (let b = 0; b < 8; b++) {
    for (let B = 0; B < 8; B++) {
      const w = Pn[b * 8 + B];
      if (w === 0) continue;
      for (let d = 0; d < 3; d++) for (let q = 0; q < 3; q++) T[(3 * a + d) * 24 + 3 * B + q] += w * K[koff + (3 * a + d) * 24 + 3 * b + q];
    }
  }
  for (let a = 0; a < 8; a++) for (let A = 0; A < 8; A++) {
    const w = scale * Pn[a * 8 + A];
    if (w === 0) continue;
    for (let d = 0; d < 3; d++) for (let q = 0; q < 24; q++) out[ooff + (3 * A + d) * 24 + q] += w * T[(3 * a + d) * 24 + q];
  }
}

function assembleElements(setup: Hex8Setup, Kel: Float64Array, values: Float64Array): void {
  values.fill(0);
  const { slot, nel } = setup;
  for (let e = 0; e < nel; e++) {
    const base = e * 576;
    for (let q = 0; q < 576; q++) {
      const p = slot[base + q];
      if (p >= 0) values[p] += Kel[base + q];
    }
  }
  for (const p of setup.fixedDiag) values[p] = 1;
}

function matvec(setup: Hex8Setup, values: Float64Array, x: Float64Array, y: Float64Array): void {
  const { rowPtr, colIdx, n } = setup.pattern;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let k = rowPtr[i]; k < rowPtr[i + 1]; k++) s += values[k] * x[colIdx[k]];
    y[i] = s;
  }
}

/** x += ω·D⁻¹(b − A x), `sweeps` times (t: scratch). */
function smooth(L: Level, sweeps: number): void {
  const { x, b, t, inv } = L;
  for (let s = 0; s < sweeps; s++) {
    matvec(L.setup, L.values, x, t);
    for (let node = 0; node < L.setup.nn; node++) {
      const i = 3 * node, o = 9 * node;
      const r0 = b[i] - t[i], r1 = b[i + 1] - t[i + 1], r2 = b[i + 2] - t[i + 2];
      x[i] += OMEGA * (inv[o] * r0 + inv[o + 1] * r1 + inv[o + 2] * r2);
      x[i + 1] += OMEGA * (inv[o + 3] * r0 + inv[o + 4] * r1 + inv[o + 5] * r2);
      x[i + 2] += OMEGA * (inv[o + 6] * r0 + inv[o + 7] * r1 + inv[o + 8] * r2);
    }
  }
}

/** The trilinear prolongation's stencil along one axis: fine index → (coarse indices, weights). */
function axisWeights(fine: number): [number, number, number, number] {
  return fine % 2 === 0 ? [fine / 2, 1, fine / 2, 0] : [(fine - 1) / 2, 0.5, (fine + 1) / 2, 0.5];
}

/** fine += P·coarse (add) or coarse = Pᵀ·fine (restrict), DOF-wise. */
function transfer(fineS: Hex8Setup, coarseS: Hex8Setup, fine: Float64Array, coarse: Float64Array, mode: 'prolong' | 'restrict'): void {
  if (mode === 'restrict') coarse.fill(0);
  const cy = coarseS.nely + 1, cz = coarseS.nelz + 1;
  for (let ix = 0; ix <= fineS.nelx; ix++) {
    const wx = axisWeights(ix);
    for (let iy = 0; iy <= fineS.nely; iy++) {
      const wy = axisWeights(iy);
      for (let iz = 0; iz <= fineS.nelz; iz++) {
        const wz = axisWeights(iz);
        const f = 3 * ((ix * (fineS.nely + 1) + iy) * (fineS.nelz + 1) + iz);
        for (let a = 0; a < 4; a += 2) {
          if (wx[a + 1] === 0) continue;
          for (let b = 0; b < 4; b += 2) {
            if (wy[b + 1] === 0) continue;
            for (let c = 0; c < 4; c += 2) {
              const w = wx[a + 1] * wy[b + 1] * wz[c + 1];
              if (w === 0) continue;
              const g = 3 * ((wx[a] * cy + wy[b]) * cz + wz[c]);
              for (let d = 0; d < 3; d++) {
                if (mode === 'prolong') fine[f + d] += w * coarse[g + d];
                else coarse[g + d] += w * fine[f + d];
              }
            }
          }
        }
      }
    }
  }
}

export function createMultigridSolver(fine: Hex8Setup, opts: { rtol?: number; maxIter?: number; coarsestDofs?: number } = {}): Beams3DSolver {
  const rtol = opts.rtol ?? 1e-8;
  const coarsestDofs = opts.coarsestDofs ?? COARSEST_DOFS;
  const maxIter = opts.maxIter ?? 500;
  const levels: Level[] = [];
  const level = (setup: Hex8Setup): Level => {
    const n = setup.ndof;
    return { setup, values: new Float64Array(setup.pattern.colIdx.length), inv: new Float64Array(9 * setup.nn), x: new Float64Array(n), b: new Float64Array(n), r: new Float64Array(n), t: new Float64Array(n) };
  };
  levels.push(level(fine));
  for (;;) {
    const s = levels.at(-1)!.setup;
    if (s.ndof <= coarsestDofs || s.nelx % 2 || s.nely % 2 || s.nelz % 2 || s.fixedNodes.some((p) => p.some((v) => v % 2))) break;
    const half = s.fixedNodes.map((p) => p.map((v) => v / 2) as [number, number, number]);
    levels.push(level(createHex8Setup({ nelx: s.nelx / 2, nely: s.nely / 2, nelz: s.nelz / 2 }, half)));
  }
  const coarsest = levels.at(-1)!;
  const direct = createCholeskySolver(coarsest.setup.pattern, coarsest.setup.coords);
  // the eight Pcᵀ·KE·Pc of level 1
  const G = CHILD_P.map((P) => {
    const out = new Float64Array(576);
    galerkinAdd(fine.KE, 0, P, out, 0);
    return out;
  });
  const Kel = levels.map((L) => new Float64Array(L.setup.nel * 576));
  let iters = 0;

  /** Coarse element matrices from the level above, children in (i, j, k) order. */
  function coarsen(l: number, fineS?: Float64Array): void {
    const c = levels[l].setup, f = levels[l - 1].setup;
    const out = Kel[l];
    out.fill(0);
    for (let EX = 0; EX < c.nelx; EX++) for (let EY = 0; EY < c.nely; EY++) for (let EZ = 0; EZ < c.nelz; EZ++) {
      const E = (EX * c.nely + EY) * c.nelz + EZ;
      for (let ch = 0; ch < 8; ch++) {
        const e = ((2 * EX + (ch >> 2)) * f.nely + 2 * EY + ((ch >> 1) & 1)) * f.nelz + 2 * EZ + (ch & 1);
        if (l === 1) {
          const s = fineS![e], g = G[ch];
          for (let q = 0; q < 576; q++) out[E * 576 + q] += s * g[q];
        } else galerkinAdd(Kel[l - 1], e * 576, CHILD_P[ch], out, E * 576);
      }
    }
  }

  function vcycle(l: number): void {
    const L = levels[l];
    if (l === levels.length - 1) {
      direct.solve(L.values, L.b, L.x);
      return;
    }
    L.x.fill(0);
    smooth(L, SWEEPS);
    matvec(L.setup, L.values, L.x, L.t);
    for (let i = 0; i < L.r.length; i++) L.r[i] = L.b[i] - L.t[i];
    const C = levels[l + 1];
    transfer(L.setup, C.setup, L.r, C.b, 'restrict');
    for (let i = 0; i < C.b.length; i++) if (C.setup.fixed[i]) C.b[i] = 0;
    vcycle(l + 1);
    transfer(L.setup, C.setup, L.x, C.x, 'prolong');
    smooth(L, SWEEPS);
  }

  return {
    name: `pcg-geometric-multigrid-${levels.length}`,
    solve(values, b, x, s) {
      if (!s) throw new Error('the multigrid solver needs the element scales x_e^p for its coarse levels');
      const L0 = levels[0];
      L0.values.set(values);
      blockJacobi(L0.setup.pattern, L0.values, L0.inv);
      for (let l = 1; l < levels.length; l++) {
        coarsen(l, s);
        assembleElements(levels[l].setup, Kel[l], levels[l].values);
        if (l < levels.length - 1) blockJacobi(levels[l].setup.pattern, levels[l].values, levels[l].inv);
      }
      const n = x.length;
      const r = new Float64Array(n), z = new Float64Array(n), p = new Float64Array(n), q = new Float64Array(n);
      x.fill(0);
      r.set(b);
      let bnorm = 0;
      for (let i = 0; i < n; i++) bnorm += b[i] * b[i];
      bnorm = Math.sqrt(bnorm);
      if (bnorm === 0) return x;
      const precondition = () => {
        if (levels.length === 1) direct.solve(L0.values, r, z);
        else {
          L0.b.set(r);
          vcycle(0);
          z.set(L0.x);
        }
      };
      precondition();
      p.set(z);
      let rz = 0;
      for (let i = 0; i < n; i++) rz += r[i] * z[i];
      for (iters = 1; iters <= maxIter; iters++) {
        matvec(L0.setup, values, p, q);
        let pq = 0;
        for (let i = 0; i < n; i++) pq += p[i] * q[i];
        const alpha = rz / pq;
        let rr = 0;
        for (let i = 0; i < n; i++) {
          x[i] += alpha * p[i];
          r[i] -= alpha * q[i];
          rr += r[i] * r[i];
        }
        if (Math.sqrt(rr) <= rtol * bnorm) return x;
        precondition();
        let rzNew = 0;
        for (let i = 0; i < n; i++) rzNew += r[i] * z[i];
        const beta = rzNew / rz;
        rz = rzNew;
        for (let i = 0; i < n; i++) p[i] = z[i] + beta * p[i];
      }
      throw new NumericError(`beams3d: multigrid CG did not reach rtol ${rtol} in ${maxIter} iterations`);
    },
    lastIterations: () => iters,
  };
}
