/**
 * Both protocols side by side (pure): every trial carries its score under `paper` and `engiai`
 * (rescore.ts); this groups them into cells by problem, style, agent/model and config hash (never
 * pooling runs of different settings), gives each protocol's TC, CO and sub-scores (std = population
 * std, as the paper's) with the measured difference, and measures what each scoring deviation does to
 * CO (the weighted mean difference of its sub-score). The `--json` cells and the report's blocks.
 */
import { groupCells } from '../reports/cells.ts';
import type { Block } from '../reports/document.ts';
import { PROTOCOL_TITLE, PROTOCOLS, REFERENCE_COMMIT, REFERENCE_REPO, type Protocol } from './protocol.ts';
import type { ScoredWorkflowTrial } from './rescore.ts';
import type { WorkflowScore } from './scoring/scoreTrial.ts';
import { DESIGN_WEIGHTS, PAPER_WEIGHTS } from './scoring/weights.ts';
import { PROBLEM_TITLE, PROBLEMS, STYLES, type ProblemId, type Style } from './styles.ts';

const METRICS = ['iou', 'pa', 'obj', 'constr', 'conn', 'wt', 's_design', 's_tool'] as const;

export interface ProtocolStats {
  tc: number;
  tc_std: number;
  co: number;
  co_std: number;
  iou: number;
  pa: number;
  obj: number;
  constr: number;
  conn: number;
  wt: number;
  s_design: number;
  s_tool: number;
}

export interface ProtocolCell {
  problem: ProblemId;
  style: Style;
  model: string;
  n: number;
  configHash: string;
  /** The protocol the trials were run under. */
  protocol: Protocol;
  paper: ProtocolStats;
  engiai: ProtocolStats;
  /** engiai − paper. */
  difference: { tc: number; co: number; s_design: number; s_tool: number };
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);
/** Population std (divide by n), the paper's (0.93 ± 0.25 = √(p(1 − p)) at n = 15). */
export const populationStd = (xs: readonly number[]) => {
  const m = mean(xs);
  return xs.length ? Math.sqrt(mean(xs.map((x) => (x - m) ** 2))) : NaN;
};

function stats(scores: readonly WorkflowScore[]): ProtocolStats {
  const tc = scores.map((s) => s.s_completion);
  const co = scores.map((s) => s.co);
  const out = { tc: mean(tc), tc_std: populationStd(tc), co: mean(co), co_std: populationStd(co) } as ProtocolStats;
  for (const k of METRICS) out[k] = mean(scores.map((s) => s[k]));
  return out;
}

/** The report's cells (reports/cells.ts: per problem, style, agent/model, paraphrase set and config hash, each trial id once), as trial lists. */
function groups(trials: readonly ScoredWorkflowTrial[]): ScoredWorkflowTrial[][] {
  const cs = groupCells(trials, (t) => ({ problem: t.sample.problem, style: t.sample.style, agent: t.model, configHash: t.configHash, promptSet: t.sample.set }), (t) => t.trialId);
  const rank = (t: ScoredWorkflowTrial) => PROBLEMS.indexOf(t.sample.problem) * 100 + STYLES.indexOf(t.sample.style);
  const set = (t: ScoredWorkflowTrial) => (t.sample.set === 'main' ? 0 : 1); // main paraphrases before held-out, as the report's cells
  return cs.map((c) => c.trials).sort((a, b) => rank(a[0]) - rank(b[0]) || a[0].model.localeCompare(b[0].model) || set(a[0]) - set(b[0]) || a[0].configHash.localeCompare(b[0].configHash));
}

/**
 * One cell per (problem, style, agent/model, config hash) with both protocols. `base` (the report's own
 * cells) are merged in where one describes exactly the same trials (same key and n).
 */
export function protocolCells(trials: readonly ScoredWorkflowTrial[], base: readonly Record<string, unknown>[] = []): (ProtocolCell & Record<string, unknown>)[] {
  return groups(trials).map((g) => {
    const t0 = g[0];
    const paper = stats(g.map((t) => t.scores.paper));
    const engiai = stats(g.map((t) => t.scores.engiai));
    const same = base.find((b) => b.problem === t0.sample.problem && b.style === t0.sample.style && b.model === t0.model && b.n === g.length && (b.configHash === undefined || b.configHash === t0.configHash));
    return {
      ...(same ?? {}),
      problem: t0.sample.problem,
      style: t0.sample.style,
      model: t0.model,
      n: g.length,
      configHash: t0.configHash,
      protocol: t0.sample.protocol,
      paper,
      engiai,
      difference: { tc: engiai.tc - paper.tc, co: engiai.co - paper.co, s_design: engiai.s_design - paper.s_design, s_tool: engiai.s_tool - paper.s_tool },
    };
  });
}

/** A scoring deviation, the sub-score it changes and that sub-score's weight in CO. */
const SCORING_DEVIATIONS: { metric: keyof ProtocolStats | 'tc'; weight: number; what: string }[] = [
  { metric: 'iou', weight: PAPER_WEIGHTS.design * DESIGN_WEIGHTS.iou, what: 'IoU: paper binarizes > 0.5 and gives 0 for an empty union; engiai ≥ 0.5 and 1' },
  { metric: 'pa', weight: PAPER_WEIGHTS.design * DESIGN_WEIGHTS.pa, what: 'PA: binarization at > 0.5 vs ≥ 0.5' },
  { metric: 'obj', weight: PAPER_WEIGHTS.design * DESIGN_WEIGHTS.obj, what: "Obj: paper max(0, 1 − relerr/0.2) of the agent's first reported simulate value vs the dataset's, symmetric; engiai re-simulates both designs, one-sided ratio" },
  { metric: 'constr', weight: PAPER_WEIGHTS.design * DESIGN_WEIGHTS.constr, what: 'Constr: τ = 0.01 (paper; Photonics2D 1.0) vs τ = 0.05 (engiai; Photonics2D the [0, 1] bounds)' },
  { metric: 'conn', weight: PAPER_WEIGHTS.design * DESIGN_WEIGHTS.conn, what: 'Conn: exactly one 8-connected component (paper) vs the largest 4-connected component ≥ 99 % of the solid (engiai)' },
  { metric: 'wt', weight: PAPER_WEIGHTS.design * DESIGN_WEIGHTS.wt, what: "WT: the reference's cube-per-cell exporter is never watertight (0) vs our closed 2-manifold exporter (1 per correct export)" },
  { metric: 's_tool', weight: PAPER_WEIGHTS.tool, what: 'S_tool: paper counts every call (failed ones match too), optimal lists without create_problem; engiai: successful calls, create_problem in the list, order-aware (longest common subsequence)' },
  { metric: 'tc', weight: PAPER_WEIGHTS.completion, what: "TC: paper checks the first export (W-Multi the first two, in order) at ±0.05, Full = a render, W-Cond's branch from the dataset's objective; engiai ±0.01, every export, the prompt's optimize arguments and seed, W-Cond export after a simulate of that design" },
];

const f2 = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '–');
const signed = (v: number) => (Number.isFinite(v) ? `${v >= 0 ? '+' : ''}${v.toFixed(3)}` : '–');
const pm = (m: number, s: number) => (Number.isFinite(m) ? `${m.toFixed(2)} ± ${s.toFixed(2)}` : '–');

export function protocolBlocks(trials: readonly ScoredWorkflowTrial[]): Block[] {
  if (!trials.length) return [];
  const cs = protocolCells(trials);
  const counted = groups(trials).flat();
  const rows = cs.map((c) => [
    PROBLEM_TITLE[c.problem],
    c.style,
    c.model,
    c.configHash.slice(0, 8),
    c.protocol,
    String(c.n),
    pm(c.paper.tc, c.paper.tc_std),
    pm(c.engiai.tc, c.engiai.tc_std),
    signed(c.difference.tc),
    pm(c.paper.co, c.paper.co_std),
    pm(c.engiai.co, c.engiai.co_std),
    signed(c.difference.co),
    `${f2(c.paper.s_design)} / ${f2(c.engiai.s_design)}`,
    `${f2(c.paper.s_tool)} / ${f2(c.engiai.s_tool)}`,
  ]);
  const all = (p: Protocol) => counted.map((t) => t.scores[p]);
  const [paper, engiai] = PROTOCOLS.map((p) => stats(all(p)));
  const tcOf = (p: Protocol) => mean(all(p).map((s) => s.s_completion));
  const under = [...new Set(trials.map((t) => t.scoredUnder))].join(' and ');
  const effect = SCORING_DEVIATIONS.map((d) => {
    const delta = d.metric === 'tc' ? tcOf('engiai') - tcOf('paper') : Number(engiai[d.metric]) - Number(paper[d.metric]);
    return [d.what, d.metric, signed(delta), signed(d.weight * delta)];
  });
  return [
    { kind: 'h2', text: 'Both protocols, every cell (engiai − paper)' },
    {
      kind: 'p',
      text: `The tables above report the ${under} protocol's scores. Every trial is scored under both protocols from its trace: ${PROTOCOL_TITLE.paper}; ${PROTOCOL_TITLE.engiai}. "run protocol" is the one its prompts, sampling and seeds were made under. Ground truth under both: the sample row's design by our dataset procedure (EngiBench's Hugging Face rows are unreachable offline; ours are stand-ins made by EngiBench's own dataset procedure in our engines), and the agent's optimizer starts from a random dataset design (the prompt's seed).`,
    },
    {
      kind: 'table',
      header: ['Problem', 'Style', 'Agent / model', 'config', 'run protocol', 'n', 'TC paper', 'TC engiai', 'ΔTC', 'CO paper', 'CO engiai', 'ΔCO', 'S_design paper / engiai', 'S_tool paper / engiai'],
      rows,
      caption: 'mean ± population std (the paper\'s std). Cells are never pooled across config hashes.',
    },
    { kind: 'h3', text: `Measured effect of each scoring deviation from ${REFERENCE_REPO}@${REFERENCE_COMMIT} (over the ${trials.length} trials here)` },
    {
      kind: 'table',
      header: ['deviation', 'sub-score', 'mean Δ (engiai − paper)', 'effect on CO (weight × Δ)'],
      rows: [...effect, ['total', 'CO', signed(engiai.co - paper.co), signed(engiai.co - paper.co)]],
      caption: 'CO is linear in its sub-scores, so the effects add up to the total CO difference, except where a Natural abstention sets S_design = 1.',
    },
  ];
}
