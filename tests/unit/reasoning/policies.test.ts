/**
 * The scripted policies are the scorer's tests (style.md §8): reference → accuracy 1, F1 1;
 * wrong-unit → accuracy 0, F1 < 1; right-for-wrong-reasons → accuracy 1, F1 0 — on every template.
 * A reference rewritten in SI base units and scientific notation must still score 1 and 1.
 */
import { all, create } from 'mathjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_TEMPLATES, generateSamples, prepareTemplates, SCRIPTED_POLICIES, scoreTrial, type Sample } from '../../../benchmarks/reasoning/index.ts';
import { solutionText } from '../../../benchmarks/reasoning/policies/solutionText.ts';
import { LABEL_UNITS } from '../../../benchmarks/reasoning/units.ts';

let samples: Sample[];
beforeAll(async () => {
  await prepareTemplates(ALL_TEMPLATES);
  samples = generateSamples(ALL_TEMPLATES, 4, 11);
});

describe('scripted policies', () => {
  it('reference: accuracy 1 and Step F1 1 on every sample', () => {
    for (const s of samples) {
      const score = scoreTrial(s, SCRIPTED_POLICIES.reference.respond(s));
      expect(score.answerCorrect, s.id).toBe(true);
      expect(score.f1, s.id).toBe(1);
      expect(score.tier1Accepted).toBe(true);
    }
  });

  it('wrong-unit: accuracy 0 and F1 = (n − 1)/n on every sample', () => {
    for (const s of samples) {
      const score = scoreTrial(s, SCRIPTED_POLICIES['wrong-unit'].respond(s));
      expect(score.answerCorrect, s.id).toBe(false);
      expect(score.f1, s.id).toBeCloseTo((s.steps.length - 1) / s.steps.length, 12);
      expect(score.unmatchedGt).toEqual([s.steps.length - 1]);
    }
  });

  it('right-for-wrong-reasons: accuracy 1 and F1 0 on every sample (the papers’ gap, by construction)', () => {
    for (const s of samples) {
      const score = scoreTrial(s, SCRIPTED_POLICIES['right-for-wrong-reasons'].respond(s));
      expect(score.answerCorrect, s.id).toBe(true);
      expect(score.f1, s.id).toBe(0);
      expect(score.tier1Accepted).toBe(false);
    }
  });

  it('is deterministic: the same sample gives the same text', () => {
    for (const p of Object.values(SCRIPTED_POLICIES)) expect(p.respond(samples[3])).toBe(p.respond(samples[3]));
  });
});

describe('robust parsing of the reference in other notation', () => {
  const math = create(all, {});
  /** Every step and the answer in SI base units, scientific notation "m × 10^e". */
  function siText(s: Sample): string {
    const sci = (v: number) => {
      const [m, e] = v.toExponential(6).split('e');
      return `${m} × 10^${Number(e)}`;
    };
    const convert = (value: number, unit: string) => {
      if (!unit || LABEL_UNITS.has(unit) || unit === 'rad/s') return { value, unit };
      const si = math.unit(value, unit).toSI();
      return { value: si.toNumber(), unit: si.formatUnits() };
    };
    const steps = s.steps.map((st) => ({ text: st.text, formula: st.formula, ...convert(st.value, st.unit) }));
    const answer = convert(s.answer.value, s.answer.unit);
    return solutionText(s, steps, answer).replace(/= (-?[\d.e+-]+)( |$)/gm, (_m, v: string, end: string) => `= ${sci(Number(v))}${end}`).replace(/\*\*Answer:\*\* (-?[\d.e+-]+)/, (_m, v: string) => `**Answer:** ${sci(Number(v))}`);
  }

  it('scores accuracy 1 and F1 1 when every number is restated in SI units and scientific notation', () => {
    for (const s of samples) {
      const text = siText(s);
      const score = scoreTrial(s, text);
      expect(score.answerCorrect, `${s.id}\n${text}`).toBe(true);
      expect(score.f1, `${s.id}\n${text}`).toBe(1);
    }
  });
});

describe('byte-identical generation', () => {
  it('reproduces a seed exactly and changes with the seed', () => {
    const a = JSON.stringify(generateSamples(ALL_TEMPLATES, 2, 123));
    const b = JSON.stringify(generateSamples(ALL_TEMPLATES, 2, 123));
    const c = JSON.stringify(generateSamples(ALL_TEMPLATES, 2, 124));
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });

  it('does not depend on which other templates are selected', () => {
    const t = ALL_TEMPLATES[7];
    expect(JSON.stringify(generateSamples([t], 3, 5))).toBe(JSON.stringify(generateSamples(ALL_TEMPLATES, 3, 5).filter((s) => s.templateId === t.id)));
  });
});
