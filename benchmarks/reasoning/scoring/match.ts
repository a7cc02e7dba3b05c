/**
 * Step-level verification (EngChain §5.3, EngTrace tier 1): a predicted step j matches a
 * ground-truth step i when S_comb[i][j] = S_sem[i][j]·S_num[i][j] ≥ τ, where S_num is 1 when the
 * step's result agrees with the ground-truth value within 2 % relative error (after unit
 * conversion, magnitudes compared, since sign conventions differ) and S_sem is a semantic score.
 *
 * Step precision, recall and F1 use an optimal one-to-one alignment (Hungarian, EngTrace): a
 * model cannot collect credit twice by repeating one correct number. EngChain's many-to-one
 * variant (each row's or column's max above τ) is reported alongside as `*Max`.
 */
import type { ChainStep } from '../template.ts';
import { convertValue } from '../units.ts';
import { maxWeightMatching } from './assignment.ts';
import type { ParsedNumber } from './numbers.ts';

export const STEP_TOLERANCE = 0.02;
export const ANSWER_TOLERANCE = 0.01;

export interface StepMatch {
  /** 0-based ground-truth index. */
  gt: number;
  /** 0-based predicted index. */
  pred: number;
  semantic: number;
}

export interface PRF {
  precision: number;
  recall: number;
  f1: number;
}

export interface StepScores extends PRF {
  matches: StepMatch[];
  unmatchedGt: number[];
  unmatchedPred: number[];
  /** EngChain's many-to-one variant. */
  precisionMax: number;
  recallMax: number;
  f1Max: number;
}

/** The values `pred` may stand for in `unit`: converted, plus raw for temperature differences. */
function candidates(pred: ParsedNumber, unit: string): number[] {
  if (!pred.unit || !unit) return pred.unit === '%' && !unit ? [pred.value / 100, pred.value] : [pred.value];
  const converted = convertValue(pred.value, pred.unit, unit);
  if (converted === null) return [pred.value];
  const temps = ['K', 'degC', 'degF'];
  return temps.includes(pred.unit) && temps.includes(unit) && converted !== pred.value ? [converted, pred.value] : [converted];
}

export function relativeError(truth: number, value: number): number {
  if (truth === 0) return Math.abs(value);
  return Math.abs(truth - value) / Math.abs(truth);
}

/** S_num: the predicted number agrees with the ground truth within `tol` (magnitudes). */
export function numericMatch(truth: number, unit: string, pred: ParsedNumber | undefined, tol = STEP_TOLERANCE): boolean {
  if (!pred) return false;
  return candidates(pred, unit).some((v) => relativeError(Math.abs(truth), Math.abs(v)) <= tol);
}

/** Final-answer accuracy: signed, within 1 % after unit conversion; returns the best relative error. */
export function answerError(truth: number, unit: string, pred: ParsedNumber | undefined): number {
  if (!pred) return Infinity;
  return Math.min(...candidates(pred, unit).map((v) => relativeError(truth, v)));
}

export function prf(matched: number, nGt: number, nPred: number): PRF {
  const precision = nPred ? matched / nPred : 0;
  const recall = nGt ? matched / nGt : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

/**
 * Scores steps given the semantic matrix (rows ground truth, columns predicted) and threshold τ.
 * `extraPairs` are (gt, pred) pairs accepted regardless of S_comb (a judge's "alternative correct").
 */
export function scoreSteps(gt: readonly ChainStep[], results: readonly (ParsedNumber | undefined)[], semantic: readonly (readonly number[])[], tau: number, extraPairs: readonly [number, number][] = []): StepScores {
  const extra = new Set(extraPairs.map(([i, j]) => `${i},${j}`));
  const comb = gt.map((g, i) => results.map((r, j) => (extra.has(`${i},${j}`) ? 1 : numericMatch(g.value, g.unit, r) ? (semantic[i]?.[j] ?? 0) : 0)));
  const ok = comb.map((row) => row.map((s) => s >= tau));
  // Maximise the number of accepted pairs; among those, the total combined score.
  const weights = comb.map((row, i) => row.map((s, j) => (ok[i][j] ? 1 + 1e-3 * s : 0)));
  const pairs = maxWeightMatching(weights);
  const matches = pairs.map(([i, j]) => ({ gt: i, pred: j, semantic: semantic[i]?.[j] ?? 0 }));
  const gtHit = new Set(pairs.map(([i]) => i));
  const predHit = new Set(pairs.map(([, j]) => j));
  const base = prf(pairs.length, gt.length, results.length);
  const rowMax = ok.filter((row) => row.some(Boolean)).length;
  const colMax = results.filter((_, j) => ok.some((row) => row[j])).length;
  const recallMax = gt.length ? rowMax / gt.length : 0;
  const precisionMax = results.length ? colMax / results.length : 0;
  return {
    ...base,
    matches,
    unmatchedGt: gt.map((_, i) => i).filter((i) => !gtHit.has(i)),
    unmatchedPred: results.map((_, j) => j).filter((j) => !predHit.has(j)),
    precisionMax,
    recallMax,
    f1Max: precisionMax + recallMax > 0 ? (2 * precisionMax * recallMax) / (precisionMax + recallMax) : 0,
  };
}
