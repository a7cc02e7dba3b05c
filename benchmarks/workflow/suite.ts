/**
 * Running the workflow suite (benchmarks.md §2): dataset samples with cached ground truth, one
 * prompt per style × problem × sample × seed, and for each one trial through the shared runner —
 * the agent under test (a scripted agent or a model on the real supervisor graph) takes one turn,
 * its events and the designs it stored go to the trace — then the run directory is scored.
 * Task = dataset + agent + scorers, generation and scoring apart.
 */
import { join } from 'node:path';
import { engineeringContext } from '../../tools/engineering/context.ts';
import { InputError } from '../../tools/errors.ts';
import { openAgentHarness, type AgentHarness } from '../agents/agentSession.ts';
import { configHash } from '../runner/runConfig.ts';
import { runTrials, type RunResult, type TrialContext } from '../runner/runTrials.ts';
import type { SuiteRunOptions } from '../runner/suiteRunOptions.ts';
import { isWorkflowAgent, workflowPolicy, WORKFLOW_AGENTS } from './agents/policies.ts';
import { datasetSamples, WORKFLOW_DATASET_VERSION } from './dataset.ts';
import { PRESETS, type PresetName } from './presets.ts';
import { DEFAULT_PROTOCOL, PROTOCOLS, type Protocol } from './protocol.ts';
import { scoreView, scoreWorkflowDir, WORKFLOW_SUITE, type WorkflowScoreDirResult } from './rescore.ts';
import { buildSample } from './samples.ts';
import type { WorkflowSample } from './schema.ts';
import type { WorkflowScore } from './scoring/scoreTrial.ts';
import { encodeDesign, readWorkflowEvents } from './scoring/traceView.ts';
import type { TraceEvent } from '../trace/index.ts';
import { DEFAULT_PROBLEMS, DEFAULT_STYLES, SUPPORTED_STYLES, TOOL, type ProblemId, type Style } from './styles.ts';
import type { ParaphraseSet } from './templates/styleTemplates.ts';

export interface WorkflowRunOptions extends SuiteRunOptions {
  /** Styles to run on every selected problem (default: the paper's selection per problem). */
  styles?: Style[];
  problems?: ProblemId[];
  samples: number;
  seeds: number[];
  paraphrases?: ParaphraseSet;
  preset?: PresetName;
  /** The run protocol (prompts, sampling, seeds): protocol.ts; default paper. Both protocols score every trial. */
  protocol?: Protocol;
  onGroundTruth?(problem: string, done: number, total: number, cached: boolean): void;
  /** A finished trial's score, as it finishes (the progress bar's running TC). */
  onScored?(id: string, score: WorkflowScore): void;
}

export interface WorkflowRunResult extends WorkflowScoreDirResult {
  run: RunResult;
  timings: { groundTruthMs: number; runMs: number; scoreMs: number };
}

/** The (problem, style) cells of a run. */
export function cellsOf(options: Pick<WorkflowRunOptions, 'styles' | 'problems'>): [ProblemId, Style][] {
  const problems = options.problems?.length ? options.problems : [...DEFAULT_PROBLEMS];
  return problems.flatMap((p) => (options.styles?.length ? options.styles : DEFAULT_STYLES[p]).map((s): [ProblemId, Style] => [p, s]));
}

/** The configuration that is hashed: everything that changes the traces. */
export function workflowRunConfig(options: WorkflowRunOptions): Record<string, unknown> {
  const preset = options.preset ?? 'paper';
  return {
    suite: WORKFLOW_SUITE,
    datasetVersion: WORKFLOW_DATASET_VERSION,
    protocol: options.protocol ?? DEFAULT_PROTOCOL,
    cells: cellsOf(options).map(([p, s]) => `${p}:${s}`),
    samples: options.samples,
    seeds: options.seeds,
    paraphrases: options.paraphrases ?? 'main',
    preset,
    solver: PRESETS[preset],
    agent: options.agent ?? options.model,
    extraTools: options.extraTools ?? 0,
    ...(options.model && options.model !== 'offline' ? { temperature: options.config.model.temperature, modelSeed: options.config.model.seed } : {}),
  };
}

function validate(options: WorkflowRunOptions): void {
  if (!!options.agent === !!options.model) throw new InputError('give exactly one of --agent and --model', { field: 'agent', hint: `scripted agents: ${WORKFLOW_AGENTS.join(', ')}` });
  if (options.agent && !isWorkflowAgent(options.agent)) throw new InputError(`unknown agent "${options.agent}"`, { field: 'agent', hint: `one of ${WORKFLOW_AGENTS.join(', ')}` });
  if (!options.seeds.length || options.seeds.some((s) => !Number.isInteger(s) || s < 0)) throw new InputError('--seeds must list non-negative integers', { field: 'seeds' });
  if (options.protocol && !PROTOCOLS.includes(options.protocol)) throw new InputError(`unknown protocol "${options.protocol}"`, { field: 'protocol', hint: PROTOCOLS.join(', ') });
  if (options.preset && !(options.preset in PRESETS)) throw new InputError(`unknown preset "${options.preset}"`, { field: 'preset', hint: Object.keys(PRESETS).join(', ') });
  for (const [p, s] of cellsOf(options)) if (!SUPPORTED_STYLES[p].includes(s)) throw new InputError(`${p} has no ${s} prompts`, { field: 'style', hint: `${p} runs ${SUPPORTED_STYLES[p].join(', ')}` });
  const extra = options.extraTools ?? 0;
  if (!Number.isInteger(extra) || extra < 0 || extra > 200) throw new InputError(`--extra-tools must be an integer in [0, 200], got ${extra}`, { field: 'extra-tools' });
}

export async function runWorkflow(options: WorkflowRunOptions): Promise<WorkflowRunResult> {
  validate(options);
  const cells = cellsOf(options);
  const t0 = performance.now();
  const protocol = options.protocol ?? DEFAULT_PROTOCOL;
  const bySample = new Map<string, WorkflowSample>();
  for (const problem of [...new Set(cells.map(([p]) => p))]) {
    const draw = (drawSeed?: number) =>
      datasetSamples({ home: options.config.home, problem, samples: options.samples, preset: options.preset ?? 'paper', drawSeed, onGroundTruth: (d, t, c) => options.onGroundTruth?.(problem, d, t, c) });
    // engiai: the same rows for every seed; paper: each seed draws its own rows, with replacement
    const fixed = protocol === 'engiai' ? await draw() : undefined;
    for (const seed of options.seeds) {
      const rows = fixed ?? (await draw(seed));
      for (const [, style] of cells.filter(([p]) => p === problem)) {
        for (const row of rows) {
          const s = buildSample(row, style, options.paraphrases ?? 'main', seed, protocol);
          bySample.set(s.id, s);
        }
      }
    }
  }
  const groundTruthMs = performance.now() - t0;
  const config = workflowRunConfig(options);
  const hash = configHash(config);
  const dir = options.out ?? join(options.config.home, 'bench', WORKFLOW_SUITE, hash);
  const agentName = options.agent ?? options.model!;
  const harness = await openAgentHarness({
    config: options.config,
    agent: { name: agentName, policy: options.agent && isWorkflowAgent(options.agent) ? workflowPolicy(options.agent) : undefined, model: options.model, chatModel: options.chatModel },
    extraTools: options.extraTools,
  });
  const store = engineeringContext(options.config.home).store;
  const samples = [...bySample.values()];
  options.onStart?.(samples.length, dir);
  try {
    const run = await runTrials({
      dir,
      suite: WORKFLOW_SUITE,
      suiteVersion: WORKFLOW_DATASET_VERSION,
      model: agentName,
      config,
      trials: samples.map((s) => ({ id: s.id, sampleId: `${s.problem}#${s.row.id}`, seed: s.seed })),
      // two trials in flight: the optimizer runs on a worker thread, so both cores work
      concurrency: options.concurrency ?? 2,
      resume: options.resume,
      signal: options.signal,
      onTrial: (t, status) => options.onTrial?.(t.id, status),
      execute: async (trial, ctx) => {
        const events = await executeTrial(bySample.get(trial.id)!, ctx, harness, store, hash);
        if (options.onScored) options.onScored(trial.id, (await scoreView(readWorkflowEvents(events, trial.id, 0), options.config.home)).score);
      },
    });
    const t1 = performance.now();
    const scored = await scoreWorkflowDir(dir, { home: options.config.home });
    return { ...scored, run, timings: { groundTruthMs, runMs: run.durationMs, scoreMs: performance.now() - t1 } };
  } finally {
    await harness.close();
  }
}

type Store = ReturnType<typeof engineeringContext>['store'];

/** One trial: the sample, the turn's events, how it ended, the designs it stored; returns the events recorded. */
async function executeTrial(sample: WorkflowSample, ctx: TrialContext, harness: AgentHarness, store: Store, hash: string): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const record = (type: string, data: Record<string, unknown> = {}) => {
    ctx.event(type, data);
    events.push({ type, t: 0, ...data });
  };
  record('sample', { sample });
  const threadId = `bench-${hash}-${sample.id}-a${ctx.attempt}`;
  const { turn, recorder } = await harness.runTurn(threadId, sample.prompt, record);
  record('turn', { status: turn.status, answer: turn.answer, interrupt: turn.interrupt });
  // the designs the trial stored, so scoring needs nothing but the trace
  const ids = new Set<string>();
  for (const r of recorder.results) {
    const id = (r.result as { design_id?: unknown } | null)?.design_id;
    if (r.ok && typeof id === 'string' && (r.name === TOOL.optimize || r.name === TOOL.convert)) ids.add(id);
  }
  for (const id of ids) {
    const loaded = await store.load(id);
    record('design', { designId: id, shape: loaded.design.shape, config: loaded.meta?.config ?? {}, data: encodeDesign(loaded.design) });
  }
  return events;
}
