/**
 * OpenAI (and OpenAI-compatible servers) through @langchain/openai 1.5.8 (the last release for
 * Node 20), Chat Completions API. Library retries are off; callPolicy.ts owns retries/timeouts.
 */
import { ChatOpenAI } from '@langchain/openai';
import { ConfigError } from '../../tools/errors.ts';
import { parseModelSpec } from './modelSpec.ts';
import type { ProviderModel, ProviderInput } from './providerModel.ts';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export function createOpenAIModel({ spec, settings, providers }: ProviderInput): ProviderModel {
  const apiKey = providers.openai.apiKey;
  if (!apiKey) {
    throw new ConfigError(`${spec.text} needs an OpenAI API key, but OPENAI_API_KEY is not set`, {
      hint: 'export OPENAI_API_KEY=... (never put it in config/engiai.yaml), or pick --model offline or ollama:MODEL.',
    });
  }
  const baseUrl = providers.openai.baseUrl ?? OPENAI_DEFAULT_BASE_URL;
  return { model: chatOpenAI(spec.model, apiKey, baseUrl, settings), secrets: [apiKey], endpoint: baseUrl, keyEnv: 'OPENAI_API_KEY' };
}

/**
 * openai-compatible:MODEL@URL — vLLM, llama.cpp server, LM Studio, … A key is optional, and
 * OPENAI_COMPATIBLE_API_KEY only ever goes to the base URL it was configured for
 * (providers.openaiCompatible.baseUrl, else the URL of the configured model.spec): a spec naming
 * any other URL (say, one set at runtime through the web settings) is sent no key at all.
 */
export function createOpenAICompatibleModel({ spec, settings, providers }: ProviderInput): ProviderModel {
  const configured = providers.openaiCompatible.apiKey;
  const baseUrl = spec.baseUrl ?? '';
  const keyUrl = keyBaseUrl(providers, settings.spec);
  const apiKey = configured && keyUrl !== undefined && sameBaseUrl(baseUrl, keyUrl) ? configured : undefined;
  const model = chatOpenAI(spec.model, apiKey ?? 'not-needed', baseUrl, settings);
  return { model, secrets: configured ? [configured] : [], endpoint: baseUrl, keyEnv: 'OPENAI_COMPATIBLE_API_KEY', ...(configured && !apiKey ? { keyWithheld: keyUrl ?? '(no configured URL)' } : {}) };
}

/** The URL the openai-compatible key belongs to: the configured base URL, else the configured spec's. */
export function keyBaseUrl(providers: ProviderInput['providers'], configuredSpec: string): string | undefined {
  if (providers.openaiCompatible.baseUrl) return providers.openaiCompatible.baseUrl;
  try {
    const parsed = parseModelSpec(configuredSpec);
    return parsed.provider === 'openai-compatible' ? parsed.baseUrl : undefined;
  } catch {
    return undefined;
  }
}

/** Same scheme, host, port and path (a trailing slash and the host's case do not matter). */
export function sameBaseUrl(a: string, b: string): boolean {
  try {
    const [x, y] = [new URL(a), new URL(b)];
    const path = (u: URL) => u.pathname.replace(/\/+$/, '');
    return x.origin === y.origin && path(x) === path(y) && !x.username && !x.password && !y.username && !y.password && x.search === y.search;
  } catch {
    return false;
  }
}

/** o-series and gpt-5 reasoning models accept only the default temperature (the API answers 400 otherwise). */
export function acceptsTemperature(model: string): boolean {
  return !(/^o\d/.test(model) || (model.startsWith('gpt-5') && !model.startsWith('gpt-5-chat')));
}

function chatOpenAI(model: string, apiKey: string, baseUrl: string, settings: ProviderInput['settings']): ChatOpenAI {
  return new ChatOpenAI({
    model,
    apiKey,
    configuration: { baseURL: baseUrl },
    ...(acceptsTemperature(model) ? { temperature: settings.temperature } : {}),
    modelKwargs: { seed: settings.seed },
    maxRetries: 0,
    streamUsage: true,
  });
}
