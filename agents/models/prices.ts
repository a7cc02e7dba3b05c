/**
 * List prices in USD per 1M tokens (input, output) for the hosted models we expect to use.
 * Public list prices as published by OpenAI and Google in 2025 (standard tier, prompts up to
 * 200k tokens); verify before quoting costs. Unknown models, Ollama and openai-compatible
 * servers cost 0. Lookup is by longest prefix ending at '-' or the end, so dated snapshots
 * (gpt-4o-mini-2024-07-18) take their family's price and gpt-5.2 is not priced as gpt-5.
 */
import type { Provider } from './modelSpec.ts';

export interface Price {
  inputPerMTok: number;
  outputPerMTok: number;
}

const PRICES: Record<string, Price> = {
  'openai:gpt-4o': { inputPerMTok: 2.5, outputPerMTok: 10 },
  'openai:gpt-4o-mini': { inputPerMTok: 0.15, outputPerMTok: 0.6 },
  'openai:gpt-4.1': { inputPerMTok: 2, outputPerMTok: 8 },
  'openai:gpt-4.1-mini': { inputPerMTok: 0.4, outputPerMTok: 1.6 },
  'openai:gpt-4.1-nano': { inputPerMTok: 0.1, outputPerMTok: 0.4 },
  'openai:o4-mini': { inputPerMTok: 1.1, outputPerMTok: 4.4 },
  'openai:gpt-5': { inputPerMTok: 1.25, outputPerMTok: 10 },
  'openai:gpt-5-mini': { inputPerMTok: 0.25, outputPerMTok: 2 },
  'openai:gpt-5-nano': { inputPerMTok: 0.05, outputPerMTok: 0.4 },
  'google:gemini-2.0-flash': { inputPerMTok: 0.1, outputPerMTok: 0.4 },
  'google:gemini-2.5-flash': { inputPerMTok: 0.3, outputPerMTok: 2.5 },
  'google:gemini-2.5-flash-lite': { inputPerMTok: 0.1, outputPerMTok: 0.4 },
  'google:gemini-2.5-pro': { inputPerMTok: 1.25, outputPerMTok: 10 },
};

const FREE: Price = { inputPerMTok: 0, outputPerMTok: 0 };

export function priceOf(provider: Provider, model: string): Price {
  const key = `${provider}:${model}`;
  let best: string | undefined;
  for (const candidate of Object.keys(PRICES)) {
    const boundary = key.length === candidate.length || key[candidate.length] === '-';
    if (key.startsWith(candidate) && boundary && (best === undefined || candidate.length > best.length)) best = candidate;
  }
  return best ? PRICES[best] : FREE;
}

export function costUsd(price: Price, inputTokens: number, outputTokens: number): number {
  return (inputTokens * price.inputPerMTok + outputTokens * price.outputPerMTok) / 1e6;
}
