/** What every provider adapter receives and returns (see resolve.ts). */
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { ModelSettings, ProvidersConfig } from '../../config/schema.ts';
import type { MalformedDetector } from './malformedToolCall.ts';
import type { ModelSpec } from './modelSpec.ts';

export interface ProviderInput {
  spec: ModelSpec;
  settings: ModelSettings;
  providers: ProvidersConfig;
}

export interface ProviderModel {
  model: BaseChatModel;
  /** Values that must never appear in errors or logs (API keys). */
  secrets: string[];
  /** Base URL or host, for error hints. */
  endpoint: string;
  /** The environment variable holding the key, for hints. */
  keyEnv?: string;
  /** A key is configured but was not sent: this is the only URL it goes to (for hints). */
  keyWithheld?: string;
  malformed?: MalformedDetector;
}
