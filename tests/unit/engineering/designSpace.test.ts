/** The design-space check's message and the clipping of an optimizer's returned design (fields.ts). */
import { describe, expect, it } from 'vitest';
import { clippedToDesignSpace, designSpaceViolations, outOfBounds } from '../../../tools/engineering/fields.ts';
import type { Design, OptimizeResult, StepEvent } from '../../../tools/engineering/problem.ts';

const design = (rows: number, cols: number, set: Record<number, number> = {}, fill = 0.5): Design => {
  const data = new Float64Array(rows * cols).fill(fill);
  for (const [i, v] of Object.entries(set)) data[Number(i)] = v;
  return { shape: [rows, cols], data };
};

function* steps(result: OptimizeResult): Generator<StepEvent, OptimizeResult, void> {
  for (const h of result.history) yield { ...h, maxIter: result.history.length };
  return result;
}

describe('design space', () => {
  it('names the offending values: count, min, max and the farthest one with its [row, col]', () => {
    // the case: a few values just above 1 in a design that also holds exact zeros
    const d = design(3, 4, { 0: 0, 5: 1.0042, 6: 1.001, 11: 1 });
    expect(outOfBounds(d)).toEqual({ count: 2, min: 0, max: 1.0042, farthest: 1.0042, at: [1, 1] });
    const [v] = designSpaceViolations(d, [3, 4]);
    expect(v).toMatchObject({ constraint: 'design_space', criticality: 'error' });
    expect(v.cause).toBe('design has 2 values outside [0, 1] (min 0, max 1.0042; farthest 1.0042 at [row 1, col 1])');
    const low = designSpaceViolations(design(2, 2, { 3: -0.25, 0: 1.01 }), [2, 2])[0].cause;
    expect(low).toContain('min -0.25, max 1.01; farthest -0.25 at [row 1, col 1]');
  });

  it('counts NaN apart from out-of-range values', () => {
    const vs = designSpaceViolations(design(2, 2, { 0: NaN, 1: 2 }), [2, 2]).map((v) => v.cause);
    expect(vs).toEqual(['design has 1 NaN or infinite values', 'design has 1 values outside [0, 1] (min 0.5, max 2; farthest 2 at [row 0, col 1])']);
    expect(designSpaceViolations(design(2, 2), [2, 2])).toEqual([]);
  });

  it('clippedToDesignSpace passes the steps and history through and clips only the returned design, with a warning', () => {
    const history = [{ step: 0, objectives: [3] }, { step: 1, objectives: [2] }];
    const raw = design(2, 3, { 1: 1.004, 4: -1e-3 });
    const gen = clippedToDesignSpace(steps({ design: raw, history, iterations: 2 }));
    const seen: number[] = [];
    let next = gen.next();
    for (; !next.done; next = gen.next()) seen.push(next.value.step);
    const r = next.value;
    expect(seen).toEqual([0, 1]);
    expect(r.history).toBe(history);
    expect([...r.design.data]).toEqual([0.5, 1, 0.5, 0.5, 0, 0.5]);
    expect(raw.data[1]).toBe(1.004); // the optimizer's array is not changed in place
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings![0]).toMatchObject({ constraint: 'design_space_clipped', criticality: 'warning' });
    expect(r.warnings![0].cause).toContain('2 values outside [0, 1] (min -0.001, max 1.004; farthest 1.004 at [row 0, col 1])');
    expect(designSpaceViolations(r.design, [2, 3])).toEqual([]);
  });

  it('returns a design inside the design space as it is, without warnings', () => {
    const inside = { design: design(2, 2, { 0: 0, 3: 1 }), history: [], iterations: 0 };
    const gen = clippedToDesignSpace(steps(inside));
    const r = gen.next();
    expect(r.done && r.value).toBe(inside);
  });
});
