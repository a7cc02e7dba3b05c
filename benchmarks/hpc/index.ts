/** The HPC suite's public surface (benchmarks.md §4). */
export { runHpc, hpcRunConfig, HPC_NAME, type HpcRunOptions, type HpcRunResult } from './suite.ts';
export { benchCluster, datasetSpecHash, type BenchCluster, type BenchDataset } from './benchCluster.ts';
export { scoreHpcDir, scoreHpcTraces, HPC_SUITE, type ScoredHpcTrial } from './rescore.ts';
export { scoreHpc, type HpcScore } from './scoring/hpcScore.ts';
export { scoreHpcEngiai, type HpcEngiaiScore } from './scoring/scoreHpc.ts';
export { scoreHpcPaper, paperMetrics, PAPER_STEP_TOOL, type HpcPaperScore } from './scoring/scoreHpcPaper.ts';
export { HPC_STYLES, HPC_ALGORITHMS, HPC_EXECUTORS, HPC_STEPS, HPC_METRICS, hpcPrompt, type HpcStyle, type HpcAlgorithm, type HpcExecutor } from './prompts.ts';
export { hpcPolicy, HPC_AGENTS, isHpcAgent, type HpcAgent, type HpcCallArgs } from './agents/policies.ts';
export type { HpcSample } from './schema.ts';
