/**
 * The HPC report (pure): step completion per style × agent/model (the share of trials completing
 * each of the four steps, paper §4's HPC results), S_HPC mean ± std, configuration and metric
 * extraction, a step-completion bar chart, and the deviations from the paper.
 */
import type { Block } from '../reports/document.ts';
import { summarize } from '../reports/reportModel.ts';
import { groupedBars } from '../reports/svgBars.ts';
import { PALETTE } from '../reports/svgCharts.ts';
import { HPC_STEPS, HPC_STYLES } from './prompts.ts';
import type { ScoredHpcTrial } from './rescore.ts';

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);

export const HPC_DEVIATIONS = [
  'Prompts: the paper\'s prompt texts were lost from our copy; ours follow its two formats (explicit steps with tool names; a plain-language goal) and name the executor.',
  'Monitoring counts as complete when a wait_for_job or job_status call reports the job finished (a status call on a running job does not complete the step).',
  'n_metrics counts IOG, COG, FOG, MMD, DPP and the violation ratio (also "viol" or "rvc") found with numeric values anywhere in evaluate_model\'s result.',
];

function cellsOf(trials: readonly ScoredHpcTrial[]) {
  const models = [...new Set(trials.map((t) => t.model))].sort();
  return models.flatMap((m) => HPC_STYLES.map((s) => ({ model: m, style: s, trials: trials.filter((t) => t.model === m && t.sample.style === s) })).filter((c) => c.trials.length));
}

export function hpcBlocks(trials: readonly ScoredHpcTrial[]): Block[] {
  const cs = cellsOf(trials);
  const rows = cs.map((c) => {
    const s = summarize(c.trials.map((t) => t.score.s_hpc), 'mean');
    return [
      c.model,
      c.style,
      String(c.trials.length),
      ...HPC_STEPS.map((st) => mean(c.trials.map((t) => t.score.steps[st.step])).toFixed(2)),
      mean(c.trials.map((t) => t.score.c_config)).toFixed(2),
      mean(c.trials.map((t) => t.score.n_metrics)).toFixed(1),
      `${s.mean.toFixed(2)} ± ${s.std.toFixed(2)}`,
    ];
  });
  const series = cs.map((c, i) => ({ label: `${c.model} · ${c.style}`, color: PALETTE[i % PALETTE.length], values: HPC_STEPS.map((st) => mean(c.trials.map((t) => t.score.steps[st.step]))) }));
  return [
    { kind: 'h2', text: 'HPC: step completion per style' },
    { kind: 'table', header: ['agent / model', 'style', 'n', ...HPC_STEPS.map((s) => `${s.step} (share)`), 'c_config', 'n_metrics', 'S_HPC (mean ± sample std)'], rows, caption: 'S_HPC = w_step·n_completed/4 + w_config·c_config + w_eval·min(1, n_metrics/6), weights 0.70/0.15/0.15 (paper Appendix A.3).' },
    { kind: 'figure', file: 'figures/hpc-steps.svg', svg: groupedBars('HPC step completion', HPC_STEPS.map((s) => s.step), series), caption: 'Share of trials completing each step, per agent/model and style.' },
    { kind: 'h2', text: 'Deviations from the paper (HPC)' },
    { kind: 'list', items: HPC_DEVIATIONS },
  ];
}

export function hpcSummary(trials: readonly ScoredHpcTrial[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    suite: 'hpc',
    n: trials.length,
    s_hpc: mean(trials.map((t) => t.score.s_hpc)),
    cells: cellsOf(trials).map((c) => ({
      model: c.model,
      style: c.style,
      n: c.trials.length,
      s_hpc: mean(c.trials.map((t) => t.score.s_hpc)),
      ...Object.fromEntries(HPC_STEPS.map((s) => [s.step, mean(c.trials.map((t) => t.score.steps[s.step]))])),
      c_config: mean(c.trials.map((t) => t.score.c_config)),
      n_metrics: mean(c.trials.map((t) => t.score.n_metrics)),
    })),
    ...extra,
  };
}
