/** The workflow suite's public surface (benchmarks.md §2). */
export { runWorkflow, workflowRunConfig, cellsOf, type WorkflowRunOptions, type WorkflowRunResult } from './suite.ts';
export { scoreWorkflowDir, scoreWorkflowTraces, WORKFLOW_SUITE, type ScoredWorkflowTrial, type WorkflowScoreDirResult } from './rescore.ts';
export { buildWorkflowReport, workflowSummary, cells, cellSummary } from './report.ts';
export { datasetSamples, groundTruth, WORKFLOW_DATASET_VERSION } from './dataset.ts';
export { buildSample, trialId, type DatasetSample } from './samples.ts';
export { workflowPolicy, isWorkflowAgent, WORKFLOW_AGENTS, type WorkflowAgent } from './agents/policies.ts';
export { readPrompt } from './templates/readPrompt.ts';
export { STYLE_TEMPLATES, templatesFor, type ParaphraseSet } from './templates/styleTemplates.ts';
export { PRESETS, PRESET_NAMES, type PresetName } from './presets.ts';
export { STYLES, PROBLEMS, DEFAULT_STYLES, OPTIMAL_SEQUENCE, parseStyle, type Style, type ProblemId } from './styles.ts';
export { scoreWorkflowTrial, type WorkflowScore } from './scoring/scoreTrial.ts';
export { scorePaperTrial } from './scoring/paperScore.ts';
export { PROTOCOLS, DEFAULT_PROTOCOL, REFERENCE_COMMIT, parseProtocol, type Protocol } from './protocol.ts';
export { protocolCells, protocolBlocks, type ProtocolCell } from './protocolTable.ts';
export { readWorkflowTrace } from './scoring/traceView.ts';
export type { WorkflowSample } from './schema.ts';
