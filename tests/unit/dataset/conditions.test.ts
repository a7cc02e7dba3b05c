/** Condition lists and dataset plans: the EngiBench grid, seeded sampling, overrides, validation. */
import { describe, expect, it } from 'vitest';
import { datasetSpec, linspace, planDataset } from '../../../tools/engineering/dataset/index.ts';
import { conditionKey, gridConditions, sampledConditions } from '../../../tools/engineering/dataset/conditions.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';
import { InputError } from '../../../tools/errors.ts';

const spec = datasetSpec('beams2d');

describe('beams2d engibench grid', () => {
  it('has 21·11·21 = 4,851 distinct conditions over the §1.13 values', () => {
    const g = gridConditions(spec, 'engibench');
    expect(g).toHaveLength(4851);
    expect(g[0]).toEqual({ max_iter: 100, overhang_constraint: false, volfrac: 0.15, rmin: 1.5, forcedist: 0 });
    expect(g[4850]).toMatchObject({ volfrac: 0.4, rmin: 4, forcedist: 1 });
    expect(new Set(g.map((c) => `${c.volfrac}|${c.rmin}|${c.forcedist}`)).size).toBe(4851);
    expect(new Set(g.map((c) => c.volfrac)).size).toBe(21);
    expect(new Set(g.map((c) => c.rmin)).size).toBe(11);
  });
  it('applies overrides to every row and drops an overridden axis', () => {
    const small = gridConditions(spec, 'engibench', { nelx: 50, nely: 25 });
    expect(small).toHaveLength(4851);
    expect(small.every((c) => c.nelx === 50 && c.nely === 25)).toBe(true);
    const fixedVf = gridConditions(spec, 'engibench', { volfrac: 0.3 });
    expect(fixedVf).toHaveLength(231);
    expect(fixedVf.every((c) => c.volfrac === 0.3)).toBe(true);
  });
  it('rejects an unknown grid', () => {
    expect(() => gridConditions(spec, 'huge')).toThrow(InputError);
  });
});

describe('sampled conditions', () => {
  it('are seeded, inside the dataset ranges, and differ between seeds', () => {
    const a = sampledConditions(spec, 200, 5);
    expect(sampledConditions(spec, 200, 5)).toEqual(a);
    expect(sampledConditions(spec, 200, 6)).not.toEqual(a);
    for (const c of a) {
      expect(c.volfrac).toBeGreaterThanOrEqual(0.15);
      expect(c.volfrac).toBeLessThan(0.4);
      expect(c.rmin).toBeGreaterThanOrEqual(1.5);
      expect(c.rmin).toBeLessThan(4);
      // forcedist comes from the grid values (an off-grid value moves the load off the top edge)
      expect(linspace(0, 1, 21)).toContain(c.forcedist);
      expect(c.max_iter).toBe(100);
    }
    // spread over the range, not stuck in a corner
    const vf = a.map((c) => c.volfrac as number);
    expect(Math.max(...vf) - Math.min(...vf)).toBeGreaterThan(0.2);
    expect(new Set(a.map((c) => c.forcedist)).size).toBeGreaterThan(15);
    // a prefix of a larger sample is the smaller sample
    expect(sampledConditions(spec, 50, 5)).toEqual(a.slice(0, 50));
  });
  it('rejects a bad n', () => {
    expect(() => sampledConditions(spec, 0, 1)).toThrow(InputError);
  });
});

describe('planDataset', () => {
  it('resolves, keys and splits every condition', async () => {
    const problem = await getProblem('beams2d');
    const plan = planDataset(problem, { grid: 'engibench', seed: 42 });
    expect(plan.rows).toHaveLength(4851);
    expect(new Set(plan.rows.map((r) => r.key)).size).toBe(4851);
    expect(plan.rows[0].config).toMatchObject({ nelx: 100, nely: 50, penal: 3, max_iter: 100 });
    expect(plan.rows.filter((r) => r.split === 'test')).toHaveLength(243);
    // keys depend on the whole resolved config, so a different grid size gives other keys
    const small = planDataset(problem, { grid: 'engibench', seed: 42, conditionsOverride: { nelx: 50, nely: 25 } });
    expect(small.rows[0].key).not.toBe(plan.rows[0].key);
    expect(small.rows.map((r) => r.split)).toEqual(plan.rows.map((r) => r.split));
    expect(conditionKey('beams2d', problem.version, plan.rows[7].config)).toBe(plan.rows[7].key);
  });
  it('refuses conditions that violate the problem’s constraints, both or neither source, unknown fields', async () => {
    const problem = await getProblem('beams2d');
    expect(() => planDataset(problem, { n: 3, conditionsOverride: { volfrac: 1.5 } })).toThrow(/volfrac/);
    expect(() => planDataset(problem, { n: 3, grid: 'engibench' })).toThrow(InputError);
    expect(() => planDataset(problem, {})).toThrow(InputError);
    expect(() => planDataset(problem, { n: 3, conditionsOverride: { bogus: 1 } })).toThrow(/bogus/);
  });
});
