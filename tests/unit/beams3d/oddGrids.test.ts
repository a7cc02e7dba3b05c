/**
 * Beams3D's multigrid CG on grids with odd sides (coarsening.ts: the last coarse cell of an odd side covers one
 * fine cell): against the sparse Cholesky on the same grids (compliance and sensitivities through the FE pass),
 * and the EngiBench peer's fixtures (odd grids 5×7×3, 8×6×5 among them) through the multigrid coarsened as far as
 * each grid allows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { feAnalysis } from '../../../tools/engineering/beams3d/fe.ts';
import { createMultigridSolver } from '../../../tools/engineering/beams3d/multigrid.ts';
import { createSetup } from '../../../tools/engineering/beams3d/setup.ts';
import { createCholeskySolver } from '../../../tools/engineering/beams3d/solver.ts';
import { createSolver, defaultSolverKind } from '../../../tools/engineering/beams3d/solverFactory.ts';
import { cachedSetup } from '../../../tools/engineering/beams3d/setupCache.ts';
import { typedConfig } from '../../../tools/engineering/beams3d/conditions.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);
/** max |a − b| / max |b| over a vector. */
const vecRel = (a: Float64Array, b: Float64Array) => {
  let d = 0, m = 0;
  for (let i = 0; i < a.length; i++) {
    d = Math.max(d, Math.abs(a[i] - b[i]));
    m = Math.max(m, Math.abs(b[i]));
  }
  return d / m;
};
/** A varied design in [0.05, 0.95] (design order). */
const varied = (n: number) => Float64Array.from({ length: n }, (_, i) => 0.05 + 0.9 * Math.abs(Math.sin(0.37 * i + 1)));

interface SimCase { name: string; nelx: number; nely: number; nelz: number; forcedist_x: number; forcedist_y: number; dtype: string; design: number[] | null; fill?: number; c: number }

describe('Beams3D multigrid CG on odd grids', () => {
  // measured (2026-12-02, rtol 1e-8): c ≤ 4.3e-13, dc ≤ 4.6e-10 against the Cholesky on these grids and designs, in 13–43 CG iterations
  it('17×16×16 and 30×15×11 (default solver: the multigrid) and 9×7×5 coarsened to 1×1×1: c to 1e-9 and dc to 1e-7 of the Cholesky, uniform and varied designs', () => {
    const grids: [number, number, number, number | undefined][] = [[17, 16, 16, undefined], [30, 15, 11, undefined], [9, 7, 5, 0]];
    for (const [nelx, nely, nelz, coarsestDofs] of grids) {
      const setup = createSetup({ nelx, nely, nelz, forcedistX: 0.5, forcedistY: 0.5 });
      const mg = coarsestDofs === undefined ? createSolver(setup) : createMultigridSolver(setup, { coarsestDofs });
      if (coarsestDofs === undefined) expect(defaultSolverKind(setup)).toBe('multigrid');
      expect(mg.name).not.toBe('pcg-geometric-multigrid-1');
      const chol = createCholeskySolver(setup.pattern, setup.coords);
      for (const [label, x] of [['uniform 0.3', new Float64Array(setup.nel).fill(0.3)], ['varied', varied(setup.nel)]] as const) {
        const a = feAnalysis(setup, chol, x, 3, { float32: false, gradient: true });
        const b = feAnalysis(setup, mg, x, 3, { float32: false, gradient: true });
        const at = `${nelx}x${nely}x${nelz} ${label} (${mg.name}, ${mg.lastIterations()} iterations)`;
        expect(mg.lastIterations(), at).toBeGreaterThan(1);
        expect(mg.lastIterations(), at).toBeLessThan(60);
        expect(rel(b.c, a.c), `${at} c`).toBeLessThan(1e-9);
        expect(vecRel(b.dc!, a.dc!), `${at} dc`).toBeLessThan(1e-7);
      }
    }
  }, 300_000);

  it('the levels follow the coarsening: 17×16×16 → 9×8×8; 30×15×11 → 15×8×6 (3,024 DOFs, kept: it cannot be halved exactly); 9×7×5 down to 1×1×1; even grids keep their levels (22³ → 11³, 24³ → 12³ → 6³); the product-table cap stops it', () => {
    const name = (nelx: number, nely: number, nelz: number, coarsestDofs?: number) => createMultigridSolver(createSetup({ nelx, nely, nelz, forcedistX: 0.5, forcedistY: 0.5 }), { coarsestDofs }).name;
    expect(name(17, 16, 16)).toBe('pcg-geometric-multigrid-2');
    expect(name(30, 15, 11)).toBe('pcg-geometric-multigrid-2');
    // with the coarsest threshold at 0: 30×15×11 → 15×8×6 → 8×4×3 → 4×2×2 → 2×1×1 → 1×1×1; 9×7×5 → 5×4×3 → 3×2×2 → 2×1×1 → 1×1×1
    expect(name(30, 15, 11, 0)).toBe('pcg-geometric-multigrid-6');
    expect(name(9, 7, 5, 0)).toBe('pcg-geometric-multigrid-5');
    // 11³ (5,184 DOFs) stays the coarsest as it did before odd sides were coarsened
    expect(name(22, 22, 22)).toBe('pcg-geometric-multigrid-2');
    expect(name(24, 24, 24)).toBe('pcg-geometric-multigrid-3');
    // the cap on a level's table of Galerkin products stops the coarsening: 17×16×16's level 1 has 3·2·2 classes (x: offsets 0, 1 of width 2 and the single cell)
    const capped = (maxProducts: number) => createMultigridSolver(createSetup({ nelx: 17, nely: 16, nelz: 16, forcedistX: 0.5, forcedistY: 0.5 }), { maxProducts }).name;
    expect(capped(12 * 576)).toBe('pcg-geometric-multigrid-2');
    expect(capped(12 * 576 - 1)).toBe('pcg-geometric-multigrid-1');
  });

  it('the Problem at 17×15×17 (4,335 cells, odd sides) simulates through the multigrid it picks, like the Cholesky to 1e-9', async () => {
    const p = await getProblem('beams3d');
    const config = { nelx: 17, nely: 15, nelz: 17, forcedist_x: 0.3, forcedist_y: 0.7 };
    expect(p.checkConfig(config).filter((v) => v.criticality === 'error')).toEqual([]);
    const x = Float64Array.from({ length: 17 * 15 * 17 }, (_, i) => Math.fround(0.1 + 0.8 * Math.abs(Math.cos(0.23 * i))));
    const [c] = p.simulate({ shape: [15, 17, 17], data: x }, config);
    const { setup, solver } = cachedSetup(typedConfig(p.resolveConfig(config)));
    expect(solver.name).toBe('pcg-geometric-multigrid-2');
    const want = feAnalysis(setup, createCholeskySolver(setup.pattern, setup.coords), x, 3, { float32: true, gradient: false }).c;
    expect(rel(c, want)).toBeLessThan(1e-9);
  });

  it('every EngiBench peer simulate case (float64 FE pass) through the multigrid coarsened as far as each grid allows agrees with the Cholesky to 1e-9, and the float64 ones with the peer to 1e-9 (as in engibenchPeer.test.ts)', () => {
    const sims = (JSON.parse(readFileSync(new URL('../../fixtures/beams3d/simulate.json', import.meta.url), 'utf8')) as { cases: SimCase[] }).cases;
    let odd = 0, peer = 0;
    for (const s of sims) {
      const setup = createSetup({ nelx: s.nelx, nely: s.nely, nelz: s.nelz, forcedistX: s.forcedist_x, forcedistY: s.forcedist_y });
      const x = s.design ? Float64Array.from(s.design) : new Float64Array(setup.nel).fill(s.fill!);
      const mg = createMultigridSolver(setup, { coarsestDofs: 0 });
      const at = `${s.name} ${s.nelx}x${s.nely}x${s.nelz} (${mg.name})`;
      expect(mg.name, at).not.toBe('pcg-geometric-multigrid-1');
      if ([s.nelx, s.nely, s.nelz].some((v) => v % 2)) odd++;
      const b = feAnalysis(setup, mg, x, 3, { float32: false, gradient: false }).c;
      const a = feAnalysis(setup, createCholeskySolver(setup.pattern, setup.coords), x, 3, { float32: false, gradient: false }).c;
      expect(rel(b, a), at).toBeLessThan(1e-9);
      if (s.dtype === 'float64') {
        peer++;
        expect(rel(b, s.c), `${at}: ours ${b}, peer ${s.c}`).toBeLessThan(1e-9);
      }
    }
    expect(odd).toBe(8);
    expect(peer).toBe(9);
  }, 300_000);
});
