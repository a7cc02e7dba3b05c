import { afterAll, describe, expect, it } from 'vitest';
import { analyze, assembleCsr, disposeFactorHelper, elementEnergies, factorize, factorizeElements, factorizeElementsSolve, planElementAssembly, solve } from '../../../tools/engineering/linalg/sparseCholesky.ts';
import { readyFactorHelper } from '../../../tools/engineering/linalg/factorHelperThread.ts';
import { createSetup } from '../../../tools/engineering/beams2d/setup.ts';
import { elementEnergies as feEnergies } from '../../../tools/engineering/beams2d/fe.ts';
import { InputError, NumericError } from '../../../tools/errors.ts';

const setup = createSetup({ nelx: 60, nely: 30, forcedist: 0.3, rmin: 1.5 });
const E = Float64Array.from({ length: setup.nel }, (_, e) => 1e-9 + ((e * 7919) % 1000) / 1000);

/** The factor of the CSR values assembled element by element in JS, with the JS kernels. */
function reference() {
  const sym = analyze(setup.pattern, { coords: setup.coords, kernels: 'js' });
  const plan = planElementAssembly(sym, setup.KE, setup.scatter);
  const f = factorize(sym, assembleCsr(plan, E, new Float64Array(sym.nnzA)));
  return { Lx: Float64Array.from(f.Lx), u: solve(f, setup.f) };
}

function sameBits(a: Float64Array, b: Float64Array): number {
  let differing = 0;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) differing++;
  return differing;
}

describe('element-by-element assembly into the factor panels', () => {
  afterAll(() => disposeFactorHelper());
  const ref = reference();

  it.each(['wasm', 'js'] as const)('gives the bitwise same factor and solution as CSR assembly (%s kernels)', (kernels) => {
    const sym = analyze(setup.pattern, { coords: setup.coords, kernels });
    const plan = planElementAssembly(sym, setup.KE, setup.scatter);
    // entries of the mirrored triangle and of fixed DOFs are skipped: about half of them
    const used = plan.contribDst.length;
    expect(used).toBeGreaterThan(0.45 * plan.scatter.length);
    expect(used).toBeLessThan(0.6 * plan.scatter.length);
    // listed per supernode, in element order
    for (let s = 0; s < sym.nSuper; s++) {
      for (let t = plan.contribPtr[s] + 1; t < plan.contribPtr[s + 1]; t++) expect(plan.contribEK[t] >> 8).toBeGreaterThanOrEqual(plan.contribEK[t - 1] >> 8);
    }
    let f = factorizeElements(sym, plan, E);
    expect(!!f.wasm?.moduli).toBe(kernels === 'wasm');
    expect(sameBits(f.Lx, ref.Lx)).toBe(0);
    expect(Array.from(solve(f, setup.f))).toEqual(Array.from(ref.u));
    // refactoring with other moduli reuses the factor and gives new numbers
    const E2 = Float64Array.from(E, (v) => v * 2);
    f = factorizeElements(sym, plan, E2, f);
    const u2 = solve(f, setup.f);
    for (const i of [0, 100, 2000]) expect(u2[i]).toBeCloseTo(ref.u[i] / 2, 10);
  });

  it.each(['wasm', 'js'] as const)('factors and solves in one call with the bitwise same result (%s kernels)', (kernels) => {
    const sym = analyze(setup.pattern, { coords: setup.coords, kernels });
    const plan = planElementAssembly(sym, setup.KE, setup.scatter);
    const x = new Float64Array(sym.n);
    let f = factorizeElementsSolve(sym, plan, E, setup.f, x);
    expect(Array.from(x)).toEqual(Array.from(ref.u));
    expect(sameBits(f.Lx, ref.Lx)).toBe(0);
    // the factor is reused, and a later plain solve with it agrees
    f = factorizeElementsSolve(sym, plan, E, setup.f, x, f);
    expect(Array.from(solve(f, setup.f))).toEqual(Array.from(ref.u));
    expect(() => factorizeElementsSolve(sym, plan, E, setup.f, new Float64Array(3), f)).toThrow(InputError);
  });

  it.each(['wasm', 'js'] as const)('gives the element energies of the solution bitwise as the FE code does (%s kernels)', (kernels) => {
    const sym = analyze(setup.pattern, { coords: setup.coords, kernels });
    const rows = Int32Array.from(setup.edofMat, (dof) => setup.dofToFree[dof]);
    const plan = planElementAssembly(sym, setup.KE, setup.scatter, rows);
    const x = new Float64Array(sym.n);
    const f = factorizeElementsSolve(sym, plan, E, setup.f, x);
    const u = new Float64Array(setup.ndof);
    for (let r = 0; r < setup.free.length; r++) u[setup.free[r]] = x[r];
    const expected = feEnergies(setup, u, new Float64Array(setup.nel));
    const ce = elementEnergies(f, new Float64Array(setup.nel));
    expect(sameBits(ce, expected)).toBe(0);
    expect(ce.some((v) => v > 0)).toBe(true);
    expect(() => elementEnergies(f, new Float64Array(2))).toThrow(InputError);
    expect(() => planElementAssembly(sym, setup.KE, setup.scatter, new Int32Array(5))).toThrow(InputError);
  });

  it('gives the same factor on two threads', async () => {
    const sym = analyze(setup.pattern, { coords: setup.coords, threads: 2, parallelMinFlops: 1 });
    expect(sym.parallel).not.toBeNull();
    const plan = planElementAssembly(sym, setup.KE, setup.scatter);
    const t0 = Date.now();
    while (!readyFactorHelper() && Date.now() - t0 < 20_000) await new Promise((r) => setTimeout(r, 20));
    let f = factorizeElements(sym, plan, E);
    let two = f.threadsUsed === 2 ? 1 : 0;
    const x = new Float64Array(sym.n);
    for (let k = 0; k < 6; k++) {
      f = k % 2 ? factorizeElements(sym, plan, E, f) : factorizeElementsSolve(sym, plan, E, setup.f, x, f);
      if (f.threadsUsed === 2) two++;
      expect(sameBits(f.Lx, ref.Lx)).toBe(0);
      if (k % 2 === 0) expect(Array.from(x)).toEqual(Array.from(ref.u));
    }
    expect(two).toBeGreaterThan(0);
  });

  it('rejects moduli of the wrong length and reports a bad modulus as a pivot error', () => {
    const sym = analyze(setup.pattern, { coords: setup.coords });
    const plan = planElementAssembly(sym, setup.KE, setup.scatter);
    expect(() => factorizeElements(sym, plan, new Float64Array(3))).toThrow(InputError);
    const bad = Float64Array.from(E);
    bad.fill(-1, 0, 200);
    expect(() => factorizeElements(sym, plan, bad)).toThrow(NumericError);
    expect(() => planElementAssembly(sym, setup.KE, new Int32Array(65))).toThrow(InputError);
  });
});
