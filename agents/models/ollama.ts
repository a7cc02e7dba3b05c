/**
 * Ollama through @langchain/ollama 1.3.0. The client gets a fetch that turns non-2xx answers
 * into ProviderHttpError (status + Retry-After) before the library reads them, so callPolicy.ts
 * can retry them like the other providers (reading at most 64 KiB of the error page). No model is
 * ever pulled (checkOrPullModel stays off).
 */
import { ChatOllama } from '@langchain/ollama';
import { readHead } from '../../tools/net/readCapped.ts';
import { ollamaMalformed } from './malformedToolCall.ts';
import { ProviderHttpError, retryAfterFromHeaders } from './providerError.ts';
import type { ProviderInput, ProviderModel } from './providerModel.ts';

export function createOllamaModel({ spec, settings, providers }: ProviderInput): ProviderModel {
  const host = providers.ollama.host;
  const model = new ChatOllama({
    model: spec.model,
    baseUrl: host,
    temperature: settings.temperature,
    seed: settings.seed,
    numCtx: providers.ollama.numCtx,
    fetch: statusCheckingFetch,
  });
  return { model, secrets: [], endpoint: host, malformed: ollamaMalformed };
}

export const statusCheckingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.ok) return response;
  // an error page is read only as far as a message needs
  const text = await readHead(response, 64 * 1024);
  let message = text;
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    if (typeof parsed.error === 'string') message = parsed.error;
  } catch {
    // not JSON: keep the text
  }
  throw new ProviderHttpError(response.status, message, retryAfterFromHeaders(response.headers));
};
