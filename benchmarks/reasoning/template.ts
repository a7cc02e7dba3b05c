/**
 * What a reasoning template is (EngChain §4.3, EngTrace): a seeded generator that draws physically
 * sensible parameters and returns the problem text, the ground-truth chain (each step a short
 * statement, its formula and its numeric result with unit) and the final answer.
 *
 * Difficulty follows the papers' three axes (§4.7), each 1–3: conceptual complexity (how many
 * principles), mathematical sophistication (substitution → calculus/transcendental → numerical
 * methods or simulation) and procedural depth (chain length and interdependence). The label is
 * derived from their sum: ≤ 4 easy, 5–6 intermediate, ≥ 7 advanced.
 */
import type { Rng } from './rng.ts';
import { BRANCHES, DIFFICULTIES, type ChainStep, type FinalAnswer } from './schema.ts';

export { BRANCHES, DIFFICULTIES, type ChainStep, type FinalAnswer };
export type Branch = (typeof BRANCHES)[number];
export type Difficulty = (typeof DIFFICULTIES)[number];

export type Level = 1 | 2 | 3;

export interface DifficultyAxes {
  concepts: Level;
  mathematics: Level;
  depth: Level;
}

/** One generated problem with its ground truth. */
export interface Instance {
  question: string;
  /** The drawn parameters, in the units the question states them (tests recompute from these). */
  given: Record<string, number | string>;
  steps: ChainStep[];
  answer: FinalAnswer;
}

export interface TemplateSpec {
  /** Stable id, `<branch>.<name>`; part of every sample id and of the instance seed. */
  id: string;
  title: string;
  branch: Branch;
  domain: string;
  area: string;
  axes: DifficultyAxes;
  /** 'engine': the ground truth comes from an EngiAI simulation, not from a formula. */
  source?: 'symbolic' | 'engine';
  /** Loads what generate needs (engine modules); called once before generating. */
  prepare?(): Promise<void>;
  /** Draws one instance; throws SanityRejection to ask for a redraw. */
  generate(rng: Rng): Instance;
}

export interface Template extends TemplateSpec {
  source: 'symbolic' | 'engine';
  difficulty: Difficulty;
}

export function difficultyOf(axes: DifficultyAxes): Difficulty {
  const s = axes.concepts + axes.mathematics + axes.depth;
  return s <= 4 ? 'easy' : s <= 6 ? 'intermediate' : 'advanced';
}

export function defineTemplate(spec: TemplateSpec): Template {
  return { ...spec, source: spec.source ?? 'symbolic', difficulty: difficultyOf(spec.axes) };
}

/** Thrown by a template when a draw fails a sanity check (stress above yield, …): draw again. */
export class SanityRejection extends Error {
  constructor(readonly check: string) {
    super(`sanity check failed: ${check}`);
    this.name = 'SanityRejection';
  }
}
