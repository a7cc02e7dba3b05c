/**
 * `engiai bench score DIR` for the reasoning suite, and the last stage of every run: read the
 * traces of a run directory, score them (pure), write scores.jsonl, summary.json, report.md and
 * report.html next to them. Reads nothing but the directory.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderHtml, renderMarkdown, type Provenance } from '../reports/index.ts';
import { readManifest } from '../runner/runConfig.ts';
import { readTraceDir, type Trace } from '../trace/index.ts';
import { InputError } from '../../tools/errors.ts';
import { reasoningReportSpec, reasoningSummary, toScoredTrials } from './report.ts';
import { scoreReasoningTrace, type RescoreOptions, type ScoredReasoningTrial } from './traceScoring.ts';

export const SUITE = 'reasoning';

export interface ScoreDirResult {
  summary: Record<string, unknown>;
  trials: ScoredReasoningTrial[];
  files: { scores: string; summary: string; markdown: string; html: string };
}

function provenanceOf(dir: string, traces: readonly Trace[], failed: number): Provenance {
  const manifest = readManifest(dir);
  const first = traces[0]?.header;
  return {
    suite: SUITE,
    suiteVersion: first?.suiteVersion ?? manifest?.suiteVersion ?? 0,
    configHash: manifest?.configHash ?? first?.configHash ?? 'unknown',
    gitSha: first?.gitSha ?? manifest?.gitSha ?? 'unknown',
    gitDirty: traces.some((t) => t.header.gitDirty),
    models: [...new Set(traces.map((t) => t.header.model))].sort(),
    seeds: [...new Set(traces.map((t) => t.header.seed))],
    traces: traces.length,
    failed,
    config: manifest?.config,
  };
}

export function scoreRunDir(dir: string, options: RescoreOptions = {}, extra: Record<string, unknown> = {}): ScoreDirResult {
  const traces = readTraceDir(dir).filter((t) => t.header.suite === SUITE);
  if (!traces.length) throw new InputError(`no ${SUITE} traces in ${dir}`, { field: 'dir' });
  const trials: ScoredReasoningTrial[] = [];
  let failed = 0;
  for (const t of traces) {
    const scored = scoreReasoningTrace(t, options);
    if (scored) trials.push(scored);
    else failed++;
  }
  const judged = traces.some((t) => t.events.some((e) => e.type === 'judge'));
  const spec = reasoningReportSpec(trials, provenanceOf(dir, traces, failed), judged);
  const scored = toScoredTrials(trials);
  const summary = reasoningSummary(trials, spec, { dir, configHash: spec.provenance.configHash, ...extra }, scored);
  const files = { scores: join(dir, 'scores.jsonl'), summary: join(dir, 'summary.json'), markdown: join(dir, 'report.md'), html: join(dir, 'report.html') };
  writeFileSync(files.scores, trials.map((t) => JSON.stringify({ trialId: t.trialId, sampleId: t.sample.id, ...t.score })).join('\n') + '\n');
  writeFileSync(files.summary, JSON.stringify(summary, null, 2) + '\n');
  writeFileSync(files.markdown, renderMarkdown(spec, scored));
  writeFileSync(files.html, renderHtml(spec, scored));
  return { summary, trials, files };
}
