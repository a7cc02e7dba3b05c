/** Splits, PRNG and linspace of the dataset module. */
import { describe, expect, it } from 'vitest';
import { assignSplits, linspace, shuffled, splitCounts, splitmix32 } from '../../../tools/engineering/dataset/index.ts';

describe('splitCounts', () => {
  it('gives EngiBench’s derived counts for 4,851 rows', () => {
    expect(splitCounts(4851)).toEqual({ train: 3880, val: 728, test: 243 });
  });
  it('follows sklearn’s ceil rule on small n and always sums to n', () => {
    expect(splitCounts(6)).toEqual({ train: 4, val: 1, test: 1 });
    expect(splitCounts(10)).toEqual({ train: 8, val: 1, test: 1 });
    for (let n = 1; n < 300; n++) {
      const c = splitCounts(n);
      expect(c.train + c.val + c.test).toBe(n);
      expect(c.train).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('assignSplits', () => {
  it('is deterministic per seed, has the exact counts, and depends on the seed', () => {
    const a = assignSplits(4851, 42);
    expect(assignSplits(4851, 42)).toEqual(a);
    const count = (s: string) => a.filter((x) => x === s).length;
    expect([count('train'), count('val'), count('test')]).toEqual([3880, 728, 243]);
    expect(assignSplits(4851, 43)).not.toEqual(a);
    // shuffled, not blocks: the test rows are spread over the condition list
    const testIdx = a.flatMap((s, i) => (s === 'test' ? [i] : []));
    expect(Math.min(...testIdx)).toBeLessThan(500);
    expect(Math.max(...testIdx)).toBeGreaterThan(4300);
  });
});

describe('splitmix32 and shuffled', () => {
  it('is reproducible, in [0, 1) and roughly uniform', () => {
    const r1 = splitmix32(7);
    const r2 = splitmix32(7);
    const xs = Array.from({ length: 20000 }, () => r1());
    expect(xs.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => r2()));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.01);
    const lowTenth = xs.filter((x) => x < 0.1).length / xs.length;
    expect(Math.abs(lowTenth - 0.1)).toBeLessThan(0.01);
  });
  it('shuffles into a permutation', () => {
    const s = shuffled([...Array(100).keys()], splitmix32(3));
    expect([...s].sort((a, b) => a - b)).toEqual([...Array(100).keys()]);
    expect(s).not.toEqual([...Array(100).keys()]);
  });
});

describe('linspace', () => {
  it('matches NumPy’s values, including an exact endpoint', () => {
    const v = linspace(0.15, 0.4, 21);
    expect(v).toHaveLength(21);
    expect(v[0]).toBe(0.15);
    expect(v[1]).toBe(1 * 0.0125 + 0.15);
    expect(v[20]).toBe(0.4);
    expect(linspace(1.5, 4, 11)[5]).toBe(2.75);
    expect(linspace(0, 1, 21)[1]).toBe(0.05);
    expect(linspace(3, 5, 1)).toEqual([3]);
  });
});
