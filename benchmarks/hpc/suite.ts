/**
 * Running the HPC suite (benchmarks.md §4): per style × seed one trial — supervisor + HPC agent,
 * asked to train and evaluate a generative model (cGAN by default) for the given epochs and seed —
 * then the run directory is scored. The HPC agent is the registry's (or a caller's factory), with
 * its own ENGIAI_HOME inside the run directory.
 */
import { join } from 'node:path';
import { buildSpecialists, SPECIALISTS, type SpecialistFactory } from '../../agents/index.ts';
import { ConfigError, InputError } from '../../tools/errors.ts';
import { openAgentHarness } from '../agents/agentSession.ts';
import { assertUsable, registryFactory } from '../agents/suiteSpecialists.ts';
import { configHash } from '../runner/runConfig.ts';
import { runTrials, type RunResult } from '../runner/runTrials.ts';
import type { SuiteRunOptions } from '../runner/suiteRunOptions.ts';
import { hpcPolicy, HPC_AGENTS, isHpcAgent } from './agents/policies.ts';
import { HPC_STYLES, hpcPrompt, type HpcAlgorithm, type HpcExecutor, type HpcStyle } from './prompts.ts';
import { HPC_SUITE, HPC_VERSION, scoreHpcDir, type HpcScoreDirResult } from './rescore.ts';
import type { HpcSample } from './schema.ts';

export interface HpcRunOptions extends SuiteRunOptions {
  styles?: HpcStyle[];
  seeds: number[];
  epochs?: number;
  algorithm?: HpcAlgorithm;
  problem?: string;
  executor?: HpcExecutor;
  hpcSpecialist?: SpecialistFactory;
}

export interface HpcRunResult extends HpcScoreDirResult {
  run: RunResult;
}

export const HPC_NAME = 'hpc';
const REQUIRED = ['generate_slurm_script', 'submit_job', 'evaluate_model'];

export function hpcRunConfig(o: HpcRunOptions): Record<string, unknown> {
  return {
    suite: HPC_SUITE,
    version: HPC_VERSION,
    styles: o.styles ?? [...HPC_STYLES],
    seeds: o.seeds,
    epochs: o.epochs ?? 100,
    algorithm: o.algorithm ?? 'cgan',
    problem: o.problem ?? 'beams2d',
    executor: o.executor ?? 'slurm',
    agent: o.agent ?? o.model,
    extraTools: o.extraTools ?? 0,
    ...(o.model && o.model !== 'offline' ? { temperature: o.config.model.temperature, modelSeed: o.config.model.seed } : {}),
  };
}

export async function runHpc(options: HpcRunOptions): Promise<HpcRunResult> {
  if (!!options.agent === !!options.model) throw new InputError('give exactly one of --agent and --model', { field: 'agent', hint: `scripted agents: ${HPC_AGENTS.join(', ')}` });
  if (options.agent && !isHpcAgent(options.agent)) throw new InputError(`unknown agent "${options.agent}"`, { field: 'agent', hint: `one of ${HPC_AGENTS.join(', ')}` });
  const epochs = options.epochs ?? 100;
  if (!Number.isInteger(epochs) || epochs < 1) throw new InputError(`--epochs must be a positive integer, got ${epochs}`, { field: 'epochs' });
  const executor = options.executor ?? 'slurm';
  // The registry's hpc agent submits to a configured cluster; a caller's own factory brings its own.
  if (executor === 'slurm' && !options.hpcSpecialist && !Object.values(options.config.hpc.clusters).some((c) => c.executor === 'slurm')) {
    throw new ConfigError('the slurm executor needs a slurm cluster: no cluster configured', { hint: 'add one under hpc.clusters in engiai.yaml (executor: slurm, host, user, keyFile), or run with --executor local' });
  }
  const config = hpcRunConfig(options);
  const dir = options.out ?? join(options.config.home, 'bench', HPC_SUITE, configHash(config));
  const factory = options.hpcSpecialist ?? (await registryFactory(HPC_NAME, options.config));
  const hpc = assertUsable(factory ? await factory({ config: { ...options.config, home: join(dir, 'hpc-home') } }) : undefined, HPC_NAME, REQUIRED);
  if (!hpc.tools.some((t) => t.name === 'wait_for_job' || t.name === 'job_status')) throw new ConfigError('the hpc specialist has neither wait_for_job nor job_status', { hint: 'the benchmark monitors jobs with one of them' });
  const samples: HpcSample[] = (options.styles ?? HPC_STYLES).flatMap((style) =>
    options.seeds.map((seed) => {
      const expected = { algorithm: options.algorithm ?? 'cgan', problem: options.problem ?? 'beams2d', epochs, seed };
      return { id: `hpc.${style}.${expected.algorithm}.seed${seed}`, style, executor, text: hpcPrompt(style, expected, executor), expected };
    }),
  );
  const agentName = options.agent ?? options.model!;
  const base = (await buildSpecialists({ config: options.config }, SPECIALISTS)).filter((s) => s.name !== HPC_NAME);
  const harness = await openAgentHarness({
    config: options.config,
    agent: { name: agentName, policy: options.agent && isHpcAgent(options.agent) ? hpcPolicy(options.agent) : undefined, model: options.model, chatModel: options.chatModel },
    specialists: [...base.map((s) => () => s), () => hpc],
    extraTools: options.extraTools,
  });
  const byId = new Map(samples.map((s) => [s.id, s]));
  options.onStart?.(samples.length, dir);
  try {
    const run = await runTrials({
      dir,
      suite: HPC_SUITE,
      suiteVersion: HPC_VERSION,
      model: agentName,
      config,
      trials: samples.map((s) => ({ id: s.id, sampleId: `${s.style}.${s.expected.algorithm}`, seed: s.expected.seed })),
      concurrency: options.concurrency ?? 1,
      resume: options.resume,
      signal: options.signal,
      onTrial: (t, status) => options.onTrial?.(t.id, status),
      execute: async (trial, ctx) => {
        const sample = byId.get(trial.id)!;
        ctx.event('sample', { sample });
        const { turn } = await harness.runTurn(`bench-hpc-${trial.id}-a${ctx.attempt}`, sample.text, ctx.event);
        ctx.event('turn', { status: turn.status, answer: turn.answer, interrupt: turn.interrupt });
      },
    });
    return { ...scoreHpcDir(dir), run };
  } finally {
    await harness.close();
  }
}
