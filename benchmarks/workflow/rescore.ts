/**
 * `engiai bench score DIR` for the workflow suite, and the last stage of every run: read the traces,
 * score each (pure scorer; the ground-truth design comes from the on-disk cache, recomputed by the
 * same dataset code when missing), and write scores.jsonl, summary.json and the report next to them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Design } from '../../tools/engineering/problem.ts';
import { getProblem } from '../../tools/engineering/registry.ts';
import { InputError } from '../../tools/errors.ts';
import { readTraceDir, type Trace } from '../trace/index.ts';
import { runProvenance } from '../runner/runProvenance.ts';
import { cachedGroundTruthDesign, groundTruth } from './dataset.ts';
import { buildWorkflowReport, workflowSummary } from './report.ts';
import type { StlArgs } from './schema.ts';
import { scoreWorkflowTrial, type WorkflowScore } from './scoring/scoreTrial.ts';
import { readWorkflowTrace, type TraceView } from './scoring/traceView.ts';

export const WORKFLOW_SUITE = 'workflow';

export interface ScoredWorkflowTrial {
  trialId: string;
  model: string;
  sample: TraceView['sample'];
  score: WorkflowScore;
  tokens: number;
  costUsd: number;
  modelCalls: number;
  durationMs: number;
  /** The agent's and the ground-truth design (for the Figure 2 panels). */
  designs?: { agent?: Design; groundTruth: Design };
}

export interface WorkflowScoreDirResult {
  summary: Record<string, unknown>;
  trials: ScoredWorkflowTrial[];
  failed: number;
  files: { scores: string; summary: string; markdown: string; html: string };
}

async function watertight(design: Design, a: StlArgs): Promise<boolean> {
  const { exportStl } = await import('../../tools/engineering/export/stl.ts');
  return (await exportStl(design, { threshold: a.threshold, scaleXy: a.scale_xy, scaleZ: a.scale_z, mirrorY: a.mirror_y })).watertight;
}

/** Scores one trial's view: the problem, the cached ground truth (recomputed when missing) and the pure scorer. */
export async function scoreView(view: TraceView, home: string): Promise<{ score: WorkflowScore; groundTruth: Design }> {
  const problem = await getProblem(view.sample.problem);
  const trueConfig = problem.resolveConfig({ ...view.sample.conditions, ...view.sample.config });
  const gt = cachedGroundTruthDesign(home, problem.id, view.sample.groundTruth.key) ?? (await groundTruth(home, problem, trueConfig)).design;
  return { score: await scoreWorkflowTrial(view, { problem, groundTruth: gt, watertight }), groundTruth: gt };
}

/** Scores workflow traces (failed traces are counted, not scored). */
export async function scoreWorkflowTraces(traces: readonly Trace[], home: string): Promise<{ trials: ScoredWorkflowTrial[]; failed: number }> {
  const trials: ScoredWorkflowTrial[] = [];
  let failed = 0;
  for (const trace of traces) {
    if (trace.end.status !== 'ok') {
      failed++;
      continue;
    }
    const view = readWorkflowTrace(trace);
    const { score, groundTruth: gt } = await scoreView(view, home);
    const opt = view.calls.filter((c) => c.ok && c.name === 'optimize_design').at(-1);
    trials.push({
      trialId: trace.header.trialId,
      model: trace.header.model,
      sample: view.sample,
      score,
      tokens: view.inputTokens + view.outputTokens,
      costUsd: view.costUsd,
      modelCalls: view.modelCalls,
      durationMs: view.durationMs,
      designs: { agent: opt ? view.designs.get(String(opt.result?.design_id))?.design : undefined, groundTruth: gt },
    });
  }
  return { trials, failed };
}

export async function scoreWorkflowDir(dir: string, opts: { home: string }): Promise<WorkflowScoreDirResult> {
  const traces = readTraceDir(dir).filter((t) => t.header.suite === WORKFLOW_SUITE);
  if (!traces.length) throw new InputError(`no ${WORKFLOW_SUITE} traces in ${dir}`, { field: 'dir' });
  const { trials, failed } = await scoreWorkflowTraces(traces, opts.home);
  const provenance = runProvenance(dir, WORKFLOW_SUITE, traces, failed);
  const report = buildWorkflowReport(trials, [provenance]);
  const summary = workflowSummary(trials, { dir, configHash: provenance.configHash, failed });
  const files = { scores: join(dir, 'scores.jsonl'), summary: join(dir, 'summary.json'), markdown: join(dir, 'report.md'), html: join(dir, 'report.html') };
  writeFileSync(files.scores, trials.map((t) => JSON.stringify({ trialId: t.trialId, model: t.model, problem: t.sample.problem, style: t.sample.style, sampleIndex: t.sample.sampleIndex, seed: t.sample.seed, ...t.score })).join('\n') + '\n');
  writeFileSync(files.summary, JSON.stringify(summary, null, 2) + '\n');
  mkdirSync(join(dir, 'figures'), { recursive: true });
  for (const f of report.figures) writeFileSync(join(dir, f.file), f.svg);
  writeFileSync(files.markdown, report.markdown);
  writeFileSync(files.html, report.html);
  return { summary, trials, failed, files };
}
