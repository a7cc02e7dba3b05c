/** Scoring an HPC run directory from its traces (no model calls) and writing its scores and report. */
import { scoreSuiteDir, scoreTraces, type ScoreDirResult, type ScoredTrial, type SuiteScoring } from '../runner/scoreSuiteDir.ts';
import type { Trace } from '../trace/index.ts';
import { hpcBlocks, hpcSummary } from './report.ts';
import { hpcSampleSchema, type HpcSample } from './schema.ts';
import { scoreHpc, type HpcScore } from './scoring/hpcScore.ts';

export const HPC_SUITE = 'hpc';
/** 2: protocols (paper / engiai prompts, both scores), the cluster in the sample, scripted agents on the real tool schemas. */
export const HPC_VERSION = 2;

export type ScoredHpcTrial = ScoredTrial<HpcSample, HpcScore>;
export type HpcScoreDirResult = ScoreDirResult<HpcSample, HpcScore>;

const HPC_SCORING: SuiteScoring<HpcSample, HpcScore> = {
  suite: HPC_SUITE,
  title: 'EngiAI HPC benchmark',
  sampleSchema: hpcSampleSchema,
  score: scoreHpc,
  blocks: hpcBlocks,
  summary: hpcSummary,
  rowKey: (s) => ({ style: s.style, seed: s.expected.seed, protocol: s.protocol, executor: s.executor, cluster: s.cluster }),
};

export const scoreHpcTraces = (traces: readonly Trace[]) => scoreTraces(HPC_SCORING, traces);
export const scoreHpcDir = (dir: string): HpcScoreDirResult => scoreSuiteDir(HPC_SCORING, dir);
