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

/** Euclidean norm and max-norm of the perturbed KKT residual at barrier level epsi. */
function residual(sp: SubproblemData, pt: Point, epsi: number, gvec: Float64Array): { norm: number; max: number } {
  const { m, n } = sp;
  let sq = 0;
  let mx = 0;
  const add = (r: number) => {
    sq += r * r;
    const ar = Math.abs(r);
    if (ar > mx) mx = ar;
  };
  gvec.fill(0);
  for (let j = 0; j < n; j++) {
    const xj = pt.x[j];
    const uxinv = 1 / (sp.upp[j] - xj);
    const xlinv = 1 / (xj - sp.low[j]);
    let plam = sp.p0[j];
    let qlam = sp.q0[j];
    for (let i = 0; i < m; i++) {
      plam += sp.P[i * n + j] * pt.lam[i];
      qlam += sp.Q[i * n + j] * pt.lam[i];
      gvec[i] += sp.P[i * n + j] * uxinv + sp.Q[i * n + j] * xlinv;
    }
    add(plam * uxinv * uxinv - qlam * xlinv * xlinv - pt.xsi[j] + pt.eta[j]);
    add(pt.xsi[j] * (xj - sp.alfa[j]) - epsi);
    add(pt.eta[j] * (sp.beta[j] - xj) - epsi);
  }
  for (let i = 0; i < m; i++) add(sp.c[i] + sp.d[i] * pt.y[i] - pt.mu[i] - pt.lam[i]);
  let alam = 0;
  for (let i = 0; i < m; i++) alam += sp.a[i] * pt.lam[i];
  add(sp.a0 - pt.zet - alam);
  for (let i = 0; i < m; i++) add(gvec[i] - sp.a[i] * pt.z - pt.y[i] + pt.s[i] - sp.b[i]);
  for (let i = 0; i < m; i++) add(pt.mu[i] * pt.y[i] - epsi);
  add(pt.zet * pt.z - epsi);
  for (let i = 0; i < m; i++) add(pt.lam[i] * pt.s[i] - epsi);
  return { norm: Math.sqrt(sq), max: mx };
}

function initialPoint(sp: SubproblemData): Point {
  const { m, n } = sp;
  const x = new Float64Array(n);
  const xsi = new Float64Array(n);
  const eta = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    x[j] = 0.5 * (sp.alfa[j] + sp.beta[j]);
    xsi[j] = Math.max(1 / (x[j] - sp.alfa[j]), 1);
    eta[j] = Math.max(1 / (sp.beta[j] - x[j]), 1);
  }
  const mu = new Float64Array(m);
  for (let i = 0; i < m; i++) mu[i] = Math.max(1, 0.5 * sp.c[i]);
  return { x, y: new Float64Array(m).fill(1), z: 1, lam: new Float64Array(m).fill(1), xsi, eta, mu, zet: 1, s: new Float64Array(m).fill(1) };
}

interface Work {
  delx: Float64Array;
  diagx: Float64Array;
  GG: Float64Array;
  gvec: Float64Array;
  dir: Point;
}

function createWork(m: number, n: number): Work {
  return { delx: new Float64Array(n), diagx: new Float64Array(n), GG: new Float64Array(m * n), gvec: new Float64Array(m), dir: emptyPoint(m, n) };
}

/** Newton direction for the perturbed KKT system at barrier level epsi (written into work.dir). */
function newtonDirection(sp: SubproblemData, pt: Point, epsi: number, work: Work): Point {
  const { m, n } = sp;
  const { x, y, z, lam, xsi, eta, mu, zet, s } = pt;
  const { delx, diagx, GG, gvec, dir } = work;
  gvec.fill(0);
  for (let j = 0; j < n; j++) {
    const uxinv = 1 / (sp.upp[j] - x[j]);
    const xlinv = 1 / (x[j] - sp.low[j]);
    const uxinv2 = uxinv * uxinv;
    const xlinv2 = xlinv * xlinv;
    let plam = sp.p0[j];
    let qlam = sp.q0[j];
    for (let i = 0; i < m; i++) {
      const Pij = sp.P[i * n + j];
      const Qij = sp.Q[i * n + j];
      plam += Pij * lam[i];
      qlam += Qij * lam[i];
      gvec[i] += Pij * uxinv + Qij * xlinv;
      GG[i * n + j] = Pij * uxinv2 - Qij * xlinv2;
    }
    const xa = x[j] - sp.alfa[j];
    const bx = sp.beta[j] - x[j];
    delx[j] = plam * uxinv2 - qlam * xlinv2 - epsi / xa + epsi / bx;
    diagx[j] = 2 * (plam * uxinv2 * uxinv + qlam * xlinv2 * xlinv) + xsi[j] / xa + eta[j] / bx;
  }
  const dely = new Float64Array(m);
  const diagy = new Float64Array(m);
  const dellam = new Float64Array(m);
  const diaglamyi = new Float64Array(m);
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
    let gd = 0;
    for (let j = 0; j < n; j++) gd += (GG[i * n + j] * delx[j]) / diagx[j];
    bb[i] = dellam[i] + dely[i] / diagy[i] - gd;
    for (let k = 0; k <= i; k++) {
      let acc = 0;
      for (let j = 0; j < n; j++) acc += (GG[i * n + j] * GG[k * n + j]) / diagx[j];
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

  for (let j = 0; j < n; j++) {
    let gl = 0;
    for (let i = 0; i < m; i++) gl += GG[i * n + j] * dir.lam[i];
    const dx = -delx[j] / diagx[j] - gl / diagx[j];
    const xa = x[j] - sp.alfa[j];
    const bx = sp.beta[j] - x[j];
    dir.x[j] = dx;
    dir.xsi[j] = -xsi[j] + epsi / xa - (xsi[j] * dx) / xa;
    dir.eta[j] = -eta[j] + epsi / bx + (eta[j] * dx) / bx;
  }
  for (let i = 0; i < m; i++) {
    const dlam = dir.lam[i];
    const dy = -dely[i] / diagy[i] + dlam / diagy[i];
    dir.y[i] = dy;
    dir.mu[i] = -mu[i] + epsi / y[i] - (mu[i] * dy) / y[i];
    dir.s[i] = -s[i] + epsi / lam[i] - (s[i] * dlam) / lam[i];
  }
  dir.z = dz;
  dir.zet = -zet + epsi / z - (zet * dz) / z;
  return dir;
}

/** Largest step ≤ 1 that keeps x strictly inside (alfa, beta) and the multipliers positive (1.01 margin). */
function maxStep(sp: SubproblemData, pt: Point, dir: Point): number {
  let stm = 1;
  const ratio = (v: Float64Array, dv: Float64Array) => {
    for (let i = 0; i < v.length; i++) stm = Math.max(stm, (-1.01 * dv[i]) / v[i]);
  };
  ratio(pt.y, dir.y);
  stm = Math.max(stm, (-1.01 * dir.z) / pt.z);
  ratio(pt.lam, dir.lam);
  ratio(pt.xsi, dir.xsi);
  ratio(pt.eta, dir.eta);
  ratio(pt.mu, dir.mu);
  stm = Math.max(stm, (-1.01 * dir.zet) / pt.zet);
  ratio(pt.s, dir.s);
  for (let j = 0; j < sp.n; j++) {
    stm = Math.max(stm, (-1.01 * dir.x[j]) / (pt.x[j] - sp.alfa[j]), (1.01 * dir.x[j]) / (sp.beta[j] - pt.x[j]));
  }
  return 1 / stm;
}

function emptyPoint(m: number, n: number): Point {
  const v = (k: number) => new Float64Array(k);
  return { x: v(n), y: v(m), z: 0, lam: v(m), xsi: v(n), eta: v(n), mu: v(m), zet: 0, s: v(m) };
}

function axpyInto(out: Float64Array, v: Float64Array, dv: Float64Array, t: number): void {
  for (let i = 0; i < v.length; i++) out[i] = v[i] + t * dv[i];
}

/** out ← pt + t·dir (out must not alias pt). */
function stepInto(out: Point, pt: Point, dir: Point, t: number): void {
  axpyInto(out.x, pt.x, dir.x, t);
  axpyInto(out.y, pt.y, dir.y, t);
  axpyInto(out.lam, pt.lam, dir.lam, t);
  axpyInto(out.xsi, pt.xsi, dir.xsi, t);
  axpyInto(out.eta, pt.eta, dir.eta, t);
  axpyInto(out.mu, pt.mu, dir.mu, t);
  axpyInto(out.s, pt.s, dir.s, t);
  out.z = pt.z + t * dir.z;
  out.zet = pt.zet + t * dir.zet;
}

/** Solves the MMA subproblem; returns the primal x and the multipliers lam. */
export function subsolve(sp: SubproblemData): { x: Float64Array; lam: Float64Array; y: Float64Array; z: number } {
  let pt = initialPoint(sp);
  let spare = emptyPoint(sp.m, sp.n);
  const gvec = new Float64Array(sp.m);
  const work = createWork(sp.m, sp.n);
  let epsi = 1;
  while (epsi > sp.epsimin) {
    let res = residual(sp, pt, epsi, gvec);
    let newton = 0;
    while (res.max > 0.9 * epsi && newton < MAX_NEWTON) {
      newton++;
      const dir = newtonDirection(sp, pt, epsi, work);
      let steg = maxStep(sp, pt, dir);
      // Backtrack from `pt` (kept intact) into `spare` until the residual norm decreases.
      let trial = res;
      let backtrack = 0;
      let resinew = 2 * res.norm;
      while (resinew > res.norm && backtrack < MAX_BACKTRACK) {
        backtrack++;
        stepInto(spare, pt, dir, steg);
        trial = residual(sp, spare, epsi, gvec);
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
  return { x: pt.x, lam: pt.lam, y: pt.y, z: pt.z };
}
