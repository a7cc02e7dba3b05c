/**
 * The workflow report (pure): the paper's Tables 2 and 3 (TC and CO per style × model, with the
 * paper's published values for its four models as reference columns), every sub-score per cell
 * with intervals and pass^k, the composite under alternative weights, failure reasons, the figures
 * (tool-call heatmap, CO distributions per style, tool count vs CO, agent design / ground truth /
 * pixel difference as in the paper's Figure 2), provenance and the deviations from the paper.
 */
import { docHtml, docMarkdown, figuresOf, provenanceBlocks, type Block, type Figure, type ReportDoc } from '../reports/document.ts';
import { formatSummary, summarize, type Provenance } from '../reports/reportModel.ts';
import { distributions, heatmap, PALETTE, scatter } from '../reports/svgCharts.ts';
import { passHatK } from '../stats/passK.ts';
import { designFigure } from './figures.ts';
import { PAPER_AVERAGES, PAPER_MODELS, PAPER_TABLES, WORKFLOW_DEVIATIONS } from './paperReference.ts';
import { protocolBlocks } from './protocolTable.ts';
import type { ScoredWorkflowTrial } from './rescore.ts';
import { ALTERNATIVE_WEIGHTS, composite } from './scoring/weights.ts';
import { PROBLEM_TITLE, PROBLEMS, STYLES, TOOL, type ProblemId, type Style } from './styles.ts';

export const SUB_SCORES = ['iou', 'pa', 'obj', 'constr', 'conn', 'wt', 's_design', 's_tool', 's_completion'] as const;

export interface Cell {
  problem: ProblemId;
  style: Style;
  model: string;
  trials: ScoredWorkflowTrial[];
}

export function cells(trials: readonly ScoredWorkflowTrial[]): Cell[] {
  const map = new Map<string, Cell>();
  for (const t of trials) {
    const key = `${t.sample.problem}|${t.sample.style}|${t.model}`;
    if (!map.has(key)) map.set(key, { problem: t.sample.problem, style: t.sample.style, model: t.model, trials: [] });
    map.get(key)!.trials.push(t);
  }
  const rank = (c: Cell) => PROBLEMS.indexOf(c.problem) * 100 + STYLES.indexOf(c.style);
  return [...map.values()].sort((a, b) => rank(a) - rank(b) || (a.model < b.model ? -1 : a.model > b.model ? 1 : 0));
}

const values = (c: Cell, f: (t: ScoredWorkflowTrial) => number) => c.trials.map(f);
const tcOf = (t: ScoredWorkflowTrial) => t.score.s_completion;
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);

/** pass^k over seeds: a task is a (problem, style, sample); k = the fewest seeds any task has. */
export function passK(c: Cell): { k: number; value: number } {
  const tasks = new Map<number, number[]>();
  for (const t of c.trials) tasks.set(t.sample.sampleIndex, [...(tasks.get(t.sample.sampleIndex) ?? []), tcOf(t)]);
  const list = [...tasks.values()].map((v) => ({ successes: v.reduce((s, x) => s + x, 0), trials: v.length }));
  const k = Math.min(...list.map((t) => t.trials));
  return { k, value: passHatK(list, k) };
}

export function cellSummary(c: Cell): Record<string, unknown> {
  const tc = summarize(values(c, tcOf), 'proportion');
  const co = summarize(values(c, (t) => t.score.co), 'mean');
  const pk = passK(c);
  return {
    problem: c.problem,
    style: c.style,
    model: c.model,
    n: c.trials.length,
    tc: tc.mean,
    tc_std: tc.std,
    tc_ci95: [tc.lo, tc.hi],
    co: co.mean,
    co_std: co.std,
    co_ci95: [co.lo, co.hi],
    ...Object.fromEntries(SUB_SCORES.map((k) => [k, mean(values(c, (t) => t.score[k]))])),
    [`pass_hat_${pk.k}`]: pk.value,
    calls: mean(values(c, (t) => t.score.calls)),
    tokens: mean(values(c, (t) => t.tokens)),
    cost_usd: mean(values(c, (t) => t.costUsd)),
  };
}

const pm = (m: number, s: number) => (Number.isFinite(m) ? `${m.toFixed(2)} ± ${s.toFixed(2)}` : '–');

function paperTable(problem: ProblemId, cs: readonly Cell[], models: readonly string[]): Block[] {
  const ours = cs.filter((c) => c.problem === problem);
  const paper = PAPER_TABLES[problem];
  const styles = STYLES.filter((s) => ours.some((c) => c.style === s) || paper[s]);
  const header = ['Style', ...models.flatMap((m) => [`${m} TC`, `${m} CO`]), ...PAPER_MODELS.flatMap((m) => [`${m} TC (paper)`, `${m} CO (paper)`])];
  const rows = styles.map((style) => {
    const mine = models.flatMap((m) => {
      const c = ours.find((x) => x.style === style && x.model === m);
      if (!c) return ['–', '–'];
      const tc = summarize(values(c, tcOf), 'proportion');
      const co = summarize(values(c, (t) => t.score.co), 'mean');
      return [pm(tc.mean, tc.std), pm(co.mean, co.std)];
    });
    const ref = PAPER_MODELS.flatMap((_, i) => (paper[style] ? [pm(paper[style]![i][0], paper[style]![i][1]), pm(paper[style]![i][2], paper[style]![i][3])] : ['–', '–']));
    return [style, ...mine, ...ref];
  });
  const avg = models.flatMap((m) => {
    const mc = ours.filter((c) => c.model === m);
    return [mean(mc.map((c) => mean(values(c, tcOf)))), mean(mc.map((c) => mean(values(c, (t) => t.score.co))))].map((v) => (Number.isFinite(v) ? v.toFixed(2) : '–'));
  });
  rows.push(['Average', ...avg, ...PAPER_AVERAGES[problem].flatMap(([tc, co]) => [tc.toFixed(2), co.toFixed(2)])]);
  const table = problem === 'beams2d' ? 'Table 2' : 'Table 3';
  return [
    { kind: 'h2', text: `${table}: workflow results for ${PROBLEM_TITLE[problem]} (mean ± std)` },
    { kind: 'table', header, rows, caption: 'TC = task completion rate, CO = combined overall score. Columns marked (paper) are the EngiAI paper\'s published values for its four models (reference, not run here); the paper\'s averages are over its own styles.' },
  ];
}

function subScoreTable(cs: readonly Cell[]): Block[] {
  const header = ['Problem', 'Style', 'Agent / model', 'n', 'TC [Wilson 95 %]', 'CO [bootstrap 95 %]', 'pass^k', 'IoU', 'PA', 'Obj', 'Constr', 'Conn', 'WT', 'S_design', 'S_tool', 'S_completion', 'calls'];
  const rows = cs.map((c) => {
    const pk = passK(c);
    return [
      PROBLEM_TITLE[c.problem],
      c.style,
      c.model,
      String(c.trials.length),
      formatSummary(summarize(values(c, tcOf), 'proportion')),
      formatSummary(summarize(values(c, (t) => t.score.co), 'mean')),
      `${Number.isFinite(pk.value) ? pk.value.toFixed(2) : '–'} (k = ${pk.k})`,
      ...SUB_SCORES.map((k) => mean(values(c, (t) => t.score[k])).toFixed(3)),
      mean(values(c, (t) => t.score.calls)).toFixed(1),
    ];
  });
  const alt = Object.entries(ALTERNATIVE_WEIGHTS);
  const altRows = cs.map((c) => [PROBLEM_TITLE[c.problem], c.style, c.model, mean(values(c, (t) => t.score.co)).toFixed(3), ...alt.map(([, w]) => mean(values(c, (t) => composite(w, { design: t.score.s_design, tool: t.score.s_tool, completion: t.score.s_completion }))).toFixed(3))]);
  return [
    { kind: 'h2', text: 'Every sub-score per cell (Appendix A)' },
    { kind: 'table', header, rows, caption: 'Means per cell; TC with a Wilson interval, CO with a seeded bootstrap interval; pass^k: the chance that all k seeds of a dataset sample complete.' },
    { kind: 'h3', text: 'The composite under alternative weights' },
    { kind: 'table', header: ['Problem', 'Style', 'Agent / model', 'CO (0.65/0.20/0.15)', ...alt.map(([name, w]) => `${name} (${w.design.toFixed(2)}/${w.tool.toFixed(2)}/${w.completion.toFixed(2)})`)], rows: altRows },
  ];
}

function failureBlocks(trials: readonly ScoredWorkflowTrial[]): Block[] {
  const counts = new Map<string, number>();
  for (const t of trials) {
    if (!t.score.failure) continue;
    const reason = t.score.failure.replace(/\{[^}]*\}/g, '{…}').replace(/\d+(\.\d+)?/g, 'N');
    const key = `${t.model} · ${t.sample.style} · ${reason}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  if (!counts.size) return [];
  return [{ kind: 'h2', text: 'Why trials did not complete' }, { kind: 'table', header: ['agent / model · style · reason', 'trials'], rows: [...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, String(n)]) }];
}

const TOOL_ORDER: string[] = [TOOL.create, TOOL.optimize, TOOL.simulate, TOOL.render, TOOL.convert, TOOL.ask, 'describe_problem', 'list_designs', 'compare_designs'];

function figureBlocks(problem: ProblemId, cs: readonly Cell[], models: readonly string[]): Block[] {
  const ours = cs.filter((c) => c.problem === problem);
  if (!ours.length) return [];
  const tag = problem;
  const seen = new Set(ours.flatMap((c) => c.trials.flatMap((t) => Object.keys(t.score.toolCounts))));
  const tools = [...TOOL_ORDER.filter((t) => seen.has(t) || TOOL_ORDER.indexOf(t) < 6), ...[...seen].filter((t) => !TOOL_ORDER.includes(t)).sort()];
  const heat = heatmap(
    `${PROBLEM_TITLE[problem]}: mean tool calls per trial`,
    ours.map((c) => `${c.model} · ${c.style}`),
    tools,
    ours.map((c) => tools.map((tool) => mean(c.trials.map((t) => t.score.toolCounts[tool] ?? 0)))),
  );
  const styles = STYLES.filter((s) => ours.some((c) => c.style === s));
  const series = models.map((m, i) => ({ label: m, color: PALETTE[i % PALETTE.length], values: styles.map((s) => ours.find((c) => c.style === s && c.model === m)?.trials.map((t) => t.score.co) ?? []) }));
  const scat = scatter(
    `${PROBLEM_TITLE[problem]}: tool calls vs CO`,
    models.map((m, i) => ({ label: m, color: PALETTE[i % PALETTE.length], points: ours.filter((c) => c.model === m).flatMap((c) => c.trials.map((t) => ({ x: t.score.calls, y: t.score.co, title: `${t.trialId}: ${t.score.calls} calls, CO ${t.score.co.toFixed(3)}` }))) })),
    { xLabel: 'tool calls in the trial', yLabel: 'CO' },
  );
  const blocks: Block[] = [
    { kind: 'h2', text: `Figures: ${PROBLEM_TITLE[problem]}` },
    { kind: 'figure', file: `figures/${tag}-tool-heatmap.svg`, svg: heat, caption: 'Tool-calling heatmap (paper Figure 3): mean calls of each tool per trial, per agent/model and style.' },
    { kind: 'figure', file: `figures/${tag}-co-distributions.svg`, svg: distributions(`${PROBLEM_TITLE[problem]}: CO per style`, styles, series, { yLabel: 'CO' }), caption: 'Combined overall score distributions per style (paper Figure 4): box = quartiles, whiskers = range, dots = trials.' },
    { kind: 'figure', file: `figures/${tag}-calls-vs-co.svg`, svg: scat, caption: 'Tool count vs CO per trial (paper Figure 5).' },
  ];
  const byStyle = (s: Style) => ours.filter((c) => c.style === s).flatMap((c) => c.trials);
  const pick = (list: ScoredWorkflowTrial[]) => [...list].sort((a, b) => a.sample.sampleIndex - b.sample.sampleIndex || a.sample.seed - b.sample.seed);
  for (const m of models) {
    const candidates = pick([...byStyle('W-Cond'), ...byStyle('Full'), ...ours.flatMap((c) => c.trials)].filter((t) => t.model === m && t.designs?.agent));
    const t = candidates[0];
    if (!t?.designs?.agent) continue;
    const caption = `Agent design, ground truth and pixelwise difference (paper Figure 2): ${m}, ${t.sample.style}, sample ${t.sample.sampleIndex}, seed ${t.sample.seed}: TC = ${t.score.s_completion.toFixed(1)}, IoU = ${t.score.iou.toFixed(2)}${t.score.failure ? ` (${t.score.failure})` : ''}.`;
    blocks.push({ kind: 'figure', file: `figures/${tag}-design-${m.replace(/[^A-Za-z0-9._-]/g, '_')}.svg`, svg: designFigure(`${m}: ${t.sample.style}`, t.designs.agent, t.designs.groundTruth), caption });
  }
  return blocks;
}

export function workflowReportDoc(trials: readonly ScoredWorkflowTrial[], runs: readonly (Provenance & { dir?: string })[]): ReportDoc {
  const cs = cells(trials);
  const models = [...new Set(trials.map((t) => t.model))].sort();
  const problems = PROBLEMS.filter((p) => trials.some((t) => t.sample.problem === p));
  const blocks: Block[] = [...provenanceBlocks(runs)];
  for (const p of problems.filter((x) => Object.keys(PAPER_TABLES[x]).length)) blocks.push(...paperTable(p, cs, models));
  blocks.push(...subScoreTable(cs), ...failureBlocks(trials));
  for (const p of problems) blocks.push(...figureBlocks(p, cs, models));
  blocks.push(...protocolBlocks(trials));
  blocks.push({ kind: 'h2', text: 'Deviations from the paper (workflow)' }, { kind: 'list', items: [...WORKFLOW_DEVIATIONS] });
  return { title: 'EngiAI workflow benchmark', blocks };
}

export function buildWorkflowReport(trials: readonly ScoredWorkflowTrial[], runs: readonly (Provenance & { dir?: string })[]): { markdown: string; html: string; figures: Figure[] } {
  const doc = workflowReportDoc(trials, runs);
  return { markdown: docMarkdown(doc), html: docHtml(doc), figures: figuresOf(doc) };
}

/** The `--json` object: overall TC and CO and one entry per (problem, style, model) cell. */
export function workflowSummary(trials: readonly ScoredWorkflowTrial[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  const tc = summarize(trials.map(tcOf), 'proportion');
  const co = summarize(trials.map((t) => t.score.co), 'mean');
  return {
    suite: 'workflow',
    models: [...new Set(trials.map((t) => t.model))].sort(),
    n: trials.length,
    tc: tc.mean,
    co: co.mean,
    cells: cells(trials).map(cellSummary),
    ...extra,
  };
}
