/**
 * The FDFD solve against SciPy's spsolve of the same matrix (a script of ours under
 * benchmarks/perf/reference, run with Debian's /usr/bin/python3 which has numpy/scipy).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeGrid, omegaOf } from '../../../tools/engineering/photonics2d/grid.ts';
import { FdfdSolver } from '../../../tools/engineering/photonics2d/fdfd.ts';
import { operatorTriplets } from '../../../tools/engineering/photonics2d/operators.ts';
import { permittivity } from '../../../tools/engineering/photonics2d/parameterization.ts';
import type { ComplexVec } from '../../../tools/engineering/photonics2d/pml.ts';

const SCRIPT = join(import.meta.dirname, '../../../benchmarks/perf/reference/photonics2d_solve.py');

function relDiff(a: ComplexVec, b: { re: Float64Array; im: Float64Array }): number {
  let num = 0, den = 0;
  for (let i = 0; i < a.re.length; i++) {
    num += (a.re[i] - b.re[i]) ** 2 + (a.im[i] - b.im[i]) ** 2;
    den += b.re[i] ** 2 + b.im[i] ** 2;
  }
  return Math.sqrt(num / den);
}

/** A design with structure: a deterministic pattern in [0, 1] inside the design region. */
function patternedRho(n: number): Float64Array {
  return Float64Array.from({ length: n }, (_, i) => 0.5 + 0.5 * Math.sin(0.37 * i) * Math.cos(0.011 * i));
}

describe('FDFD solver vs SciPy spsolve', () => {
  for (const [nx, ny, lambda] of [
    [120, 120, 1.5],
    [70, 110, 0.9],
  ] as const) {
    it(`${nx}x${ny} at ${lambda} µm: A·x = b and Aᵀ·λ = b agree to 1e-8`, () => {
      const grid = makeGrid(nx, ny);
      const epsr = permittivity(grid, patternedRho(grid.n));
      const solver = new FdfdSolver(grid, omegaOf(lambda));
      solver.factor(epsr);
      const b = { re: new Float64Array(grid.n), im: new Float64Array(grid.n) };
      for (let y = grid.source.y0; y < grid.source.y1; y++) {
        b.re[grid.source.x * ny + y] = Math.sin(y);
        b.im[grid.source.x * ny + y] = Math.cos(2 * y);
      }
      const x = solver.solve(b);
      const lam = solver.solveTranspose(b);

      const dir = mkdtempSync(join(tmpdir(), 'photonics2d-'));
      try {
        const T = operatorTriplets(solver.op, epsr);
        const put = (name: string, a: Int32Array | Float64Array) => writeFileSync(join(dir, name), Buffer.from(a.buffer, a.byteOffset, a.byteLength));
        put('row.i32', T.row);
        put('col.i32', T.col);
        put('re.f64', T.re);
        put('im.f64', T.im);
        put('bre.f64', b.re);
        put('bim.f64', b.im);
        const res = spawnSync('/usr/bin/python3', [SCRIPT, dir], { encoding: 'utf8' });
        expect(res.status, res.stderr).toBe(0);
        const get = (name: string) => {
          const buf = readFileSync(join(dir, name));
          return new Float64Array(buf.buffer, buf.byteOffset, buf.byteLength / 8);
        };
        const errX = relDiff(x, { re: get('xre.f64'), im: get('xim.f64') });
        const errL = relDiff(lam, { re: get('lre.f64'), im: get('lim.f64') });
        expect(errX).toBeLessThan(1e-8);
        expect(errL).toBeLessThan(1e-8);
        // A is not symmetric with the PML in: the transpose solve really differs.
        expect(relDiff(x, lam)).toBeGreaterThan(1e-6);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  it('refactoring after a design change recomputes only the design subtree and the root', () => {
    const grid = makeGrid(120, 120);
    const rho = patternedRho(grid.n);
    const solver = new FdfdSolver(grid, omegaOf(1.3));
    solver.factor(permittivity(grid, rho));
    const all = solver.refactoredFronts;
    for (let i = 0; i < grid.n; i++) rho[i] = 1 - rho[i];
    const epsr = permittivity(grid, rho);
    solver.factor(epsr);
    expect(solver.refactoredFronts).toBeLessThan(all / 2);
    // ... and still solves the new system exactly (compare with a fresh solver).
    const fresh = new FdfdSolver(grid, omegaOf(1.3));
    fresh.factor(epsr);
    const b = { re: new Float64Array(grid.n).fill(1), im: new Float64Array(grid.n) };
    expect(relDiff(solver.solve(b), fresh.solve(b))).toBeLessThan(1e-12);
  });
});
