/**
 * The reasoning suite's report and summary (pure), shaped like the papers' tables: final-answer
 * accuracy and Step F1 (with precision and recall) overall and per branch, domain, difficulty and
 * template; with a judge, the recovered F1 and the error-category counts by branch and difficulty.
 */
import type { CountTable, GroupSpec, MetricSpec, Provenance, ReportSpec, ScoredTrial } from '../reports/index.ts';
import { groupRows, summarize } from '../reports/index.ts';
import { DIFFICULTIES } from './schema.ts';
import { ERROR_CATEGORIES } from './scoring/judge.ts';
import { recoveredF1 } from './scoring/scoreTrial.ts';
import type { ScoredReasoningTrial } from './traceScoring.ts';

const BASE_METRICS: MetricSpec[] = [
  { key: 'accuracy', label: 'Final-answer accuracy', kind: 'proportion', percent: true },
  { key: 'step_f1', label: 'Step F1', kind: 'mean', percent: true },
  { key: 'step_precision', label: 'Step precision', kind: 'mean', percent: true },
  { key: 'step_recall', label: 'Step recall', kind: 'mean', percent: true },
];
const MAX_METRIC: MetricSpec = { key: 'step_f1_max', label: 'Step F1 (EngChain max)', kind: 'mean', percent: true };
const REC_METRIC: MetricSpec = { key: 'f1_rec', label: 'Recovered F1 (judge)', kind: 'mean', percent: true };

const GROUPS: GroupSpec[] = [
  { key: '', label: 'Overall' },
  { key: 'branch', label: 'By branch' },
  { key: 'domain', label: 'By domain' },
  { key: 'difficulty', label: 'By difficulty', order: [...DIFFICULTIES] },
  { key: 'source', label: 'By ground-truth source' },
  { key: 'template', label: 'By template' },
];

const CATEGORY_COLUMNS = [...ERROR_CATEGORIES, 'Analysis Failed'];

export function toScoredTrials(trials: readonly ScoredReasoningTrial[]): ScoredTrial[] {
  return trials.map((t) => ({
    id: t.trialId,
    tags: { branch: t.sample.branch, domain: t.sample.domain, difficulty: t.sample.difficulty, template: t.sample.templateId, source: t.sample.source, model: t.model },
    metrics: {
      accuracy: t.score.answerCorrect ? 1 : 0,
      step_f1: t.score.f1,
      step_precision: t.score.precision,
      step_recall: t.score.recall,
      step_f1_max: t.score.f1Max,
      f1_rec: recoveredF1(t.score),
    },
  }));
}

function categoryTable(title: string, rowLabel: string, trials: readonly ScoredReasoningTrial[], key: (t: ScoredReasoningTrial) => string): CountTable {
  const rows = new Map<string, number[]>();
  for (const t of trials) {
    for (const v of t.score.judge?.verdicts ?? []) {
      const counts = rows.get(key(t)) ?? CATEGORY_COLUMNS.map(() => 0);
      counts[CATEGORY_COLUMNS.indexOf(v.category)]++;
      rows.set(key(t), counts);
    }
  }
  return { title, rowLabel, columns: CATEGORY_COLUMNS, rows: [...rows.keys()].sort().map((label) => ({ label, counts: rows.get(label)! })) };
}

export function reasoningReportSpec(trials: readonly ScoredReasoningTrial[], provenance: Provenance, judged: boolean): ReportSpec {
  const notes = [
    'Final answer correct when within 1 % relative error (after unit conversion); a step matches when its result is within 2 % and S_sem·S_num ≥ τ; precision, recall and F1 use an optimal one-to-one alignment.',
    `Semantic score: ${[...new Set(trials.map((t) => `${t.score.semantic} (τ = ${t.score.tau})`))].join(', ') || '–'}.`,
  ];
  if (judged) notes.push('Recovered F1: pairs the judge classed "Alternative Correct" count as matches (EngTrace tier 2); chains with a correct answer and ≥ 80 % step recall are accepted at tier 1 without a judge call.');
  return {
    title: 'EngiAI reasoning benchmark',
    metrics: [...BASE_METRICS, MAX_METRIC, ...(judged ? [REC_METRIC] : [])],
    groups: GROUPS,
    provenance,
    countTables: judged
      ? [categoryTable('Judge error categories by branch', 'Branch', trials, (t) => t.sample.branch), categoryTable('Judge error categories by difficulty', 'Difficulty', trials, (t) => t.sample.difficulty)]
      : [],
    notes,
  };
}

type Row = Record<string, number>;

function rowsBy(scored: readonly ScoredTrial[], key: string, metrics: readonly MetricSpec[]): Record<string, Row> {
  const out: Record<string, Row> = {};
  for (const r of groupRows(scored, GROUPS.find((g) => g.key === key) ?? { key, label: key }, metrics)) {
    out[r.group] = { n: r.n, ...Object.fromEntries(metrics.map((m) => [m.key, r.metrics[m.key].mean])) };
  }
  return out;
}

/** The `--json` object: headline numbers plus per-branch, per-domain and per-difficulty means. */
export function reasoningSummary(trials: readonly ScoredReasoningTrial[], spec: ReportSpec, extra: Record<string, unknown> = {}, scored: readonly ScoredTrial[] = toScoredTrials(trials)): Record<string, unknown> {
  const mean = (key: string) => summarize(scored.map((t) => t.metrics[key]).filter((v): v is number => typeof v === 'number'), 'mean').mean;
  const acc = summarize(scored.map((t) => t.metrics.accuracy as number), 'proportion');
  const templates = new Set(trials.map((t) => t.sample.templateId));
  const judged = spec.metrics.some((m) => m.key === 'f1_rec');
  return {
    suite: 'reasoning',
    templates: templates.size,
    instances: trials.length,
    instances_per_template: templates.size ? trials.length / templates.size : 0,
    failed: spec.provenance.failed,
    accuracy: acc.mean,
    accuracy_ci95: [acc.lo, acc.hi],
    step_f1: mean('step_f1'),
    step_precision: mean('step_precision'),
    step_recall: mean('step_recall'),
    step_f1_max: mean('step_f1_max'),
    ...(judged ? { f1_rec: mean('f1_rec') } : {}),
    semantic: [...new Set(trials.map((t) => t.score.semantic))],
    by_branch: rowsBy(scored, 'branch', spec.metrics),
    by_domain: rowsBy(scored, 'domain', spec.metrics),
    by_difficulty: rowsBy(scored, 'difficulty', spec.metrics),
    ...extra,
  };
}
