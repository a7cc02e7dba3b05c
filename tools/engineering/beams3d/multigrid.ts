/**
 * Geometric multigrid-preconditioned CG for the Beams3D system (setup.ts), EngiBench's choice of an
 * AMG-preconditioned CG at rtol 1e-8 done our way: the grid is coarsened on any side lengths
 * (coarsening.ts: a coarse cell covers 2 fine cells per axis, or 1 at the end of an odd side or beside a
 * clamped node; an even side is halved exactly), the prolongation P is trilinear on the coarse node
 * positions, and each coarse element matrix is the Galerkin product of the fine ones,
 * K_E = Σ_{fine e in E} s_e·(P_eᵀ KE P_e). P_e depends per axis only on the fine cell's offset inside
 * its coarse cell and that cell's width, so the products of each level are precomputed once per class
 * triple (per axis: each distinct pair of offset and coarse-cell width; a uniform width m gives m), and the
 * coarse operators follow the densities exactly and cost one pass over the fine scales. The clamped
 * nodes (the setup's fixedNodes) stay nodes of every level, identity rows there (Beams3D's four corners,
 * ThermoElastic3D's three). One symmetric V-cycle per CG iteration: two
 * sweeps of damped (ω = 0.6) 3×3 node-block Jacobi before and after, the coarsest grid (≤ 3,000 DOFs,
 * or ≤ 12,288 where it cannot be halved exactly (COARSEST_RULE), or one no side of which can shrink, or one
 * whose next level's product table would pass GALERKIN_MAX doubles)
 * factored by the sparse Cholesky once per solve. The smoother and the
 * V-cycle's residual multiply by K rounded to float32 (a fixed symmetric operator, so the V-cycle is
 * still a symmetric preconditioner; its products read half the bytes), CG itself by K in float64; both
 * products run in WebAssembly (blockProduct.ts, bitwise the JavaScript loops they replaced).
 * Stops at ‖r‖ ≤ rtol·‖f‖.
 * Legend: level 0 = the fine grid; Pn (8×8 per fine element of a coarse one) the nodal trilinear
 * weights Pn[a·8 + A] of coarse local node A at the fine element's local node a; pos[d] the fine node
 * index of each node of a level along axis d.
 */
import { NumericError } from '../../errors.ts';
import { createHex8Setup, type Hex8Setup } from './setup.ts';
import { analyze, factorize, solve as cholSolve, type CholeskyFactor } from '../linalg/sparseCholesky.ts';
import { blockJacobi, type Beams3DSolver } from './solver.ts';
import { transfer, transferScratch } from './gridTransfer.ts';
import { cellClasses, coarseNode, compose, COARSEST_RULE, nextCoarsening, type Coarsening, type CoarsestRule } from './coarsening.ts';
import { createBlockProduct, type BlockProduct } from './blockProduct.ts';
import { norm2, pcgIterate } from '../linalg/pcg.ts';

const OMEGA = 0.6;
const SWEEPS = 2;
/** The most doubles a level's table of Galerkin products may hold (32 MB; 64³ needs 0.3 M; the most any Beams3D grid allowed by conditions.ts needs is 1.94 M, 15×47×63 at level 3). */
const GALERKIN_MAX = 4_000_000;
const LX = [0, 1, 1, 0, 0, 1, 1, 0], LY = [0, 0, 1, 1, 0, 0, 1, 1], LZ = [0, 0, 0, 0, 1, 1, 1, 1];

interface Level {
  setup: Hex8Setup;
  /** K's CSR values (coarse levels; level 0 reads the caller's) */
  values: Float64Array;
  /**
   * K's products (blockProduct.ts; not on the coarsest level unless it is level 0): float32 for the
   * smoother and the V-cycle's residual, float64 for CG on level 0; x and t are its vectors
   */
  mv?: BlockProduct;
  inv: Float64Array;
  /** per-level scratch */
  x: Float64Array;
  b: Float64Array;
  r: Float64Array;
  t: Float64Array;
  /** how this level coarsens to the next (not on the coarsest) */
  down?: Coarsening;
}

/**
 * Pn for a fine element inside a coarse one, per axis at offset o (0 ≤ o < w) in a coarse cell w fine cells
 * wide: 8×8, row = the fine element's local node, column = the coarse element's local node (trilinear weights).
 */
function descendantWeights([ox, wx]: [number, number], [oy, wy]: [number, number], [oz, wz]: [number, number]): Float64Array {
  const P = new Float64Array(64);
  for (let a = 0; a < 8; a++) {
    const px = (ox + LX[a]) / wx, py = (oy + LY[a]) / wy, pz = (oz + LZ[a]) / wz;
    for (let A = 0; A < 8; A++) P[a * 8 + A] = (LX[A] ? px : 1 - px) * (LY[A] ? py : 1 - py) * (LZ[A] ? pz : 1 - pz);
  }
  return P;
}

/** A level's Galerkin products (G, 576 per class triple) and the per-axis classes of the fine cells, cellClasses(). */
interface Products {
  G: Float64Array;
  cls: [Int32Array, Int32Array, Int32Array];
  /** class counts per axis */
  n: [number, number, number];
  pos: [Int32Array, Int32Array, Int32Array];
}

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

/**
 * The CSR values of a coarse level, K_l = Σ_E Σ_{fine e in E} s_e·G[class(e)] (G: the Galerkin products of
 * the fine KE per class triple), each coarse element's 24×24 matrix summed in `acc` (its fine elements x
 * outer, z inner) and scattered through the level's slot table; 1 on the fixed diagonals.
 */
function assembleCoarse(setup: Hex8Setup, pr: Products, fine: Hex8Setup, s: Float64Array, values: Float64Array, acc: Float64Array): void {
  values.fill(0);
  const { G, cls, n, pos } = pr;
  scatterCoarse(setup.slot, setup.nelx, setup.nely, setup.nelz, G, cls[0], cls[1], cls[2], n[1], n[2], pos[0], pos[1], pos[2], fine.nely, fine.nelz, s, values, acc);
  const { fixedDiag } = setup;
  for (let i = 0; i < fixedDiag.length; i++) values[fixedDiag[i]] = 1;
}

/** assembleCoarse's element loop, a function that ends with its loop (see `subtract`). */
function scatterCoarse(slot: Int32Array, nelx: number, nely: number, nelz: number, G: Float64Array, cx: Int32Array, cy: Int32Array, cz: Int32Array, n1: number, n2: number, px: Int32Array, py: Int32Array, pz: Int32Array, fineNely: number, fineNelz: number, s: Float64Array, values: Float64Array, acc: Float64Array): void {
  for (let EX = 0; EX < nelx; EX++) for (let EY = 0; EY < nely; EY++) for (let EZ = 0; EZ < nelz; EZ++) {
    const E = (EX * nely + EY) * nelz + EZ;
    acc.fill(0);
    for (let i = px[EX]; i < px[EX + 1]; i++) for (let j = py[EY]; j < py[EY + 1]; j++) {
      const row = (i * fineNely + j) * fineNelz, cij = (cx[i] * n1 + cy[j]) * n2;
      for (let k = pz[EZ]; k < pz[EZ + 1]; k++) {
        const se = s[row + k], g = (cij + cz[k]) * 576;
        for (let q = 0; q < 576; q++) acc[q] += se * G[g + q];
      }
    }
    const base = E * 576;
    for (let q = 0; q < 576; q++) {
      const p = slot[base + q];
      if (p >= 0) values[p] += acc[q];
    }
  }
}

/** A level's Products: its node positions pos (fine node indices per axis) and the fine KE's Galerkin products per class triple. */
function products(KE: Float64Array, pos: [Int32Array, Int32Array, Int32Array]): Products {
  const c = pos.map(cellClasses);
  const n = c.map((a) => a.kinds.length) as [number, number, number];
  const G = new Float64Array(n[0] * n[1] * n[2] * 576);
  for (let a = 0, g = 0; a < n[0]; a++) for (let b = 0; b < n[1]; b++) for (let d = 0; d < n[2]; d++, g++) galerkinAdd(KE, 0, descendantWeights(c[0].kinds[a], c[1].kinds[b], c[2].kinds[d]), G, g * 576);
  return { G, cls: [c[0].cls, c[1].cls, c[2].cls], n, pos };
}

/** The Products table size of a level at node positions pos, in doubles (without building it). */
function productsSize(pos: Int32Array[]): number {
  return pos.reduce((m, p) => m * cellClasses(p).kinds.length, 576);
}

/** x += ω·D⁻¹(b − A x), `sweeps` times (t: scratch); fromZero: x is 0, so the first A x (= 0) is skipped. */
function smooth(L: Level, sweeps: number, fromZero = false): void {
  const { x, b, t, inv } = L;
  for (let s = 0; s < sweeps; s++) {
    if (s === 0 && fromZero) t.fill(0);
    else L.mv!.mul32(x, t);
    for (let node = 0; node < L.setup.nn; node++) {
      const i = 3 * node, o = 9 * node;
      const r0 = b[i] - t[i], r1 = b[i + 1] - t[i + 1], r2 = b[i + 2] - t[i + 2];
      x[i] += OMEGA * (inv[o] * r0 + inv[o + 1] * r1 + inv[o + 2] * r2);
      x[i + 1] += OMEGA * (inv[o + 3] * r0 + inv[o + 4] * r1 + inv[o + 5] * r2);
      x[i + 2] += OMEGA * (inv[o + 6] * r0 + inv[o + 7] * r1 + inv[o + 8] * r2);
    }
  }
}

/**
 * r = b − t. This loop and zeroFixed's are functions of their own, not loops inside the recursive vcycle: V8
 * (Node 20) optimized vcycle's first long loop by on-stack replacement before the code after it had run, and
 * that OSR code then deoptimized ("insufficient type feedback", which keeps the code) on every later V-cycle.
 */
function subtract(b: Float64Array, t: Float64Array, r: Float64Array): void {
  for (let i = 0; i < r.length; i++) r[i] = b[i] - t[i];
}

/** v_i = 0 on the fixed DOFs. */
function zeroFixed(v: Float64Array, fixed: Uint8Array): void {
  for (let i = 0; i < v.length; i++) if (fixed[i]) v[i] = 0;
}

/** opts.maxProducts: the most doubles a level's Galerkin product table may hold (default GALERKIN_MAX). */
export function createMultigridSolver(fine: Hex8Setup, opts: { rtol?: number; maxIter?: number; coarsestDofs?: number; maxProducts?: number; wasm?: boolean } = {}): Beams3DSolver {
  const rtol = opts.rtol ?? 1e-8;
  const rule: CoarsestRule = opts.coarsestDofs === undefined ? COARSEST_RULE : { coarsest: opts.coarsestDofs, uneven: opts.coarsestDofs };
  const maxProducts = opts.maxProducts ?? GALERKIN_MAX;
  const maxIter = opts.maxIter ?? 500;
  const levels: Level[] = [];
  const level = (setup: Hex8Setup): Level => {
    const n = setup.ndof, nnz = setup.pattern.colIdx.length;
    return { setup, values: new Float64Array(setup === fine ? 0 : nnz), inv: new Float64Array(9 * setup.nn), x: new Float64Array(0), b: new Float64Array(n), r: new Float64Array(n), t: new Float64Array(0) };
  };
  levels.push(level(fine));
  // node positions of each level in fine node indices, per axis
  const positions: [Int32Array, Int32Array, Int32Array][] = [[fine.nelx, fine.nely, fine.nelz].map((n) => Int32Array.from({ length: n + 1 }, (_, i) => i)) as [Int32Array, Int32Array, Int32Array]];
  for (;;) {
    const L = levels.at(-1)!, s = L.setup;
    const cg = nextCoarsening(s, s.fixedNodes, s.ndof, rule);
    if (!cg) break;
    const pos = positions.at(-1)!.map((p, d) => compose(p, cg.at[d])) as [Int32Array, Int32Array, Int32Array];
    if (productsSize(pos) > maxProducts) break;
    L.down = cg;
    positions.push(pos);
    levels.push(level(createHex8Setup(cg.coarse, s.fixedNodes.map((p) => coarseNode(cg, p)))));
  }
  // transfer scratch, sized for the finest pair of levels
  const t1 = levels.length > 1 ? transferScratch(levels[0].down!) : new Float64Array(0);
  const t2 = new Float64Array(t1.length);
  const coarsest = levels.at(-1)!;
  if (levels.length === 1) coarsest.values = new Float64Array(fine.pattern.colIdx.length);
  // the products and their vectors: level 0 also holds CG's p and q (the float64 product's input and output)
  levels.forEach((L, l) => {
    if (l > 0 && L === coarsest) {
      L.x = new Float64Array(L.setup.ndof);
      return;
    }
    L.mv = createBlockProduct(L.setup, l === 0 ? 4 : 2, { wasm: opts.wasm });
    L.x = L.mv.vector();
    L.t = L.mv.vector();
  });
  // the coarsest level: factored once per solve (3-D geometric nested dissection), solved once per V-cycle
  const coarseSym = analyze(coarsest.setup.pattern, { coords: coarsest.setup.coords, coordDims: 3 });
  let coarseFactor: CholeskyFactor | undefined;
  // level l's Galerkin products of KE, one per class triple of the fine elements inside its coarse elements
  const galerkin = positions.map((pos, l) => (l === 0 ? undefined : products(fine.KE, pos)));
  const acc = new Float64Array(576);
  // CG's vectors, reused by every solve
  const r = new Float64Array(fine.ndof), z = new Float64Array(fine.ndof), p = levels[0].mv!.vector(), q = levels[0].mv!.vector();
  let iters = 0;

  // CG's operator and preconditioner, made once (closures made per solve were new call targets for
  // pcgIterate every solve, and each one deoptimized it)
  const applyFine = (src: Float64Array, dst: Float64Array) => levels[0].mv!.mul(src, dst);
  const precondition = (res: Float64Array, out: Float64Array) => {
    if (levels.length === 1) cholSolve(coarseFactor!, res, out);
    else {
      levels[0].b.set(res);
      vcycle(0);
      out.set(levels[0].x);
    }
  };

  function vcycle(l: number): void {
    const L = levels[l];
    if (l === levels.length - 1) {
      cholSolve(coarseFactor!, L.b, L.x);
      return;
    }
    L.x.fill(0);
    smooth(L, SWEEPS, true);
    L.mv!.mul32(L.x, L.t);
    subtract(L.b, L.t, L.r);
    const C = levels[l + 1];
    transfer(L.down!, L.r, C.b, 'restrict', t1, t2);
    zeroFixed(C.b, C.setup.fixed);
    vcycle(l + 1);
    transfer(L.down!, L.x, C.x, 'prolong', t1, t2);
    smooth(L, SWEEPS);
  }

  return {
    name: `pcg-geometric-multigrid-${levels.length}`,
    solve(values, b, x, s) {
      if (!s) throw new Error('the multigrid solver needs the element scales x_e^p for its coarse levels');
      if (b.length !== fine.ndof || x.length !== fine.ndof || s.length !== fine.nel) throw new Error(`the multigrid solver is for ${fine.ndof} DOFs and ${fine.nel} elements (b ${b.length}, x ${x.length}, scales ${s.length})`);
      const L0 = levels[0];
      L0.mv!.load(values);
      if (levels.length === 1) L0.values.set(values);
      else {
        blockJacobi(L0.setup.pattern, values, L0.inv);
        L0.mv!.load32(values);
      }
      for (let l = 1; l < levels.length; l++) {
        const L = levels[l];
        assembleCoarse(L.setup, galerkin[l]!, fine, s, L.values, acc);
        if (l < levels.length - 1) {
          blockJacobi(L.setup.pattern, L.values, L.inv);
          L.mv!.load32(L.values);
        }
      }
      coarseFactor = factorize(coarseSym, coarsest.values, coarseFactor);
      x.fill(0);
      r.set(b);
      const bnorm = norm2(b);
      iters = 0;
      if (bnorm === 0) return x;
      iters = pcgIterate({ x, r, z, p, q }, applyFine, precondition, bnorm, rtol, maxIter);
      if (iters > 0) return x;
      throw new NumericError(`beams3d: multigrid CG did not reach rtol ${rtol} in ${maxIter} iterations`);
    },
    lastIterations: () => iters,
  };
}
