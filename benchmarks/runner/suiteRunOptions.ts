/** What every agent suite's run takes (workflow, RAG, HPC): who is under test, where the run goes, how it reports. */
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { EngiConfig } from '../../config/schema.ts';

export interface SuiteRunOptions {
  /** A scripted agent … */
  agent?: string;
  /** … or a model spec (offline, openai:…, google:…, ollama:…, openai-compatible:…@URL). */
  model?: string;
  /** A ready chat model for `model` (tests; the response cache). */
  chatModel?: BaseChatModel;
  /** Plausible but irrelevant tools added to every specialist. */
  extraTools?: number;
  /** The run directory (default: ENGIAI_HOME/bench/<suite>/<config hash>). */
  out?: string;
  concurrency?: number;
  resume?: boolean;
  config: EngiConfig;
  onStart?(total: number, dir: string): void;
  onTrial?(id: string, status: string): void;
  signal?: AbortSignal;
}
