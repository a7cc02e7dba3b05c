/**
 * Scoring a run directory of one suite from its traces (no model calls): each finished trace's
 * sample and tool calls go through the suite's pure scorer, then scores.jsonl, summary.json and the
 * report (Markdown, HTML, SVG figures) are written beside the traces. The RAG and HPC suites are
 * this plus their own definition (`SuiteScoring`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../tools/errors.ts';
import { modelUsage, traceCalls, type TraceCall } from '../agents/traceCalls.ts';
import { docHtml, docMarkdown, figuresOf, provenanceBlocks, type Block } from '../reports/document.ts';
import { eventsOf, readTraceDir, type Trace, type TraceEvent } from '../trace/index.ts';
import { runProvenance } from './runProvenance.ts';

export interface ScoredTrial<S, Sc> {
  trialId: string;
  model: string;
  sample: S;
  score: Sc;
  tokens: number;
}

/** What a suite adds to the shared scoring: its sample schema, scorer, report blocks and summary. */
export interface SuiteScoring<S, Sc> {
  suite: string;
  title: string;
  sampleSchema: { parse(value: unknown): S };
  /** The trial's score from its sample, its specialists' tool calls and (for scorers that read message texts) its events. */
  score(sample: S, calls: readonly TraceCall[], events: readonly TraceEvent[]): Sc;
  blocks(trials: readonly ScoredTrial<S, Sc>[]): Block[];
  summary(trials: readonly ScoredTrial<S, Sc>[], extra: Record<string, unknown>): Record<string, unknown>;
  /** The columns a row of scores.jsonl names its trial by (besides trialId, model and the score). */
  rowKey(sample: S): Record<string, unknown>;
  /** Report sections read from the traces themselves (e.g. the HPC suite's trained-model metrics). */
  traceBlocks?(traces: readonly Trace[]): Block[];
}

export interface ScoreDirResult<S, Sc> {
  summary: Record<string, unknown>;
  trials: ScoredTrial<S, Sc>[];
  failed: number;
  files: { scores: string; summary: string; markdown: string; html: string };
}

export function scoreTraces<S, Sc>(def: SuiteScoring<S, Sc>, traces: readonly Trace[]): { trials: ScoredTrial<S, Sc>[]; failed: number } {
  const trials: ScoredTrial<S, Sc>[] = [];
  let failed = 0;
  for (const t of traces) {
    if (t.end.status !== 'ok') {
      failed++;
      continue;
    }
    const sample = def.sampleSchema.parse((eventsOf(t, 'sample').at(-1) as { sample?: unknown } | undefined)?.sample);
    trials.push({ trialId: t.header.trialId, model: t.header.model, sample, score: def.score(sample, traceCalls(t.events), t.events), tokens: modelUsage(t.events).tokens });
  }
  return { trials, failed };
}

export function scoreSuiteDir<S, Sc>(def: SuiteScoring<S, Sc>, dir: string): ScoreDirResult<S, Sc> {
  const traces = readTraceDir(dir).filter((t) => t.header.suite === def.suite);
  if (!traces.length) throw new InputError(`no ${def.suite} traces in ${dir}`, { field: 'dir' });
  const { trials, failed } = scoreTraces(def, traces);
  const prov = runProvenance(dir, def.suite, traces, failed);
  const doc = { title: def.title, blocks: [...provenanceBlocks([prov]), ...def.blocks(trials), ...(def.traceBlocks?.(traces) ?? [])] };
  const files = { scores: join(dir, 'scores.jsonl'), summary: join(dir, 'summary.json'), markdown: join(dir, 'report.md'), html: join(dir, 'report.html') };
  const summary = def.summary(trials, { dir, configHash: prov.configHash, failed });
  writeFileSync(files.scores, trials.map((t) => JSON.stringify({ trialId: t.trialId, model: t.model, ...def.rowKey(t.sample), ...t.score })).join('\n') + '\n');
  writeFileSync(files.summary, JSON.stringify(summary, null, 2) + '\n');
  mkdirSync(join(dir, 'figures'), { recursive: true });
  for (const f of figuresOf(doc)) writeFileSync(join(dir, f.file), f.svg);
  writeFileSync(files.markdown, docMarkdown(doc));
  writeFileSync(files.html, docHtml(doc));
  return { summary, trials, failed, files };
}
