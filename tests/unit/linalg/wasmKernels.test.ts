import { describe, expect, it } from 'vitest';
import { analyze, factorize, solve, type CsrMatrix } from '../../../tools/engineering/linalg/sparseCholesky.ts';
import { NumericError } from '../../../tools/errors.ts';
import { laplacian2d, q4Grid, randomSpd, rng } from './testMatrices.ts';

/** Factor and solution of A x = b with one kind of kernels. */
function run(A: CsrMatrix, kernels: 'wasm' | 'js', coords?: Float64Array) {
  const f = factorize(analyze(A, { coords, kernels }), A.values);
  const r = rng(7);
  const b = Float64Array.from({ length: A.n }, () => r() * 2 - 1);
  return { f, Lx: Float64Array.from(f.Lx), x: solve(f, b) };
}

function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a throw');
}

describe('WebAssembly Cholesky kernels', () => {
  // Panels of 1, 2, 3 and 4+ columns, odd and even row counts, relaxed supernodes with explicit zeros.
  const cases: Array<[string, () => { A: CsrMatrix; coords?: Float64Array }]> = [
    ['q4 grid 100x50 (SIMP-like contrast)', () => {
      const Ee = Float64Array.from({ length: 5000 }, (_, e) => 1e-9 + ((e * 7919) % 1000) / 1000);
      return q4Grid(100, 50, Ee);
    }],
    ['q4 grid 13x7', () => q4Grid(13, 7)],
    ['laplacian 31x17', () => laplacian2d(31, 17)],
    ['random SPD n=300', () => ({ A: randomSpd(300, 6, 3) })],
    ['random SPD n=1', () => ({ A: randomSpd(1, 1, 4) })],
  ];

  it.each(cases)('factor and solve are bitwise equal to the JS kernels: %s', (_name, make) => {
    const { A, coords } = make();
    const w = run(A, 'wasm', coords);
    const j = run(A, 'js', coords);
    expect(w.f.wasm).toBeDefined();
    expect(j.f.wasm).toBeUndefined();
    expect(w.Lx.length).toBe(j.Lx.length);
    let differing = 0;
    for (let i = 0; i < w.Lx.length; i++) if (!Object.is(w.Lx[i], j.Lx[i])) differing++;
    expect(differing).toBe(0);
    expect(Array.from(w.x)).toEqual(Array.from(j.x));
  });

  it('reports a non-positive pivot with the same error as the JS kernels, and refactors afterwards', () => {
    const { A, coords } = q4Grid(20, 10);
    const bad = { ...A, values: Float64Array.from(A.values) };
    // Make one diagonal entry negative in the middle of the grid.
    const row = 123;
    for (let p = A.rowPtr[row]; p < A.rowPtr[row + 1]; p++) if (A.colIdx[p] === row) bad.values[p] = -1;
    const symW = analyze(A, { coords, kernels: 'wasm' });
    const ew = errorOf(() => factorize(symW, bad.values));
    const ej = errorOf(() => factorize(analyze(A, { coords, kernels: 'js' }), bad.values));
    expect(ew).toBeInstanceOf(NumericError);
    expect(ew.message).toBe(ej.message);
    expect(ew.message).toMatch(/not positive definite: pivot -?[\d.e+-]+ at row \d+/);
    // the same symbolic object still factors a good matrix
    const f = factorize(symW, A.values);
    const x = solve(f, Float64Array.from({ length: A.n }, () => 1));
    expect(x.every(Number.isFinite)).toBe(true);
  });
});
