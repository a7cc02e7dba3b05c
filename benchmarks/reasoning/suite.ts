/**
 * Running the reasoning suite: select templates, generate samples, and for each sample one trial
 * through the shared runner — the agent under test (a scripted policy or a model) answers, the
 * optional embedder stores semantic scores, the optional judge classifies unmatched steps — then
 * score the run directory. Task = dataset + agent + scorers, with generation and scoring apart.
 */
import { join } from 'node:path';
import type { EngiConfig } from '../../config/schema.ts';
import { InputError } from '../../tools/errors.ts';
import type { ChatCaller } from '../runner/chatCaller.ts';
import { cosine, createEmbedder, defaultEmbeddingSpec, type Embedder } from '../runner/embedder.ts';
import { ResponseCache } from '../runner/responseCache.ts';
import { configHash } from '../runner/runConfig.ts';
import { runTrials, type RunResult, type TrialContext } from '../runner/runTrials.ts';
import { DATASET_VERSION, generateSamples } from './dataset.ts';
import { SCRIPTED_POLICIES } from './policies/scripted.ts';
import { SYSTEM_PROMPT, userPrompt } from './prompt.ts';
import { scoreRunDir, SUITE, type ScoreDirResult } from './rescore.ts';
import type { Sample } from './schema.ts';
import { buildJudgePrompt } from './scoring/judge.ts';
import { parseSteps } from './scoring/parseSolution.ts';
import { groundTruthTexts, scoreTrial, type StoredSemantic } from './scoring/scoreTrial.ts';
import type { Branch, Difficulty } from './template.ts';
import { prepareTemplates, selectTemplates } from './templates/index.ts';

export interface ReasoningRunOptions {
  branch?: Branch[];
  difficulty?: Difficulty[];
  templates?: number;
  templateIds?: string[];
  instances: number;
  seed: number;
  /** A scripted policy name (reference, wrong-unit, right-for-wrong-reasons) … */
  agent?: string;
  /** … or a model spec (openai:gpt-4o-mini, ollama:llama3.1, …). */
  model?: string;
  judge?: string;
  /** auto (provider embeddings for a model, lexical for scripted agents), lexical, or an embedding spec. */
  semantic?: string;
  tau?: number;
  out?: string;
  concurrency?: number;
  cache?: boolean;
  resume?: boolean;
  config: EngiConfig;
  onTrial?(sampleId: string, status: string): void;
  /** Called once the samples exist, before the first trial. */
  onStart?(total: number, dir: string): void;
  signal?: AbortSignal;
}

export interface ReasoningRunResult extends ScoreDirResult {
  run: RunResult;
  generationMs: number;
}

function semanticSpec(options: ReasoningRunOptions): string | undefined {
  const s = options.semantic ?? 'auto';
  if (s === 'lexical') return undefined;
  if (s === 'auto') return options.model ? defaultEmbeddingSpec(options.model) : undefined;
  return s;
}

/** The configuration that is hashed: everything that changes the traces. */
export function runConfigOf(options: ReasoningRunOptions, templateIds: string[]): Record<string, unknown> {
  return {
    suite: SUITE,
    datasetVersion: DATASET_VERSION,
    seed: options.seed,
    instances: options.instances,
    templates: templateIds,
    agent: options.agent ?? options.model,
    judge: options.judge ?? null,
    semantic: semanticSpec(options) ?? 'lexical',
    ...(options.model || options.judge ? { temperature: options.config.model.temperature, modelSeed: options.config.model.seed } : {}),
  };
}

export async function runReasoning(options: ReasoningRunOptions): Promise<ReasoningRunResult> {
  if (!!options.agent === !!options.model) throw new InputError('give exactly one of --agent and --model', { field: 'agent', hint: `scripted agents: ${Object.keys(SCRIPTED_POLICIES).join(', ')}` });
  const policy = options.agent ? SCRIPTED_POLICIES[options.agent] : undefined;
  if (options.agent && !policy) throw new InputError(`unknown agent "${options.agent}"`, { field: 'agent', hint: `one of ${Object.keys(SCRIPTED_POLICIES).join(', ')}` });
  if (options.model?.split(':')[0] === 'offline') throw new InputError('the offline planner emits tool calls, not solutions', { field: 'model', hint: 'use --agent reference for an offline run' });
  if (!Number.isInteger(options.instances) || options.instances < 1) throw new InputError(`--instances must be a positive integer, got ${options.instances}`, { field: 'instances' });
  const templates = selectTemplates({ branch: options.branch, difficulty: options.difficulty, count: options.templates, ids: options.templateIds });
  await prepareTemplates(templates);
  const t0 = performance.now();
  const samples = generateSamples(templates, options.instances, options.seed);
  const generationMs = performance.now() - t0;
  const config = runConfigOf(options, templates.map((t) => t.id));
  const dir = options.out ?? join(options.config.home, 'bench', SUITE, configHash(config));
  const cache = options.cache ? new ResponseCache(join(options.config.home, 'cache', 'bench-responses')) : undefined;
  // The agents layer (LangChain) loads only when a model is involved.
  const caller = options.model || options.judge ? (await import('../runner/chatCaller.ts')).createChatCaller : undefined;
  const chat = options.model ? await caller!(options.model, { config: options.config, cache }) : undefined;
  const judge = options.judge ? await caller!(options.judge, { config: options.config, cache }) : undefined;
  const embSpec = semanticSpec(options);
  const embedder = embSpec ? await createEmbedder(embSpec, options.config, cache) : undefined;
  const bySample = new Map(samples.map((s) => [s.id, s]));
  const agentName = options.agent ?? options.model!;
  options.onStart?.(samples.length, dir);
  const run = await runTrials({
    dir,
    suite: SUITE,
    suiteVersion: DATASET_VERSION,
    model: agentName,
    config,
    trials: samples.map((s) => ({ id: s.id, sampleId: s.id, seed: s.seed })),
    concurrency: options.concurrency ?? (chat ? 4 : 1),
    resume: options.resume,
    signal: options.signal,
    onTrial: (t, status) => options.onTrial?.(t.id, status),
    execute: (trial, ctx) => executeTrial(bySample.get(trial.sampleId)!, ctx, { agentName, policy, chat, judge, embedder, tau: options.tau }),
  });
  const scored = scoreRunDir(dir, { tau: options.tau }, { generation_ms: Math.round(generationMs), run_ms: Math.round(run.durationMs), skipped: run.skipped });
  return { ...scored, run, generationMs };
}

interface TrialDeps {
  agentName: string;
  policy?: (typeof SCRIPTED_POLICIES)[string];
  chat?: ChatCaller;
  judge?: ChatCaller;
  embedder?: Embedder;
  tau?: number;
}

async function executeTrial(sample: Sample, ctx: TrialContext, deps: TrialDeps): Promise<void> {
  ctx.event('sample', { sample });
  let text: string;
  if (deps.policy) {
    text = deps.policy.respond(sample);
    ctx.event('response', { source: 'scripted', agent: deps.agentName, text });
  } else {
    const reply = await deps.chat!({ system: SYSTEM_PROMPT, user: userPrompt(sample) });
    text = reply.text;
    ctx.event('response', { source: 'model', agent: deps.agentName, text, inputTokens: reply.inputTokens, outputTokens: reply.outputTokens, latencyMs: reply.latencyMs, cached: reply.cached });
  }
  const steps = parseSteps(text);
  let semantic: StoredSemantic | undefined;
  if (deps.embedder && steps.length) {
    const gt = groundTruthTexts(sample);
    const vectors = await deps.embedder.embed([...gt, ...steps.map((s) => s.text)]);
    const matrix = gt.map((_, i) => steps.map((_, j) => Math.max(0, cosine(vectors[i], vectors[gt.length + j]))));
    semantic = { method: 'embedding', model: deps.embedder.model, matrix };
    ctx.event('semantic', { ...semantic });
  }
  if (deps.judge) {
    const auto = scoreTrial(sample, text, { semantic, tau: deps.tau });
    if (!auto.tier1Accepted && auto.unmatchedGt.length) {
      const prompt = buildJudgePrompt(sample, steps, auto.unmatchedGt);
      const reply = await deps.judge(prompt);
      ctx.event('judge', { model: reply.model, system: prompt.system, user: prompt.user, reply: reply.text, inputTokens: reply.inputTokens, outputTokens: reply.outputTokens, cached: reply.cached });
    }
  }
}
