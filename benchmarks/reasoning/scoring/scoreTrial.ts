/**
 * The reasoning scorer: a pure function of (sample, model response, stored semantic scores, stored
 * judge reply). It parses the response, checks the final answer (1 %), verifies each step (2 %
 * numeric × semantic ≥ τ), aligns steps one-to-one, and — when a judge reply is present and the
 * chain was not accepted at tier 1 — reads the judge's categories and the recovered F1.
 */
import type { Sample } from '../dataset.ts';
import { acceptedAtTier1, parseJudgeReply, recoveredPairs, type JudgeVerdict } from './judge.ts';
import { lexicalMatrix } from './lexical.ts';
import { ANSWER_TOLERANCE, answerError, scoreSteps, type PRF, type StepMatch } from './match.ts';
import { parseSolution } from './parseSolution.ts';

export type SemanticMethod = 'lexical' | 'embedding';

/** Default thresholds τ on S_sem·S_num by semantic method (see lexical.ts and the README). */
export const DEFAULT_TAU: Record<SemanticMethod, number> = { lexical: 0.2, embedding: 0.5 };

/** Semantic scores computed at the edge (embeddings) and stored in the trace. */
export interface StoredSemantic {
  method: 'embedding';
  model: string;
  /** Rows: ground-truth steps; columns: parsed model steps. */
  matrix: number[][];
}

export interface ScoreOptions {
  semantic?: StoredSemantic;
  /** Override the method's default τ. */
  tau?: number;
  /** The judge's raw reply, when a judge was called for this trial. */
  judgeReply?: string;
}

export interface TrialScore {
  answer: { value: number; unit: string; source: string } | null;
  answerCorrect: boolean;
  answerRelError: number | null;
  nGt: number;
  nPred: number;
  matched: number;
  precision: number;
  recall: number;
  f1: number;
  precisionMax: number;
  recallMax: number;
  f1Max: number;
  matches: StepMatch[];
  unmatchedGt: number[];
  unmatchedPred: number[];
  semantic: string;
  tau: number;
  tier1Accepted: boolean;
  /** Present when a judge reply was scored. */
  judge?: { verdicts: JudgeVerdict[]; recovered: PRF };
}

/** What the semantic score compares for a ground-truth step: statement and formula. */
export function groundTruthTexts(sample: Sample): string[] {
  return sample.steps.map((s) => `${s.text}. ${s.formula}`);
}

export function scoreTrial(sample: Sample, response: string, options: ScoreOptions = {}): TrialScore {
  const parsed = parseSolution(response);
  const results = parsed.steps.map((s) => s.result);
  const stored = options.semantic;
  const useStored = stored && stored.matrix.length === sample.steps.length && stored.matrix.every((row) => row.length === parsed.steps.length);
  const method: SemanticMethod = useStored ? 'embedding' : 'lexical';
  const semantic = useStored ? stored.matrix : lexicalMatrix(groundTruthTexts(sample), parsed.steps.map((s) => s.text));
  const tau = options.tau ?? DEFAULT_TAU[method];
  const steps = scoreSteps(sample.steps, results, semantic, tau);
  const err = parsed.answer ? answerError(sample.answer.value, sample.answer.unit, parsed.answer) : null;
  const answerCorrect = err !== null && err < ANSWER_TOLERANCE;
  const tier1Accepted = acceptedAtTier1(answerCorrect, steps.recall);
  const score: TrialScore = {
    answer: parsed.answer ? { value: parsed.answer.value, unit: parsed.answer.unit, source: parsed.answerSource } : null,
    answerCorrect,
    answerRelError: err === null || !Number.isFinite(err) ? null : err,
    nGt: sample.steps.length,
    nPred: parsed.steps.length,
    matched: steps.matches.length,
    precision: steps.precision,
    recall: steps.recall,
    f1: steps.f1,
    precisionMax: steps.precisionMax,
    recallMax: steps.recallMax,
    f1Max: steps.f1Max,
    matches: steps.matches,
    unmatchedGt: steps.unmatchedGt,
    unmatchedPred: steps.unmatchedPred,
    semantic: useStored ? `embedding:${stored.model}` : 'lexical',
    tau,
    tier1Accepted,
  };
  if (options.judgeReply !== undefined && !tier1Accepted && steps.unmatchedGt.length) {
    const verdicts = parseJudgeReply(options.judgeReply, steps.unmatchedGt, parsed.steps.length);
    const rec = scoreSteps(sample.steps, results, semantic, tau, recoveredPairs(verdicts));
    score.judge = { verdicts, recovered: { precision: rec.precision, recall: rec.recall, f1: rec.f1 } };
  }
  return score;
}

/** F1 after tier 2: the judge's recovered F1 when it ran, else the automatic F1. */
export function recoveredF1(score: TrialScore): number {
  return score.judge ? score.judge.recovered.f1 : score.f1;
}
