/**
 * The HPC report (pure): per agent/model × style × protocol × cluster (and run configuration),
 * step completion, configuration and metric extraction, S_HPC under both protocols side by side
 * with their measured difference, the paper protocol's TC, S_tool and CO, a step-completion bar
 * chart, where the jobs ran (executor and cluster), and the deviations from the paper.
 */
import type { Block } from '../reports/document.ts';
import { groupedBars } from '../reports/svgBars.ts';
import { PALETTE } from '../reports/svgCharts.ts';
import { mean, meanPm, signedDiff } from '../agents/cellStats.ts';
import { HPC_STEPS, HPC_STYLES } from './prompts.ts';
import type { ScoredHpcTrial } from './rescore.ts';

export const HPC_DEVIATIONS = [
  "Prompts: the paper's prompt texts were lost from our copy. Under the paper protocol ours follow the reference's generator (gioelemo/EngiAI-Public hpc_train_beams2d/generate_prompts.py @77fbb8a2: a four-step list ending \"Complete all steps in order. Do not ask for clarification.\", evaluation on 50 samples; one natural paragraph) with our tool names; under engiai they are our own and name the executor.",
  'Tools: ours are generate_slurm_script, submit_job, wait_for_job / job_status and evaluate_model; the paper-protocol scorer counts them where the reference counts generate_training_command, submit_slurm_job, monitor_job_until_complete and evaluate_model (job_status, like get_slurm_job_status, is not a monitor step there).',
  'Training: our native cGAN / diffusion trainer and EngiOpt-style evaluation (tools/generative) on a generated Beams2D dataset, on the local executor or a SLURM cluster over SSH; the reference trains EngiOpt models on Euler (rtx_4090, 45 min) and pulls them from W&B.',
  'Scoring, engiai protocol (stricter than the reference): a step needs a successful call (monitoring: a status reporting the job finished); the configuration is the last successful generate\'s; metrics are the numeric fields of evaluate_model\'s results. Paper protocol: a step is any call, any generate call with the right arguments counts, and metrics are "NAME: number" found in any message text (the agent\'s own words included), as the reference does.',
  'The paper protocol also scores TC (all four steps called), S_tool = matched/max(4, calls) and CO = 0.60·S_HPC + 0.20·TC + 0.20·S_tool per trial, as the reference does; the paper reports none of them for HPC.',
];

export type HpcReportTrial = ScoredHpcTrial & { configHash?: string };

interface Cell {
  model: string;
  style: string;
  protocol: string;
  executor: string;
  cluster: string;
  configHash?: string;
  trials: HpcReportTrial[];
}

function cellsOf(trials: readonly HpcReportTrial[]): Cell[] {
  const cells = new Map<string, Cell>();
  const order = (s: string) => HPC_STYLES.indexOf(s as (typeof HPC_STYLES)[number]);
  for (const t of [...trials].sort((a, b) => a.model.localeCompare(b.model) || order(a.sample.style) - order(b.sample.style))) {
    const c = { model: t.model, style: t.sample.style, protocol: t.sample.protocol, executor: t.sample.executor, cluster: t.sample.cluster ?? '(not recorded)', configHash: t.configHash };
    const key = JSON.stringify(c);
    if (!cells.has(key)) cells.set(key, { ...c, trials: [] });
    cells.get(key)!.trials.push(t);
  }
  return [...cells.values()];
}

export function hpcBlocks(trials: readonly HpcReportTrial[]): Block[] {
  const cs = cellsOf(trials);
  const where = [...new Set(cs.map((c) => `${c.executor} executor, cluster ${c.cluster}`))];
  const rows = cs.map((c) => {
    const e = c.trials.map((t) => t.score.engiai);
    const p = c.trials.map((t) => t.score.paper);
    return [
      c.model,
      c.style,
      c.protocol,
      String(c.trials.length),
      ...HPC_STEPS.map((st) => `${mean(e.map((x) => x.steps[st.step])).toFixed(2)} / ${mean(p.map((x) => x.steps[st.step])).toFixed(2)}`),
      `${mean(e.map((x) => x.c_config)).toFixed(2)} / ${mean(p.map((x) => x.c_config)).toFixed(2)}`,
      `${mean(e.map((x) => x.n_metrics)).toFixed(1)} / ${mean(p.map((x) => x.n_metrics)).toFixed(1)}`,
      meanPm(e.map((x) => x.s_hpc), 'sample'),
      meanPm(p.map((x) => x.s_hpc), 'population'),
      signedDiff(mean(p.map((x) => x.s_hpc)), mean(e.map((x) => x.s_hpc))),
      mean(p.map((x) => x.tc)).toFixed(2),
      mean(p.map((x) => x.co)).toFixed(2),
    ];
  });
  const series = cs.map((c, i) => ({ label: `${c.model} · ${c.style}`, color: PALETTE[i % PALETTE.length], values: HPC_STEPS.map((st) => mean(c.trials.map((t) => t.score.engiai.steps[st.step]))) }));
  return [
    { kind: 'h2', text: 'HPC: step completion per style, both protocols' },
    { kind: 'p', text: `Jobs ran on: ${where.join('; ') || '–'}.` },
    {
      kind: 'table',
      header: ['agent / model', 'style', 'prompts', 'n', ...HPC_STEPS.map((s) => `${s.step} (engiai / paper)`), 'c_config (e / p)', 'n_metrics (e / p)', 'S_HPC engiai (mean ± sample std)', 'S_HPC paper (mean ± population std)', 'paper − engiai', 'TC paper', 'CO paper'],
      rows,
      caption:
        'S_HPC = w_step·n_completed/4 + w_config·c_config + w_eval·min(1, n_metrics/6), weights 0.70/0.15/0.15 (paper Appendix A.3), scored from the same traces under the engiai and the paper protocol. "prompts" is the protocol whose prompt texts the trials had.',
    },
    { kind: 'figure', file: 'figures/hpc-steps.svg', svg: groupedBars('HPC step completion (engiai protocol)', HPC_STEPS.map((s) => s.step), series), caption: 'Share of trials completing each step (successful call; monitoring: job finished), per agent/model and style.' },
    { kind: 'h2', text: 'Deviations from the paper (HPC)' },
    { kind: 'list', items: HPC_DEVIATIONS },
  ];
}

function protocolCell(scores: readonly (Record<string, unknown> & { steps: Record<string, number> })[], keys: readonly string[]): Record<string, number> {
  return {
    ...Object.fromEntries(keys.map((k) => [k, mean(scores.map((s) => Number(s[k])))])),
    ...Object.fromEntries(HPC_STEPS.map((st) => [st.step, mean(scores.map((s) => s.steps[st.step]))])),
  };
}

export function hpcSummary(trials: readonly HpcReportTrial[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    suite: 'hpc',
    n: trials.length,
    s_hpc: mean(trials.map((t) => t.score.s_hpc)),
    cells: cellsOf(trials).map((c) => ({
      problem: c.trials[0].sample.expected.problem,
      model: c.model,
      style: c.style,
      protocol: c.protocol,
      executor: c.executor,
      cluster: c.cluster,
      configHash: c.configHash ?? extra.configHash,
      n: c.trials.length,
      s_hpc: mean(c.trials.map((t) => t.score.s_hpc)),
      ...Object.fromEntries(HPC_STEPS.map((s) => [s.step, mean(c.trials.map((t) => t.score.steps[s.step]))])),
      c_config: mean(c.trials.map((t) => t.score.c_config)),
      n_metrics: mean(c.trials.map((t) => t.score.n_metrics)),
      paper: protocolCell(c.trials.map((t) => t.score.paper as unknown as Record<string, unknown> & { steps: Record<string, number> }), ['s_hpc', 'tc', 's_tool', 'co', 'c_config', 'n_metrics']),
      engiai: protocolCell(c.trials.map((t) => t.score.engiai as unknown as Record<string, unknown> & { steps: Record<string, number> }), ['s_hpc', 'tc', 'c_config', 'n_metrics']),
    })),
    ...extra,
  };
}
