/** The IR metrics against cases worked out by hand. */
import { describe, expect, it } from 'vitest';
import { averagePrecision, dcgAt, meanMetrics, ndcgAt, precisionAt, queryMetrics, recallAt, reciprocalRank } from '../../../tools/retrieval/relevance/metrics.ts';

const judged = new Map([
  ['a', 3],
  ['b', 2],
  ['c', 1],
  ['x', 0],
  ['y', -1],
]);

describe('IR metrics', () => {
  it('DCG uses linear gains discounted by log2(rank + 1)', () => {
    // 3/log2(2) + 2/log2(3) + 1/log2(4) = 3 + 1.26186 + 0.5
    expect(dcgAt([3, 2, 1], 10)).toBeCloseTo(4.761860, 6);
    expect(dcgAt([3, 2, 1], 1)).toBe(3);
    expect(dcgAt([0, -1, 2], 10)).toBeCloseTo(1, 12); // 2/log2(4); negative gains count as 0
  });

  it('nDCG@10 is 1 for the ideal order and less for a worse one', () => {
    expect(ndcgAt(['a', 'b', 'c'], judged, 10)).toBeCloseTo(1, 12);
    // c, x, a: 1/1 + 0 + 3/log2(4) = 2.5; ideal 4.761860
    expect(ndcgAt(['c', 'x', 'a'], judged, 10)).toBeCloseTo(2.5 / 4.76186, 5);
    // only the first k count: ['x', 'a'] at k = 1 is 0
    expect(ndcgAt(['x', 'a'], judged, 1)).toBe(0);
    // a repeated id is credited once: a, a → 3 / 4.76186
    expect(ndcgAt(['a', 'a'], judged, 10)).toBeCloseTo(3 / 4.76186, 5);
  });

  it('AP averages the precision at each relevant document over all relevant ones', () => {
    // relevant at ranks 2 and 4 (of 3 relevant): (1/2 + 2/4) / 3
    expect(averagePrecision(['x', 'a', 'q', 'b'], judged)).toBeCloseTo(1 / 3, 12);
    expect(averagePrecision(['a', 'b', 'c'], judged)).toBe(1);
    expect(averagePrecision(['y', 'x'], judged)).toBe(0);
  });

  it('P@10, RR and recall@100', () => {
    expect(precisionAt(['a', 'x', 'b'], judged, 10)).toBeCloseTo(0.2, 12);
    expect(reciprocalRank(['x', 'y', 'c'], judged)).toBeCloseTo(1 / 3, 12);
    expect(reciprocalRank(['x'], judged)).toBe(0);
    expect(recallAt(['a', 'x', 'b'], judged, 100)).toBeCloseTo(2 / 3, 12);
    expect(recallAt(['x', 'a'], judged, 1)).toBe(0);
  });

  it('a query without relevant documents has no metrics and is left out of the mean', () => {
    expect(queryMetrics(['a'], new Map([['a', 0]]))).toBeNull();
    const one = queryMetrics(['a', 'b', 'c'], judged)!;
    const two = queryMetrics(['x', 'c'], judged)!;
    expect(two.rr).toBe(0.5);
    const m = meanMetrics([one, null, two]);
    expect(m.queries).toBe(2);
    expect(m.rr).toBeCloseTo(0.75, 12);
    expect(m.p10).toBeCloseTo((0.3 + 0.1) / 2, 12);
    expect(m.ap).toBeCloseTo((1 + 1 / 2 / 3) / 2, 12);
  });
});
