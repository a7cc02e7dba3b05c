/** The reasoning suite's public surface (EngChain/EngTrace-style step-verified engineering problems). */
export { runReasoning, runConfigOf, type ReasoningRunOptions, type ReasoningRunResult } from './suite.ts';
export { scoreRunDir, SUITE, type ScoreDirResult } from './rescore.ts';
export { scoreReasoningTrace, type RescoreOptions, type ScoredReasoningTrial } from './traceScoring.ts';
export { ALL_TEMPLATES, prepareTemplates, selectTemplates, type TemplateFilter } from './templates/index.ts';
export { DATASET_VERSION, generateSample, generateSamples } from './dataset.ts';
export { SCRIPTED_POLICIES, type ScriptedPolicy } from './policies/scripted.ts';
export { SYSTEM_PROMPT, userPrompt } from './prompt.ts';
export { scoreTrial, DEFAULT_TAU, type TrialScore } from './scoring/scoreTrial.ts';
export { parseSolution } from './scoring/parseSolution.ts';
export { BRANCHES, DIFFICULTIES, type Branch, type Difficulty, type Template } from './template.ts';
export type { Sample } from './schema.ts';
