/** ThermoElastic3D's five EngiBench node masks (masks.ts) at the setup: parsing, checks, defaults bit for bit, other masks used. */
import { describe, expect, it } from 'vitest';
import { createMultigridSolver } from '../../../tools/engineering/beams3d/multigrid.ts';
import { nodeId } from '../../../tools/engineering/beams3d/setup.ts';
import { InputError } from '../../../tools/errors.ts';
import { feAnalysis } from '../../../tools/engineering/thermoelastic3d/fe.ts';
import { defaultMasks, maskArray, MASK_NAMES, parseMasks, type Thermo3DMasks } from '../../../tools/engineering/thermoelastic3d/masks.ts';
import { createSetup } from '../../../tools/engineering/thermoelastic3d/setup.ts';
import { createSolvers } from '../../../tools/engineering/thermoelastic3d/solvers.ts';
import { createThermalMultigrid } from '../../../tools/engineering/thermoelastic3d/thermalMultigrid.ts';

const grid = { nelx: 6, nely: 4, nelz: 4 };
const varied = (n: number) => Float64Array.from({ length: n }, (_, i) => 0.2 + 0.7 * Math.abs(Math.sin(0.7 * i + 0.3)));
const asArrays = (m: Thermo3DMasks, g = grid) => ({
  fixed_elements: maskArray(m.fixed, g),
  force_elements_x: maskArray(m.forceX, g),
  force_elements_y: maskArray(m.forceY, g),
  force_elements_z: maskArray(m.forceZ, g),
  heatsink_elements: maskArray(m.sinks, g),
});
const run = (masks: Thermo3DMasks | undefined, weight = 0.5, g = grid) => {
  const setup = createSetup(g, masks);
  return { setup, r: feAnalysis(setup, createSolvers(setup, 'cholesky'), varied(setup.nel), 3, weight, { gradient: true }) };
};

describe('thermoelastic3d masks', () => {
  it('EngiBench\'s default masks given as its (nelx+1, nely+1, nelz+1) 0/1 arrays give the default result bit for bit', () => {
    const arrays = asArrays(defaultMasks(grid));
    expect(arrays.fixed_elements).toHaveLength(7);
    expect(arrays.fixed_elements[0]).toHaveLength(5);
    expect(arrays.fixed_elements[0][0]).toHaveLength(5);
    expect(arrays.fixed_elements[0][4][4]).toBe(1);
    const parsed = parseMasks(arrays, grid);
    expect(parsed).toEqual(defaultMasks(grid));
    const a = run(undefined).r, b = run(parsed).r;
    expect([b.sc, b.tc]).toEqual([a.sc, a.tc]);
    expect(Array.from(b.df!)).toEqual(Array.from(a.df!));
    expect(Array.from(b.dft!)).toEqual(Array.from(a.dft!));
    // a subset given: the rest stay the defaults
    expect(parseMasks({ heatsink_elements: arrays.heatsink_elements }, grid)).toEqual(defaultMasks(grid));
  });

  it('other masks are used: the whole x = 0 face clamped stiffens, a second sink cools, a z-only load is 0.5 in z only', () => {
    const base = run(undefined).r;
    const face = maskArray([], grid);
    for (let iy = 0; iy <= grid.nely; iy++) for (let iz = 0; iz <= grid.nelz; iz++) face[0][iy][iz] = 1;
    const clamped = run(parseMasks({ fixed_elements: face }, grid)).r;
    expect(clamped.sc).toBeLessThan(base.sc);
    const sinks = maskArray([[6, 4, 0], [0, 0, 4]], grid);
    const cooled = run(parseMasks({ heatsink_elements: sinks }, grid)).r;
    expect(cooled.tc).toBeLessThan(base.tc);
    expect(cooled.sc).not.toBe(base.sc);
    const none = maskArray([], grid);
    const zOnly = parseMasks({ force_elements_x: none, force_elements_y: none, force_elements_z: maskArray([[3, 0, 4]], grid) }, grid);
    const { setup, r } = run(zOnly, 1);
    const loaded = 3 * nodeId(3, 0, 4, grid.nely, grid.nelz);
    expect(setup.fp[loaded + 2]).toBe(0.5);
    expect(setup.fp.reduce((s, v) => s + v, 0)).toBe(0.5);
    expect(r.sc).not.toBe(run(undefined, 1).r.sc);
  });

  it('refuses a wrong shape, a value other than 0/1, no support, no load, no sink and an unknown name, naming the mask', () => {
    const d = asArrays(defaultMasks(grid));
    const err = (given: Record<string, unknown>, re: RegExp, field: string) => {
      let caught: unknown;
      try {
        parseMasks(given, grid);
      } catch (e) {
        caught = e;
      }
      expect(caught, String(re)).toBeInstanceOf(InputError);
      expect((caught as InputError).message).toMatch(re);
      expect((caught as InputError).field).toBe(field);
    };
    err({ fixed_elements: d.fixed_elements.slice(1) }, /fixed_elements must be an array of shape \(nelx\+1, nely\+1, nelz\+1\) = \(7, 5, 5\) indexed \[x\]\[y\]\[z\]; got length 6/, 'fixed_elements');
    const short = structuredClone(d.force_elements_z);
    short[2][3] = [0, 0];
    err({ force_elements_z: short }, /force_elements_z .*\[2\]\[3\] is not an array of length 5/, 'force_elements_z');
    err({ heatsink_elements: 'all' }, /heatsink_elements must be an array .*got string/, 'heatsink_elements');
    const half = structuredClone(d.fixed_elements);
    half[1][1][1] = 0.5;
    err({ fixed_elements: half }, /fixed_elements\[1\]\[1\]\[1\] = 0.5; mask entries must be 0 or 1/, 'fixed_elements');
    const two = structuredClone(d.fixed_elements);
    two[0][0][0] = 2;
    err({ fixed_elements: two }, /= 2; mask entries must be 0 or 1/, 'fixed_elements');
    const none = maskArray([], grid);
    err({ fixed_elements: none }, /fixed_elements must contain at least one fixed node/, 'fixed_elements');
    err({ force_elements_x: none, force_elements_y: none, force_elements_z: none }, /at least one loaded node/, 'force_elements_z');
    err({ heatsink_elements: none }, /at least one heat-sink node/, 'heatsink_elements');
    err({ force_elements_w: none }, /unknown mask force_elements_w; the masks are fixed_elements, force_elements_x, force_elements_y, force_elements_z, heatsink_elements/, 'force_elements_w');
    expect(MASK_NAMES).toHaveLength(5);
  });

  it('the multigrid path takes any clamps and sinks (they stay nodes of every coarse level, odd coordinates too), agreeing with the Cholesky to 1e-8', () => {
    const g = { nelx: 8, nely: 8, nelz: 8 };
    const masks: Thermo3DMasks = { ...defaultMasks(g), fixed: [[0, 0, 0], [0, 8, 0], [0, 0, 8], [0, 8, 8]], sinks: [[8, 0, 0], [8, 8, 0], [4, 4, 0]] };
    // refused before (the multigrid needed even coordinates): a clamp at (0, 3, 5), sinks at (8, 8, 1) and (5, 3, 0)
    const oddMasks: Thermo3DMasks = { ...masks, fixed: [...masks.fixed, [0, 3, 5]], sinks: [[8, 8, 1], [5, 3, 0]] };
    // even: 8³ → 4³ → 2³ → 2×2×1 (the sink (4, 4, 0) is (1, 1, 0) on 2³, so x and y stop there; z goes on; it stopped at 2³ before)
    for (const [label, m, levels] of [['even', masks, 'pcg-geometric-multigrid-4'], ['odd', oddMasks, 'pcg-geometric-multigrid-4']] as const) {
      const setup = createSetup(g, m);
      const x = varied(setup.nel);
      const mg = { mech: createMultigridSolver(setup.mech, { coarsestDofs: 0 }), therm: createThermalMultigrid(setup.therm, setup.KEth, { coarsestNodes: 0 }) };
      expect(mg.therm.name, label).toBe(levels);
      const a = feAnalysis(setup, createSolvers(setup, 'cholesky'), x, 3, 0.5, { gradient: false });
      const b = feAnalysis(setup, mg, x, 3, 0.5, { gradient: false });
      const c = feAnalysis(setup, createSolvers(setup, 'multigrid'), x, 3, 0.5, { gradient: false });
      expect(mg.mech.lastIterations(), label).toBeGreaterThan(1);
      expect(mg.therm.lastIterations(), label).toBeGreaterThan(1);
      for (const r of [b, c]) {
        expect(Math.abs(r.sc - a.sc) / a.sc, label).toBeLessThan(1e-8);
        expect(Math.abs(r.tc - a.tc) / a.tc, label).toBeLessThan(1e-8);
      }
    }
    expect(() => createSetup(g, { ...masks, fixed: [[9, 0, 0]] })).toThrow(/fixed_elements node \(9, 0, 0\) is off the \(9, 9, 9\) node grid/);
  });
});

describe('thermoelastic3d masks through the registered Problem (conditions, as in EngiBench)', () => {
  const g4 = { nelx: 4, nely: 4, nelz: 4 };

  it('the defaults given as masks give the default bits; other masks change the objectives; the setup cache follows the masks', async () => {
    const { getProblem } = await import('../../../tools/engineering/registry.ts');
    const p = await getProblem('thermoelastic3d');
    expect(p.masks?.map((m) => [m.name, m.role])).toEqual(MASK_NAMES.map((n) => [n, 'condition']));
    const design = { shape: p.designShape(g4), data: new Float64Array(64).fill(0.4) };
    const base = p.simulate(design, p.resolveConfig(g4));
    const d = asArrays(defaultMasks(g4), g4);
    expect(p.simulate(design, p.resolveConfig({ ...g4, ...d }))).toEqual(base);
    const cooled = p.simulate(design, p.resolveConfig({ ...g4, heatsink_elements: [[4, 4, 0], [0, 0, 4]] }));
    expect(cooled[1]).toBeLessThan(base[1]);
    const face = [0, 1, 2, 3, 4].flatMap((y) => [0, 1, 2, 3, 4].map((z) => [0, y, z]));
    const clamped = p.simulate(design, p.resolveConfig({ ...g4, fixed_elements: face }));
    expect(clamped[0]).toBeLessThan(base[0]);
    expect(p.simulate(design, p.resolveConfig(g4))).toEqual(base);
  });

  it('refuses bad masks at set-up (bc_check), and supports the multigrid cannot coarsen (supports_multigrid)', async () => {
    const { setupProblem } = await import('../../../tools/engineering/workflow.ts');
    await expect(setupProblem('thermoelastic3d', { ...g4, heatsink_elements: [] })).rejects.toThrow(/bc_check.*heatsink_elements must contain at least one heat-sink node/);
    await expect(setupProblem('thermoelastic3d', { ...g4, force_elements_x: [], force_elements_y: [], force_elements_z: [] })).rejects.toThrow(/at least one loaded node/);
    await expect(setupProblem('thermoelastic3d', { ...g4, fixed_elements: maskArray([[0, 0, 0]], grid) })).rejects.toThrow(/Invalid shape for fixed_elements\. \(got \(7, 5, 5\), expected \(5, 5, 5\)/);
    // every node clamped: nothing coarsens, 22³ cells would be factored at every solve
    const all: number[][] = [];
    for (let x = 0; x <= 22; x++) for (let y = 0; y <= 22; y++) for (let z = 0; z <= 22; z++) all.push([x, y, z]);
    await expect(setupProblem('thermoelastic3d', { nelx: 22, nely: 22, nelz: 22, fixed_elements: all })).rejects.toThrow(/supports_multigrid.*keep the multigrid from coarsening the grid below 10648 cells/);
    await expect(setupProblem('thermoelastic3d', { nelx: 22, nely: 22, nelz: 22, fixed_elements: [[0, 0, 1]] })).resolves.toBeDefined();
  });
});
