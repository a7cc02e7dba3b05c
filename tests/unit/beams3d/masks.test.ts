/** Beams3D's fixed_elements and force_elements_z as Config (EngiBench §1.2) through the registered Problem: used, checked with EngiBench's messages, cached per mask. */
import { describe, expect, it } from 'vitest';
import { optimize } from '../../../tools/engineering/problem.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';
import { setupProblem } from '../../../tools/engineering/workflow.ts';

const grid = { nelx: 6, nely: 4, nelz: 4 };
const corners = [[0, 0, 0], [6, 0, 0], [0, 4, 0], [6, 4, 0]];
const nested = (on: number[][]) => {
  const a = Array.from({ length: 7 }, () => Array.from({ length: 5 }, () => new Array<number>(5).fill(0)));
  for (const [x, y, z] of on) a[x][y][z] = 1;
  return a;
};

describe('beams3d masks', () => {
  it('EngiBench\'s defaults given as masks give the default bits; other masks change the compliance; the cache follows the mask', async () => {
    const p = await getProblem('beams3d');
    const design = p.randomDesign(p.resolveConfig(grid), 3);
    const [base] = p.simulate(design, p.resolveConfig(grid));
    // the default load node for forcedist 0.5: (round(3), round(2), 4) = (3, 2, 4)
    const [same] = p.simulate(design, p.resolveConfig({ ...grid, fixed_elements: nested(corners), force_elements_z: [[3, 2, 4]] }));
    expect(same).toBe(base);
    const [wider] = p.simulate(design, p.resolveConfig({ ...grid, fixed_elements: [...corners, [3, 0, 0], [3, 4, 0], [0, 2, 0], [6, 2, 0]] }));
    expect(wider).toBeLessThan(base * 0.95);
    // the default again after another mask: the cached setup is not reused across masks
    expect(p.simulate(design, p.resolveConfig(grid))[0]).toBe(base);
    const [twoLoads] = p.simulate(design, p.resolveConfig({ ...grid, force_elements_z: [[3, 2, 4], [1, 1, 4]] }));
    expect(twoLoads).toBeGreaterThan(base * 1.2);
    // force_elements_z wins over forcedist (EngiBench rebuilds the load mask only without it), with a warning
    const moved = p.resolveConfig({ ...grid, force_elements_z: [[3, 2, 4]], forcedist_x: 0.1 });
    expect(p.simulate(design, moved)[0]).toBe(base);
    expect(p.checkConfig(moved).map((v) => v.constraint)).toEqual(['forcedist_unused']);
    expect(p.simulate(design, p.resolveConfig({ ...grid, forcedist_x: 0.1 }))[0]).not.toBe(base);
  });

  it("refuses bad masks with EngiBench's messages before anything runs; force_elements_x/_y warn and are ignored", async () => {
    await expect(setupProblem('beams3d', { ...grid, fixed_elements: [] })).rejects.toThrow(/Params\.fixed_elements must contain at least one fixed node\./);
    await expect(setupProblem('beams3d', { ...grid, force_elements_z: nested([]) })).rejects.toThrow(/Params\.force_elements_z must contain at least one loaded node\./);
    await expect(setupProblem('beams3d', { ...grid, fixed_elements: [[[1, 0], [0, 0]], [[0, 0], [0, 0]]] })).rejects.toThrow(/Invalid shape for fixed_elements\. \(got \(2, 2, 2\), expected \(7, 5, 5\)/);
    await expect(setupProblem('beams3d', { ...grid, fixed_elements: [[7, 0, 0]] })).rejects.toThrow(/fixed_elements node \[7, 0, 0\] is off the \(7, 5, 5\) node grid/);
    await expect(setupProblem('beams3d', { ...grid, fixed_elements: 'the left face' as never })).rejects.toThrow(/fixed_elements: must be a node mask, got string/);
    const s = await setupProblem('beams3d', { ...grid, force_elements_x: [[1, 1, 1]], force_elements_y: [[1, 1, 1]] });
    expect(s.warnings.join('\n')).toMatch(/Beams3D exposes only force_elements_z; ignoring unsupported load mask config key\(s\): force_elements_x, force_elements_y\./);
    const p = s.problem;
    const design = p.randomDesign(s.config, 3);
    expect(p.simulate(design, s.config)[0]).toBe(p.simulate(design, p.resolveConfig(grid))[0]);
    // on a multigrid grid, fixed nodes that keep the coarsening at a large coarse level are refused (bounded work):
    // every node with odd x, y and z at 32³ leaves 17³ coarse cells; an odd support or two coarsen to 576
    const odd: number[][] = [];
    for (let x = 1; x < 32; x += 2) for (let y = 1; y < 32; y += 2) for (let z = 1; z < 32; z += 2) odd.push([x, y, z]);
    await expect(setupProblem('beams3d', { nelx: 32, nely: 32, nelz: 32, fixed_elements: odd })).rejects.toThrow(/fixed_elements_multigrid.*keep the multigrid from coarsening the grid below 4913 cells/);
    await expect(setupProblem('beams3d', { nelx: 32, nely: 32, nelz: 32, fixed_elements: [[1, 0, 0], [32, 32, 0]] })).resolves.toBeDefined();
  });

  it('optimize uses the masks: a different support gives a different optimum history', async () => {
    const p = await getProblem('beams3d');
    const run = (extra = {}) => optimize(p, p.resolveConfig({ ...grid, max_iter: 2, ...extra })).history.map((s) => s.objectives[0]);
    const a = run();
    const b = run({ fixed_elements: [[0, 0, 0], [0, 4, 0], [0, 0, 4], [0, 4, 4]] });
    expect(b).toHaveLength(a.length);
    expect(b[0]).not.toBe(a[0]);
  });
});
