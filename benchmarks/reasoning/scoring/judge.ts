/**
 * Tier 2: the LLM judge (EngChain §5.4 and Appendix I; EngTrace's two-tier protocol). Pure: builds
 * the judge's prompt and reads its reply; the runner makes the call and stores the reply in the
 * trace, so re-scoring never needs the judge again.
 *
 * A chain is accepted at tier 1 (no judge call) when its final answer is correct and at least 80 %
 * of the ground-truth steps matched. Otherwise each unmatched ground-truth step goes to the judge,
 * which names the model step that covers it (if any) and one category of the taxonomy. Pairs
 * judged "Alternative Correct" count as matches in the recovered alignment (F1_rec).
 */
import type { Sample } from '../dataset.ts';
import { withUnit } from '../format.ts';
import type { ParsedStep } from './parseSolution.ts';

export const ERROR_CATEGORIES = ['Conceptual Error', 'Calculation Error', 'Input Error', 'Alternative Correct', 'Other'] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number] | 'Analysis Failed';

export const TIER1_RECALL = 0.8;

export interface JudgeVerdict {
  /** 1-based ground-truth step. */
  gtStep: number;
  category: ErrorCategory;
  /** 1-based model step that the judge maps to this ground-truth step, if any. */
  modelStep: number | null;
  explanation?: string;
}

export function acceptedAtTier1(answerCorrect: boolean, recall: number): boolean {
  return answerCorrect && recall >= TIER1_RECALL;
}

const SYSTEM = `You are an expert engineering professor grading a student's step-by-step solution against a reference solution. Be strict about physics and arithmetic, and fair to valid alternative methods.

For every reference step you are given that the automatic checker could not match, decide:
- which student step (by number) corresponds to it, or null if none does;
- exactly one category:
  "Conceptual Error": the student applied the wrong principle or formula;
  "Calculation Error": right formula, wrong arithmetic;
  "Input Error": right formula, wrong number taken from the problem or an earlier step;
  "Alternative Correct": the student's step is valid and logically sound but follows a different method, order or phrasing (the reference step is then covered);
  "Other": nonsensical, irrelevant, hallucinated, missing, or only a formatting problem.
Rules: a step judged "Alternative Correct" must name the student step that covers it. Do not reward a step whose number is wrong. Reply with JSON only.`;

export interface JudgeMessages {
  system: string;
  user: string;
}

export function buildJudgePrompt(sample: Sample, steps: readonly ParsedStep[], unmatchedGt: readonly number[]): JudgeMessages {
  const reference = sample.steps.map((s) => `R${s.n}. ${s.text}: ${s.formula} = ${withUnit(s.value, s.unit, 5)}`).join('\n');
  const student = steps.map((s) => `S${s.n}. ${s.text.replace(/\s+/g, ' ').trim()}`).join('\n');
  const flagged = unmatchedGt.map((i) => `R${i + 1}`).join(', ');
  const user = `Problem:\n${sample.question}\n\nReference solution:\n${reference}\nReference answer: ${withUnit(sample.answer.value, sample.answer.unit, 5)}\n\nStudent steps:\n${student || '(no steps)'}\n\nReference steps the checker could not match: ${flagged}\n\nReply with exactly this JSON shape:\n{"verdicts": [{"gt_step": <reference step number>, "model_step": <student step number or null>, "category": "<one of: ${ERROR_CATEGORIES.join(', ')}>", "explanation": "<one sentence>"}]}`;
  return { system: SYSTEM, user };
}

function categoryOf(raw: unknown): ErrorCategory {
  const text = String(raw ?? '').toLowerCase();
  return ERROR_CATEGORIES.find((c) => c.toLowerCase() === text) ?? ERROR_CATEGORIES.find((c) => text.includes(c.split(' ')[0].toLowerCase())) ?? 'Analysis Failed';
}

function firstJson(text: string): unknown {
  const fenced = text.match(/```(?:json)?\s*([\s\S]*?)```/);
  const body = fenced ? fenced[1] : text;
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  try {
    return JSON.parse(body.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

/**
 * Verdicts for the flagged steps from the judge's reply. A flagged step the reply does not cover,
 * or an unreadable reply, is "Analysis Failed" (EngChain's sixth bucket).
 */
export function parseJudgeReply(text: string, unmatchedGt: readonly number[], nModelSteps: number): JudgeVerdict[] {
  const parsed = firstJson(text) as { verdicts?: unknown[] } | undefined;
  const list = Array.isArray(parsed?.verdicts) ? parsed.verdicts : [];
  const byStep = new Map<number, JudgeVerdict>();
  for (const item of list) {
    const v = item as Record<string, unknown>;
    const gtStep = Number(v.gt_step ?? v.gtStep);
    if (!Number.isInteger(gtStep)) continue;
    const ms = v.model_step ?? v.modelStep;
    const modelStep = ms === null || ms === undefined || !Number.isInteger(Number(ms)) || Number(ms) < 1 || Number(ms) > nModelSteps ? null : Number(ms);
    let category = categoryOf(v.category);
    if (category === 'Alternative Correct' && modelStep === null) category = 'Other';
    byStep.set(gtStep, { gtStep, category, modelStep, explanation: typeof v.explanation === 'string' ? v.explanation : undefined });
  }
  return unmatchedGt.map((i) => byStep.get(i + 1) ?? { gtStep: i + 1, category: 'Analysis Failed', modelStep: null });
}

/** (gt, pred) 0-based pairs the judge recovered as valid alternatives. */
export function recoveredPairs(verdicts: readonly JudgeVerdict[]): [number, number][] {
  return verdicts.filter((v) => v.category === 'Alternative Correct' && v.modelStep !== null).map((v) => [v.gtStep - 1, (v.modelStep as number) - 1]);
}
