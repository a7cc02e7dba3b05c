/** Scoring an HPC run directory from its traces (no model calls) and writing its scores and report. */
import { scoreSuiteDir, scoreTraces, type ScoreDirResult, type ScoredTrial, type SuiteScoring } from '../runner/scoreSuiteDir.ts';
import type { Protocol } from '../runner/protocol.ts';
import type { Trace } from '../trace/index.ts';
import { hpcBlocks, hpcSummary } from './report.ts';
import { hpcSampleSchema, type HpcSample } from './schema.ts';
import { scoreHpc, type HpcScore } from './scoring/hpcScore.ts';
import { trainedModelBlocks, trainedModelMetrics } from './trainedModels.ts';

export const HPC_SUITE = 'hpc';
/** 2: protocols (paper / engiai prompts, both scores), the cluster in the sample, scripted agents on the real tool schemas. */
export const HPC_VERSION = 2;

export type ScoredHpcTrial = ScoredTrial<HpcSample, HpcScore>;
export type HpcScoreDirResult = ScoreDirResult<HpcSample, HpcScore>;

const HPC_SCORING: SuiteScoring<HpcSample, HpcScore> = {
  suite: HPC_SUITE,
  title: 'EngiAI HPC benchmark',
  sampleSchema: hpcSampleSchema,
  score: (s, c, e) => scoreHpc(s, c, e),
  blocks: hpcBlocks,
  summary: hpcSummary,
  rowKey: (s) => ({ style: s.style, seed: s.expected.seed, protocol: s.protocol, executor: s.executor, cluster: s.cluster }),
  traceBlocks: (traces) => trainedModelBlocks(trainedModelMetrics(traces)),
};

/** `top`: whose numbers are at the top level of every score (default: each trial's own protocol). */
function scoring(top?: Protocol): SuiteScoring<HpcSample, HpcScore> {
  return top ? { ...HPC_SCORING, score: (s, c, e) => scoreHpc(s, c, e, top) } : HPC_SCORING;
}

export const scoreHpcTraces = (traces: readonly Trace[], top?: Protocol) => scoreTraces(scoring(top), traces);
export const scoreHpcDir = (dir: string, top?: Protocol): HpcScoreDirResult => scoreSuiteDir(scoring(top), dir);
