/** Scoring an HPC run directory from its traces (no model calls) and writing its scores and report. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../tools/errors.ts';
import { modelUsage, traceCalls } from '../agents/traceCalls.ts';
import { docHtml, docMarkdown, figuresOf, provenanceBlocks } from '../reports/document.ts';
import { runProvenance } from '../runner/runProvenance.ts';
import { eventsOf, readTraceDir, type Trace } from '../trace/index.ts';
import { hpcBlocks, hpcSummary } from './report.ts';
import { hpcSampleSchema, type HpcSample } from './schema.ts';
import { scoreHpc, type HpcScore } from './scoring/scoreHpc.ts';

export const HPC_SUITE = 'hpc';
export const HPC_VERSION = 1;

export interface ScoredHpcTrial {
  trialId: string;
  model: string;
  sample: HpcSample;
  score: HpcScore;
  tokens: number;
}

export interface HpcScoreDirResult {
  summary: Record<string, unknown>;
  trials: ScoredHpcTrial[];
  failed: number;
  files: { scores: string; summary: string; markdown: string; html: string };
}

export function scoreHpcTraces(traces: readonly Trace[]): { trials: ScoredHpcTrial[]; failed: number } {
  const trials: ScoredHpcTrial[] = [];
  let failed = 0;
  for (const t of traces) {
    if (t.end.status !== 'ok') {
      failed++;
      continue;
    }
    const sample = hpcSampleSchema.parse((eventsOf(t, 'sample').at(-1) as { sample?: unknown } | undefined)?.sample);
    trials.push({ trialId: t.header.trialId, model: t.header.model, sample, score: scoreHpc(sample, traceCalls(t.events)), tokens: modelUsage(t.events).tokens });
  }
  return { trials, failed };
}

export function scoreHpcDir(dir: string): HpcScoreDirResult {
  const traces = readTraceDir(dir).filter((t) => t.header.suite === HPC_SUITE);
  if (!traces.length) throw new InputError(`no ${HPC_SUITE} traces in ${dir}`, { field: 'dir' });
  const { trials, failed } = scoreHpcTraces(traces);
  const prov = runProvenance(dir, HPC_SUITE, traces, failed);
  const doc = { title: 'EngiAI HPC benchmark', blocks: [...provenanceBlocks([prov]), ...hpcBlocks(trials)] };
  const files = { scores: join(dir, 'scores.jsonl'), summary: join(dir, 'summary.json'), markdown: join(dir, 'report.md'), html: join(dir, 'report.html') };
  const summary = hpcSummary(trials, { dir, configHash: prov.configHash, failed });
  writeFileSync(files.scores, trials.map((t) => JSON.stringify({ trialId: t.trialId, model: t.model, style: t.sample.style, seed: t.sample.expected.seed, ...t.score })).join('\n') + '\n');
  writeFileSync(files.summary, JSON.stringify(summary, null, 2) + '\n');
  mkdirSync(join(dir, 'figures'), { recursive: true });
  for (const f of figuresOf(doc)) writeFileSync(join(dir, f.file), f.svg);
  writeFileSync(files.markdown, docMarkdown(doc));
  writeFileSync(files.html, docHtml(doc));
  return { summary, trials, failed, files };
}
