import { afterAll, describe, expect, it } from 'vitest';
import { assembleStiffness } from '../../support/assembleStiffness.ts';
import { createSetup } from '../../../tools/engineering/beams2d/setup.ts';
import { createLinearSolver } from '../../../tools/engineering/beams2d/solverFactory.ts';
import { readyFactorHelper } from '../../../tools/engineering/linalg/factorHelperThread.ts';
import { disposeFactorHelper } from '../../../tools/engineering/linalg/sparseCholesky.ts';
import { rng } from './testMatrices.ts';

afterAll(async () => {
  await disposeFactorHelper();
});

describe('Beams2D sparse solver on two threads', () => {
  it('gives bitwise the same displacements as one thread on the 100x50 beam', async () => {
    const setup = createSetup({ nelx: 100, nely: 50, forcedist: 0, rmin: 2 });
    const one = createLinearSolver(setup, 'sparse', 1);
    const two = createLinearSolver(setup, 'sparse', 2);
    const t0 = Date.now();
    while (!readyFactorHelper() && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 10));
    expect(readyFactorHelper()).not.toBeNull();
    const r = rng(5);
    const n = setup.pattern.n;
    for (let it = 0; it < 3; it++) {
      const x = Float64Array.from({ length: setup.nel }, () => 1e-3 + r());
      const values = assembleStiffness(setup, x, 3, new Float64Array(setup.pattern.colIdx.length));
      const u1 = one.solve(values, setup.f, new Float64Array(n));
      const u2 = two.solve(values, setup.f, new Float64Array(n));
      expect(Buffer.from(u2.buffer).equals(Buffer.from(u1.buffer))).toBe(true);
    }
  });
});
