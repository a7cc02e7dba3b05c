/** The RAG suite's public surface (benchmarks.md §3). */
export { runRag, ragRunConfig, type RagRunOptions, type RagRunResult } from './suite.ts';
export { scoreRagDir, scoreRagTraces, RAG_SUITE, type ScoredRagTrial } from './rescore.ts';
export { scoreRag, type RagScore } from './scoring/ragScore.ts';
export { scoreRagEngiai } from './scoring/scoreRagEngiai.ts';
export { scoreRagPaper, paperValues } from './scoring/scoreRagPaper.ts';
export type { RagProtocolScore } from './scoring/scoreRag.ts';
export { paperCorpusDocs, paperRagPrompt, PAPER_TARGETS, PAPER_TITLES } from './paperCorpus.ts';
export { generateCorpus, type Corpus, type CorpusDoc } from './corpus.ts';
export { textPdf } from './pdf.ts';
export { RAG_PROMPTS, RAG_CONDITIONS, RAG_WEIGHTS, ragPrompt, type RagPrompt, type RagCondition } from './prompts.ts';
export { ragPolicy, RAG_AGENTS, isRagAgent, wantedFrom, type RagAgent } from './agents/policies.ts';
export { INDEX_TOOLS, RAG_NAME, ragConfig } from './ragSpecialist.ts';
export type { RagSample } from './schema.ts';
