/**
 * Running the HPC suite (benchmarks.md §4): per style × seed one trial — supervisor + the registry's
 * HPC agent, asked to train and evaluate a generative model (cGAN by default) for the given epochs
 * and seed — then the run directory is scored under both protocols. The HPC agent has its own
 * ENGIAI_HOME inside the run directory and exactly one cluster, the one `--executor` picks
 * (benchCluster.ts); on the local executor its datasets folder is shared by every run of the same
 * dataset spec, so a dataset is generated once.
 */
import { join } from 'node:path';
import { buildSpecialists, SPECIALISTS } from '../../agents/index.ts';
import { ConfigError, InputError } from '../../tools/errors.ts';
import { openAgentHarness } from '../agents/agentSession.ts';
import { assertUsable, registryFactory } from '../agents/suiteSpecialists.ts';
import type { Protocol } from '../runner/protocol.ts';
import { configHash } from '../runner/runConfig.ts';
import { runTrials, type RunResult } from '../runner/runTrials.ts';
import type { SuiteRunOptions } from '../runner/suiteRunOptions.ts';
import { hpcPolicy, HPC_AGENTS, isHpcAgent } from './agents/policies.ts';
import { afterRun, benchCluster, benchHpcConfig, datasetSpecHash, shareLocalDatasets, type BenchCluster, type BenchDataset } from './benchCluster.ts';
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
  /** The prompts' protocol (default engiai); every trial is scored under both. */
  protocol?: Protocol;
}

export interface HpcRunResult extends HpcScoreDirResult {
  run: RunResult;
  cluster: BenchCluster;
  dataset: BenchDataset;
}

export const HPC_NAME = 'hpc';
const REQUIRED = ['generate_slurm_script', 'submit_job', 'evaluate_model'];

export function hpcRunConfig(o: HpcRunOptions, cluster?: BenchCluster): Record<string, unknown> {
  const problem = o.problem ?? 'beams2d';
  return {
    suite: HPC_SUITE,
    version: HPC_VERSION,
    protocol: o.protocol ?? 'engiai',
    styles: o.styles ?? [...HPC_STYLES],
    seeds: o.seeds,
    epochs: o.epochs ?? 100,
    algorithm: o.algorithm ?? 'cgan',
    problem,
    executor: o.executor ?? 'slurm',
    ...(cluster ? { cluster: cluster.name, ...(cluster.host ? { clusterHost: cluster.host } : {}) } : {}),
    datasetSpec: datasetSpecHash(o.config, problem),
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
  const protocol = options.protocol ?? 'engiai';
  const problem = options.problem ?? 'beams2d';
  const { cluster, settings } = benchCluster(options.config, executor);
  const config = hpcRunConfig(options, cluster);
  const dir = options.out ?? join(options.config.home, 'bench', HPC_SUITE, configHash(config));
  const home = join(dir, 'hpc-home');
  const dataset: BenchDataset =
    executor === 'local' ? shareLocalDatasets(options.config, home, problem) : { name: '', specHash: datasetSpecHash(options.config, problem), dir: `${settings.remoteDir}/datasets on ${cluster.name}`, state: 'cluster' };
  const factory = await registryFactory(HPC_NAME, options.config);
  const hpc = assertUsable(factory ? await factory({ config: benchHpcConfig(options.config, home, cluster, settings) }) : undefined, HPC_NAME, REQUIRED);
  if (!hpc.tools.some((t) => t.name === 'wait_for_job' || t.name === 'job_status')) throw new ConfigError('the hpc specialist has neither wait_for_job nor job_status', { hint: 'the benchmark monitors jobs with one of them' });
  const samples: HpcSample[] = (options.styles ?? HPC_STYLES).flatMap((style) =>
    options.seeds.map((seed) => {
      const expected = { algorithm: options.algorithm ?? 'cgan', problem, epochs, seed };
      const clusterName = cluster.host ? `${cluster.name} (${cluster.host})` : cluster.name;
      return { id: `hpc.${style}.${expected.algorithm}.seed${seed}`, style, executor, cluster: clusterName, protocol, text: hpcPrompt(style, expected, executor, protocol), expected };
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
    return { ...scoreHpcDir(dir), run, cluster, dataset: afterRun(dataset) };
  } finally {
    await harness.close();
  }
}
