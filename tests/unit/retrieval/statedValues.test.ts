/** The offline RAG agent reads the values a passage states next to their parameter names. */
import { describe, expect, it } from 'vitest';
import { asksFor, statedValues } from '../../../agents/specialists/rag/statedValues.ts';
import { ftsMatch, queryTerms } from '../../../tools/retrieval/ftsQuery.ts';

describe('statedValues', () => {
  it('reads prose, equals signs and table rows', () => {
    expect(statedValues('The volume fraction used was 0.37 and the filter radius 2.5 elements.')).toEqual([
      { name: 'volume fraction', value: 0.37 },
      { name: 'filter radius', value: 2.5, unit: 'elements' },
    ]);
    expect(statedValues('We set rmin = 3; the load position is 0.65.')).toEqual([
      { name: 'rmin', value: 3 },
      { name: 'load position', value: 0.65 },
    ]);
    expect(statedValues('| volfrac | 0.45 |\n|---|---|\n| penalty | 3 |')).toEqual([
      { name: 'volfrac', value: 0.45 },
      { name: 'penalty', value: 3 },
    ]);
  });

  it('does not read numbers that are part of a name (report K-77, r2) as values', () => {
    expect(statedValues('Report K-77 describes the beam.')).toEqual([]);
  });

  it('states the value next to its name whatever comes before it: a report id, a date, a case', () => {
    expect(statedValues('The volume fraction used in report M-6 was 0.36.')).toEqual([{ name: 'volume fraction', value: 0.36 }]);
    expect(statedValues('The volume fraction used in the 2021 study was 0.4.')).toEqual([{ name: 'volume fraction', value: 0.4 }]);
    expect(statedValues('The volume fraction for case 3 was 0.5.')).toEqual([{ name: 'volume fraction', value: 0.5 }]);
    expect(statedValues('Report M-6 (2023) used a penalty of 3.')).toEqual([{ name: 'penalty', value: 3 }]);
    expect(statedValues('On 2024-03-12 the filter radius was 2.5 elements.')).toEqual([{ name: 'filter radius', value: 2.5, unit: 'elements' }]);
    expect(statedValues('On 12 March 2024 the penalty was 3.')).toEqual([{ name: 'penalty', value: 3 }]);
    expect(statedValues('For test 12 the load was 5 kN.')).toEqual([{ name: 'load', value: 5, unit: 'kN' }]);
    expect(statedValues('The compliance dropped to 127.6 after 100 iterations.')).toEqual([{ name: 'compliance dropped', value: 127.6 }]);
  });

  it('starts a name after a colon that introduces the values', () => {
    expect(statedValues('For the next beam: volume fraction 0.33, filter radius 2.5.')).toEqual([
      { name: 'volume fraction', value: 0.33 },
      { name: 'filter radius', value: 2.5 },
    ]);
  });

  it('matches stated names against the words of a request', () => {
    const req = 'find the volume fraction and filter radius used in report K-77';
    expect(asksFor(req, 'volume fraction')).toBe(true);
    expect(asksFor(req, 'filter radius')).toBe(true);
    expect(asksFor(req, 'penalty')).toBe(false);
  });
});

describe('ftsMatch', () => {
  it('quotes every word, so FTS5 syntax is searched as text', () => {
    expect(ftsMatch('"volume* NEAR -fraction" OR (rmin:2)')).toBe('"volume" OR "near" OR "fraction" OR "rmin" OR "2"');
    expect(ftsMatch('"*"-')).toBeNull();
    expect(queryTerms('what does the report say about the')).toEqual(['what', 'does', 'the', 'report', 'say', 'about']);
  });
});
