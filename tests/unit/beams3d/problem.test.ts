import { describe, expect, it } from 'vitest';
import { InputError } from '../../../tools/errors.ts';
import { loadNode, roundHalfEven } from '../../../tools/engineering/beams3d/conditions.ts';
import { applyCone, buildSensitivityFilter, filterSensitivities } from '../../../tools/engineering/beams3d/filter.ts';
import { createCholeskySolver, createPcgSolver } from '../../../tools/engineering/beams3d/solver.ts';
import { assemble, createSetup } from '../../../tools/engineering/beams3d/setup.ts';
import { getProblem, problemIds } from '../../../tools/engineering/registry.ts';
import { optimize } from '../../../tools/engineering/problem.ts';

const SMALL = { nelx: 6, nely: 4, nelz: 4 };

describe('Beams3D conditions', () => {
  it('rounds the load position half to even like Python, on the top face', () => {
    expect([0.5, 1.5, 2.5, 3.5, 2.4999, 2.5001].map(roundHalfEven)).toEqual([0, 2, 2, 4, 2, 3]);
    expect(loadNode({ nelx: 4, nely: 4, nelz: 2, forcedistX: 0.25, forcedistY: 0.75 })).toEqual([1, 3, 2]);
    // 0.5·5 = 2.5 → 2 (Math.round would give 3)
    expect(loadNode({ nelx: 5, nely: 7, nelz: 3, forcedistX: 0.5, forcedistY: 0.5 })).toEqual([2, 4, 3]);
  });

  it('is registered with EngiBench’s conditions, defaults and [nely, nelx, nelz] designs', async () => {
    expect(problemIds()).toContain('beams3d');
    const p = await getProblem('beams3d');
    expect(p.conditions.map((f) => f.name)).toEqual(['volfrac', 'rmin', 'forcedist_x', 'forcedist_y']);
    expect(p.objectives.map((o) => o.name)).toEqual(['c']);
    expect(p.designShape({})).toEqual([16, 16, 16]);
    expect(p.designShape({ nelx: 2, nely: 4, nelz: 3 })).toEqual([4, 2, 3]);
    expect(p.checkConfig({ nelx: 2, nely: 4, nelz: 3 })).toEqual([]);
    const low = p.checkConfig({ rmin: 0.5 });
    expect(low.filter((v) => v.criticality === 'error')).toEqual([]);
    expect(low.map((v) => v.constraint)).toContain('rmin_impl_bounds');
    expect(() => p.simulate({ shape: [4, 6, 4], data: new Float64Array(96).fill(0.3) }, { ...SMALL, rmin: 7 })).toThrow(/rmin_bound/);
    expect(() => p.simulate({ shape: [4, 6], data: new Float64Array(24).fill(0.3) }, SMALL)).toThrow(InputError);
    expect(() => p.simulate({ shape: [4, 6, 4], data: new Float64Array(96).fill(1.5) }, SMALL)).toThrow(/outside the design space/);
  });
});

describe('Beams3D filter', () => {
  it('equals a brute-force cone on a non-cubic grid (2, 4, 3) with rmin 4, and has the 3×3×3 weights at rmin 1.5', () => {
    const shape: [number, number, number] = [2, 4, 3];
    const n = 24;
    const x = Float64Array.from({ length: n }, (_, i) => 0.1 + ((i * 7) % 11) / 12);
    const dc = Float64Array.from({ length: n }, (_, i) => -1 - ((i * 5) % 13));
    const F = buildSensitivityFilter(shape, 4);
    const got = filterSensitivities(F, x, dc);
    const idx = (i: number) => [Math.floor(i / 12), Math.floor(i / 3) % 4, i % 3];
    for (let i = 0; i < n; i++) {
      let num = 0, hs = 0;
      for (let j = 0; j < n; j++) {
        const [a, b] = [idx(i), idx(j)];
        const w = 4 - Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
        if (w > 0) {
          num += w * x[j] * dc[j];
          hs += w;
        }
      }
      expect(got[i]).toBeCloseTo(num / hs / Math.max(1e-3, x[i]), 12);
    }
    const G = buildSensitivityFilter([5, 5, 5], 1.5);
    const unit = new Float64Array(125);
    unit[62] = 1;
    const spread = applyCone(G, unit, new Float64Array(125));
    expect(spread[62]).toBe(1.5);
    expect(spread[62 + 1]).toBe(0.5);
    expect(spread[62 + 6]).toBeCloseTo(1.5 - Math.SQRT2, 15);
    expect(spread[62 + 31]).toBe(0);
  });
});

describe('Beams3D solvers', () => {
  it('the sparse Cholesky and the block-Jacobi CG solve the same system (fixed DOFs stay at 0)', () => {
    const setup = createSetup({ ...SMALL, forcedistX: 0.5, forcedistY: 0.5 });
    const s = Float64Array.from({ length: setup.nel }, (_, e) => 0.05 + ((e * 37) % 19) / 20);
    const values = assemble(setup, s);
    const a = createCholeskySolver(setup.pattern, setup.coords).solve(values, setup.f, new Float64Array(setup.ndof));
    const b = createPcgSolver(setup.pattern, { rtol: 1e-12 }).solve(values, setup.f, new Float64Array(setup.ndof));
    let diff = 0, norm = 0;
    for (let i = 0; i < setup.ndof; i++) {
      diff = Math.max(diff, Math.abs(a[i] - b[i]));
      norm = Math.max(norm, Math.abs(a[i]));
      if (setup.fixed[i]) expect(a[i]).toBe(0);
    }
    expect(diff / norm).toBeLessThan(1e-9);
    // the residual of the direct solve
    const { rowPtr, colIdx } = setup.pattern;
    let res = 0;
    for (let r = 0; r < setup.ndof; r++) {
      let t = -setup.f[r];
      for (let k = rowPtr[r]; k < rowPtr[r + 1]; k++) t += values[k] * a[colIdx[k]];
      res = Math.max(res, Math.abs(t));
    }
    expect(res).toBeLessThan(1e-12);
  });
});

describe('Beams3D optimize through the registry', () => {
  it('yields steps 1…n with progress, decreases c, keeps the volume, returns a float32 design in [1e-3, 1]', async () => {
    const p = await getProblem('beams3d');
    const events: number[] = [];
    const r = optimize(p, { ...SMALL, max_iter: 6 }, undefined, (e) => {
      expect(e.maxIter).toBe(6);
      events.push(e.step);
    });
    expect(events).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.history.map((h) => h.step)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.design.shape).toEqual([4, 6, 4]);
    const c = r.history.map((h) => h.objectives[0]);
    expect(c[5]).toBeLessThan(c[0]);
    for (const v of r.design.data) {
      expect(v).toBe(Math.fround(v));
      expect(v).toBeGreaterThanOrEqual(Math.fround(1e-3));
      expect(v).toBeLessThanOrEqual(1);
    }
    const m = r.design.data.reduce((a, b) => a + b, 0) / r.design.data.length;
    expect(m).toBeLessThan(0.3 + 1e-3);
    // the returned design is not evaluated: simulate gives a new value, below the last recorded one
    const after = p.simulate(r.design, { ...SMALL })[0];
    expect(after).toBeLessThan(c[5]);
    // max_iter 0: the start, no history
    const none = optimize(p, { ...SMALL, max_iter: 0 });
    expect(none.history).toEqual([]);
    expect(none.design.data.every((v) => v === 0.3)).toBe(true);
  });

  it('renders projections and slices as 2-D panels, and random designs are float32 in [1e-3, 1] with mean volfrac', async () => {
    const p = await getProblem('beams3d');
    const d = p.randomDesign({ ...SMALL, volfrac: 0.4 }, 7);
    expect(d.shape).toEqual([4, 6, 4]);
    expect(d.data.every((v) => v === Math.fround(v) && v >= Math.fround(1e-3) && v <= 1)).toBe(true);
    expect(d.data.reduce((a, b) => a + b, 0) / d.data.length).toBeCloseTo(0.4, 5);
    expect(p.randomDesign({ ...SMALL, volfrac: 0.4 }, 7).data).toEqual(d.data);
    const spec = p.render(d, SMALL);
    expect(spec.panels.map((q) => q.field.shape)).toEqual([[4, 6], [4, 6], [4, 4], [4, 6], [4, 6], [4, 6]]);
    expect(spec.title).toMatch(/Beams3D v0 6x4x4.*c = \d/);
  });
});

describe('Beams3D grid limits', () => {
  it('64³ (EngiBench’s largest dataset grid) and any side lengths up to 64 pass (the multigrid coarsens odd sides); 65 per side is refused by name', async () => {
    const p = await getProblem('beams3d');
    const errors = (values: Record<string, number>) => p.checkConfig(values).filter((v) => v.criticality === 'error');
    expect(errors({ nelx: 64, nely: 64, nelz: 64 })).toEqual([]);
    expect(errors({ nelx: 48, nely: 64, nelz: 56 })).toEqual([]);
    expect(errors({ nelx: 39, nely: 40, nelz: 40 })).toEqual([]);
    // refused before (grid_multigrid_sides: multiples of 8 above 64,000 cells)
    expect(errors({ nelx: 64, nely: 63, nelz: 64 })).toEqual([]);
    expect(errors({ nelx: 40, nely: 40, nelz: 44 })).toEqual([]);
    expect(errors({ nelx: 63, nely: 63, nelz: 66 }).map((v) => v.constraint)).toEqual(['nelz_limit']);
    expect(errors({ nelx: 65, nely: 8, nelz: 8 }).map((v) => v.constraint)).toEqual(['nelx_limit']);
    expect(errors({ nelx: 63, nely: 63, nelz: 63 })).toEqual([]);
  });
});

describe('Beams3D multigrid CG', () => {
  it('three levels (8×4×4 → 4×2×2 → 2×1×1) solve like the Cholesky, in bounded iterations, on uniform, structured and checkered 1e-9-contrast designs', async () => {
    const { createMultigridSolver } = await import('../../../tools/engineering/beams3d/multigrid.ts');
    const setup = createSetup({ nelx: 8, nely: 4, nelz: 4, forcedistX: 0.5, forcedistY: 0.25 });
    const mg = createMultigridSolver(setup, { coarsestDofs: 100 });
    expect(mg.name).toBe('pcg-geometric-multigrid-3');
    const chol = createCholeskySolver(setup.pattern, setup.coords);
    // element e = ex·16 + ey·4 + ez; structured: a solid floor (ez = 0) and solid columns at ex even, ey = 0; void 1e-9 elsewhere
    const structured = Float64Array.from({ length: setup.nel }, (_, e) => (e % 4 === 0 || (Math.floor(e / 16) % 2 === 0 && Math.floor(e / 4) % 4 === 0) ? 1 : 1e-9));
    const checkered = Float64Array.from({ length: setup.nel }, (_, e) => ((e * 37) % 19 < 9 ? 1 : 1e-9));
    const cases: [Float64Array, number, number][] = [[new Float64Array(setup.nel).fill(0.027), 1e-8, 25], [structured, 1e-5, 100], [checkered, 1e-5, 400]];
    const its: number[] = [];
    for (const [s, tol, maxIts] of cases) {
      const values = assemble(setup, s);
      const a = chol.solve(values, setup.f, new Float64Array(setup.ndof));
      const b = mg.solve(values, setup.f, new Float64Array(setup.ndof), s);
      let diff = 0, norm = 0;
      for (let i = 0; i < setup.ndof; i++) {
        diff += (a[i] - b[i]) ** 2;
        norm += a[i] ** 2;
      }
      expect(Math.sqrt(diff / norm)).toBeLessThan(tol);
      its.push(mg.lastIterations());
      expect(mg.lastIterations()).toBeLessThan(maxIts);
    }
    console.log(`multigrid CG iterations (uniform, structured, checkered): ${its.join(', ')}`);
    expect(() => mg.solve(assemble(setup, new Float64Array(setup.nel).fill(1)), setup.f, new Float64Array(setup.ndof))).toThrow(/element scales/);
    expect(() => mg.solve(assemble(setup, new Float64Array(setup.nel).fill(1)), setup.f, new Float64Array(setup.ndof - 3), new Float64Array(setup.nel).fill(1))).toThrow(/for 675 DOFs and 128 elements \(b 675, x 672/);
  });

  it('grids above 4,000 cells get the multigrid CG by default whatever their side lengths, smaller ones the Cholesky; a random 16³ design solves alike with both', async () => {
    const { createSolver, defaultSolverKind } = await import('../../../tools/engineering/beams3d/solverFactory.ts');
    expect(defaultSolverKind(createSetup({ nelx: 16, nely: 16, nelz: 16, forcedistX: 0.5, forcedistY: 0.5 }))).toBe('multigrid');
    expect(defaultSolverKind(createSetup({ nelx: 16, nely: 16, nelz: 17, forcedistX: 0.5, forcedistY: 0.5 }))).toBe('multigrid');
    expect(defaultSolverKind(createSetup({ nelx: 25, nely: 25, nelz: 25, forcedistX: 0.5, forcedistY: 0.5 }))).toBe('multigrid');
    expect(defaultSolverKind(createSetup({ nelx: 16, nely: 16, nelz: 15, forcedistX: 0.5, forcedistY: 0.5 }))).toBe('cholesky');
    expect(defaultSolverKind(createSetup({ nelx: 12, nely: 12, nelz: 12, forcedistX: 0.5, forcedistY: 0.5 }))).toBe('cholesky');
    const setup = createSetup({ nelx: 16, nely: 16, nelz: 16, forcedistX: 0.25, forcedistY: 0.5 });
    const mg = createSolver(setup);
    expect(mg.name).toBe('pcg-geometric-multigrid-2');
    let seed = 5;
    const s = Float64Array.from({ length: setup.nel }, () => ((seed = (seed * 16807) % 2147483647) / 2147483647) ** 3 + 1e-9);
    const values = assemble(setup, s);
    const a = createCholeskySolver(setup.pattern, setup.coords).solve(values, setup.f, new Float64Array(setup.ndof));
    const b = mg.solve(values, setup.f, new Float64Array(setup.ndof), s);
    let fa = 0, fb = 0;
    for (let i = 0; i < a.length; i++) {
      fa += setup.f[i] * a[i];
      fb += setup.f[i] * b[i];
    }
    expect(Math.abs(fb - fa) / fa).toBeLessThan(1e-9);
  });

  it('a grid no side of which can shrink (1×1×1: every node clamped or kept) is one level: its Cholesky preconditions CG, which stops after one iteration at the direct solution; 3×2×2 coarsens to 2×1×1 and 1×1×1', async () => {
    const { createMultigridSolver } = await import('../../../tools/engineering/beams3d/multigrid.ts');
    const one = createSetup({ nelx: 1, nely: 1, nelz: 1, forcedistX: 0.5, forcedistY: 0.5 });
    const mg1 = createMultigridSolver(one, { coarsestDofs: 0 });
    expect(mg1.name).toBe('pcg-geometric-multigrid-1');
    const s1 = new Float64Array(1).fill(0.4);
    const a1 = createCholeskySolver(one.pattern, one.coords).solve(assemble(one, s1), one.f, new Float64Array(one.ndof));
    const b1 = mg1.solve(assemble(one, s1), one.f, new Float64Array(one.ndof), s1);
    expect(mg1.lastIterations()).toBe(1);
    for (let i = 0; i < a1.length; i++) expect(b1[i]).toBeCloseTo(a1[i], 12);
    const setup = createSetup({ nelx: 3, nely: 2, nelz: 2, forcedistX: 0.5, forcedistY: 0.5 });
    const mg = createMultigridSolver(setup, { coarsestDofs: 0 });
    expect(mg.name).toBe('pcg-geometric-multigrid-3');
    const s = Float64Array.from({ length: setup.nel }, (_, e) => 0.1 + (e % 5) / 5);
    const values = assemble(setup, s);
    const a = createCholeskySolver(setup.pattern, setup.coords).solve(values, setup.f, new Float64Array(setup.ndof));
    const b = mg.solve(values, setup.f, new Float64Array(setup.ndof), s);
    expect(mg.lastIterations()).toBeGreaterThan(1);
    let d = 0, m = 0;
    for (let i = 0; i < a.length; i++) {
      d = Math.max(d, Math.abs(a[i] - b[i]));
      m = Math.max(m, Math.abs(a[i]));
    }
    expect(d / m).toBeLessThan(1e-7);
  });
});

describe('linalg: 3-D geometric nested dissection', () => {
  it('fills less than graph bisection on a 6×6×6 Hex8 grid, solves the same system, and checks the coordinate count', async () => {
    const { analyze, factorize, solve } = await import('../../../tools/engineering/linalg/sparseCholesky.ts');
    const setup = createSetup({ nelx: 6, nely: 6, nelz: 6, forcedistX: 0.5, forcedistY: 0.5 });
    const geo = analyze(setup.pattern, { coords: setup.coords, coordDims: 3 });
    const graph = analyze(setup.pattern);
    expect(geo.nnzL).toBeLessThan(graph.nnzL);
    const values = assemble(setup, new Float64Array(setup.nel).fill(0.027));
    const a = solve(factorize(geo, values), setup.f);
    const b = solve(factorize(graph, values), setup.f);
    for (let i = 0; i < a.length; i++) expect(Math.abs(a[i] - b[i])).toBeLessThan(1e-9 * Math.max(...a.map(Math.abs)));
    expect(() => analyze(setup.pattern, { coords: setup.coords, coordDims: 2 })).toThrow(/2 numbers per row/);
  });
});
