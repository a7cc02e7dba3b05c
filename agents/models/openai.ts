/**
 * OpenAI (and OpenAI-compatible servers) through @langchain/openai 1.5.8 (the last release for
 * Node 20), Chat Completions API. Library retries are off; callPolicy.ts owns retries/timeouts.
 */
import { ChatOpenAI } from '@langchain/openai';
import { ConfigError } from '../../tools/errors.ts';
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

/** openai-compatible:MODEL@URL — vLLM, llama.cpp server, LM Studio, … A key is optional. */
export function createOpenAICompatibleModel({ spec, settings, providers }: ProviderInput): ProviderModel {
  const apiKey = providers.openaiCompatible.apiKey;
  const baseUrl = spec.baseUrl ?? '';
  const model = chatOpenAI(spec.model, apiKey ?? 'not-needed', baseUrl, settings);
  return { model, secrets: apiKey ? [apiKey] : [], endpoint: baseUrl, keyEnv: 'OPENAI_COMPATIBLE_API_KEY' };
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
