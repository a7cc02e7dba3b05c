/**
 * resolveModel(spec) → a LangChain chat model with EngiAI's call policy and accounting:
 * temperature and seed from settings (0 and 42 by default), retries with back-off on 429/5xx
 * (Retry-After honoured), a per-attempt timeout (TimeoutError), secrets scrubbed from errors,
 * malformed tool calls as AIMessage.invalid_tool_calls, and one UsageLedger record per call.
 * Keys and endpoints come from config/load.ts only (never process.env directly).
 */
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { loadConfig } from '../../config/load.ts';
import type { EngiConfig } from '../../config/schema.ts';
import { ConfigError } from '../../tools/errors.ts';
import { withCallPolicy, type CallPolicy, type RetryEvent } from './callPolicy.ts';
import { createGoogleModel } from './google.ts';
import { parseModelSpec, type ModelSpec } from './modelSpec.ts';
import { createOllamaModel } from './ollama.ts';
import { createOpenAICompatibleModel, createOpenAIModel } from './openai.ts';
import { priceOf } from './prices.ts';
import type { ProviderInput, ProviderModel } from './providerModel.ts';
import { UsageHandler, UsageLedger } from './usage.ts';

export interface ResolveModelOptions {
  /** Settings; default loadConfig() (file < env). Tests pass loadConfig({ env: fake.env }). */
  config?: EngiConfig;
  /** Ledger to record calls into; share one per run. Default: a new ledger (see usageOf). */
  usage?: UsageLedger;
  /** Told about every retry (also recorded in the ledger). */
  onRetry?: (event: RetryEvent) => void;
}

const ledgers = new WeakMap<BaseChatModel, UsageLedger>();

/** Resolve `spec` (default: config.model.spec) into a ready chat model. */
export async function resolveModel(spec?: string, options: ResolveModelOptions = {}): Promise<BaseChatModel> {
  const config = options.config ?? loadConfig();
  const parsed = parseModelSpec(spec ?? config.model.spec);
  const ledger = options.usage ?? new UsageLedger();
  const handler = new UsageHandler(ledger, parsed.text, priceOf(parsed.provider, parsed.model));
  if (parsed.provider === 'offline') return decorate(await offlineModel(), handler, ledger);
  const built = providerModel(parsed, config);
  const policy = callPolicy(built, parsed, config, ledger, options.onRetry);
  return decorate(built.model, handler, ledger, policy);
}

/**
 * The model with the usage handler, under the call policy (a wrapper model: callPolicy.ts).
 * bindTools() and withConfig() bind call options to that model, so its bindings keep both.
 */
function decorate(built: BaseChatModel, handler: UsageHandler, ledger: UsageLedger, policy?: CallPolicy): BaseChatModel {
  const model = policy ? withCallPolicy(built, policy) : built;
  const others = Array.isArray(model.callbacks) ? model.callbacks.filter((h) => h !== handler) : [];
  model.callbacks = [...others, handler];
  ledgers.set(model, ledger);
  return model;
}

/** The ledger a model from resolveModel() records into. */
export function usageOf(model: BaseChatModel): UsageLedger | undefined {
  return ledgers.get(model);
}

function providerModel(spec: ModelSpec, config: EngiConfig): ProviderModel {
  const input: ProviderInput = { spec, settings: config.model, providers: config.providers };
  switch (spec.provider) {
    case 'openai':
      return createOpenAIModel(input);
    case 'openai-compatible':
      return createOpenAICompatibleModel(input);
    case 'google':
      return createGoogleModel(input);
    case 'ollama':
      return createOllamaModel(input);
    default:
      throw new ConfigError(`no adapter for provider ${spec.provider}`);
  }
}

function callPolicy(built: ProviderModel, spec: ModelSpec, config: EngiConfig, ledger: UsageLedger, onRetry?: (e: RetryEvent) => void): CallPolicy {
  const { timeoutMs, maxRetries, retryBaseDelayMs, retryMaxDelayMs } = config.model;
  return {
    timeoutMs,
    maxRetries,
    retryBaseDelayMs,
    retryMaxDelayMs,
    context: { provider: spec.provider, model: spec.model, endpoint: built.endpoint, keyEnv: built.keyEnv, keyWithheld: built.keyWithheld, secrets: built.secrets },
    malformed: built.malformed,
    onRetry: (event) => {
      ledger.noteRetry(event);
      onRetry?.(event);
    },
  };
}

/** The offline planner lives in agents/models/offline (owned by the supervisor); loaded lazily. */
async function offlineModel(): Promise<BaseChatModel> {
  const { createOfflineModel } = await import('./offline/index.ts');
  return createOfflineModel();
}
