/**
 * The MMA subproblem, solved by a primal–dual interior-point Newton method (Svanberg's "subsolv").
 *
 *   min  Σ_j (p0_j/(upp_j − x_j) + q0_j/(x_j − low_j)) + a0·z + Σ_i (c_i·y_i + ½·d_i·y_i²)
 *   s.t. Σ_j (P_ij/(upp_j − x_j) + Q_ij/(x_j − low_j)) − a_i·z − y_i ≤ b_i,  alfa ≤ x ≤ beta,  y, z ≥ 0
 *
 * Legend: x (n) primal design, y (m), z artificial variables; lam (m) constraint multipliers;
 * xsi/eta (n) multipliers of x ≥ alfa / x ≤ beta; mu (m) of y ≥ 0; zet of z ≥ 0; s (m) slacks;
 * epsi the barrier parameter, driven from 1 down to epsimin by factors of 10. Each Newton step
 * eliminates x, y, and the bound multipliers and solves the small (m+1)×(m+1) system in (lam, z).
 *
 * Storage: the per-j quantities are interleaved, one Float64Array per kind with a stride (the data
 * [upp, low, alfa, beta, p0, q0, P_·j, Q_·j], a point's [x, xsi, eta], ...), since every pass reads them
 * together and V8 reloads each typed array's base on every iteration. m = 1 (every EngiBench problem) takes
 * scalar paths; every sum runs over j (and i) in the same order on both paths.
 */
import { NumericError } from '../../errors.ts';
import { solveDense } from './solveDense.ts';
import { createSingleKernels, type SingleKernels } from './subsolveWasm.ts';

export interface SubproblemData {
  m: number;
  n: number;
  epsimin: number;
  low: Float64Array;
  upp: Float64Array;
  alfa: Float64Array;
  beta: Float64Array;
  p0: Float64Array;
  q0: Float64Array;
  /** m×n, row-major. */
  P: Float64Array;
  Q: Float64Array;
  a0: number;
  a: Float64Array;
  b: Float64Array;
  c: Float64Array;
  d: Float64Array;
}

/** A primal–dual point; its n-parts interleaved: xe[3j] = x_j, xe[3j + 1] = xsi_j, xe[3j + 2] = eta_j. */
interface Point {
  xe: Float64Array;
  y: Float64Array;
  z: number;
  lam: Float64Array;
  mu: Float64Array;
  zet: number;
  s: Float64Array;
}

/** Newton steps per barrier level, as in Svanberg's subsolv and mmapy (which EngiBench uses). */
const MAX_NEWTON = 200;
const MAX_BACKTRACK = 50;

/** Per-j stride of the packed data: upp, low, alfa, beta, p0, q0, then P_ij and Q_ij for i = 0..m−1. */
const dataStride = (m: number) => 6 + 2 * m;
const UPP = 0;
const LOW = 1;
const ALFA = 2;
const BETA = 3;
const P0 = 4;
const Q0 = 5;
const PQ = 6;

/** D[dataStride·j + …] ← the subproblem's per-j vectors (P_ij at PQ + i, Q_ij at PQ + m + i). */
function pack(sp: SubproblemData, D: Float64Array): void {
  const { m, n } = sp;
  const sd = dataStride(m);
  for (let j = 0; j < n; j++) {
    const o = sd * j;
    D[o + UPP] = sp.upp[j];
    D[o + LOW] = sp.low[j];
    D[o + ALFA] = sp.alfa[j];
    D[o + BETA] = sp.beta[j];
    D[o + P0] = sp.p0[j];
    D[o + Q0] = sp.q0[j];
    for (let i = 0; i < m; i++) {
      D[o + PQ + i] = sp.P[i * n + j];
      D[o + PQ + m + i] = sp.Q[i * n + j];
    }
  }
}

/**
 * What `residual` derives at a point besides the norms, kept for the Newton direction at the same point
 * (it is the point the line search accepted, or the start of a barrier level): at[4j..4j+3] = 1/(upp − x),
 * 1/(x − low), p0 + Pᵀλ, q0 + Qᵀλ at j, and g = Σ_j (P_ij/(upp_j − x_j) + Q_ij/(x_j − low_j)) (m). None depend
 * on epsi. `tail` (4m + 2) is scratch for the residual's components past the x-block.
 */
interface Derived {
  at: Float64Array;
  gvec: Float64Array;
  tail: Float64Array;
}

/** An iterate with what the last `residual` at it derived. */
interface Iterate extends Point {
  der: Derived;
}

/** A line-search trial: the point from + t·dir, which `residual` writes into its iterate as it goes. */
interface Step {
  from: Point;
  dir: Point;
  t: number;
}

/**
 * Euclidean norm and max-norm of the perturbed KKT residual at barrier level epsi; also fills pt.der (and, with
 * a step, first sets pt = from + t·dir). The squares are summed in a fixed order (per j: the x-gradient, the xsi
 * and eta complementarities; then y, z, the constraints and the remaining complementarities).
 */
function residual(sp: SubproblemData, D: Float64Array, pt: Iterate, epsi: number, step?: Step, K?: SingleKernels): { norm: number; max: number } {
  const { m, n } = sp;
  const sd = dataStride(m);
  const { xe, lam } = pt;
  const { at, gvec } = pt.der;
  if (step) stepScalars(pt, step);
  const stepping = step !== undefined;
  const t = step?.t ?? 0;
  const fe = step?.from.xe ?? xe;
  const de = step?.dir.xe ?? xe;
  let sq = 0;
  let mx = 0;
  gvec.fill(0);
  const single = m === 1;
  const lam0 = lam[0];
  let g0 = 0;
  if (K && single) {
    // the same pass in WebAssembly (subsolveWasm.ts)
    K.exports.residual(n, K.at(D), K.at(xe), K.at(at), K.at(fe), K.at(de), stepping ? 1 : 0, t, epsi, lam0, K.at(K.out));
    sq = K.out[0];
    mx = K.out[1];
    g0 = K.out[2];
  }
  for (let j = 0; j < (K && single ? 0 : n); j++) {
    const o = sd * j;
    const p = 3 * j;
    let xj, xsij, etaj;
    if (stepping) {
      xj = fe[p] + t * de[p];
      xsij = fe[p + 1] + t * de[p + 1];
      etaj = fe[p + 2] + t * de[p + 2];
      xe[p] = xj;
      xe[p + 1] = xsij;
      xe[p + 2] = etaj;
    } else {
      xj = xe[p];
      xsij = xe[p + 1];
      etaj = xe[p + 2];
    }
    const ui = 1 / (D[o + UPP] - xj);
    const li = 1 / (xj - D[o + LOW]);
    let pl = D[o + P0];
    let ql = D[o + Q0];
    if (single) {
      // m = 1: the same sums with the accumulator in a register
      const Pj = D[o + PQ];
      const Qj = D[o + PQ + 1];
      pl += Pj * lam0;
      ql += Qj * lam0;
      g0 += Pj * ui + Qj * li;
    } else {
      for (let i = 0; i < m; i++) {
        const Pij = D[o + PQ + i];
        const Qij = D[o + PQ + m + i];
        pl += Pij * lam[i];
        ql += Qij * lam[i];
        gvec[i] += Pij * ui + Qij * li;
      }
    }
    const a = 4 * j;
    at[a] = ui;
    at[a + 1] = li;
    at[a + 2] = pl;
    at[a + 3] = ql;
    const r1 = pl * ui * ui - ql * li * li - xsij + etaj;
    const r2 = xsij * (xj - D[o + ALFA]) - epsi;
    const r3 = etaj * (D[o + BETA] - xj) - epsi;
    sq += r1 * r1;
    sq += r2 * r2;
    sq += r3 * r3;
    const a1 = Math.abs(r1);
    const a2 = Math.abs(r2);
    const a3 = Math.abs(r3);
    if (a1 > mx) mx = a1;
    if (a2 > mx) mx = a2;
    if (a3 > mx) mx = a3;
  }
  if (single) gvec[0] = g0;
  // The m- and scalar parts, in the order y, z, the constraints, then the complementarities of y, z and s.
  const { y, mu, s, z, zet } = pt;
  const tail = pt.der.tail;
  let k = 0;
  for (let i = 0; i < m; i++) tail[k++] = sp.c[i] + sp.d[i] * y[i] - mu[i] - lam[i];
  let alam = 0;
  for (let i = 0; i < m; i++) alam += sp.a[i] * lam[i];
  tail[k++] = sp.a0 - zet - alam;
  for (let i = 0; i < m; i++) tail[k++] = gvec[i] - sp.a[i] * z - y[i] + s[i] - sp.b[i];
  for (let i = 0; i < m; i++) tail[k++] = mu[i] * y[i] - epsi;
  tail[k++] = zet * z - epsi;
  for (let i = 0; i < m; i++) tail[k++] = lam[i] * s[i] - epsi;
  for (let q = 0; q < k; q++) {
    const r = tail[q];
    sq += r * r;
    const ar = Math.abs(r);
    if (ar > mx) mx = ar;
  }
  return { norm: Math.sqrt(sq), max: mx };
}

/** Writes the starting point into pt (every field: nothing of an earlier subproblem is left). */
function initialPoint(sp: SubproblemData, pt: Iterate): Iterate {
  const { m, n } = sp;
  const { xe, mu } = pt;
  for (let j = 0; j < n; j++) {
    const x = 0.5 * (sp.alfa[j] + sp.beta[j]);
    xe[3 * j] = x;
    xe[3 * j + 1] = Math.max(1 / (x - sp.alfa[j]), 1);
    xe[3 * j + 2] = Math.max(1 / (sp.beta[j] - x), 1);
  }
  for (let i = 0; i < m; i++) mu[i] = Math.max(1, 0.5 * sp.c[i]);
  pt.y.fill(1);
  pt.z = 1;
  pt.lam.fill(1);
  pt.zet = 1;
  pt.s.fill(1);
  return pt;
}

interface Work {
  /** Per j (stride 2 + m): delx_j, diagx_j, then GG_ij = ∂g_i/∂x_j. */
  xb: Float64Array;
  /** Σ_j GG_ij·delx_j/diagx_j (m) and Σ_j GG_ij·GG_kj/diagx_j (m×m, lower triangle used). */
  gd: Float64Array;
  gdg: Float64Array;
  dely: Float64Array;
  diagy: Float64Array;
  dellam: Float64Array;
  diaglamyi: Float64Array;
  dir: Point;
  /** max(1, the step-length ratios over x, xsi, eta) of the last direction. */
  stmX: number;
  /** m = 1: the WebAssembly passes, on whose memory the n-arrays live (unless JavaScript was asked for). */
  kernels?: SingleKernels;
}

/** Allocates a subsolve's n-sized arrays (plain, or in the kernels' memory). */
type Alloc = (length: number) => Float64Array;
const plain: Alloc = (length) => new Float64Array(length);

function createWork(m: number, n: number, alloc: Alloc, kernels?: SingleKernels): Work {
  const v = (k: number) => new Float64Array(k);
  return { xb: alloc((2 + m) * n), gd: v(m), gdg: v(m * m), dely: v(m), diagy: v(m), dellam: v(m), diaglamyi: v(m), dir: emptyPoint(m, n, alloc), stmX: NaN, kernels };
}

/** The x-block of the Newton system: delx, diagx, GG, and the sums gd and gdg the reduced system needs. */
function xBlock(sp: SubproblemData, D: Float64Array, pt: Iterate, epsi: number, work: Work): void {
  const { m, n } = sp;
  const sb = 2 + m;
  const { xb, gd, gdg } = work;
  if (m === 1) {
    // the sums over j in the order of the general passes below
    const K = work.kernels;
    gd[0] = K ? K.exports.xBlock(n, K.at(D), K.at(pt.xe), K.at(pt.der.at), K.at(xb), epsi) : xBlockPass(sp, D, pt, epsi, xb);
    gdg[0] = K ? K.exports.gram(n, K.at(xb)) : gramSingle(xb, n);
    return;
  }
  xBlockPass(sp, D, pt, epsi, xb);
  for (let i = 0; i < m; i++) {
    let gi = 0;
    for (let j = 0; j < n; j++) gi += (xb[sb * j + 2 + i] * xb[sb * j]) / xb[sb * j + 1];
    gd[i] = gi;
    for (let k = 0; k <= i; k++) {
      let acc = 0;
      for (let j = 0; j < n; j++) acc += (xb[sb * j + 2 + i] * xb[sb * j + 2 + k]) / xb[sb * j + 1];
      gdg[i * m + k] = acc;
    }
  }
}

/**
 * xb's delx, diagx and GG (stride 2 + m) at pt; for m = 1 returns gd = Σ_j GG_j·delx_j/diagx_j (0 otherwise).
 * The hot n-loops of the Newton step are functions of their own that end with the loop (here and in
 * `xDirection`, `gramSingle`): V8 (Node 20) first optimizes a long loop by on-stack replacement, and when
 * code after the loop had not run yet, that OSR code deoptimized on every later call ("insufficient type
 * feedback" is a soft deopt that keeps the code), so the loop ran unoptimized through most of an optimize.
 */
function xBlockPass(sp: SubproblemData, D: Float64Array, pt: Iterate, epsi: number, xb: Float64Array): number {
  const { m, n } = sp;
  const sd = dataStride(m);
  const sb = 2 + m;
  const { xe } = pt;
  const { at } = pt.der;
  let g = 0;
  for (let j = 0; j < n; j++) {
    const o = sd * j;
    const p = 3 * j;
    const a = 4 * j;
    const b = sb * j;
    const ui = at[a];
    const li = at[a + 1];
    const uxinv2 = ui * ui;
    const xlinv2 = li * li;
    const xj = xe[p];
    const xa = xj - D[o + ALFA];
    const bx = D[o + BETA] - xj;
    const pl = at[a + 2];
    const ql = at[a + 3];
    const dx = pl * uxinv2 - ql * xlinv2 - epsi / xa + epsi / bx;
    const dg = 2 * (pl * uxinv2 * ui + ql * xlinv2 * li) + xe[p + 1] / xa + xe[p + 2] / bx;
    xb[b] = dx;
    xb[b + 1] = dg;
    if (m === 1) {
      const G = D[o + PQ] * uxinv2 - D[o + PQ + 1] * xlinv2;
      xb[b + 2] = G;
      g += (G * dx) / dg;
    } else {
      for (let i = 0; i < m; i++) xb[b + 2 + i] = D[o + PQ + i] * uxinv2 - D[o + PQ + m + i] * xlinv2;
    }
  }
  return g;
}

/** m = 1: gdg = Σ_j GG_j²/diagx_j over xb (stride 3). */
function gramSingle(xb: Float64Array, n: number): number {
  let gg = 0;
  for (let j = 0; j < n; j++) {
    const G = xb[3 * j + 2];
    gg += (G * G) / xb[3 * j + 1];
  }
  return gg;
}

/**
 * Newton direction for the perturbed KKT system at barrier level epsi (written into work.dir, and the largest
 * n-ratio of the step-length rule into work.stmX); pt.der is from `residual` at pt.
 */
function newtonDirection(sp: SubproblemData, D: Float64Array, pt: Iterate, epsi: number, work: Work): Point {
  const { m } = sp;
  const { xe, y, z, lam, mu, zet, s } = pt;
  const { gvec } = pt.der;
  const { gd, gdg, dely, diagy, dellam, diaglamyi, dir } = work;
  xBlock(sp, D, pt, epsi, work);
  let alam = 0;
  for (let i = 0; i < m; i++) alam += sp.a[i] * lam[i];
  const delz = sp.a0 - alam - epsi / z;
  for (let i = 0; i < m; i++) {
    dely[i] = sp.c[i] + sp.d[i] * y[i] - lam[i] - epsi / y[i];
    dellam[i] = gvec[i] - sp.a[i] * z - y[i] - sp.b[i] + epsi / lam[i];
    diagy[i] = sp.d[i] + mu[i] / y[i];
    diaglamyi[i] = s[i] / lam[i] + 1 / diagy[i];
  }
  // (m+1)×(m+1) system [[diag(diaglamyi) + GG·diag(1/diagx)·GGᵀ, a], [aᵀ, −zet/z]]·[dlam; dz] = [blam; delz].
  const size = m + 1;
  const AA = new Float64Array(size * size);
  const bb = new Float64Array(size);
  for (let i = 0; i < m; i++) {
    bb[i] = dellam[i] + dely[i] / diagy[i] - gd[i];
    for (let k = 0; k <= i; k++) {
      const acc = gdg[i * m + k];
      AA[i * size + k] = acc;
      AA[k * size + i] = acc;
    }
    AA[i * size + i] += diaglamyi[i];
    AA[i * size + m] = sp.a[i];
    AA[m * size + i] = sp.a[i];
  }
  AA[m * size + m] = -zet / z;
  bb[m] = delz;
  const sol = solveDense(AA, bb, size);
  const dz = sol[m];
  const dirlam = dir.lam;
  for (let i = 0; i < m; i++) dirlam[i] = sol[i];

  const K = work.kernels;
  work.stmX = K && m === 1 ? K.exports.xDirection(sp.n, K.at(D), K.at(xe), K.at(work.xb), K.at(dir.xe), dirlam[0], epsi) : xDirection(sp, D, xe, epsi, work);
  for (let i = 0; i < m; i++) {
    const dlam = dirlam[i];
    const dy = -dely[i] / diagy[i] + dlam / diagy[i];
    dir.y[i] = dy;
    dir.mu[i] = -mu[i] + epsi / y[i] - (mu[i] * dy) / y[i];
    dir.s[i] = -s[i] + epsi / lam[i] - (s[i] * dlam) / lam[i];
  }
  dir.z = dz;
  dir.zet = -zet + epsi / z - (zet * dz) / z;
  return dir;
}

/**
 * The x-part of the Newton direction (dx, dxsi, deta into work.dir.xe) from the x-block and dir.lam; returns the
 * largest n-ratio of the step-length rule (maxStep), taken as the direction is formed (a function of its own:
 * see `xBlockPass`).
 */
function xDirection(sp: SubproblemData, D: Float64Array, xe: Float64Array, epsi: number, work: Work): number {
  const { m, n } = sp;
  const sd = dataStride(m);
  const sb = 2 + m;
  const { xb, dir } = work;
  const dirlam = dir.lam;
  const de = dir.xe;
  const dl = dirlam[0];
  let stm = 1;
  for (let j = 0; j < n; j++) {
    const b = sb * j;
    let gl = 0;
    if (m === 1) gl += xb[b + 2] * dl;
    else for (let i = 0; i < m; i++) gl += xb[b + 2 + i] * dirlam[i];
    const dg = xb[b + 1];
    const dx = -xb[b] / dg - gl / dg;
    const o = sd * j;
    const p = 3 * j;
    const xj = xe[p];
    const xsij = xe[p + 1];
    const etaj = xe[p + 2];
    const xa = xj - D[o + ALFA];
    const bx = D[o + BETA] - xj;
    const dxsi = -xsij + epsi / xa - (xsij * dx) / xa;
    const deta = -etaj + epsi / bx + (etaj * dx) / bx;
    de[p] = dx;
    de[p + 1] = dxsi;
    de[p + 2] = deta;
    stm = Math.max(stm, (-1.01 * dxsi) / xsij, (-1.01 * deta) / etaj, (-1.01 * dx) / xa, (1.01 * dx) / bx);
  }
  return stm;
}

/**
 * Largest step ≤ 1 that keeps x strictly inside (alfa, beta) and the multipliers positive (1.01 margin):
 * 1 / max(1, every ratio −1.01·dv/v, and 1.01·dx/(beta − x) for the upper bound). The n-ratios come in as stmX
 * (newtonDirection takes them as it forms the direction); a max does not depend on the order it is taken in
 * (a NaN ratio gives NaN either way).
 */
function maxStep(pt: Iterate, dir: Point, stmX: number): number {
  let stm = stmX;
  for (let i = 0; i < pt.y.length; i++) {
    stm = Math.max(stm, (-1.01 * dir.y[i]) / pt.y[i], (-1.01 * dir.lam[i]) / pt.lam[i], (-1.01 * dir.mu[i]) / pt.mu[i], (-1.01 * dir.s[i]) / pt.s[i]);
  }
  stm = Math.max(stm, (-1.01 * dir.z) / pt.z, (-1.01 * dir.zet) / pt.zet);
  return 1 / stm;
}

function emptyPoint(m: number, n: number, alloc: Alloc = plain): Point {
  const v = (k: number) => new Float64Array(k);
  return { xe: alloc(3 * n), y: v(m), z: NaN, lam: v(m), mu: v(m), zet: NaN, s: v(m) };
}

function emptyIterate(m: number, n: number, alloc: Alloc): Iterate {
  const v = (k: number) => new Float64Array(k);
  return { ...emptyPoint(m, n, alloc), der: { at: alloc(4 * n), gvec: v(m), tail: v(4 * m + 2) } };
}

function axpyInto(out: Float64Array, v: Float64Array, dv: Float64Array, t: number): void {
  for (let i = 0; i < v.length; i++) out[i] = v[i] + t * dv[i];
}

/** The m- and scalar parts of out ← from + t·dir (the n-parts are stepped inside `residual`); out must not alias from. */
function stepScalars(out: Point, { from, dir, t }: Step): void {
  axpyInto(out.y, from.y, dir.y, t);
  axpyInto(out.lam, from.lam, dir.lam, t);
  axpyInto(out.mu, from.mu, dir.mu, t);
  axpyInto(out.s, from.s, dir.s, t);
  out.z = from.z + t * dir.z;
  out.zet = from.zet + t * dir.zet;
}

/**
 * The packed data, the two iterates and the Newton scratch of the last subproblem size, reused by the next
 * subsolve of that size (an MMA run solves one per outer iteration, all of one size). Every array is written
 * before it is read in a subsolve, and subsolve is synchronous and returns copies, so reuse carries nothing over.
 */
interface Workspace {
  m: number;
  n: number;
  wasm: boolean;
  D: Float64Array;
  a: Iterate;
  b: Iterate;
  work: Work;
}
let lastWorkspace: Workspace | undefined;

function workspaceFor(m: number, n: number, wasm: boolean): Workspace {
  if (lastWorkspace?.m !== m || lastWorkspace.n !== n || lastWorkspace.wasm !== wasm) {
    // m = 1: D (8n), two iterates' xe and at (7n each), xb and the direction's xe (3n each) in the kernels' memory
    const kernels = wasm && m === 1 ? createSingleKernels(28 * n) : undefined;
    const alloc = kernels ? kernels.array : plain;
    lastWorkspace = { m, n, wasm, D: alloc(dataStride(m) * n), a: emptyIterate(m, n, alloc), b: emptyIterate(m, n, alloc), work: createWork(m, n, alloc, kernels) };
  }
  return lastWorkspace;
}

/**
 * Solves the MMA subproblem; returns the primal x and the multipliers lam. For m = 1 the n-passes run in
 * WebAssembly (subsolveWasm.ts, bitwise the JavaScript passes) unless `wasm: false`.
 */
export function subsolve(sp: SubproblemData, opts: { wasm?: boolean } = {}): { x: Float64Array; lam: Float64Array; y: Float64Array; z: number } {
  const ws = workspaceFor(sp.m, sp.n, opts.wasm ?? true);
  const { D, work } = ws;
  pack(sp, D);
  let pt = initialPoint(sp, ws.a);
  let spare = ws.b;
  let epsi = 1;
  while (epsi > sp.epsimin) {
    let res = residual(sp, D, pt, epsi, undefined, work.kernels);
    let newton = 0;
    while (res.max > 0.9 * epsi && newton < MAX_NEWTON) {
      newton++;
      const dir = newtonDirection(sp, D, pt, epsi, work);
      let steg = maxStep(pt, dir, work.stmX);
      // Backtrack from `pt` (kept intact) into `spare` until the residual norm decreases.
      let trial = res;
      let backtrack = 0;
      let resinew = 2 * res.norm;
      while (resinew > res.norm && backtrack < MAX_BACKTRACK) {
        backtrack++;
        trial = residual(sp, D, spare, epsi, { from: pt, dir, t: steg }, work.kernels);
        resinew = trial.norm;
        steg /= 2;
      }
      [pt, spare] = [spare, pt];
      res = trial;
    }
    epsi *= 0.1;
  }
  const x = new Float64Array(sp.n);
  for (let j = 0; j < sp.n; j++) {
    x[j] = pt.xe[3 * j];
    if (!Number.isFinite(x[j])) throw new NumericError(`mma subproblem produced a non-finite x[${j}]`);
  }
  return { x, lam: pt.lam.slice(), y: pt.y.slice(), z: pt.z };
}
