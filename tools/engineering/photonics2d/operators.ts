/**
 * The Ez-polarisation FDFD operator (engibench.md §2.5) on the periodic grid, stored by stencil.
 *
 * Legend: A = −(1/μ0)(Sxf·Dxf·Sxb·Dxb + Syf·Dyf·Syb·Dyb) − ε0·ω²·diag(epsr), S = diag(1/s).
 * Row-scaling by W = diag(sxf(x)·syf(y)) makes W·A complex symmetric (the x-operators commute with
 * the y-only factor and Dxf = −Dxbᵀ), so one LDLᵀ of W·A serves A·x = b and Aᵀ·λ = c.
 * Stored (for W·A): diag[n]; ex[n] couples (x, y)–(x+1 mod nx, y); ey[n] couples (x, y)–(x, y+1 mod ny).
 */
import type { Grid } from './grid.ts';
import { EPSILON_0, MU_0, sFactor, type ComplexVec } from './pml.ts';

export interface GridOperator {
  nx: number;
  ny: number;
  n: number;
  omega: number;
  /** Diagonal of W·A without the epsr term, and the coefficient of epsr on that diagonal. */
  diag0: ComplexVec;
  diagEps: ComplexVec;
  ex: ComplexVec;
  ey: ComplexVec;
  /** W = sxf(x)·syf(y), the row scaling. */
  w: ComplexVec;
}

const cvec = (n: number): ComplexVec => ({ re: new Float64Array(n), im: new Float64Array(n) });

/** 1/s for a complex s = a + ib. */
function inv(re: number, im: number): [number, number] {
  const d = re * re + im * im;
  return [re / d, -im / d];
}

/** Builds the epsr-independent parts of W·A for one angular frequency. */
export function buildOperator(grid: Grid, omega: number): GridOperator {
  const { nx, ny, n, dL, npml } = grid;
  const sxf = sFactor('f', omega, dL, nx, npml);
  const sxb = sFactor('b', omega, dL, nx, npml);
  const syf = sFactor('f', omega, dL, ny, npml);
  const syb = sFactor('b', omega, dL, ny, npml);
  const a = 1 / (MU_0 * dL * dL);
  const k2 = EPSILON_0 * omega * omega;
  const op: GridOperator = { nx, ny, n, omega, diag0: cvec(n), diagEps: cvec(n), ex: cvec(n), ey: cvec(n), w: cvec(n) };
  for (let x = 0; x < nx; x++) {
    const xp = (x + 1) % nx;
    const [ixpR, ixpI] = inv(sxb.re[xp], sxb.im[xp]);
    const [ixR, ixI] = inv(sxb.re[x], sxb.im[x]);
    for (let y = 0; y < ny; y++) {
      const i = x * ny + y;
      const yp = (y + 1) % ny;
      const [iypR, iypI] = inv(syb.re[yp], syb.im[yp]);
      const [iyR, iyI] = inv(syb.re[y], syb.im[y]);
      const fyR = syf.re[y], fyI = syf.im[y];
      const fxR = sxf.re[x], fxI = sxf.im[x];
      // x part: −a·syf(y)·[(f(x+1) − f)/sxb(x+1) − (f − f(x−1))/sxb(x)]
      op.ex.re[i] = -a * (fyR * ixpR - fyI * ixpI);
      op.ex.im[i] = -a * (fyR * ixpI + fyI * ixpR);
      const sxR = ixpR + ixR, sxI = ixpI + ixI;
      const syR = iypR + iyR, syI = iypI + iyI;
      op.ey.re[i] = -a * (fxR * iypR - fxI * iypI);
      op.ey.im[i] = -a * (fxR * iypI + fxI * iypR);
      op.diag0.re[i] = a * (fyR * sxR - fyI * sxI + fxR * syR - fxI * syI);
      op.diag0.im[i] = a * (fyR * sxI + fyI * sxR + fxR * syI + fxI * syR);
      op.w.re[i] = fxR * fyR - fxI * fyI;
      op.w.im[i] = fxR * fyI + fxI * fyR;
      op.diagEps.re[i] = -k2 * op.w.re[i];
      op.diagEps.im[i] = -k2 * op.w.im[i];
    }
  }
  return op;
}

/** Diagonal of W·A for a permittivity map. */
export function diagonalFor(op: GridOperator, epsr: Float64Array): ComplexVec {
  const d = cvec(op.n);
  for (let i = 0; i < op.n; i++) {
    d.re[i] = op.diag0.re[i] + op.diagEps.re[i] * epsr[i];
    d.im[i] = op.diag0.im[i] + op.diagEps.im[i] * epsr[i];
  }
  return d;
}

/** COO triplets (row, col, re, im) of the unscaled A = W⁻¹·(W·A), e.g. for an external reference solve. */
export function operatorTriplets(op: GridOperator, epsr: Float64Array): { row: Int32Array; col: Int32Array; re: Float64Array; im: Float64Array } {
  const { nx, ny, n } = op;
  const d = diagonalFor(op, epsr);
  const row = new Int32Array(5 * n), col = new Int32Array(5 * n);
  const re = new Float64Array(5 * n), im = new Float64Array(5 * n);
  let k = 0;
  const push = (i: number, j: number, vR: number, vI: number) => {
    const [wR, wI] = inv(op.w.re[i], op.w.im[i]);
    row[k] = i;
    col[k] = j;
    re[k] = vR * wR - vI * wI;
    im[k] = vR * wI + vI * wR;
    k++;
  };
  for (let x = 0; x < nx; x++) {
    for (let y = 0; y < ny; y++) {
      const i = x * ny + y;
      const xm = ((x - 1 + nx) % nx) * ny + y, xp = ((x + 1) % nx) * ny + y;
      const ym = x * ny + ((y - 1 + ny) % ny), yp = x * ny + ((y + 1) % ny);
      push(i, i, d.re[i], d.im[i]);
      push(i, xp, op.ex.re[i], op.ex.im[i]);
      push(i, xm, op.ex.re[xm], op.ex.im[xm]);
      push(i, yp, op.ey.re[i], op.ey.im[i]);
      push(i, ym, op.ey.re[ym], op.ey.im[ym]);
    }
  }
  return { row, col, re, im };
}
