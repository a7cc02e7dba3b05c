/**
 * `engiai bench score DIR [--protocol paper|engiai]` for the workflow suite, and the last stage of
 * every run: read the traces, score each under both protocols (pure scorers; the ground-truth design
 * comes from the on-disk cache, recomputed by the same dataset code when missing), and write
 * scores.jsonl (each row: the chosen protocol's score at the top level, both under `paper` and
 * `engiai`), summary.json and the report next to them. Without --protocol a trial is reported under
 * the protocol it was run under.
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
import { protocolCells } from './protocolTable.ts';
import type { Protocol } from './protocol.ts';
import { scorePaperTrial } from './scoring/paperScore.ts';
import { scoreWorkflowTrial, type WorkflowScore } from './scoring/scoreTrial.ts';
import { readWorkflowTrace, type TraceView } from './scoring/traceView.ts';

export const WORKFLOW_SUITE = 'workflow';

export interface ScoredWorkflowTrial {
  trialId: string;
  model: string;
  sample: TraceView['sample'];
  /** The score under the protocol reported (`scoredUnder`). */
  score: WorkflowScore;
  /** The score under each protocol. */
  scores: Record<Protocol, WorkflowScore>;
  scoredUnder: Protocol;
  configHash: string;
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

/** Scores one trial's view under both protocols: the problem, the cached ground truth (recomputed when missing) and the pure scorers; `score` is the run protocol's. */
export async function scoreView(view: TraceView, home: string): Promise<{ score: WorkflowScore; scores: Record<Protocol, WorkflowScore>; groundTruth: Design }> {
  const problem = await getProblem(view.sample.problem);
  const trueConfig = problem.resolveConfig({ ...view.sample.conditions, ...view.sample.config });
  const gt = cachedGroundTruthDesign(home, problem.id, view.sample.groundTruth.key) ?? (await groundTruth(home, problem, trueConfig)).design;
  const scores = { paper: scorePaperTrial(view, { problem, groundTruth: gt }), engiai: await scoreWorkflowTrial(view, { problem, groundTruth: gt, watertight }) };
  return { score: scores[view.sample.protocol], scores, groundTruth: gt };
}

/** Scores workflow traces (failed traces are counted, not scored). */
export async function scoreWorkflowTraces(traces: readonly Trace[], home: string, protocol?: Protocol): Promise<{ trials: ScoredWorkflowTrial[]; failed: number }> {
  const trials: ScoredWorkflowTrial[] = [];
  let failed = 0;
  for (const trace of traces) {
    if (trace.end.status !== 'ok') {
      failed++;
      continue;
    }
    const view = readWorkflowTrace(trace);
    const { scores, groundTruth: gt } = await scoreView(view, home);
    const opt = view.calls.filter((c) => c.ok && c.name === 'optimize_design').at(-1);
    const scoredUnder = protocol ?? view.sample.protocol;
    trials.push({
      trialId: trace.header.trialId,
      model: trace.header.model,
      sample: view.sample,
      score: scores[scoredUnder],
      scores,
      scoredUnder,
      configHash: trace.header.configHash,
      tokens: view.inputTokens + view.outputTokens,
      costUsd: view.costUsd,
      modelCalls: view.modelCalls,
      durationMs: view.durationMs,
      designs: { agent: opt ? view.designs.get(String(opt.result?.design_id))?.design : undefined, groundTruth: gt },
    });
  }
  return { trials, failed };
}

const withoutCounts = ({ toolCounts: _, ...rest }: WorkflowScore) => rest;

export async function scoreWorkflowDir(dir: string, opts: { home: string; protocol?: Protocol }): Promise<WorkflowScoreDirResult> {
  const traces = readTraceDir(dir).filter((t) => t.header.suite === WORKFLOW_SUITE);
  if (!traces.length) throw new InputError(`no ${WORKFLOW_SUITE} traces in ${dir}`, { field: 'dir' });
  const { trials, failed } = await scoreWorkflowTraces(traces, opts.home, opts.protocol);
  const provenance = runProvenance(dir, WORKFLOW_SUITE, traces, failed);
  const report = buildWorkflowReport(trials, [provenance]);
  const base = workflowSummary(trials, { dir, configHash: provenance.configHash, failed });
  const runProtocols = [...new Set(trials.map((t) => t.sample.protocol))];
  const summary = { ...base, protocol: runProtocols.length === 1 ? runProtocols[0] : runProtocols, scoredUnder: opts.protocol ?? 'run protocol', cells: protocolCells(trials, base.cells as Record<string, unknown>[]) };
  const files = { scores: join(dir, 'scores.jsonl'), summary: join(dir, 'summary.json'), markdown: join(dir, 'report.md'), html: join(dir, 'report.html') };
  const row = (t: ScoredWorkflowTrial) => ({
    trialId: t.trialId,
    model: t.model,
    problem: t.sample.problem,
    style: t.sample.style,
    sampleIndex: t.sample.sampleIndex,
    seed: t.sample.seed,
    protocol: t.sample.protocol,
    scoredUnder: t.scoredUnder,
    configHash: t.configHash,
    ...t.score,
    paper: withoutCounts(t.scores.paper),
    engiai: withoutCounts(t.scores.engiai),
  });
  writeFileSync(files.scores, trials.map((t) => JSON.stringify(row(t))).join('\n') + '\n');
  writeFileSync(files.summary, JSON.stringify(summary, null, 2) + '\n');
  mkdirSync(join(dir, 'figures'), { recursive: true });
  for (const f of report.figures) writeFileSync(join(dir, f.file), f.svg);
  writeFileSync(files.markdown, report.markdown);
  writeFileSync(files.html, report.html);
  return { summary, trials, failed, files };
}
