/** Scoring a RAG run directory from its traces (no model calls) and writing its scores and report. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../tools/errors.ts';
import { modelUsage, traceCalls } from '../agents/traceCalls.ts';
import { docHtml, docMarkdown, figuresOf, provenanceBlocks } from '../reports/document.ts';
import { runProvenance } from '../runner/runProvenance.ts';
import { eventsOf, readTraceDir, type Trace } from '../trace/index.ts';
import { ragBlocks, ragSummary } from './report.ts';
import { ragSampleSchema, type RagSample } from './schema.ts';
import { scoreRag, type RagScore } from './scoring/scoreRag.ts';

export const RAG_SUITE = 'rag';
export const RAG_VERSION = 1;

export interface ScoredRagTrial {
  trialId: string;
  model: string;
  sample: RagSample;
  score: RagScore;
  tokens: number;
}

export interface RagScoreDirResult {
  summary: Record<string, unknown>;
  trials: ScoredRagTrial[];
  failed: number;
  files: { scores: string; summary: string; markdown: string; html: string };
}

export function scoreRagTraces(traces: readonly Trace[]): { trials: ScoredRagTrial[]; failed: number } {
  const trials: ScoredRagTrial[] = [];
  let failed = 0;
  for (const t of traces) {
    if (t.end.status !== 'ok') {
      failed++;
      continue;
    }
    const sample = ragSampleSchema.parse((eventsOf(t, 'sample').at(-1) as { sample?: unknown } | undefined)?.sample);
    trials.push({ trialId: t.header.trialId, model: t.header.model, sample, score: scoreRag(sample, traceCalls(t.events)), tokens: modelUsage(t.events).tokens });
  }
  return { trials, failed };
}

export function scoreRagDir(dir: string): RagScoreDirResult {
  const traces = readTraceDir(dir).filter((t) => t.header.suite === RAG_SUITE);
  if (!traces.length) throw new InputError(`no ${RAG_SUITE} traces in ${dir}`, { field: 'dir' });
  const { trials, failed } = scoreRagTraces(traces);
  const prov = runProvenance(dir, RAG_SUITE, traces, failed);
  const doc = { title: 'EngiAI RAG benchmark', blocks: [...provenanceBlocks([prov]), ...ragBlocks(trials)] };
  const files = { scores: join(dir, 'scores.jsonl'), summary: join(dir, 'summary.json'), markdown: join(dir, 'report.md'), html: join(dir, 'report.html') };
  const summary = ragSummary(trials, { dir, configHash: prov.configHash, failed });
  writeFileSync(files.scores, trials.map((t) => JSON.stringify({ trialId: t.trialId, model: t.model, prompt: t.sample.prompt, condition: t.sample.condition, seed: t.sample.seed, ...t.score })).join('\n') + '\n');
  writeFileSync(files.summary, JSON.stringify(summary, null, 2) + '\n');
  mkdirSync(join(dir, 'figures'), { recursive: true });
  for (const f of figuresOf(doc)) writeFileSync(join(dir, f.file), f.svg);
  writeFileSync(files.markdown, docMarkdown(doc));
  writeFileSync(files.html, docHtml(doc));
  return { summary, trials, failed, files };
}
