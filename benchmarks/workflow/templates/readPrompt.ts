/**
 * Reading a workflow prompt back into its style and slot values by inverting the benchmark's own
 * templates (both paraphrase sets). The scripted agents read prompts only this way: they know the
 * phrasings, never the sample, so their scores test the scorers.
 */
import { SEED_SENTENCE_RE } from '../protocol.ts';
import { PROBLEM_TITLE, PROBLEMS, type ProblemId, type Style } from '../styles.ts';
import { CONDITION_PHRASES } from './conditionPhrases.ts';
import { STYLE_TEMPLATES } from './styleTemplates.ts';
import { matchTemplate, readSolverPhrase, slotNames, type SlotValue } from './templateText.ts';

export interface PromptReading {
  problem: ProblemId;
  style: Style;
  templateId: string;
  slots: Record<string, SlotValue>;
  /** The condition values the prompt states (none for Natural). */
  conditions: Record<string, number>;
  /** Solver settings the prompt states. */
  config: Record<string, number>;
  /** The seed the prompt's closing "IMPORTANT: Use seed=N when calling tools." gives (none: undefined). */
  seed?: number;
}

export function readPrompt(full: string): PromptReading | null {
  const seedMatch = SEED_SENTENCE_RE.exec(full);
  const text = seedMatch ? full.slice(0, seedMatch.index) : full;
  const seed = seedMatch ? { seed: Number(seedMatch[1]) } : {};
  for (const t of STYLE_TEMPLATES) {
    for (const problem of t.problem ? [t.problem as ProblemId] : PROBLEMS) {
      const phrases = t.text.includes('{conditions}') ? CONDITION_PHRASES[problem] : [{ id: '', text: '' }];
      for (const phrase of phrases) {
        const slots = matchTemplate(t.text.replace('{conditions}', phrase.text), text);
        if (!slots || slots.problem !== PROBLEM_TITLE[problem]) continue;
        const conditions = Object.fromEntries(slotNames(phrase.text).map((n) => [n, Number(slots[n])]));
        return { problem, style: t.style, templateId: `${t.id}${phrase.id ? `+${phrase.id}` : ''}`, slots, conditions, config: readSolverPhrase(String(slots.solver ?? '')), ...seed };
      }
    }
  }
  return null;
}
