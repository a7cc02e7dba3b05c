/** Pseudo-relevance feedback: which words a first pass lends to the second query, and how the two scores add up. */
import { describe, expect, it } from 'vitest';
import { expansionWords, mergeFeedback } from '../../../tools/retrieval/feedback.ts';

describe('expansionWords', () => {
  const df = (w: string) => ({ boundary: 40, layer: 50, flow: 900, transition: 30, laminar: 20, turbulent: 25 })[w] ?? 500;
  it('takes words shared by the best chunks, weighted by rarity, leaving out the query words, numbers and common words', () => {
    const feedback = [
      { text: 'The laminar boundary layer flow goes turbulent at transition; results shown in 1958.', score: -12 },
      { text: 'Laminar to turbulent transition of the boundary layer flow.', score: -11 },
    ];
    const words = expansionWords(feedback, ['boundary', 'layers'], df, 1000, 3);
    expect(words).toEqual(['laminar', 'turbulent', 'transition']);
    expect(words).not.toContain('flow'); // in 900 of 1,000 chunks: outweighed by the rarer words
  });

  it('weights a chunk by its share of the first-pass score: a chunk far behind the best lends almost nothing', () => {
    const feedback = [
      { text: 'laminar laminar laminar', score: -20 },
      { text: 'turbulent turbulent turbulent', score: -5 },
    ];
    expect(expansionWords(feedback, [], df, 1000, 1)).toEqual(['laminar']);
  });

  it('gives nothing for no feedback or no words asked', () => {
    expect(expansionWords([], ['x'], df, 10)).toEqual([]);
    expect(expansionWords([{ text: 'laminar', score: -1 }], [], df, 10, 0)).toEqual([]);
  });
});

describe('mergeFeedback', () => {
  it('adds λ times the second BM25 to the first (lower is better); a chunk only the second list holds still ranks', () => {
    const merged = mergeFeedback(
      [
        { id: 1, score: -10 },
        { id: 2, score: -9 },
      ],
      [
        { id: 2, score: -6 },
        { id: 3, score: -20 },
      ],
      0.3,
    );
    expect(merged.map((r) => r.id)).toEqual([2, 1, 3]);
    expect(merged[0].score).toBeCloseTo(-10.8, 12);
    expect(merged[2].score).toBeCloseTo(-6, 12);
  });
});
