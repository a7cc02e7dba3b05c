/**
 * Scripted policies: solvers whose scores are known by construction, so they test the scorer
 * (style.md §8, "the scripted agents are the tests for the scorers").
 * - reference: the template's own chain and answer → accuracy 1, Step F1 1.
 * - wrong-unit: right steps, but the last step and the answer forget a unit conversion (the value
 *   of a sibling unit written with the asked unit, e.g. metres labelled mm) → accuracy 0, F1 < 1.
 * - right-for-wrong-reasons: the correct final answer after shuffled steps whose numbers are wrong
 *   (each a fixed factor away from the truth) → accuracy 1, F1 0: EngChain's central finding.
 */
import type { Sample } from '../dataset.ts';
import { createRng, fnv1a } from '../rng.ts';
import { convertValue } from '../units.ts';
import { solutionText, type WrittenStep } from './solutionText.ts';

export interface ScriptedPolicy {
  name: string;
  description: string;
  respond(sample: Sample): string;
}

const asWritten = (sample: Sample): WrittenStep[] => sample.steps.map((s) => ({ text: s.text, formula: s.formula, value: s.value, unit: s.unit }));

export const reference: ScriptedPolicy = {
  name: 'reference',
  description: "the template's own chain (accuracy 1, F1 1)",
  respond: (sample) => solutionText(sample, asWritten(sample), sample.answer),
};

/** The unit a careless solver confuses the asked unit with. */
const SIBLING: Record<string, string> = {
  mm: 'm', m: 'mm', cm: 'm', km: 'm', 'm^2': 'cm^2', 'cm^2': 'm^2', 'mm^2': 'm^2', 'm^3': 'L', L: 'm^3', 'L/s': 'm^3/s', 'm^3/s': 'L/s',
  Pa: 'kPa', kPa: 'Pa', MPa: 'kPa', GPa: 'MPa', N: 'kN', kN: 'N', 'kN m': 'N m', 'N m': 'kN m', 'kN m/m': 'N m/m', 'kN/m': 'N/m', 'kN/C': 'N/C',
  W: 'kW', kW: 'W', mW: 'W', nW: 'pW', J: 'kJ', kJ: 'J', V: 'mV', mV: 'V', A: 'mA', mA: 'A', Hz: 'kHz', kHz: 'Hz', s: 'ms', ms: 's', min: 's',
  'm/s': 'km/h', 'mol/L': 'mol/m^3', kg: 'g', 'Mb/s': 'kb/s',
};

/** The answer value as a unit-confused solver writes it (always off by a conversion factor). */
export function unitConfusedValue(value: number, unit: string): number {
  if (!unit) return value * 100; // a fraction reported as a percentage, without the % sign
  const sibling = SIBLING[unit];
  const converted = sibling ? convertValue(value, unit, sibling) : null;
  return converted === null || converted === value ? value * 1000 : converted;
}

export const wrongUnit: ScriptedPolicy = {
  name: 'wrong-unit',
  description: 'right steps, final step and answer off by a unit factor (accuracy 0, F1 < 1)',
  respond(sample) {
    const steps = asWritten(sample);
    const last = steps[steps.length - 1];
    const wrong = unitConfusedValue(last.value, last.unit);
    steps[steps.length - 1] = { ...last, value: wrong };
    return solutionText(sample, steps, { value: wrong, unit: sample.answer.unit });
  },
};

const FACTORS = [0.37, 0.53, 0.71, 1.43, 1.87, 2.61];

/** A value a fixed factor away from `value` and more than 3 % away from every true step value. */
function wrongNumber(value: number, truths: readonly number[], pick: () => number): number {
  let v = value * pick();
  for (let tries = 0; tries < 20 && truths.some((t) => Math.abs(Math.abs(v) - Math.abs(t)) <= 0.03 * Math.abs(t)); tries++) v = value * pick();
  return v;
}

export const rightForWrongReasons: ScriptedPolicy = {
  name: 'right-for-wrong-reasons',
  description: 'correct final answer after shuffled steps with wrong numbers (accuracy 1, F1 0)',
  respond(sample) {
    const rng = createRng(fnv1a(`rfwr|${sample.id}|${sample.seed}`));
    const truths = sample.steps.map((s) => s.value);
    const steps = asWritten(sample).map((s) => ({ ...s, value: wrongNumber(s.value, truths, () => rng.pick(FACTORS)) }));
    for (let i = steps.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [steps[i], steps[j]] = [steps[j], steps[i]];
    }
    return solutionText(sample, steps, sample.answer);
  },
};

export const SCRIPTED_POLICIES: Record<string, ScriptedPolicy> = {
  reference,
  'wrong-unit': wrongUnit,
  'right-for-wrong-reasons': rightForWrongReasons,
};
