/** Statistics on every reported number (benchmarks/stats). */
import { describe, expect, it } from 'vitest';
import { bootstrapCi, meanStd, pairedBootstrap, passHatK, wilson } from '../../../benchmarks/stats/index.ts';

describe('stats', () => {
  it('mean ± sample std', () => {
    expect(meanStd([2, 4, 4, 4, 5, 5, 7, 9])).toEqual({ n: 8, mean: 5, std: Math.sqrt(32 / 7), popStd: 2 });
    expect(meanStd([3])).toEqual({ n: 1, mean: 3, std: 0, popStd: 0 });
    // the paper's 0.93 ± 0.25 (14 of 15 runs complete) is the population std √(p(1 − p)); the sample std is 0.26
    const tc = meanStd([...Array(14).fill(1), 0]);
    expect(tc.popStd.toFixed(2)).toBe('0.25');
    expect(tc.std.toFixed(2)).toBe('0.26');
    expect(meanStd([]).n).toBe(0);
  });

  it('Wilson interval matches the textbook values and stays inside [0, 1]', () => {
    const w = wilson(8, 10);
    expect(w.estimate).toBe(0.8);
    expect(w.lo).toBeCloseTo(0.4902, 3);
    expect(w.hi).toBeCloseTo(0.9433, 3);
    expect(wilson(0, 20).lo).toBe(0);
    expect(wilson(20, 20).hi).toBe(1);
    expect(wilson(20, 20).lo).toBeCloseTo(0.8389, 3);
  });

  it('bootstrap intervals are seeded (reproducible) and bracket the mean', () => {
    const xs = Array.from({ length: 50 }, (_, i) => Math.sin(i) + 1);
    const a = bootstrapCi(xs, { seed: 3 });
    expect(bootstrapCi(xs, { seed: 3 })).toEqual(a);
    expect(bootstrapCi(xs, { seed: 4 })).not.toEqual(a);
    expect(a.lo).toBeLessThan(a.estimate);
    expect(a.hi).toBeGreaterThan(a.estimate);
    const d = pairedBootstrap(xs, xs.map((x) => x + 0.5), { seed: 1 });
    expect(d.estimate).toBeCloseTo(0.5, 12);
    expect(d.lo).toBeCloseTo(0.5, 12);
  });

  it('pass^k', () => {
    expect(passHatK([{ successes: 3, trials: 3 }], 3)).toBe(1);
    expect(passHatK([{ successes: 2, trials: 4 }], 2)).toBeCloseTo(1 / 6, 12);
    expect(passHatK([{ successes: 1, trials: 1 }], 2)).toBeNaN();
  });
});
