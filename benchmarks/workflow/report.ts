/**
 * The workflow report (pure): the paper's Tables 2 and 3 (TC and CO per style × agent/model, mean ±
 * population std as the paper's, with the paper's published values for its four models as reference
 * columns; averages over the paper's styles), every sub-score per cell with intervals (sample std)
 * and pass^k, the composite under alternative weights, failure reasons, the figures (tool-call
 * heatmap, CO distributions per style, tool count vs CO with the CO and DQ lines as in Figure 5,
 * agent design / ground truth / pixel difference as in Figure 2), provenance and the deviations from
 * the paper. Cells (reports/cells.ts) never pool two configurations or paraphrase sets and count each
 * trial id once.
 */
import { cellLabels, duplicateBlocks, duplicateNotes, groupCells, type Cell as GenericCell } from '../reports/cells.ts';
import { docHtml, docMarkdown, figuresOf, provenanceBlocks, type Block, type Figure, type ReportDoc } from '../reports/document.ts';
import { formatSummary, summarize, type Provenance } from '../reports/reportModel.ts';
import { distributions, heatmap, PALETTE, scatter } from '../reports/svgCharts.ts';
import { passHatK } from '../stats/passK.ts';
import { designFigure } from './figures.ts';
import { PAPER_AVERAGES, PAPER_MODELS, PAPER_TABLES, WORKFLOW_DEVIATIONS } from './paperReference.ts';
import { protocolBlocks } from './protocolTable.ts';
import type { ScoredWorkflowTrial } from './rescore.ts';
import { ALTERNATIVE_WEIGHTS, composite } from './scoring/weights.ts';
import { PAPER_STYLES, PROBLEM_TITLE, PROBLEMS, STYLES, TOOL, type ProblemId, type Style } from './styles.ts';

export const SUB_SCORES = ['iou', 'pa', 'obj', 'constr', 'conn', 'wt', 's_design', 's_tool', 's_completion'] as const;

/** A scored trial with the configuration hash of its run (a report over several runs never pools two). */
export type ReportTrial = ScoredWorkflowTrial;

export type Cell = WorkflowCell;
interface WorkflowCell extends GenericCell<ReportTrial> {
  problem: ProblemId;
  style: Style;
}

/**
 * The report's cells: one per problem, style, agent/model, paraphrase set and configuration hash
 * (trials without a hash take `fallbackHash`, the one run's), each trial id once.
 */
export function cells(trials: readonly ReportTrial[], fallbackHash = 'unknown'): Cell[] {
  const cs = groupCells(trials, (t) => ({ problem: t.sample.problem, style: t.sample.style, agent: t.model, configHash: t.configHash ?? fallbackHash, promptSet: t.sample.set }), (t) => t.trialId) as Cell[];
  const rank = (c: Cell) => PROBLEMS.indexOf(c.problem) * 100 + STYLES.indexOf(c.style);
  return cs.sort((a, b) => rank(a) - rank(b) || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
}

const values = (c: Cell, f: (t: ScoredWorkflowTrial) => number) => c.trials.map(f);
const tcOf = (t: ScoredWorkflowTrial) => t.score.s_completion;
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);

/** pass^k over seeds: a task is a (problem, style, sample); k = the fewest seeds any task has (each trial id once). */
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
    model: c.agent,
    label: c.label,
    paraphrases: c.promptSet,
    configHash: c.configHash,
    n: c.trials.length,
    ...(c.duplicates.length ? { duplicates_dropped: c.duplicates.length } : {}),
    tc: tc.mean,
    tc_std: tc.std,
    tc_pop_std: tc.popStd,
    tc_ci95: [tc.lo, tc.hi],
    co: co.mean,
    co_std: co.std,
    co_pop_std: co.popStd,
    co_ci95: [co.lo, co.hi],
    ...Object.fromEntries(SUB_SCORES.map((k) => [k, mean(values(c, (t) => t.score[k]))])),
    [`pass_hat_${pk.k}`]: pk.value,
    calls: mean(values(c, (t) => t.score.calls)),
    tokens: mean(values(c, (t) => t.tokens)),
    cost_usd: mean(values(c, (t) => t.costUsd)),
  };
}

const pm = (m: number, s: number) => (Number.isFinite(m) ? `${m.toFixed(2)} ± ${s.toFixed(2)}` : '–');

/** Mean TC and CO of a label's cells over the given styles (NaN where it ran none of them). */
function averageOver(cs: readonly Cell[], label: string, styles: readonly Style[]): [number, number] {
  const mc = cs.filter((c) => c.label === label && styles.includes(c.style));
  return [mean(mc.map((c) => mean(values(c, tcOf)))), mean(mc.map((c) => mean(values(c, (t) => t.score.co))))];
}

function paperTable(problem: ProblemId, cs: readonly Cell[]): Block[] {
  const ours = cs.filter((c) => c.problem === problem);
  const labels = cellLabels(ours);
  const paper = PAPER_TABLES[problem] ?? {};
  const paperStyles = PAPER_STYLES[problem] ?? [];
  const styles = STYLES.filter((s) => ours.some((c) => c.style === s) || paper[s]);
  const header = ['Style', ...labels.flatMap((m) => [`${m} TC`, `${m} CO`]), ...PAPER_MODELS.flatMap((m) => [`${m} TC (paper)`, `${m} CO (paper)`])];
  const rows = styles.map((style) => {
    const mine = labels.flatMap((m) => {
      const c = ours.find((x) => x.style === style && x.label === m);
      if (!c) return ['–', '–'];
      const tc = summarize(values(c, tcOf), 'proportion');
      const co = summarize(values(c, (t) => t.score.co), 'mean');
      return [pm(tc.mean, tc.popStd), pm(co.mean, co.popStd)];
    });
    const ref = PAPER_MODELS.flatMap((_, i) => (paper[style] ? [pm(paper[style]![i][0], paper[style]![i][1]), pm(paper[style]![i][2], paper[style]![i][3])] : ['–', '–']));
    return [style, ...mine, ...ref];
  });
  const f2 = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '–');
  const avg = labels.flatMap((m) => averageOver(ours, m, paperStyles).map(f2));
  const paperAvg = (PAPER_AVERAGES[problem] ?? []).flatMap(([tc, co]) => [tc.toFixed(2), co.toFixed(2)]);
  const allPaper = paperStyles.length === STYLES.length;
  rows.push([allPaper ? 'Average' : `Average (paper's styles: ${paperStyles.join(', ')})`, ...avg, ...paperAvg]);
  const extra = STYLES.filter((s) => !paperStyles.includes(s) && ours.some((c) => c.style === s));
  if (extra.length) rows.push(['Average (every style run here)', ...labels.flatMap((m) => averageOver(ours, m, STYLES).map(f2)), ...PAPER_MODELS.flatMap(() => ['–', '–'])]);
  const table = problem === 'beams2d' ? 'Table 2' : 'Table 3';
  return [
    { kind: 'h2', text: `${table}: workflow results for ${PROBLEM_TITLE[problem]} (mean ± population std)` },
    {
      kind: 'table',
      header,
      rows,
      caption:
        'TC = task completion rate, CO = combined overall score; ± is the population std (n in the denominator), as in the paper (its 0.93 ± 0.25 for 14 of 15 runs is √(p(1 − p))). ' +
        "Columns marked (paper) are the EngiAI paper's published values for its four models (reference, not run here). " +
        `The Average row is over the paper's styles only (${paperStyles.join(', ')}), as the paper's is${extra.length ? '; the row after it covers every style run here' : ''}. ` +
        'A column is one agent/model under one configuration wherever two of its runs cover the same style (labelled with the paraphrase set or the configuration hash).',
    },
  ];
}

function subScoreTable(cs: readonly Cell[]): Block[] {
  const header = ['Problem', 'Style', 'Agent / model', 'config', 'n', 'TC ± sample std [Wilson 95 %]', 'CO ± sample std [bootstrap 95 %]', 'pass^k', 'IoU', 'PA', 'Obj', 'Constr', 'Conn', 'WT', 'S_design', 'S_tool', 'S_completion', 'calls'];
  const rows = cs.map((c) => {
    const pk = passK(c);
    return [
      PROBLEM_TITLE[c.problem],
      c.style,
      c.label,
      `${c.configHash.slice(0, 12)}${c.promptSet && c.promptSet !== 'main' ? ` (${c.promptSet})` : ''}`,
      String(c.trials.length),
      formatSummary(summarize(values(c, tcOf), 'proportion')),
      formatSummary(summarize(values(c, (t) => t.score.co), 'mean')),
      `${Number.isFinite(pk.value) ? pk.value.toFixed(2) : '–'} (k = ${pk.k})`,
      ...SUB_SCORES.map((k) => mean(values(c, (t) => t.score[k])).toFixed(3)),
      mean(values(c, (t) => t.score.calls)).toFixed(1),
    ];
  });
  const alt = Object.entries(ALTERNATIVE_WEIGHTS);
  const altRows = cs.map((c) => [PROBLEM_TITLE[c.problem], c.style, c.label, mean(values(c, (t) => t.score.co)).toFixed(3), ...alt.map(([, w]) => mean(values(c, (t) => composite(w, { design: t.score.s_design, tool: t.score.s_tool, completion: t.score.s_completion }))).toFixed(3))]);
  return [
    { kind: 'h2', text: 'Every sub-score per cell (Appendix A)' },
    { kind: 'table', header, rows, caption: 'Means per cell; ± is the sample std (n − 1); TC with a Wilson interval, CO with a seeded bootstrap interval; pass^k: the chance that all k seeds of a dataset sample complete (each trial id counted once). A cell is one agent/model, paraphrase set and configuration (config = its hash).' },
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

/** The trials Figure 5 plots: the paper's is W-Rand; without W-Rand trials, every trial. */
function figure5Trials(ours: readonly Cell[]): { style: string; cells: Cell[] } {
  const wrand = ours.filter((c) => c.style === 'W-Rand');
  return wrand.length ? { style: 'W-Rand', cells: wrand } : { style: 'every style', cells: [...ours] };
}

/** Mean of y per distinct x (x ascending): the lines of Figure 5. */
function meanLine(points: readonly { x: number; y: number }[]): { x: number; y: number }[] {
  const by = new Map<number, number[]>();
  for (const p of points) by.set(p.x, [...(by.get(p.x) ?? []), p.y]);
  return [...by].sort((a, b) => a[0] - b[0]).map(([x, ys]) => ({ x, y: mean(ys) }));
}

function figureBlocks(problem: ProblemId, cs: readonly Cell[]): Block[] {
  const ours = cs.filter((c) => c.problem === problem);
  if (!ours.length) return [];
  const labels = cellLabels(ours);
  const tag = problem;
  const seen = new Set(ours.flatMap((c) => c.trials.flatMap((t) => Object.keys(t.score.toolCounts))));
  const tools = [...TOOL_ORDER.filter((t) => seen.has(t) || TOOL_ORDER.indexOf(t) < 6), ...[...seen].filter((t) => !TOOL_ORDER.includes(t)).sort()];
  const heat = heatmap(
    `${PROBLEM_TITLE[problem]}: mean tool calls per trial`,
    ours.map((c) => `${c.label} · ${c.style}`),
    tools,
    ours.map((c) => tools.map((tool) => mean(c.trials.map((t) => t.score.toolCounts[tool] ?? 0)))),
  );
  const styles = STYLES.filter((s) => ours.some((c) => c.style === s));
  const series = labels.map((m, i) => ({ label: m, color: PALETTE[i % PALETTE.length], values: styles.map((s) => ours.find((c) => c.style === s && c.label === m)?.trials.map((t) => t.score.co) ?? []) }));
  const f5 = figure5Trials(ours);
  const f5trials = f5.cells.flatMap((c) => c.trials);
  const scat = scatter(
    `${PROBLEM_TITLE[problem]} ${f5.style}: tool calls vs CO and DQ`,
    labels.map((m, i) => ({ label: m, color: PALETTE[i % PALETTE.length], points: f5.cells.filter((c) => c.label === m).flatMap((c) => c.trials.map((t) => ({ x: t.score.calls, y: t.score.co, title: `${t.trialId}: ${t.score.calls} calls, CO ${t.score.co.toFixed(3)}, DQ ${t.score.s_design.toFixed(3)}` }))) })),
    {
      xLabel: 'tool calls in the trial',
      yLabel: 'score',
      lines: [
        { label: 'CO (mean per call count)', color: '#222', points: meanLine(f5trials.map((t) => ({ x: t.score.calls, y: t.score.co }))) },
        { label: 'DQ = S_design (mean per call count)', color: '#222', dashed: true, points: meanLine(f5trials.map((t) => ({ x: t.score.calls, y: t.score.s_design }))) },
      ],
    },
  );
  const blocks: Block[] = [
    { kind: 'h2', text: `Figures: ${PROBLEM_TITLE[problem]}` },
    { kind: 'figure', file: `figures/${tag}-tool-heatmap.svg`, svg: heat, caption: 'Tool-calling heatmap (paper Figure 3): mean calls of each tool per trial, per agent/model and style.' },
    { kind: 'figure', file: `figures/${tag}-co-distributions.svg`, svg: distributions(`${PROBLEM_TITLE[problem]}: CO per style`, styles, series, { yLabel: 'CO' }), caption: 'Combined overall score distributions per style (paper Figure 4): box = quartiles, whiskers = range, dots = trials.' },
    {
      kind: 'figure',
      file: `figures/${tag}-calls-vs-co.svg`,
      svg: scat,
      caption: `Tool count vs performance (paper Figure 5), ${f5.style} trials: dots = CO per trial; solid line = mean CO per tool count; dashed line = mean design quality DQ (S_design) per tool count. Extra calls lower CO through S_tool; DQ shows whether they changed the design.`,
    },
  ];
  const byStyle = (s: Style) => ours.filter((c) => c.style === s).flatMap((c) => c.trials);
  const pick = (list: ScoredWorkflowTrial[]) => [...list].sort((a, b) => a.sample.sampleIndex - b.sample.sampleIndex || a.sample.seed - b.sample.seed);
  for (const m of labels) {
    const mine = new Set(ours.filter((c) => c.label === m).flatMap((c) => c.trials));
    const candidates = pick([...byStyle('W-Cond'), ...byStyle('Full'), ...ours.flatMap((c) => c.trials)].filter((t) => mine.has(t) && t.designs?.agent));
    const t = candidates[0];
    if (!t?.designs?.agent) continue;
    const caption = `Agent design, ground truth and pixelwise difference (paper Figure 2): ${m}, ${t.sample.style}, sample ${t.sample.sampleIndex}, seed ${t.sample.seed}: TC = ${t.score.s_completion.toFixed(1)}, IoU = ${t.score.iou.toFixed(2)}${t.score.failure ? ` (${t.score.failure})` : ''}.`;
    blocks.push({ kind: 'figure', file: `figures/${tag}-design-${m.replace(/[^A-Za-z0-9._-]/g, '_')}.svg`, svg: designFigure(`${m}: ${t.sample.style}`, t.designs.agent, t.designs.groundTruth), caption });
  }
  return blocks;
}

/** The one hash trials without their own take: the run's, when the report covers one run. */
const fallbackHash = (runs: readonly Provenance[]) => (runs.length === 1 ? runs[0].configHash : 'unknown');

export function workflowReportDoc(trials: readonly ReportTrial[], runs: readonly (Provenance & { dir?: string })[]): ReportDoc {
  const cs = cells(trials, fallbackHash(runs));
  const problems = PROBLEMS.filter((p) => trials.some((t) => t.sample.problem === p));
  const blocks: Block[] = [...provenanceBlocks(runs)];
  for (const p of problems.filter((x) => Object.keys(PAPER_TABLES[x] ?? {}).length)) blocks.push(...paperTable(p, cs));
  blocks.push(...subScoreTable(cs), ...failureBlocks(trials));
  blocks.push(...duplicateBlocks(duplicateNotes(cs)));
  for (const p of problems) blocks.push(...figureBlocks(p, cs));
  blocks.push(...protocolBlocks(trials));
  blocks.push({ kind: 'h2', text: 'Deviations from the paper (workflow)' }, { kind: 'list', items: [...WORKFLOW_DEVIATIONS] });
  return { title: 'EngiAI workflow benchmark', blocks };
}

export function buildWorkflowReport(trials: readonly ReportTrial[], runs: readonly (Provenance & { dir?: string })[]): { markdown: string; html: string; figures: Figure[] } {
  const doc = workflowReportDoc(trials, runs);
  return { markdown: docMarkdown(doc), html: docHtml(doc), figures: figuresOf(doc) };
}

/**
 * The `--json` object: overall TC and CO and one entry per (problem, style, model, paraphrase set,
 * configuration) cell; trials without their own hash take `extra.configHash` (one run's).
 */
export function workflowSummary(trials: readonly ReportTrial[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  const cs = cells(trials, typeof extra.configHash === 'string' ? extra.configHash : 'unknown');
  const counted = cs.flatMap((c) => c.trials);
  const tc = summarize(counted.map(tcOf), 'proportion');
  const co = summarize(counted.map((t) => t.score.co), 'mean');
  return {
    suite: 'workflow',
    models: [...new Set(trials.map((t) => t.model))].sort(),
    n: counted.length,
    tc: tc.mean,
    co: co.mean,
    cells: cs.map(cellSummary),
    ...extra,
  };
}
