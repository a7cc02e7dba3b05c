import { afterAll, describe, expect, it } from 'vitest';
import { analyze, disposeFactorHelper, factorize, solve, type CholeskySymbolic } from '../../../tools/engineering/linalg/sparseCholesky.ts';
import { crashFactorHelperForTest, readyFactorHelper } from '../../../tools/engineering/linalg/factorHelperThread.ts';
import { planParallel } from '../../../tools/engineering/linalg/parallelPlan.ts';
import { NumericError } from '../../../tools/errors.ts';
import { laplacian2d, q4Grid, relativeResidual, rng } from './testMatrices.ts';

/** SIMP-like element stiffnesses: 1e-9 … 1 contrast, as in a topology optimization. */
function simpStiffness(nel: number, seed: number): Float64Array {
  const r = rng(seed);
  return Float64Array.from({ length: nel }, () => 1e-9 + (1 - 1e-9) * r() ** 3);
}

async function helperReady(): Promise<void> {
  const t0 = Date.now();
  while (!readyFactorHelper()) {
    if (Date.now() - t0 > 60_000) throw new Error('factorization helper did not start within 60 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function bitwiseEqual(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** Index into values of an entry scattered into supernode s. */
const valueOf = (sym: CholeskySymbolic, s: number): number => sym.scatterSrc[sym.scatterPtr[s]];

afterAll(async () => {
  await disposeFactorHelper();
});

describe('two-thread sparse Cholesky', () => {
  it('plans independent subtree tasks below a small top on a 100x50 grid, and none for a forest', () => {
    const { A, coords } = q4Grid(100, 50);
    const sym = analyze(A, { coords, threads: 2 });
    const plan = sym.parallel;
    expect(plan).not.toBeNull();
    if (!plan) return;
    const work = plan.taskFlops.reduce((a, b) => a + b, 0);
    expect(plan.tasks.length / 2).toBeGreaterThanOrEqual(4);
    expect(Math.max(...plan.taskFlops)).toBeLessThan(0.3 * work);
    expect(plan.topFlops).toBeLessThan(0.15 * work);
    // tasks and top cover every supernode once; each top supernode comes after its task subtrees
    const owner = new Int32Array(sym.nSuper).fill(-1);
    for (let t = 0; t < plan.tasks.length; t += 2) owner.fill(t, plan.tasks[t], plan.tasks[t + 1]);
    for (const s of plan.top) owner[s] = -2;
    expect(owner.every((o) => o !== -1)).toBe(true);
    expect(analyze(A, { coords }).parallel).toBeNull();
    // two disconnected grids: a forest of two trees, no single top
    const { A: L } = laplacian2d(2, 2);
    const n = L.n;
    const rowPtr = Int32Array.from([...L.rowPtr, ...Array.from(L.rowPtr.subarray(1), (p) => p + L.rowPtr[n])]);
    const colIdx = Int32Array.from([...L.colIdx, ...Array.from(L.colIdx, (c) => c + n)]);
    expect(planParallel(analyze({ n: 2 * n, rowPtr, colIdx }), 0)).toBeNull();
  });

  it.each([
    ['100x50', 100, 50],
    ['37x19', 37, 19],
    ['6x3', 6, 3],
  ])('gives a factor bitwise equal to the serial one on a %s grid', async (_, nelx, nely) => {
    const { A, coords } = q4Grid(nelx, nely, simpStiffness(nelx * nely, nelx + nely));
    const serial = analyze(A, { coords });
    const par = analyze(A, { coords, threads: 2, parallelMinFlops: 0 });
    expect(par.parallel).not.toBeNull();
    await helperReady();
    const fs = factorize(serial, A.values);
    let fp = factorize(par, A.values);
    expect(fp.threadsUsed).toBe(2);
    expect(bitwiseEqual(fp.Lx, fs.Lx)).toBe(true);
    // refactor with new values into the same storage
    const { A: A2 } = q4Grid(nelx, nely, simpStiffness(nelx * nely, 7 * nelx + nely));
    fp = factorize(par, A2.values, fp);
    expect(fp.threadsUsed).toBe(2);
    expect(bitwiseEqual(fp.Lx, factorize(serial, A2.values).Lx)).toBe(true);
    const b = Float64Array.from({ length: A.n }, (_, i) => Math.cos(i));
    expect(relativeResidual(A2, solve(fp, b), b)).toBeLessThan(1e-9);
  });

  it('raises the serial NumericError when a pivot fails in either half', async () => {
    const { A, coords } = q4Grid(37, 19);
    const serial = analyze(A, { coords });
    const par = analyze(A, { coords, threads: 2 });
    const plan = par.parallel;
    if (!plan) throw new Error('expected a parallel plan');
    await helperReady();
    for (const s of [plan.tasks[0], plan.tasks[2], plan.tasks[plan.tasks.length - 1] - 1, plan.top[0]]) {
      const bad = Float64Array.from(A.values);
      bad[valueOf(par, s)] = NaN;
      const expected = (() => {
        try {
          factorize(serial, bad);
        } catch (e) {
          return (e as Error).message;
        }
        return 'no error';
      })();
      expect(() => factorize(par, bad)).toThrow(NumericError);
      expect(() => factorize(par, bad)).toThrow(expected);
    }
    const f = factorize(par, A.values);
    expect(f.threadsUsed).toBe(2);
    expect(bitwiseEqual(f.Lx, factorize(serial, A.values).Lx)).toBe(true);
  });

  it('falls back to the serial path with correct results when the helper dies mid-job', async () => {
    const { A, coords } = q4Grid(37, 19);
    const serial = analyze(A, { coords });
    const par = analyze(A, { coords, threads: 2 });
    await helperReady();
    let f = factorize(par, A.values);
    expect(f.threadsUsed).toBe(2);
    const sharedLx = f.Lx;
    crashFactorHelperForTest();
    f = factorize(par, A.values, f);
    expect(f.threadsUsed).toBe(1);
    expect(f.Lx).not.toBe(sharedLx);
    const ref = factorize(serial, A.values).Lx;
    expect(bitwiseEqual(f.Lx, ref)).toBe(true);
    f = factorize(par, A.values, f);
    expect(f.threadsUsed).toBe(1);
    expect(bitwiseEqual(f.Lx, ref)).toBe(true);
    expect(bitwiseEqual(factorize(par, A.values).Lx, ref)).toBe(true);
    // this thread stays serial after a helper failure until the helper is disposed explicitly
    expect(readyFactorHelper()).toBeNull();
    await disposeFactorHelper();
  });

  it('disposes the helper and starts a new one on demand', async () => {
    const { A, coords } = q4Grid(37, 19);
    const par = analyze(A, { coords, threads: 2 });
    await helperReady();
    let f = factorize(par, A.values);
    expect(f.threadsUsed).toBe(2);
    await disposeFactorHelper();
    await disposeFactorHelper();
    const ref = factorize(analyze(A, { coords }), A.values).Lx;
    f = factorize(par, A.values, f);
    expect(bitwiseEqual(f.Lx, ref)).toBe(true);
    await helperReady();
    f = factorize(par, A.values, f);
    expect(f.threadsUsed).toBe(2);
    expect(bitwiseEqual(f.Lx, ref)).toBe(true);
  });
});
