/**
 * Text embeddings of the configured provider, for semantic step similarity (the papers use a
 * cross-encoder; an embedding cosine is the nearest thing every provider offers). Specs are
 * "provider:model" (openai, google, ollama) or "openai-compatible:model@URL"; keys and endpoints
 * come from the loaded config. Failures become InfraError (retryable on 429/5xx/network).
 */
import type { EngiConfig } from '../../config/schema.ts';
import { ConfigError, InfraError, InputError } from '../../tools/errors.ts';
import { ResponseCache } from './responseCache.ts';

export interface Embedder {
  /** The embedding spec, e.g. openai:text-embedding-3-small. */
  model: string;
  embed(texts: readonly string[]): Promise<number[][]>;
}

/** The embedding model that goes with a chat model spec, or undefined (then the lexical score). */
export function defaultEmbeddingSpec(chatSpec: string): string | undefined {
  const provider = chatSpec.split(':')[0];
  if (provider === 'openai') return 'openai:text-embedding-3-small';
  if (provider === 'google') return 'google:text-embedding-004';
  if (provider === 'ollama') return 'ollama:nomic-embed-text';
  return undefined;
}

interface EmbeddingsLike {
  embedDocuments(texts: string[]): Promise<number[][]>;
}

async function client(spec: string, config: EngiConfig): Promise<EmbeddingsLike> {
  const colon = spec.indexOf(':');
  if (colon < 1) throw new InputError(`embedding spec "${spec}" must look like provider:model`, { field: 'semantic' });
  const provider = spec.slice(0, colon);
  const rest = spec.slice(colon + 1);
  if (provider === 'openai' || provider === 'openai-compatible') {
    const { OpenAIEmbeddings } = await import('@langchain/openai');
    const [model, url] = provider === 'openai' ? [rest, config.providers.openai.baseUrl] : [rest.split('@')[0], rest.split('@')[1]];
    const apiKey = provider === 'openai' ? config.providers.openai.apiKey : (config.providers.openaiCompatible.apiKey ?? 'not-needed');
    if (!apiKey) throw new ConfigError(`${spec} needs OPENAI_API_KEY`, { hint: 'set it, or pass --semantic lexical' });
    return new OpenAIEmbeddings({ model, apiKey, maxRetries: 0, ...(url ? { configuration: { baseURL: url } } : {}) });
  }
  if (provider === 'google') {
    const { GoogleGenerativeAIEmbeddings } = await import('@langchain/google-genai');
    if (!config.providers.google.apiKey) throw new ConfigError(`${spec} needs GOOGLE_API_KEY`, { hint: 'set it, or pass --semantic lexical' });
    return new GoogleGenerativeAIEmbeddings({ model: rest, apiKey: config.providers.google.apiKey, ...(config.providers.google.baseUrl ? { baseUrl: config.providers.google.baseUrl } : {}) });
  }
  if (provider === 'ollama') {
    const { OllamaEmbeddings } = await import('@langchain/ollama');
    return new OllamaEmbeddings({ model: rest, baseUrl: config.providers.ollama.host });
  }
  throw new InputError(`no embeddings for provider "${provider}"`, { field: 'semantic', hint: 'use openai:, google:, ollama:, openai-compatible:MODEL@URL or lexical' });
}

export async function createEmbedder(spec: string, config: EngiConfig, cache?: ResponseCache): Promise<Embedder> {
  const impl = await client(spec, config);
  return {
    model: spec,
    async embed(texts) {
      const key = ResponseCache.key({ embed: spec, texts });
      const hit = cache?.get<number[][]>(key);
      if (hit) return hit;
      try {
        const vectors = await impl.embedDocuments([...texts]);
        cache?.set(key, vectors);
        return vectors;
      } catch (err) {
        const status = (err as { status?: number }).status;
        const retryable = status === undefined || status === 429 || status >= 500;
        throw new InfraError(`embedding call to ${spec} failed: ${(err as Error).message}`, { cause: err, retryable });
      }
    },
  };
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}
