/** HeatConduction3D through the registry: the Problem contract, Jacobi CG against the sparse Cholesky, our MMA optimizer. */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../tools/engineering/heatconduction2d/model.ts';
import { setupFor } from '../../../tools/engineering/heatconduction2d/setup.ts';
import { buildCubeMesh, dirichletNodes3, nodalImage3, readDesign3 } from '../../../tools/engineering/heatconduction3d/mesh.ts';
import { TET_DEGREE3, TET_DEGREE4 } from '../../../tools/engineering/heatconduction3d/quadrature.ts';
import { optimize, type Design } from '../../../tools/engineering/problem.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';

const uniform = (side: number, v: number): Design => ({ shape: [side, side, side], data: new Float64Array(side ** 3).fill(v) });

describe('heatconduction3d problem', async () => {
  const p = await getProblem('heatconduction3d');

  it('is registered with EngiBench v0 conditions and 51³ nodal designs', () => {
    expect(p.version).toBe(0);
    expect(p.conditions.map((f) => [f.name, f.default])).toEqual([['volume', 0.3], ['area', 0.5]]);
    expect(p.designShape({})).toEqual([51, 51, 51]);
    expect(p.checkConfig({ area: 1.5 }).map((v) => v.constraint)).toEqual(['area_theory_bounds']);
    expect(() => p.optimizeSteps({ resolution: 52 })).toThrow(/resolution_limit/);
  });

  it('Jacobi CG (used from 40,000 free nodes) solves like the sparse Cholesky', () => {
    const mesh = buildCubeMesh(16);
    const dir = dirichletNodes3(mesh, 0.5);
    const rules = { forward: TET_DEGREE3, engibench: TET_DEGREE4 };
    const chol = setupFor(mesh, dir, rules, { solver: 'cholesky' });
    const pcg = setupFor(mesh, dir, rules, { solver: 'pcg' });
    expect(pcg.sym).toBeUndefined();
    const a = new Float64Array(mesh.nv).map((_, k) => 0.05 + 0.9 * Math.abs(Math.sin(0.37 * k)));
    const x = evaluate(chol, a, { gradient: 'exact' });
    const y = evaluate(pcg, a, { gradient: 'exact' });
    expect(Math.abs(x.J - y.J) / x.J).toBeLessThan(1e-9);
    const gmax = Math.max(...x.grad!.map(Math.abs));
    expect(Math.max(...x.grad!.map((g, i) => Math.abs(g - y.grad![i]))) / gmax).toBeLessThan(1e-8);
  });

  it('the read and write of nodal arrays are inverse where the truncating read skips nothing (NN 8)', () => {
    const mesh = buildCubeMesh(8);
    const img = Float64Array.from({ length: 729 }, (_, k) => k / 729);
    expect(nodalImage3(mesh, readDesign3(mesh, img))).toEqual(img);
  });

  it('simulate reports J at the pushed start rounded like EngiBench; out-of-range designs are refused', () => {
    const v = p.simulateVerbose!(uniform(9, 0.3), { resolution: 9 });
    expect(v.pushed_nodes).toBe(0);
    expect(v.c).toBe(Number(v.c_as_given.toFixed(14)));
    expect(v.volume_integral).toBeCloseTo(0.3, 12);
    const bad = uniform(9, 0.3);
    bad.data[3] = -0.5;
    expect(() => p.simulate(bad, { resolution: 9 })).toThrow(/outside \[0, 1\]/);
  });

  it('optimize: step 0 is the start, J falls, the volume holds, the design stays in [0, 1]; render draws layers and T', () => {
    const config = p.resolveConfig({ resolution: 9, volume: 0.3, max_iter: 12 });
    const steps: number[] = [];
    const r = optimize(p, config, {}, (e) => steps.push(e.step));
    const h = r.history.map((s) => s.objectives[0]);
    expect(steps).toEqual(r.history.map((s) => s.step));
    expect(steps[0]).toBe(0);
    expect(h.at(-1)!).toBeLessThan(0.5 * h[0]);
    expect(r.design.shape).toEqual([9, 9, 9]);
    expect(r.design.data.every((x) => x >= 0 && x <= 1)).toBe(true);
    const v = p.simulateVerbose!(r.design, config);
    expect(v.volume_integral).toBeLessThan(0.3 + 1e-3);
    // NN 8 reads every row, so simulate of the returned design is the last step (before the push).
    expect(r.warnings ?? []).toEqual([]);
    expect(Math.abs(v.c_as_given - h.at(-1)!) / h.at(-1)!).toBeLessThan(1e-12);
    const spec = p.render(r.design, config);
    expect(spec.panels.map((x) => x.title)).toEqual([expect.stringMatching(/layer z = 0/), expect.stringMatching(/layer z = 4/), expect.stringMatching(/layer z = 8/), expect.stringMatching(/temperature T, bottom/)]);
  });

  it('at the default 51³ (132,651 nodes) simulateVerbose and render give T\'s maximum (a Math.max spread of T overflowed the stack)', () => {
    const d = p.randomDesign({}, 1);
    expect(d.shape).toEqual([51, 51, 51]);
    const v = p.simulateVerbose!(d, {});
    expect(Object.values(v).every(Number.isFinite)).toBe(true);
    expect(v.t_max).toBeGreaterThan(0);
    const spec = p.render(d, {});
    expect(spec.title).toMatch(/51³.* — c \d/);
    expect(spec.panels.at(-1)!.title).toContain(`max ${Number(v.t_max.toPrecision(4))}`);
  }, 300_000);
});

