/** Scoring a RAG run directory from its traces (no model calls) and writing its scores and report. */
import { scoreSuiteDir, scoreTraces, type ScoreDirResult, type ScoredTrial, type SuiteScoring } from '../runner/scoreSuiteDir.ts';
import type { Protocol } from '../runner/protocol.ts';
import type { Trace } from '../trace/index.ts';
import { ragBlocks, ragSummary } from './report.ts';
import { ragSampleSchema, type RagSample } from './schema.ts';
import { scoreRag, type RagScore } from './scoring/ragScore.ts';

export const RAG_SUITE = 'rag';
/** 2: protocols (paper corpus and asks / engiai corpus with a non-default P0 target), both scores, the real rag agent only. */
export const RAG_VERSION = 2;

export type ScoredRagTrial = ScoredTrial<RagSample, RagScore>;
export type RagScoreDirResult = ScoreDirResult<RagSample, RagScore>;

const RAG_SCORING: SuiteScoring<RagSample, RagScore> = {
  suite: RAG_SUITE,
  title: 'EngiAI RAG benchmark',
  sampleSchema: ragSampleSchema,
  score: (s, c) => scoreRag(s, c),
  blocks: ragBlocks,
  summary: ragSummary,
  rowKey: (s) => ({ prompt: s.prompt, condition: s.condition, seed: s.seed, protocol: s.protocol }),
};

/** `top`: whose numbers are at the top level of every score (default: each trial's own protocol). */
function scoring(top?: Protocol): SuiteScoring<RagSample, RagScore> {
  return top ? { ...RAG_SCORING, score: (s, c) => scoreRag(s, c, top) } : RAG_SCORING;
}

export const scoreRagTraces = (traces: readonly Trace[], top?: Protocol) => scoreTraces(scoring(top), traces);
export const scoreRagDir = (dir: string, top?: Protocol): RagScoreDirResult => scoreSuiteDir(scoring(top), dir);
