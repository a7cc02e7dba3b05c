/**
 * Gemini through @langchain/google-genai 2.3.2 (which wraps @google/generative-ai).
 * Two gaps are closed on the client instance:
 *   - seed: the REST API takes generationConfig.seed, which the LangChain wrapper does not expose;
 *   - MALFORMED_FUNCTION_CALL: Gemini answers it with a candidate that has no content; LangChain
 *     then throws EmptyContentError (or crashes mid-stream), so we give the candidate empty
 *     content and let malformedToolCall.ts turn the finish reason into an invalid tool call.
 */
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { ConfigError } from '../../tools/errors.ts';
import { geminiMalformed } from './malformedToolCall.ts';
import type { ProviderInput, ProviderModel } from './providerModel.ts';

export const GOOGLE_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';

export function createGoogleModel({ spec, settings, providers }: ProviderInput): ProviderModel {
  const apiKey = providers.google.apiKey;
  if (!apiKey) {
    throw new ConfigError(`${spec.text} needs a Gemini API key, but neither GOOGLE_API_KEY nor GEMINI_API_KEY is set`, {
      hint: 'export GOOGLE_API_KEY=... (never put it in config/engiai.yaml), or pick --model offline or ollama:MODEL.',
    });
  }
  const baseUrl = providers.google.baseUrl ?? GOOGLE_DEFAULT_BASE_URL;
  const model = new ChatGoogleGenerativeAI({ model: spec.model, apiKey, baseUrl, temperature: settings.temperature, maxRetries: 0 });
  patchClient(model, settings.seed);
  return { model, secrets: [apiKey], endpoint: baseUrl, keyEnv: 'GOOGLE_API_KEY', malformed: geminiMalformed };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

function patchClient(model: ChatGoogleGenerativeAI, seed: number): void {
  const client = (model as Any).client;
  const generate = client.generateContent.bind(client);
  const generateStream = client.generateContentStream.bind(client);
  const withSeed = (request: Any) => (request && typeof request === 'object' ? { ...request, generationConfig: { ...request.generationConfig, seed } } : request);
  client.generateContent = async (request: Any, ...rest: Any[]) => {
    const result = await generate(withSeed(request), ...rest);
    fillMalformed(result.response);
    return result;
  };
  client.generateContentStream = async (request: Any, ...rest: Any[]) => {
    const result = await generateStream(withSeed(request), ...rest);
    return { ...result, stream: mapStream(result.stream) };
  };
}

async function* mapStream(stream: AsyncIterable<Any>): AsyncGenerator<Any> {
  for await (const response of stream) {
    fillMalformed(response);
    yield response;
  }
}

function fillMalformed(response: Any): void {
  for (const candidate of response?.candidates ?? []) {
    if (candidate.finishReason === 'MALFORMED_FUNCTION_CALL' && !candidate.content) candidate.content = { role: 'model', parts: [{ text: '' }] };
  }
}
