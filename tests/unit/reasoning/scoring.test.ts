/** Segmentation, step verification, one-to-one alignment and final-answer accuracy (scoring/). */
import { describe, expect, it } from 'vitest';
import { maxWeightMatching } from '../../../benchmarks/reasoning/scoring/assignment.ts';
import { lexicalMatrix, lexicalTokens } from '../../../benchmarks/reasoning/scoring/lexical.ts';
import { answerError, numericMatch, prf, scoreSteps } from '../../../benchmarks/reasoning/scoring/match.ts';
import { parseSolution } from '../../../benchmarks/reasoning/scoring/parseSolution.ts';
import type { ChainStep } from '../../../benchmarks/reasoning/schema.ts';

const num = (value: number, unit = '') => ({ value, unit, index: 0, raw: String(value) });

describe('parseSolution', () => {
  it('reads the prompt format: Step markers inside # Solution, the Answer tag', () => {
    const text = `# Given\n1. P = 40 kN\n2. d = 25 mm\n# Solution\n**Step 1:** Area: A = π·25²/4 = 490.9 mm²\n**Step 2:** Stress:\nσ = 40000/490.9\n= 81.49 MPa\n# Final Answer\n**Answer:** 81.5 MPa\n`;
    const p = parseSolution(text);
    expect(p.steps.map((s) => s.result?.value)).toEqual([490.9, 81.49]);
    expect(p.answer).toMatchObject({ value: 81.5, unit: 'MPa' });
    expect(p.answerSource).toBe('tag');
  });

  it('falls back to numbered lists, then to the last step, then to the last number', () => {
    const list = parseSolution('1. First, A = 2 m^2\n2) then F = 10 kN');
    expect(list.steps).toHaveLength(2);
    expect(list.answer).toMatchObject({ value: 10, unit: 'kN' });
    expect(list.answerSource).toBe('last-step');
    expect(parseSolution('It is about 42 N.').answerSource).toBe('last-number');
    expect(parseSolution('I cannot solve this.').answerSource).toBe('none');
  });

  it('accepts other step spellings', () => {
    const p = parseSolution('### Step 1 - area\nA = 3 m^2\nStep 2. force: F = 6 kN\nFinal answer: 6 kN');
    expect(p.steps.map((s) => s.result?.value)).toEqual([3, 6]);
    expect(p.answer?.value).toBe(6);
  });
});

describe('matching', () => {
  it('finds a maximum-weight one-to-one assignment on rectangular matrices', () => {
    expect(maxWeightMatching([[1, 1], [1, 0]])).toEqual([[0, 1], [1, 0]]);
    expect(maxWeightMatching([[0, 0, 5], [0, 3, 4]])).toEqual([[0, 2], [1, 1]]);
    expect(maxWeightMatching([[2], [3], [1]])).toEqual([[1, 0]]);
    expect(maxWeightMatching([[0, 0], [0, 0]])).toEqual([]);
  });

  it('checks numbers within 2 % after unit conversion, magnitudes for steps', () => {
    expect(numericMatch(81.5, 'MPa', num(81500, 'kPa'))).toBe(true);
    expect(numericMatch(81.5, 'MPa', num(81.5, 'kPa'))).toBe(false);
    expect(numericMatch(81.5, 'MPa', num(80.0))).toBe(true);
    expect(numericMatch(81.5, 'MPa', num(79.0))).toBe(false);
    expect(numericMatch(-3, 'kN/C', num(3, 'kN/C'))).toBe(true);
    expect(numericMatch(308.15, 'K', num(35, 'degC'))).toBe(true);
    expect(numericMatch(35, 'K', num(35, 'degC'))).toBe(true);
  });

  it('scores the final answer signed, within 1 %', () => {
    expect(answerError(12.5, 'mm', num(0.0125, 'm'))).toBeCloseTo(0, 12);
    expect(answerError(12.5, 'mm', num(12.5, 'm'))).toBeGreaterThan(0.01);
    expect(answerError(12.5, 'mm', num(-12.5, 'mm'))).toBeGreaterThan(0.01);
    expect(answerError(12.5, 'mm', undefined)).toBe(Infinity);
  });

  it('credits a repeated correct number once (one-to-one), unlike the max variant', () => {
    const gt: ChainStep[] = [1, 2, 3].map((v, i) => ({ n: i + 1, symbol: `x${i}`, text: 'force on the bar', formula: 'F = m a', value: v, unit: 'N' }));
    const sem = gt.map(() => [1, 1, 1, 1]);
    const s = scoreSteps(gt, [num(1, 'N'), num(1, 'N'), num(1, 'N'), num(3, 'N')], sem, 0.2);
    expect(s.matches).toHaveLength(2);
    expect(s.precision).toBeCloseTo(0.5);
    expect(s.recall).toBeCloseTo(2 / 3);
    expect(s.precisionMax).toBe(1);
    expect(s.f1).toBeCloseTo(prf(2, 3, 4).f1);
  });

  it('needs the semantic score to reach τ as well', () => {
    const gt: ChainStep[] = [{ n: 1, symbol: 'A', text: 'Cross-sectional area of the rod', formula: 'A = π·d²/4', value: 490.9, unit: 'mm^2' }];
    const sem = lexicalMatrix(['Cross-sectional area of the rod. A = π·d²/4'], ['Area of the rod section A = π d^2/4 = 490.9 mm^2', 'Unrelated: the temperature = 490.9']);
    expect(sem[0][0]).toBeGreaterThan(0.5);
    expect(sem[0][1]).toBeLessThan(0.2);
    const s = scoreSteps(gt, [undefined, num(490.9)], sem, 0.2);
    expect(s.matches).toHaveLength(0);
  });

  it('tokenises into stems without numbers and stop words', () => {
    expect([...lexicalTokens('The cross-sectional areas of 2 rods')]).toEqual(['cross', 'section', 'area', 'rod']);
  });
});
