/**
 * Embeddings from the model providers, over their REST wire formats, with the chat models'
 * provider settings (keys from the environment, base URLs, Ollama host) and retry policy:
 *   OpenAI  POST {baseUrl}/embeddings {model, input[]} → {data: [{index, embedding}]}
 *   Gemini  POST {baseUrl}/v1beta/models/{model}:batchEmbedContents {requests: [{model, content, taskType}]} → {embeddings: [{values}]}
 *   Ollama  POST {host}/api/embed {model, input[]} → {embeddings: [[…]]}
 */
import type { EngiConfig } from '../../../config/schema.ts';
import { ConfigError, InfraError } from '../../errors.ts';
import { fetchWithPolicy, policyFrom } from '../../net/fetchWithPolicy.ts';
import { normalize, type Embedder } from './embedder.ts';

function vectors(raw: unknown, n: number, who: string): Float32Array[] {
  if (!Array.isArray(raw) || raw.length !== n || !raw.every((v) => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number'))) {
    throw new InfraError(`${who} returned a malformed answer (expected ${n} vectors)`, { retryable: false });
  }
  const dim = (raw[0] as number[]).length;
  if (raw.some((v) => (v as number[]).length !== dim)) throw new InfraError(`${who} returned vectors of different lengths`, { retryable: false });
  return (raw as number[][]).map((v) => normalize(Float32Array.from(v)));
}

async function postJson(url: string, body: unknown, headers: Record<string, string>, config: EngiConfig, who: string, secrets: string[], keyEnv?: string): Promise<unknown> {
  const res = await fetchWithPolicy(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }, policyFrom(config.model), { service: who, secrets, keyEnv });
  try {
    return await res.json();
  } catch (err) {
    throw new InfraError(`${who} answered with invalid JSON`, { retryable: false, cause: err });
  }
}

const trimSlash = (u: string) => u.replace(/\/+$/, '');

export function openaiEmbedder(model: string, config: EngiConfig): Embedder {
  const key = config.providers.openai.apiKey;
  if (!key) throw new ConfigError(`openai:${model} embeddings need OPENAI_API_KEY`, { hint: 'set OPENAI_API_KEY, or use retrieval.embeddings: none (BM25 only)' });
  const base = trimSlash(config.providers.openai.baseUrl ?? 'https://api.openai.com/v1');
  const who = `openai:${model} embeddings`;
  return {
    id: `openai:${model}`,
    batchSize: 128,
    async embed(texts) {
      const json = (await postJson(`${base}/embeddings`, { model, input: texts }, { authorization: `Bearer ${key}` }, config, who, [key], 'OPENAI_API_KEY')) as { data?: { index: number; embedding: number[] }[] };
      const data = [...(json.data ?? [])].sort((a, b) => a.index - b.index);
      return vectors(data.map((d) => d.embedding), texts.length, who);
    },
  };
}

export function googleEmbedder(model: string, config: EngiConfig): Embedder {
  const key = config.providers.google.apiKey;
  if (!key) throw new ConfigError(`google:${model} embeddings need GOOGLE_API_KEY (or GEMINI_API_KEY)`, { hint: 'set the key, or use retrieval.embeddings: none (BM25 only)' });
  const base = trimSlash(config.providers.google.baseUrl ?? 'https://generativelanguage.googleapis.com');
  const who = `google:${model} embeddings`;
  return {
    id: `google:${model}`,
    batchSize: 100,
    async embed(texts, kind) {
      const requests = texts.map((text) => ({ model: `models/${model}`, content: { parts: [{ text }] }, taskType: kind === 'query' ? 'RETRIEVAL_QUERY' : 'RETRIEVAL_DOCUMENT' }));
      const url = `${base}/v1beta/models/${encodeURIComponent(model)}:batchEmbedContents`;
      const json = (await postJson(url, { requests }, { 'x-goog-api-key': key }, config, who, [key], 'GOOGLE_API_KEY')) as { embeddings?: { values: number[] }[] };
      return vectors((json.embeddings ?? []).map((e) => e.values), texts.length, who);
    },
  };
}

export function ollamaEmbedder(model: string, config: EngiConfig): Embedder {
  const host = trimSlash(config.providers.ollama.host);
  const who = `ollama:${model} embeddings`;
  return {
    id: `ollama:${model}`,
    batchSize: 32,
    async embed(texts) {
      const json = (await postJson(`${host}/api/embed`, { model, input: texts }, {}, config, who, [])) as { embeddings?: number[][] };
      return vectors(json.embeddings, texts.length, who);
    },
  };
}
