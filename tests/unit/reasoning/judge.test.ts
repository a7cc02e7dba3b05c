/** Tier 2 (scoring/judge.ts): the judge's prompt, reading its reply, categories and the recovered F1. */
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_TEMPLATES, generateSample, scoreTrial, type Sample } from '../../../benchmarks/reasoning/index.ts';
import { buildJudgePrompt, parseJudgeReply, recoveredPairs } from '../../../benchmarks/reasoning/scoring/judge.ts';
import { parseSteps } from '../../../benchmarks/reasoning/scoring/parseSolution.ts';

let sample: Sample;
beforeAll(() => {
  sample = generateSample(ALL_TEMPLATES.find((t) => t.id === 'mechanical.axial_elongation')!, 1, 0);
});

/** A valid alternative: strain skipped, δ = P·L/(A·E) directly, but worded differently. */
function alternative(s: Sample): string {
  const [A, sigma, , delta] = s.steps.map((x) => x.value);
  return [
    '# Solution',
    `**Step 1:** Area: A = π d²/4 = ${A.toFixed(2)} mm^2`,
    `**Step 2:** Stress: σ = P/A = ${sigma.toFixed(3)} MPa`,
    `**Step 3:** Using δ = P·L/(A·E) in one go = ${delta.toFixed(5)} mm`,
    `**Step 4:** Safety check against yield: n = ${(Number(s.given.Sy_MPa) / sigma).toFixed(3)}`,
    `**Answer:** ${delta.toFixed(5)} mm`,
  ].join('\n');
}

describe('judge', () => {
  it('asks about the unmatched reference steps only, with the whole context', () => {
    const steps = parseSteps(alternative(sample));
    const prompt = buildJudgePrompt(sample, steps, [2]);
    expect(prompt.user).toContain(sample.question);
    expect(prompt.user).toContain('R3. Axial strain');
    expect(prompt.user).toContain('S3. Using δ');
    expect(prompt.user).toMatch(/could not match: R3$/m);
    expect(prompt.system).toMatch(/Alternative Correct/);
  });

  it('reads verdicts (fenced JSON too) and marks what it cannot read as Analysis Failed', () => {
    const reply = '```json\n{"verdicts":[{"gt_step":3,"model_step":3,"category":"Alternative Correct","explanation":"combined"},{"gt_step":4,"model_step":null,"category":"conceptual error"}]}\n```';
    const v = parseJudgeReply(reply, [2, 3, 5], 4);
    expect(v.map((x) => x.category)).toEqual(['Alternative Correct', 'Conceptual Error', 'Analysis Failed']);
    expect(recoveredPairs(v)).toEqual([[2, 2]]);
    expect(parseJudgeReply('not json at all', [0], 2)[0].category).toBe('Analysis Failed');
    expect(parseJudgeReply('{"verdicts":[{"gt_step":1,"model_step":null,"category":"Alternative Correct"}]}', [0], 2)[0].category).toBe('Other');
    expect(parseJudgeReply('{"verdicts":[{"gt_step":1,"model_step":9,"category":"Calculation Error"}]}', [0], 2)[0].modelStep).toBeNull();
  });

  it('recovers a valid alternative derivation in F1_rec; the automatic F1 is unchanged', () => {
    const text = alternative(sample);
    const auto = scoreTrial(sample, text);
    expect(auto.answerCorrect).toBe(true);
    expect(auto.unmatchedGt).toEqual([2]);
    expect(auto.tier1Accepted).toBe(false);
    const judged = scoreTrial(sample, text, { judgeReply: '{"verdicts":[{"gt_step":3,"model_step":4,"category":"Alternative Correct","explanation":"δ without ε"}]}' });
    expect(judged.f1).toBe(auto.f1);
    expect(judged.judge?.verdicts[0].category).toBe('Alternative Correct');
    expect(judged.judge?.recovered.f1).toBe(1);
  });

  it('accepts a chain at tier 1 (correct answer, ≥ 80 % recall) without consulting the judge', () => {
    const s = generateSample(ALL_TEMPLATES.find((t) => t.id === 'mechanical.euler_buckling')!, 1, 0);
    const lines = s.steps.map((st) => `**Step ${st.n}:** ${st.text}: ${st.formula} = ${st.value} ${st.unit}`);
    lines.splice(5, 1); // drop C_c: recall 7/8
    const score = scoreTrial(s, `${lines.join('\n')}\n**Answer:** ${s.answer.value} ${s.answer.unit}`, { judgeReply: '{"verdicts":[]}' });
    expect(score.recall).toBeCloseTo(7 / 8);
    expect(score.tier1Accepted).toBe(true);
    expect(score.judge).toBeUndefined();
  });
});
