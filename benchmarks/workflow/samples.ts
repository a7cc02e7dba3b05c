/**
 * A workflow sample: one dataset row's true conditions turned into a prompt of a style by a seeded
 * RNG (template, wording, export parameters, W-Cond threshold), with what the trial must produce.
 * Pure: the dataset row and its ground-truth objective come in; nothing is read or written.
 */
import { createRng, fnv1a, type Rng } from '../reasoning/rng.ts';
import { phrasesFor, qualitativeSlots } from './templates/conditionPhrases.ts';
import { DERIVED_RULES, PAPER_DERIVED_RULES, PAPER_MIRROR_RULES, type DerivedRule } from './templates/derivedRules.ts';
import { templatesFor, type ParaphraseSet } from './templates/styleTemplates.ts';
import { fillTemplate, solverPhrase, type SlotValue } from './templates/templateText.ts';
import { seedSentence, type Protocol } from './protocol.ts';
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

/** How each protocol draws an export parameter set and how far apart two drawn values must be. */
interface ExportDraws {
  threshold(): number;
  scale_xy(): number;
  scale_z(): number;
  /** Gaps: W-Distract preview values and W-Cond / W-Multi second sets. */
  gaps: { distractThreshold: number; distractScaleXy: number; distractScaleZ: number; otherThreshold: number; multiScaleXy: number; multiScaleZ: number };
}

const round = (v: number, d: number) => Number(v.toFixed(d));

function exportDraws(protocol: Protocol, rng: Rng): ExportDraws {
  if (protocol === 'paper')
    // the reference: U(0.3, 0.7), U(0.5, 5), U(5, 20), printed %.2f / %.2f / %.1f; the expected values are the printed ones here
    return {
      threshold: () => round(0.3 + 0.4 * rng.next(), 2),
      scale_xy: () => round(0.5 + 4.5 * rng.next(), 2),
      scale_z: () => round(5 + 15 * rng.next(), 1),
      gaps: { distractThreshold: 0.1, distractScaleXy: 0.5, distractScaleZ: 5, otherThreshold: 0.1, multiScaleXy: 0.2, multiScaleZ: 0.2 },
    };
  return {
    threshold: () => rng.grid(0.2, 0.8, 0.05),
    scale_xy: () => rng.grid(0.5, 2, 0.1),
    scale_z: () => rng.grid(5, 30, 1),
    gaps: { distractThreshold: 0.15, distractScaleXy: 0.3, distractScaleZ: 5, otherThreshold: 0.15, multiScaleXy: 0, multiScaleZ: 0 },
  };
}

function stlArgs(d: ExportDraws, rng: Rng): StlArgs {
  return { threshold: d.threshold(), scale_xy: d.scale_xy(), scale_z: d.scale_z(), mirror_y: rng.next() < 0.5 };
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

function drawStyle(style: Style, ds: DatasetSample, rng: Rng, protocol: Protocol, template: string): StyleDraw {
  const c = ds.conditions;
  const d = exportDraws(protocol, rng);
  const g = d.gaps;
  switch (style) {
    case 'Full':
      return { slots: {}, expected: { kind: 'full' } };
    case 'Natural':
      return { slots: qualitativeSlots(ds.problem, c), expected: { kind: 'ask' } };
    case 'W-Rand': {
      const a = stlArgs(d, rng);
      return { slots: { ...a }, expected: { kind: 'exports', exports: [a] } };
    }
    case 'W-Derived': {
      // the paper template states the reference's fixed rules (the held-out paraphrase keeps ours)
      if (template.includes('{mirror_rule}') && PAPER_DERIVED_RULES[ds.problem]) {
        const rule = (param: DerivedRule['param']) => PAPER_DERIVED_RULES[ds.problem].find((r) => r.param === param)!;
        const [t, xy, z] = (['threshold', 'scale_xy', 'scale_z'] as const).map(rule);
        const m = PAPER_MIRROR_RULES[ds.problem];
        const a: StlArgs = { threshold: t.value(c), scale_xy: xy.value(c), scale_z: z.value(c), mirror_y: m.value(c) };
        return { slots: { threshold_rule: t.phrase, scale_xy_rule: xy.phrase, scale_z_rule: z.phrase, mirror_rule: m.phrase }, expected: { kind: 'exports', exports: [a] } };
      }
      const [t, xy, z] = (['threshold', 'scale_xy', 'scale_z'] as const).map((p) => pickRule(rng, ds.problem, p));
      const mirror_y = rng.next() < 0.5;
      const a: StlArgs = { threshold: t.value(c), scale_xy: xy.value(c), scale_z: z.value(c), mirror_y };
      return { slots: { threshold_rule: t.phrase, scale_xy_rule: xy.phrase, scale_z_rule: z.phrase, mirror_y }, expected: { kind: 'exports', exports: [a] } };
    }
    case 'W-Distract': {
      const a = stlArgs(d, rng);
      const p: StlArgs = {
        threshold: apart(d.threshold, a.threshold, g.distractThreshold),
        scale_xy: apart(d.scale_xy, a.scale_xy, g.distractScaleXy),
        scale_z: apart(d.scale_z, a.scale_z, g.distractScaleZ),
        mirror_y: !a.mirror_y,
      };
      return { slots: { ...a, ...prefixed('p_', p) }, expected: { kind: 'exports', exports: [a] } };
    }
    case 'W-Cond': {
      const common = stlArgs(d, rng);
      const aThreshold = d.threshold();
      const bThreshold = apart(d.threshold, aThreshold, g.otherThreshold);
      const aMirror = rng.next() < 0.5;
      const cmp = protocol === 'paper' || rng.next() >= 0.5 ? ('above' as const) : ('below' as const);
      // engiai: the threshold lies on either side of the true objective with equal probability, 5–30 % away;
      // paper: as the reference, independent of the instance (Beams2D U(100, 300) to 0.1, Photonics2D U(0.1, 0.8) to 0.01)
      const side = rng.next() < 0.5 ? -1 : 1;
      const limit =
        protocol === 'paper'
          ? ds.problem === 'photonics2d'
            ? round(0.1 + 0.7 * rng.next(), 2)
            : round(100 + 200 * rng.next(), 1)
          : Number((ds.groundTruth.objective * (1 + side * (0.05 + 0.25 * rng.next()))).toPrecision(4));
      const whenTrue = { ...common, threshold: aThreshold, mirror_y: aMirror };
      const whenFalse = { ...common, threshold: bThreshold, mirror_y: !aMirror };
      const objective = COND_OBJECTIVE[ds.problem];
      return {
        slots: { scale_xy: common.scale_xy, scale_z: common.scale_z, objective: objective.word, cmp, limit, ...prefixed('a_', whenTrue), ...prefixed('b_', whenFalse) },
        expected: { kind: 'cond', objectiveKey: objective.key, cmp, limit, whenTrue, whenFalse },
      };
    }
    case 'W-Multi': {
      const a = stlArgs(d, rng);
      const drawnB = stlArgs(d, rng);
      const b = { ...drawnB, threshold: apart(d.threshold, a.threshold, g.otherThreshold), mirror_y: protocol === 'paper' ? !a.mirror_y : drawnB.mirror_y };
      if (g.multiScaleXy) b.scale_xy = apart(d.scale_xy, a.scale_xy, g.multiScaleXy);
      if (g.multiScaleZ) b.scale_z = apart(d.scale_z, a.scale_z, g.multiScaleZ);
      return { slots: { ...suffixed('_1', a), ...suffixed('_2', b) }, expected: { kind: 'exports', exports: [a, b] } };
    }
  }
}

export function buildSample(ds: DatasetSample, style: Style, set: ParaphraseSet, seed: number, protocol: Protocol = 'engiai'): WorkflowSample {
  const rng = createRng(fnv1a(`workflow|${protocol === 'paper' ? 'paper|' : ''}${ds.problem}|${style}|${set}|${ds.index}|${seed}`));
  const templates = templatesFor(style, ds.problem, set, protocol);
  const phrases = phrasesFor(ds.problem, set);
  if (!templates.length || !phrases.length) throw new Error(`no ${set} templates for ${style} on ${ds.problem}`);
  const template = rng.pick(templates);
  const phrase = rng.pick(phrases);
  const drawn = drawStyle(style, ds, rng, protocol, template.text);
  const slots: Record<string, SlotValue> = { problem: PROBLEM_TITLE[ds.problem], solver: solverPhrase(ds.config), ...ds.conditions, ...drawn.slots };
  // both protocols end with the reference runner's seed sentence: the agent's optimizer starts from that seed's random dataset design
  const prompt = `${fillTemplate(template.text.replace('{conditions}', phrase.text), slots)} ${seedSentence(seed)}`;
  return {
    id: trialId(ds.problem, style, ds.index, seed, set),
    problem: ds.problem,
    style,
    set,
    protocol,
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
