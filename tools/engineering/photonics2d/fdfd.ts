/**
 * FDFD Ez solver for one angular frequency (engibench.md §2.5): A·Ez = b with b = i·ω·Jz, and the
 * adjoint Aᵀ·λ = c, both from one LDLᵀ factorization of the complex-symmetric W·A.
 *
 * Legend: A·x = b  ⇔  (W·A)·x = W·b;  Aᵀ·λ = c  ⇔  λ = W·(W·A)⁻¹·c  (since Aᵀ = (W·A)·W⁻¹).
 * The factorization is kept between calls; refactoring with a new epsr recomputes only the fronts whose
 * subtree saw a changed diagonal (the design region and the root separator).
 */
import type { Grid } from './grid.ts';
import { buildOperator, diagonalFor, type GridOperator } from './operators.ts';
import type { ComplexVec } from './pml.ts';
import { eliminationTree } from './ordering.ts';
import { SparseLdlt, type SparseLdltOptions, type SymmetricMatrix } from './solver.ts';

/** Stencil of W·A as a symmetric sparse matrix (neighbours x+1, x−1, y+1, y−1). */
export function stencilMatrix(op: GridOperator): SymmetricMatrix {
  const { nx, ny, n } = op;
  const adjPtr = new Int32Array(n + 1);
  const adjIdx = new Int32Array(4 * n);
  const offRe = new Float64Array(4 * n), offIm = new Float64Array(4 * n);
  for (let x = 0; x < nx; x++) {
    for (let y = 0; y < ny; y++) {
      const i = x * ny + y;
      const xm = ((x - 1 + nx) % nx) * ny + y, xp = ((x + 1) % nx) * ny + y;
      const ym = x * ny + ((y - 1 + ny) % ny), yp = x * ny + ((y + 1) % ny);
      const nb = [xp, xm, yp, ym];
      const vRe = [op.ex.re[i], op.ex.re[xm], op.ey.re[i], op.ey.re[ym]];
      const vIm = [op.ex.im[i], op.ex.im[xm], op.ey.im[i], op.ey.im[ym]];
      for (let t = 0; t < 4; t++) {
        adjIdx[4 * i + t] = nb[t];
        offRe[4 * i + t] = vRe[t];
        offIm[4 * i + t] = vIm[t];
      }
      adjPtr[i + 1] = 4 * i + 4;
    }
  }
  return { n, adjPtr, adjIdx, offRe, offIm, diagRe: new Float64Array(n), diagIm: new Float64Array(n) };
}

export class FdfdSolver {
  readonly op: GridOperator;
  private readonly matrix: SymmetricMatrix;
  private readonly ldlt: SparseLdlt;
  private factored = false;

  constructor(
    readonly grid: Grid,
    readonly omega: number,
    options: SparseLdltOptions = {},
  ) {
    if (grid.nx < 3 || grid.ny < 3) throw new Error('FDFD grid needs at least 3 cells per axis');
    this.op = buildOperator(grid, omega);
    this.matrix = stencilMatrix(this.op);
    this.ldlt = new SparseLdlt(eliminationTree(grid.nx, grid.ny, grid.design), this.matrix, options);
  }

  /** Factorizes A(epsr); reuses the unchanged part of the previous factorization. */
  factor(epsr: Float64Array): void {
    const d = diagonalFor(this.op, epsr);
    this.matrix.diagRe.set(d.re);
    this.matrix.diagIm.set(d.im);
    this.ldlt.factor(this.matrix);
    this.factored = true;
  }

  /** Fronts recomputed by the last factor() call. */
  get refactoredFronts(): number {
    return this.ldlt.refactored;
  }

  /** x = A⁻¹·b (b is not modified). With `targets`, x is only computed there (NaN elsewhere). */
  solve(b: ComplexVec, targets?: Int32Array): ComplexVec {
    this.ensureFactored();
    const x = this.weighted(b);
    this.ldlt.solve(x.re, x.im, targets);
    return x;
  }

  /** λ = A⁻ᵀ·c (plain transpose; c is not modified). With `targets`, λ is only computed there (NaN elsewhere). */
  solveTranspose(c: ComplexVec, targets?: Int32Array): ComplexVec {
    this.ensureFactored();
    const re = Float64Array.from(c.re), im = Float64Array.from(c.im);
    this.ldlt.solve(re, im, targets);
    return this.unweighted(re, im);
  }

  /**
   * solve(b, targetsB) and solveTranspose(c, targetsC) together, in one pass over the factor: each result
   * is bitwise what the call alone returns (SparseLdlt.solvePair), the factor is read once.
   */
  solveBoth(b: ComplexVec, c: ComplexVec, targetsB?: Int32Array, targetsC?: Int32Array): [ComplexVec, ComplexVec] {
    this.ensureFactored();
    const x = this.weighted(b);
    const re = Float64Array.from(c.re), im = Float64Array.from(c.im);
    this.ldlt.solvePair({ re: x.re, im: x.im, targets: targetsB }, { re, im, targets: targetsC });
    return [x, this.unweighted(re, im)];
  }

  /** W·b, the right-hand side of (W·A)·x = W·b. */
  private weighted(b: ComplexVec): ComplexVec {
    const { w } = this.op;
    const n = this.op.n;
    const re = new Float64Array(n), im = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      re[i] = w.re[i] * b.re[i] - w.im[i] * b.im[i];
      im[i] = w.re[i] * b.im[i] + w.im[i] * b.re[i];
    }
    return { re, im };
  }

  /** λ = W·y in place (y = (W·A)⁻¹·c). */
  private unweighted(re: Float64Array, im: Float64Array): ComplexVec {
    const { w } = this.op;
    for (let i = 0; i < this.op.n; i++) {
      const r = re[i], m = im[i];
      re[i] = w.re[i] * r - w.im[i] * m;
      im[i] = w.re[i] * m + w.im[i] * r;
    }
    return { re, im };
  }

  private ensureFactored(): void {
    if (!this.factored) throw new Error('FdfdSolver: call factor(epsr) before solving');
  }
}
