/**
 * An embedding backend: texts → unit vectors of one model. The store keeps vectors of exactly one
 * model (its `id`); a different id re-embeds everything. Specs: `none` (BM25 only), `fake[:DIM]`
 * (deterministic hashed words, for tests and benchmarks), `openai:MODEL`, `google:MODEL`,
 * `ollama:MODEL` (through the providers' settings and the models' retry policy, see httpEmbedders.ts).
 */
import type { EngiConfig } from '../../../config/schema.ts';
import { ConfigError } from '../../errors.ts';
import { fakeEmbedder } from './fakeEmbedder.ts';
import { googleEmbedder, ollamaEmbedder, openaiEmbedder } from './httpEmbedders.ts';

export interface Embedder {
  /** `provider:model` (with the dimension for fake): the identity of the vector space. */
  readonly id: string;
  /** Texts per request. */
  readonly batchSize: number;
  /** One unit vector per text, in order. `kind` lets providers that distinguish them embed queries differently. */
  embed(texts: string[], kind: 'document' | 'query'): Promise<Float32Array[]>;
}

/** The embedder a spec names, or null for `none`. */
export function resolveEmbedder(spec: string, config: EngiConfig): Embedder | null {
  const s = spec.trim();
  if (!s || s === 'none') return null;
  const colon = s.indexOf(':');
  const provider = colon < 0 ? s : s.slice(0, colon);
  const model = colon < 0 ? '' : s.slice(colon + 1);
  if (provider === 'fake') {
    const dim = model ? Number(model) : 256;
    if (!Number.isInteger(dim) || dim < 8 || dim > 4096) throw new ConfigError(`retrieval.embeddings "${s}": the fake dimension must be an integer 8..4096`);
    return fakeEmbedder(dim);
  }
  if (!model) throw new ConfigError(`retrieval.embeddings "${s}" names no model`, { hint: 'use none, fake, openai:text-embedding-3-small, google:gemini-embedding-001 or ollama:nomic-embed-text' });
  if (provider === 'openai') return openaiEmbedder(model, config);
  if (provider === 'google') return googleEmbedder(model, config);
  if (provider === 'ollama') return ollamaEmbedder(model, config);
  throw new ConfigError(`retrieval.embeddings "${s}": unknown provider "${provider}"`, { hint: 'use none, fake[:DIM], openai:MODEL, google:MODEL or ollama:MODEL' });
}

/** Scales a vector to unit length (cosine distance then equals 1 − dot product). */
export function normalize(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n);
  if (n > 0) for (let i = 0; i < v.length; i++) v[i] /= n;
  return v;
}
