import { describe, expect, it } from 'vitest';
import { analyze, factorize, solve, type CsrMatrix } from '../../../tools/engineering/linalg/sparseCholesky.ts';
import { csrToDense, denseCholeskySolve } from '../../support/denseCholesky.ts';
import { NumericError, InputError } from '../../../tools/errors.ts';
import { laplacian2d, q4Grid, randomSpd, relativeResidual, rng } from './testMatrices.ts';

function randomVector(n: number, seed: number): Float64Array {
  const r = rng(seed);
  return Float64Array.from({ length: n }, () => r() * 2 - 1);
}

function solveOnce(A: CsrMatrix, b: Float64Array, coords?: Float64Array): Float64Array {
  return solve(factorize(analyze(A, { coords }), A.values), b);
}

function maxRelDiff(x: Float64Array, y: Float64Array): number {
  let num = 0, den = 0;
  for (let i = 0; i < x.length; i++) {
    num = Math.max(num, Math.abs(x[i] - y[i]));
    den = Math.max(den, Math.abs(y[i]));
  }
  return num / den;
}

describe('sparse Cholesky', () => {
  it('produces a valid permutation', () => {
    const { A, coords } = q4Grid(7, 3);
    for (const opts of [{ coords }, {}]) {
      const sym = analyze(A, opts);
      const seen = new Uint8Array(A.n);
      for (let k = 0; k < A.n; k++) {
        expect(sym.iperm[sym.perm[k]]).toBe(k);
        seen[sym.perm[k]]++;
      }
      expect(seen.every((v) => v === 1)).toBe(true);
    }
  });

  it.each([
    ['1x1', 1, 1],
    ['1x2', 1, 2],
    ['3x1', 3, 1],
    ['2x2', 2, 2],
    ['9x4', 9, 4],
    ['5x13', 5, 13],
  ])('matches the dense reference on a %s Q4 grid (geometric and graph orderings)', (_, nelx, nely) => {
    const { A, coords } = q4Grid(nelx, nely);
    const b = randomVector(A.n, nelx * 31 + nely);
    const ref = denseCholeskySolve(csrToDense(A), A.n, b);
    for (const c of [coords, undefined]) {
      const x = solveOnce(A, b, c);
      expect(relativeResidual(A, x, b)).toBeLessThan(1e-12);
      expect(maxRelDiff(x, ref)).toBeLessThan(1e-9);
    }
  });

  it.each([
    [1, 1],
    [1, 17],
    [8, 8],
    [30, 7],
    [60, 45],
  ])('solves a %ix%i Laplacian to a 1e-12 residual', (nx, ny) => {
    const { A, coords } = laplacian2d(nx, ny);
    const b = randomVector(A.n, nx + ny);
    for (const c of [coords, undefined]) expect(relativeResidual(A, solveOnce(A, b, c), b)).toBeLessThan(1e-12);
  });

  it.each([
    [1, 0, 1],
    [2, 1, 2],
    [40, 6, 3],
    [300, 4, 4],
    [2000, 8, 5],
  ])('solves random sparse SPD matrices (n=%i, ~%i off-diagonals per row)', (n, nnzPerRow, seed) => {
    const A = randomSpd(n, nnzPerRow, seed);
    const b = randomVector(n, seed);
    const x = solveOnce(A, b);
    expect(relativeResidual(A, x, b)).toBeLessThan(1e-12);
    if (n <= 300) expect(maxRelDiff(x, denseCholeskySolve(csrToDense(A), n, b))).toBeLessThan(1e-10);
  });

  it('handles n = 0, diagonal and disconnected (block-diagonal) matrices', () => {
    const empty = analyze({ n: 0, rowPtr: new Int32Array(1), colIdx: new Int32Array(0) });
    expect(solve(factorize(empty, new Float64Array(0)), new Float64Array(0))).toHaveLength(0);
    const diag = { n: 4, rowPtr: Int32Array.from([0, 1, 2, 3, 4]), colIdx: Int32Array.from([0, 1, 2, 3]) };
    const x = solve(factorize(analyze(diag), Float64Array.from([1, 4, 9, 16])), Float64Array.from([1, 2, 3, 4]));
    expect(Array.from(x).map((v) => Number(v.toFixed(12)))).toEqual([1, 0.5, 0.333333333333, 0.25]);
    // two grids side by side with no coupling, with and without coordinates
    const g1 = q4Grid(6, 3).A, g2 = laplacian2d(5, 4).A;
    const n = g1.n + g2.n;
    const rowPtr = new Int32Array(n + 1);
    rowPtr.set(g1.rowPtr);
    for (let i = 1; i <= g2.n; i++) rowPtr[g1.n + i] = g1.colIdx.length + g2.rowPtr[i];
    const colIdx = Int32Array.from([...g1.colIdx, ...Array.from(g2.colIdx, (c) => c + g1.n)]);
    const A = { n, rowPtr, colIdx, values: Float64Array.from([...g1.values, ...g2.values]) };
    const coords = Float64Array.from({ length: 2 * n }, (_, t) => (t % 2 === 0 ? (t >> 1) % 7 : Math.floor(t / 14)));
    const b = randomVector(n, 11);
    for (const c of [coords, undefined]) expect(relativeResidual(A, solveOnce(A, b, c), b)).toBeLessThan(1e-12);
  });

  it('refactorizes with new values on the same symbolic object', () => {
    const { A, coords } = q4Grid(24, 12);
    const sym = analyze(A, { coords });
    const r = rng(7);
    let f = factorize(sym, A.values);
    for (let round = 0; round < 3; round++) {
      const Ee = Float64Array.from({ length: 24 * 12 }, () => 0.1 + r());
      const B = q4Grid(24, 12, Ee).A;
      expect(B.colIdx).toEqual(A.colIdx);
      const g = factorize(sym, B.values, f);
      expect(g).toBe(f);
      f = g;
      const b = randomVector(B.n, round);
      const x = solve(f, b);
      expect(relativeResidual(B, x, b)).toBeLessThan(1e-12);
      expect(maxRelDiff(x, denseCholeskySolve(csrToDense(B), B.n, b))).toBeLessThan(1e-8);
    }
  });

  it('keeps small residuals with SIMP-like 1e-9 vs 1 stiffness contrast', () => {
    const nelx = 40, nely = 20;
    const Ee = new Float64Array(nelx * nely);
    for (let ex = 0; ex < nelx; ex++) {
      for (let ey = 0; ey < nely; ey++) {
        const solid = ey < 3 || ey >= nely - 3 || Math.abs(ex - 2 * ey) < 3 || ex < 2;
        Ee[ex * nely + ey] = solid ? 1 : 1e-9;
      }
    }
    const { A, coords } = q4Grid(nelx, nely, Ee);
    const b = new Float64Array(A.n);
    b[1] = -1;
    for (const c of [coords, undefined]) {
      const x = solveOnce(A, b, c);
      expect(relativeResidual(A, x, b)).toBeLessThan(1e-10);
    }
    const bRand = randomVector(A.n, 3);
    expect(relativeResidual(A, solveOnce(A, bRand, coords), bRand)).toBeLessThan(1e-10);
  });

  it('throws NumericError for matrices that are not positive definite', () => {
    const { A, coords } = q4Grid(6, 3);
    const sym = analyze(A, { coords });
    const neg = Float64Array.from(A.values, (v) => -v);
    expect(() => factorize(sym, neg)).toThrow(NumericError);
    const nan = Float64Array.from(A.values);
    nan[5] = NaN;
    expect(() => factorize(sym, nan)).toThrow(NumericError);
    // an indefinite matrix: the Laplacian shifted by -8 on the diagonal
    const { A: L } = laplacian2d(4, 4);
    const shifted = Float64Array.from(L.values);
    for (let i = 0; i < L.n; i++) for (let p = L.rowPtr[i]; p < L.rowPtr[i + 1]; p++) if (L.colIdx[p] === i) shifted[p] -= 8;
    expect(() => factorize(analyze(L), shifted)).toThrow(NumericError);
  });

  it('rejects malformed input with InputError', () => {
    const { A } = laplacian2d(3, 3);
    expect(() => analyze({ n: A.n, rowPtr: A.rowPtr, colIdx: A.colIdx.slice().reverse() })).toThrow(InputError);
    expect(() => analyze(A, { coords: new Float64Array(A.n) })).toThrow(InputError);
    expect(() => analyze({ n: 2, rowPtr: Int32Array.from([0, 1]), colIdx: Int32Array.from([0]) })).toThrow(InputError);
    const sym = analyze(A);
    expect(() => factorize(sym, new Float64Array(3))).toThrow(InputError);
    expect(() => solve(factorize(sym, A.values), new Float64Array(2))).toThrow(InputError);
  });

  it('factors the full 100x50 beam stiffness with a small residual', () => {
    const { A, coords } = q4Grid(100, 50);
    const b = new Float64Array(A.n);
    b[1] = -1;
    const sym = analyze(A, { coords });
    const x = solve(factorize(sym, A.values), b);
    expect(relativeResidual(A, x, b)).toBeLessThan(1e-11);
    // ordering quality: a regression here costs the beams2d engine time every iteration
    expect(sym.nnzL).toBeLessThan(0.8e6);
    expect(sym.flops).toBeLessThan(60e6);
    const graphSym = analyze(A);
    expect(graphSym.flops).toBeLessThan(90e6);
    const xg = solve(factorize(graphSym, A.values), b);
    expect(maxRelDiff(xg, x)).toBeLessThan(1e-8);
  });
});
