/**
 * The suites behind `engiai bench score | compare | report`, by the name a run directory's run.json
 * gives: how to re-score a run from its traces, its trials as paired metrics for a comparison, and
 * its part of a combined report. Modules load lazily (the reasoning suite needs no agents layer).
 */
import { createHash } from 'node:crypto';
import { InputError } from '../tools/errors.ts';
import type { PairedTrial } from './compare.ts';
import type { Block } from './reports/document.ts';
import type { Provenance } from './reports/reportModel.ts';
import { readManifest } from './runner/runConfig.ts';
import { runProvenance } from './runner/runProvenance.ts';
import { readTraceDir } from './trace/index.ts';

export interface ScoredRun {
  summary: Record<string, unknown>;
  files: { summary: string; markdown: string; html: string };
}

export interface SuiteAdapter {
  name: string;
  /** Metrics `bench compare` pairs (0/1 metrics get discordant counts). */
  metrics: string[];
  /** `options.protocol`: the workflow suite's scoring protocol (`bench score --protocol`). */
  scoreDir(dir: string, home: string, options?: { protocol?: string }): Promise<ScoredRun>;
  paired(dir: string, home: string): Promise<PairedTrial[]>;
  /**
   * This suite's sections of a combined report over several runs, the figures they carry, and its
   * cells (never pooling two configurations; each trial id once) for `bench report --json`.
   */
  report(dirs: readonly string[], home: string): Promise<{ blocks: Block[]; runs: (Provenance & { dir: string })[]; cells?: Record<string, unknown>[] }>;
}

const hash = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex').slice(0, 16);

const workflow: SuiteAdapter = {
  name: 'workflow',
  metrics: ['tc', 'co', 's_design', 's_tool'],
  async scoreDir(dir, home, options) {
    const { scoreWorkflowDir } = await import('./workflow/index.ts');
    const { parseProtocol } = await import('./workflow/protocol.ts');
    return scoreWorkflowDir(dir, { home, protocol: options?.protocol === undefined ? undefined : parseProtocol(options.protocol) });
  },
  async paired(dir, home) {
    const { scoreWorkflowTraces } = await import('./workflow/index.ts');
    const { trials } = await scoreWorkflowTraces(readTraceDir(dir).filter((t) => t.header.suite === 'workflow'), home);
    return trials.map((t) => ({
      trialId: t.trialId,
      group: `${t.sample.problem} ${t.sample.style}`,
      sampleKey: hash([t.sample.prompt, t.sample.groundTruth.key]),
      metrics: { tc: t.score.s_completion, co: t.score.co, s_design: t.score.s_design, s_tool: t.score.s_tool },
    }));
  },
  async report(dirs, home) {
    const { protocolCells, scoreWorkflowTraces } = await import('./workflow/index.ts');
    const { workflowReportDoc, workflowSummary } = await import('./workflow/report.ts');
    const all = [];
    const runs = [];
    for (const dir of dirs) {
      const traces = readTraceDir(dir).filter((t) => t.header.suite === 'workflow');
      const { trials, failed } = await scoreWorkflowTraces(traces, home);
      const prov = runProvenance(dir, 'workflow', traces, failed);
      // each trial keeps its run's configuration: the report's cells never pool two
      all.push(...trials.map((t) => ({ ...t, configHash: prov.configHash })));
      runs.push(prov);
    }
    const doc = workflowReportDoc(all, runs);
    // the same cells as `bench workflow --json`: each with both protocols' scores (paper, engiai)
    return { blocks: doc.blocks.slice(2), runs, cells: protocolCells(all, workflowSummary(all).cells as Record<string, unknown>[]) };
  },
};

const reasoning: SuiteAdapter = {
  name: 'reasoning',
  metrics: ['accuracy', 'step_f1'],
  async scoreDir(dir) {
    const { scoreRunDir } = await import('./reasoning/index.ts');
    return scoreRunDir(dir);
  },
  async paired(dir) {
    const { scoreRunDir } = await import('./reasoning/index.ts');
    return scoreRunDir(dir).trials.map((t) => ({ trialId: t.trialId, group: t.sample.branch, sampleKey: hash(t.sample.question), metrics: { accuracy: t.score.answerCorrect ? 1 : 0, step_f1: t.score.f1 } }));
  },
  async report(dirs) {
    const { scoreRunDir } = await import('./reasoning/index.ts');
    const rows: string[][] = [];
    const runs = [];
    for (const dir of dirs) {
      const r = scoreRunDir(dir);
      const traces = readTraceDir(dir).filter((t) => t.header.suite === 'reasoning');
      runs.push(runProvenance(dir, 'reasoning', traces, Number(r.summary.failed ?? 0)));
      rows.push([dir, String(r.summary.instances), Number(r.summary.accuracy).toFixed(3), Number(r.summary.step_f1).toFixed(3), r.files.html]);
    }
    return { blocks: [{ kind: 'h2', text: 'Reasoning benchmark' }, { kind: 'table', header: ['run', 'instances', 'accuracy', 'step F1', 'full report'], rows }], runs };
  },
};

const ADAPTERS: Record<string, SuiteAdapter> = { workflow, reasoning };

export function registerSuite(adapter: SuiteAdapter): void {
  ADAPTERS[adapter.name] = adapter;
}

export async function suiteOf(dir: string): Promise<SuiteAdapter> {
  const manifest = readManifest(dir);
  if (!manifest) throw new InputError(`${dir} is not a benchmark run directory (no run.json)`, { field: 'dir', hint: 'pass a folder written by engiai bench <suite>' });
  await loadOptionalSuites();
  const adapter = ADAPTERS[manifest.suite];
  if (!adapter) throw new InputError(`bench does not know the "${manifest.suite}" suite`, { field: 'dir' });
  return adapter;
}

let optionalLoaded = false;
/** The RAG and HPC suites register themselves (they need the agents layer). */
async function loadOptionalSuites(): Promise<void> {
  if (optionalLoaded) return;
  optionalLoaded = true;
  for (const load of [() => import('./rag/adapter.ts'), () => import('./hpc/adapter.ts')]) registerSuite((await load()).adapter);
}

export async function allSuites(): Promise<SuiteAdapter[]> {
  await loadOptionalSuites();
  return Object.values(ADAPTERS);
}
