/**
 * Renders a chain in the prompt's answer format (prompt.ts). The scripted policies write their
 * solutions with it, so they exercise the same parser a model's text goes through.
 */
import type { Sample } from '../dataset.ts';
import { formatNumber, withUnit } from '../format.ts';

export interface WrittenStep {
  text: string;
  formula: string;
  value: number;
  unit: string;
}

export function solutionText(sample: Sample, steps: readonly WrittenStep[], answer: { value: number; unit: string }): string {
  const given = Object.entries(sample.given).map(([k, v]) => `- ${k} = ${typeof v === 'number' ? formatNumber(v, 6) : v}`);
  const lines = [
    '# Given',
    ...given,
    '',
    '# Find',
    `${sample.answer.text[0].toUpperCase()}${sample.answer.text.slice(1)}.`,
    '',
    '# Formulae',
    ...steps.map((s) => `- ${s.formula}`),
    '',
    '# Solution',
    ...steps.map((s, i) => `**Step ${i + 1}:** ${s.text}: ${s.formula} = ${withUnit(s.value, s.unit, 6)}`),
    '',
    '# Final Answer',
    `**Answer:** ${withUnit(answer.value, answer.unit, 6)}`,
  ];
  return lines.join('\n') + '\n';
}
