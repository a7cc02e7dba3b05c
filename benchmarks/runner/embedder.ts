/**
 * Text embeddings of the configured provider, for semantic step similarity (the papers use a
 * cross-encoder; an embedding cosine is the nearest thing every provider offers). Specs are
 * "provider:model" (openai, google, ollama); keys and endpoints come from the loaded config.
 * Failures are the retrieval clients' InfraError (retryable on 429/5xx/network).
 */
import type { EngiConfig } from '../../config/schema.ts';
import { InputError } from '../../tools/errors.ts';
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

/**
 * The provider's embeddings through the retrieval engine's clients (tools/retrieval/embeddings:
 * the same keys, base URLs, retry policy and wire formats the RAG index uses, tested against
 * loopback servers), in the provider's batch size, with the run's response cache.
 */
export async function createEmbedder(spec: string, config: EngiConfig, cache?: ResponseCache): Promise<Embedder> {
  if (!/^[a-z-]+:\S+$/.test(spec)) throw new InputError(`embedding spec "${spec}" must look like provider:model`, { field: 'semantic', hint: 'use openai:, google:, ollama: or lexical' });
  const { resolveEmbedder } = await import('../../tools/retrieval/embeddings/embedder.ts');
  const impl = resolveEmbedder(spec, config)!; // null only for "none", which the pattern above refuses
  return {
    model: spec,
    async embed(texts) {
      const key = ResponseCache.key({ embed: spec, texts });
      const hit = cache?.get<number[][]>(key);
      if (hit) return hit;
      const vectors: number[][] = [];
      for (let i = 0; i < texts.length; i += impl.batchSize) {
        for (const v of await impl.embed(texts.slice(i, i + impl.batchSize), 'document')) vectors.push(Array.from(v));
      }
      cache?.set(key, vectors);
      return vectors;
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
