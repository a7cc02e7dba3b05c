/**
 * A workflow sample: one dataset row's true conditions turned into a prompt of a style by a seeded
 * RNG (template, wording, export parameters, W-Cond threshold), with what the trial must produce.
 * Pure: the dataset row and its ground-truth objective come in; nothing is read or written.
 */
import { createRng, fnv1a, type Rng } from '../reasoning/rng.ts';
import { phrasesFor, qualitativeSlots } from './templates/conditionPhrases.ts';
import { DERIVED_RULES, type DerivedRule } from './templates/derivedRules.ts';
import { templatesFor, type ParaphraseSet } from './templates/styleTemplates.ts';
import { fillTemplate, solverPhrase, type SlotValue } from './templates/templateText.ts';
import type { Expected, StlArgs, WorkflowSample } from './schema.ts';
import { COND_OBJECTIVE, PROBLEM_TITLE, type ProblemId, type Style } from './styles.ts';

/** A row of the problem's test split with its ground truth (dataset.ts). */
export interface DatasetSample {
  problem: ProblemId;
  index: number;
  row: { id: number; key: string };
  conditions: Record<string, number | boolean>;
  /** Solver settings the prompts state (the run's preset; empty = the problem's defaults). */
  config: Record<string, number | boolean>;
  groundTruth: { key: string; objective: number };
}

export const trialId = (problem: string, style: Style, index: number, seed: number, set: ParaphraseSet) =>
  `${problem}.${style}.s${index}.seed${seed}${set === 'held-out' ? '.ho' : ''}`;

function stlArgs(rng: Rng): StlArgs {
  return { threshold: rng.grid(0.2, 0.8, 0.05), scale_xy: rng.grid(0.5, 2, 0.1), scale_z: rng.grid(5, 30, 1), mirror_y: rng.next() < 0.5 };
}

/** A value drawn until it differs from `other` by at least `gap`. */
function apart(draw: () => number, other: number, gap: number): number {
  for (;;) {
    const v = draw();
    if (Math.abs(v - other) >= gap - 1e-9) return v;
  }
}

const prefixed = (p: string, a: StlArgs): Record<string, SlotValue> => Object.fromEntries(Object.entries(a).map(([k, v]) => [`${p}${k}`, v]));
const suffixed = (s: string, a: StlArgs): Record<string, SlotValue> => Object.fromEntries(Object.entries(a).map(([k, v]) => [`${k}${s}`, v]));

interface StyleDraw {
  slots: Record<string, SlotValue>;
  expected: Expected;
}

function pickRule(rng: Rng, problem: string, param: DerivedRule['param']): DerivedRule {
  return rng.pick(DERIVED_RULES[problem].filter((r) => r.param === param));
}

function drawStyle(style: Style, ds: DatasetSample, rng: Rng): StyleDraw {
  const c = ds.conditions;
  switch (style) {
    case 'Full':
      return { slots: {}, expected: { kind: 'full' } };
    case 'Natural':
      return { slots: qualitativeSlots(ds.problem, c), expected: { kind: 'ask' } };
    case 'W-Rand': {
      const a = stlArgs(rng);
      return { slots: { ...a }, expected: { kind: 'exports', exports: [a] } };
    }
    case 'W-Derived': {
      const [t, xy, z] = (['threshold', 'scale_xy', 'scale_z'] as const).map((p) => pickRule(rng, ds.problem, p));
      const mirror_y = rng.next() < 0.5;
      const a: StlArgs = { threshold: t.value(c), scale_xy: xy.value(c), scale_z: z.value(c), mirror_y };
      return { slots: { threshold_rule: t.phrase, scale_xy_rule: xy.phrase, scale_z_rule: z.phrase, mirror_y }, expected: { kind: 'exports', exports: [a] } };
    }
    case 'W-Distract': {
      const a = stlArgs(rng);
      const p: StlArgs = {
        threshold: apart(() => rng.grid(0.2, 0.8, 0.05), a.threshold, 0.15),
        scale_xy: apart(() => rng.grid(0.5, 2, 0.1), a.scale_xy, 0.3),
        scale_z: apart(() => rng.grid(5, 30, 1), a.scale_z, 5),
        mirror_y: !a.mirror_y,
      };
      return { slots: { ...a, ...prefixed('p_', p) }, expected: { kind: 'exports', exports: [a] } };
    }
    case 'W-Cond': {
      const common = stlArgs(rng);
      const aThreshold = rng.grid(0.2, 0.8, 0.05);
      const bThreshold = apart(() => rng.grid(0.2, 0.8, 0.05), aThreshold, 0.15);
      const aMirror = rng.next() < 0.5;
      const cmp = rng.next() < 0.5 ? ('below' as const) : ('above' as const);
      // the threshold lies on either side of the true objective with equal probability, 5–30 % away
      const side = rng.next() < 0.5 ? -1 : 1;
      const limit = Number((ds.groundTruth.objective * (1 + side * (0.05 + 0.25 * rng.next()))).toPrecision(4));
      const whenTrue = { ...common, threshold: aThreshold, mirror_y: aMirror };
      const whenFalse = { ...common, threshold: bThreshold, mirror_y: !aMirror };
      const objective = COND_OBJECTIVE[ds.problem];
      return {
        slots: { scale_xy: common.scale_xy, scale_z: common.scale_z, objective: objective.word, cmp, limit, ...prefixed('a_', whenTrue), ...prefixed('b_', whenFalse) },
        expected: { kind: 'cond', objectiveKey: objective.key, cmp, limit, whenTrue, whenFalse },
      };
    }
    case 'W-Multi': {
      const a = stlArgs(rng);
      const b = { ...stlArgs(rng), threshold: apart(() => rng.grid(0.2, 0.8, 0.05), a.threshold, 0.15) };
      return { slots: { ...suffixed('_1', a), ...suffixed('_2', b) }, expected: { kind: 'exports', exports: [a, b] } };
    }
  }
}

export function buildSample(ds: DatasetSample, style: Style, set: ParaphraseSet, seed: number): WorkflowSample {
  const rng = createRng(fnv1a(`workflow|${ds.problem}|${style}|${set}|${ds.index}|${seed}`));
  const templates = templatesFor(style, ds.problem, set);
  const phrases = phrasesFor(ds.problem, set);
  if (!templates.length || !phrases.length) throw new Error(`no ${set} templates for ${style} on ${ds.problem}`);
  const template = rng.pick(templates);
  const phrase = rng.pick(phrases);
  const drawn = drawStyle(style, ds, rng);
  const slots: Record<string, SlotValue> = { problem: PROBLEM_TITLE[ds.problem], solver: solverPhrase(ds.config), ...ds.conditions, ...drawn.slots };
  const prompt = fillTemplate(template.text.replace('{conditions}', phrase.text), slots);
  return {
    id: trialId(ds.problem, style, ds.index, seed, set),
    problem: ds.problem,
    style,
    set,
    templateId: `${template.id}+${phrase.id}`,
    sampleIndex: ds.index,
    seed,
    row: ds.row,
    conditions: ds.conditions,
    config: ds.config,
    prompt,
    slots,
    expected: drawn.expected,
    groundTruth: ds.groundTruth,
  };
}
