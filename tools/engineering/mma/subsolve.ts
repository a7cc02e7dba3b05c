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
 */
import { NumericError } from '../../errors.ts';
import { solveDense } from './solveDense.ts';

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

interface Point {
  x: Float64Array;
  y: Float64Array;
  z: number;
  lam: Float64Array;
  xsi: Float64Array;
  eta: Float64Array;
  mu: Float64Array;
  zet: number;
  s: Float64Array;
}

/** Newton steps per barrier level, as in Svanberg's subsolv and mmapy (which EngiBench uses). */
const MAX_NEWTON = 200;
const MAX_BACKTRACK = 50;

/**
 * What `residual` derives at a point besides the norms, kept for the Newton direction at the same point
 * (it is the point the line search accepted, or the start of a barrier level): 1/(upp − x), 1/(x − low),
 * p0 + Pᵀλ, q0 + Qᵀλ (n) and g = Σ_j (P_ij/(upp_j − x_j) + Q_ij/(x_j − low_j)) (m). None depend on epsi.
 * `tail` (4m + 2) is scratch for the residual's components past the x-block.
 */
interface AtPoint {
  uxinv: Float64Array;
  xlinv: Float64Array;
  plam: Float64Array;
  qlam: Float64Array;
  gvec: Float64Array;
  tail: Float64Array;
}

/** An iterate with what the last `residual` at it derived. */
interface Iterate extends Point {
  at: AtPoint;
}

/**
 * Euclidean norm and max-norm of the perturbed KKT residual at barrier level epsi; also fills pt.at.
 * The squares are summed in a fixed order (per j: the x-gradient, the xsi and eta complementarities; then y, z,
 * the constraints and the remaining complementarities), so the norm is the same number on every run.
 */
function residual(sp: SubproblemData, pt: Iterate, epsi: number, step?: Step): { norm: number; max: number } {
  const { m, n, upp, low, alfa, beta, p0, q0, P, Q } = sp;
  const { x, lam, xsi, eta } = pt;
  const { uxinv, xlinv, plam, qlam, gvec } = pt.at;
  if (step) stepScalars(pt, step);
  const stepping = step !== undefined;
  const t = step?.t ?? 0;
  const { x: fx, xsi: fxsi, eta: feta } = step?.from ?? pt;
  const { x: dx, xsi: dxsi, eta: deta } = step?.dir ?? pt;
  let sq = 0;
  let mx = 0;
  gvec.fill(0);
  const single = m === 1;
  const lam0 = lam[0];
  let g0 = 0;
  for (let j = 0; j < n; j++) {
    let xj, xsij, etaj;
    if (stepping) {
      xj = fx[j] + t * dx[j];
      xsij = fxsi[j] + t * dxsi[j];
      etaj = feta[j] + t * deta[j];
      x[j] = xj;
      xsi[j] = xsij;
      eta[j] = etaj;
    } else {
      xj = x[j];
      xsij = xsi[j];
      etaj = eta[j];
    }
    const ui = 1 / (upp[j] - xj);
    const li = 1 / (xj - low[j]);
    let pl = p0[j];
    let ql = q0[j];
    if (single) {
      // m = 1 (every EngiBench problem): the same sums with the accumulator in a register
      const Pj = P[j];
      const Qj = Q[j];
      pl += Pj * lam0;
      ql += Qj * lam0;
      g0 += Pj * ui + Qj * li;
    } else {
      for (let i = 0; i < m; i++) {
        const Pij = P[i * n + j];
        const Qij = Q[i * n + j];
        pl += Pij * lam[i];
        ql += Qij * lam[i];
        gvec[i] += Pij * ui + Qij * li;
      }
    }
    uxinv[j] = ui;
    xlinv[j] = li;
    plam[j] = pl;
    qlam[j] = ql;
    const r1 = pl * ui * ui - ql * li * li - xsij + etaj;
    const r2 = xsij * (xj - alfa[j]) - epsi;
    const r3 = etaj * (beta[j] - xj) - epsi;
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
  const tail = pt.at.tail;
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
  const { x, xsi, eta, mu } = pt;
  for (let j = 0; j < n; j++) {
    x[j] = 0.5 * (sp.alfa[j] + sp.beta[j]);
    xsi[j] = Math.max(1 / (x[j] - sp.alfa[j]), 1);
    eta[j] = Math.max(1 / (sp.beta[j] - x[j]), 1);
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
  delx: Float64Array;
  diagx: Float64Array;
  GG: Float64Array;
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
}

function createWork(m: number, n: number): Work {
  const v = (k: number) => new Float64Array(k);
  return { delx: v(n), diagx: v(n), GG: v(m * n), gd: v(m), gdg: v(m * m), dely: v(m), diagy: v(m), dellam: v(m), diaglamyi: v(m), dir: emptyPoint(m, n), stmX: 1 };
}

/**
 * The x-block of the Newton system: GG_ij = ∂g_i/∂x_j, delx, diagx, and the sums gd and gdg the reduced system needs.
 * m = 1 (every EngiBench problem) takes one fused pass; its sums run over j in the same order as the general passes.
 */
function xBlock(sp: SubproblemData, pt: Iterate, epsi: number, work: Work): void {
  const { m, n, alfa, beta, P, Q } = sp;
  const { x, xsi, eta } = pt;
  const { uxinv, xlinv, plam, qlam } = pt.at;
  const { delx, diagx, GG, gd, gdg } = work;
  if (m === 1) {
    let g = 0;
    let gg = 0;
    for (let j = 0; j < n; j++) {
      const ui = uxinv[j];
      const li = xlinv[j];
      const uxinv2 = ui * ui;
      const xlinv2 = li * li;
      const G = P[j] * uxinv2 - Q[j] * xlinv2;
      const xa = x[j] - alfa[j];
      const bx = beta[j] - x[j];
      const pl = plam[j];
      const ql = qlam[j];
      const dx = pl * uxinv2 - ql * xlinv2 - epsi / xa + epsi / bx;
      const dg = 2 * (pl * uxinv2 * ui + ql * xlinv2 * li) + xsi[j] / xa + eta[j] / bx;
      GG[j] = G;
      delx[j] = dx;
      diagx[j] = dg;
      g += (G * dx) / dg;
      gg += (G * G) / dg;
    }
    gd[0] = g;
    gdg[0] = gg;
    return;
  }
  for (let j = 0; j < n; j++) {
    const ui = uxinv[j];
    const li = xlinv[j];
    const uxinv2 = ui * ui;
    const xlinv2 = li * li;
    for (let i = 0; i < m; i++) GG[i * n + j] = P[i * n + j] * uxinv2 - Q[i * n + j] * xlinv2;
    const xa = x[j] - alfa[j];
    const bx = beta[j] - x[j];
    const pl = plam[j];
    const ql = qlam[j];
    delx[j] = pl * uxinv2 - ql * xlinv2 - epsi / xa + epsi / bx;
    diagx[j] = 2 * (pl * uxinv2 * ui + ql * xlinv2 * li) + xsi[j] / xa + eta[j] / bx;
  }
  for (let i = 0; i < m; i++) {
    let g = 0;
    for (let j = 0; j < n; j++) g += (GG[i * n + j] * delx[j]) / diagx[j];
    gd[i] = g;
    for (let k = 0; k <= i; k++) {
      let acc = 0;
      for (let j = 0; j < n; j++) acc += (GG[i * n + j] * GG[k * n + j]) / diagx[j];
      gdg[i * m + k] = acc;
    }
  }
}

/**
 * Newton direction for the perturbed KKT system at barrier level epsi (written into work.dir, and the largest
 * n-ratio of the step-length rule into work.stmX); pt.at is from `residual` at pt.
 */
function newtonDirection(sp: SubproblemData, pt: Iterate, epsi: number, work: Work): Point {
  const { m, n, alfa, beta } = sp;
  const { x, y, z, lam, xsi, eta, mu, zet, s } = pt;
  const { gvec } = pt.at;
  const { delx, diagx, GG, gd, gdg, dely, diagy, dellam, diaglamyi, dir } = work;
  xBlock(sp, pt, epsi, work);
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
  for (let i = 0; i < m; i++) dir.lam[i] = sol[i];

  const { x: dirx, xsi: dirxsi, eta: direta, lam: dirlam } = dir;
  // The n-ratios of the step-length rule (maxStep) as the direction is formed.
  let stm = 1;
  if (m === 1) {
    const dl = dirlam[0];
    for (let j = 0; j < n; j++) {
      let gl = 0;
      gl += GG[j] * dl;
      const dg = diagx[j];
      const dx = -delx[j] / dg - gl / dg;
      const xa = x[j] - alfa[j];
      const bx = beta[j] - x[j];
      const dxsi = -xsi[j] + epsi / xa - (xsi[j] * dx) / xa;
      const deta = -eta[j] + epsi / bx + (eta[j] * dx) / bx;
      dirx[j] = dx;
      dirxsi[j] = dxsi;
      direta[j] = deta;
      stm = Math.max(stm, (-1.01 * dxsi) / xsi[j], (-1.01 * deta) / eta[j], (-1.01 * dx) / xa, (1.01 * dx) / bx);
    }
  } else {
    for (let j = 0; j < n; j++) {
      let gl = 0;
      for (let i = 0; i < m; i++) gl += GG[i * n + j] * dirlam[i];
      const dx = -delx[j] / diagx[j] - gl / diagx[j];
      const xa = x[j] - alfa[j];
      const bx = beta[j] - x[j];
      const dxsi = -xsi[j] + epsi / xa - (xsi[j] * dx) / xa;
      const deta = -eta[j] + epsi / bx + (eta[j] * dx) / bx;
      dirx[j] = dx;
      dirxsi[j] = dxsi;
      direta[j] = deta;
      stm = Math.max(stm, (-1.01 * dxsi) / xsi[j], (-1.01 * deta) / eta[j], (-1.01 * dx) / xa, (1.01 * dx) / bx);
    }
  }
  for (let i = 0; i < m; i++) {
    const dlam = dirlam[i];
    const dy = -dely[i] / diagy[i] + dlam / diagy[i];
    dir.y[i] = dy;
    dir.mu[i] = -mu[i] + epsi / y[i] - (mu[i] * dy) / y[i];
    dir.s[i] = -s[i] + epsi / lam[i] - (s[i] * dlam) / lam[i];
  }
  dir.z = dz;
  dir.zet = -zet + epsi / z - (zet * dz) / z;
  work.stmX = stm;
  return dir;
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

function emptyPoint(m: number, n: number): Point {
  const v = (k: number) => new Float64Array(k);
  return { x: v(n), y: v(m), z: 0, lam: v(m), xsi: v(n), eta: v(n), mu: v(m), zet: 0, s: v(m) };
}

function emptyIterate(m: number, n: number): Iterate {
  const v = (k: number) => new Float64Array(k);
  return { ...emptyPoint(m, n), at: { uxinv: v(n), xlinv: v(n), plam: v(n), qlam: v(n), gvec: v(m), tail: v(4 * m + 2) } };
}

/** A line-search trial: the point from + t·dir, which `residual` writes into its iterate as it goes. */
interface Step {
  from: Point;
  dir: Point;
  t: number;
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
 * The two iterates and the Newton scratch of the last subproblem size, reused by the next subsolve of that size
 * (an MMA run solves one per outer iteration, all of one size). Every array is written before it is read in a
 * subsolve, and subsolve is synchronous and returns copies, so reuse cannot carry anything over.
 */
interface Workspace {
  m: number;
  n: number;
  a: Iterate;
  b: Iterate;
  work: Work;
}
let lastWorkspace: Workspace | undefined;

function workspaceFor(m: number, n: number): Workspace {
  if (lastWorkspace?.m !== m || lastWorkspace.n !== n) lastWorkspace = { m, n, a: emptyIterate(m, n), b: emptyIterate(m, n), work: createWork(m, n) };
  return lastWorkspace;
}

/** Solves the MMA subproblem; returns the primal x and the multipliers lam. */
export function subsolve(sp: SubproblemData): { x: Float64Array; lam: Float64Array; y: Float64Array; z: number } {
  const ws = workspaceFor(sp.m, sp.n);
  let pt = initialPoint(sp, ws.a);
  let spare = ws.b;
  const work = ws.work;
  let epsi = 1;
  while (epsi > sp.epsimin) {
    let res = residual(sp, pt, epsi);
    let newton = 0;
    while (res.max > 0.9 * epsi && newton < MAX_NEWTON) {
      newton++;
      const dir = newtonDirection(sp, pt, epsi, work);
      let steg = maxStep(pt, dir, work.stmX);
      // Backtrack from `pt` (kept intact) into `spare` until the residual norm decreases.
      let trial = res;
      let backtrack = 0;
      let resinew = 2 * res.norm;
      while (resinew > res.norm && backtrack < MAX_BACKTRACK) {
        backtrack++;
        trial = residual(sp, spare, epsi, { from: pt, dir, t: steg });
        resinew = trial.norm;
        steg /= 2;
      }
      [pt, spare] = [spare, pt];
      res = trial;
    }
    epsi *= 0.1;
  }
  for (let j = 0; j < sp.n; j++) {
    if (!Number.isFinite(pt.x[j])) throw new NumericError(`mma subproblem produced a non-finite x[${j}]`);
  }
  return { x: pt.x.slice(), lam: pt.lam.slice(), y: pt.y.slice(), z: pt.z };
}
