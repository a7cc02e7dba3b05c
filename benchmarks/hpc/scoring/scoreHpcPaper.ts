/**
 * S_HPC under the paper protocol: the reference's HPC workflow scorer (gioelemo/EngiAI-Public
 * benchmarks/shared/scorers/hpc_workflow_scorer.py, as its tests at 77fbb8a2 pin it), restated on
 * our tool names, pure. Differences from the engiai scorer (scoreHpc.ts), all the reference's:
 *  - a step counts when its tool was CALLED, successful or not: generate_slurm_script
 *    (generate_training_command), submit_job (submit_slurm_job), wait_for_job
 *    (monitor_job_until_complete; job_status, like get_slurm_job_status, does not count), evaluate_model;
 *  - c_config: ANY generate call whose arguments (top level or a nested `cfg`) match seed, epochs,
 *    algorithm (absent = cgan) and problem (absent = beams2d);
 *  - n_metrics: IOG, COG, FOG, MMD, DPP and viol found as `NAME: number`, `NAME=number`,
 *    `'NAME': number` or `"NAME": number` (names case-sensitive, first occurrence) in ANY message
 *    text — the prompt, every tool result, the specialists' and the supervisor's answers — so
 *    metrics the agent merely writes count;
 *  - per trial TC = all four steps called, S_tool = matched/max(4, actual calls) and
 *    CO = 0.60·S_HPC + 0.20·TC + 0.20·S_tool.
 */
import type { TraceCall } from '../../agents/traceCalls.ts';
import { eventsOf, type Trace, type TraceEvent } from '../../trace/index.ts';
import { HPC_STEPS } from '../prompts.ts';
import type { HpcSample } from '../schema.ts';
import { hpcWeights } from './scoreHpc.ts';

export interface HpcPaperScore {
  s_hpc: number;
  tc: number;
  s_tool: number;
  co: number;
  steps: Record<string, number>;
  n_completed: number;
  c_config: number;
  n_metrics: number;
  weights: { step: number; config: number; eval: number };
}

/** Our tool that stands for each reference step tool. */
export const PAPER_STEP_TOOL: Record<(typeof HPC_STEPS)[number]['step'], string> = {
  generate: 'generate_slurm_script',
  submit: 'submit_job',
  monitor: 'wait_for_job',
  evaluate: 'evaluate_model',
};

export const PAPER_METRIC_NAMES = ['IOG', 'COG', 'FOG', 'MMD', 'DPP', 'viol'] as const;
const NUMBER = '(-?[0-9]+\\.?[0-9]*(?:[eE][+-]?[0-9]+)?)';

/** The metrics found in message texts, first occurrence of each name (the reference's extraction). */
export function paperMetrics(texts: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const text of texts) {
    for (const name of PAPER_METRIC_NAMES) {
      if (name in out || !text.includes(name)) continue;
      for (const re of [new RegExp(`${name}\\s*[:=]\\s*${NUMBER}`), new RegExp(`'${name}'\\s*:\\s*${NUMBER}`), new RegExp(`"${name}"\\s*:\\s*${NUMBER}`)]) {
        const m = re.exec(text);
        if (m) {
          out[name] = Number(m[1]);
          break;
        }
      }
    }
  }
  return out;
}

/** Every message text of a trial in order: the prompt, tool results, hand-backs, the final answer. */
export function messageTexts(sample: { text: string }, events: readonly TraceEvent[]): string[] {
  const trace = { events } as unknown as Trace;
  const texts = [sample.text];
  for (const e of events) {
    const x = e as unknown as Record<string, unknown>;
    if (x.type === 'tool_result') texts.push(JSON.stringify(x.result ?? {}));
    else if (x.type === 'handback' && typeof x.summary === 'string') texts.push(x.summary);
  }
  const answer = (eventsOf(trace, 'turn').at(-1) as { answer?: unknown } | undefined)?.answer;
  if (typeof answer === 'string') texts.push(answer);
  return texts;
}

function configMatches(args: Record<string, unknown>, e: HpcSample['expected']): boolean {
  const cfg = (args.cfg && typeof args.cfg === 'object' ? args.cfg : args) as Record<string, unknown>;
  const algo = String(cfg.algo ?? cfg.algorithm ?? 'cgan').toLowerCase();
  const problem = String(cfg.problem ?? cfg.problem_id ?? 'beams2d').toLowerCase();
  return cfg.seed === e.seed && cfg.epochs === e.epochs && algo === e.algorithm && problem === e.problem.toLowerCase();
}

export function scoreHpcPaper(sample: HpcSample, calls: readonly TraceCall[], events: readonly TraceEvent[]): HpcPaperScore {
  const called = (name: string) => calls.some((c) => c.name === name);
  const steps: Record<string, number> = {};
  for (const s of HPC_STEPS) steps[s.step] = called(PAPER_STEP_TOOL[s.step]) ? 1 : 0;
  const n_completed = Object.values(steps).reduce((a, b) => a + b, 0);
  const c_config = calls.some((c) => c.name === PAPER_STEP_TOOL.generate && configMatches(c.args, sample.expected)) ? 1 : 0;
  const n_metrics = Object.keys(paperMetrics(messageTexts(sample, events))).length;
  const weights = hpcWeights(called(PAPER_STEP_TOOL.generate), called(PAPER_STEP_TOOL.evaluate));
  const s_hpc = (weights.step * n_completed) / 4 + weights.config * c_config + weights.eval * Math.min(1, n_metrics / 6);
  const optimal = Object.values(PAPER_STEP_TOOL);
  const matched = optimal.filter((t) => called(t)).length;
  const s_tool = calls.length || matched ? matched / Math.max(optimal.length, calls.length) : 0;
  const tc = n_completed === 4 ? 1 : 0;
  return { s_hpc, tc, s_tool, co: 0.6 * s_hpc + 0.2 * tc + 0.2 * s_tool, steps, n_completed, c_config, n_metrics, weights };
}
