/** The benchmark runner: trials, resume, concurrency, retries, progress, cache, model and embedding calls. */
export { runTrials, type RunOptions, type RunResult, type Trial, type TrialContext, type TrialStatus } from './runTrials.ts';
export { configHash, openRunDir, readManifest, MANIFEST_FILE, type RunManifest } from './runConfig.ts';
export { gitInfo, type GitInfo } from './provenance.ts';
export { backoffMs, isRetryable, sleep } from './retry.ts';
export { forEachLimit } from './pool.ts';
export { createProgress, type Progress, type ProgressOptions } from './progress.ts';
export { ResponseCache } from './responseCache.ts';
export { createChatCaller, messageText, type ChatCaller, type ChatReply, type ChatRequest } from './chatCaller.ts';
export { cosine, createEmbedder, defaultEmbeddingSpec, type Embedder } from './embedder.ts';
