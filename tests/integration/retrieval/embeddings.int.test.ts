/**
 * Embeddings from OpenAI, Gemini and Ollama through a loopback service of ours speaking each wire
 * format: the provider settings (keys, base URLs, Ollama host) and the models' retry policy apply;
 * a hybrid index built with them ranks by both lists; errors never show a key.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/load.ts';
import { resolveEmbedder, Retrieval } from '../../../tools/retrieval/index.ts';
import { startFakeEmbeddings, type FakeEmbeddings } from '../../fakes/embeddingsServer.ts';

let fake: FakeEmbeddings;
let dir: string;
const KEY = 'sk-test-embeddings-0123456789';

beforeAll(async () => {
  fake = await startFakeEmbeddings(24);
  dir = mkdtempSync(join(tmpdir(), 'engiai-embed-'));
});
afterAll(async () => {
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

const config = (env: Record<string, string> = {}) =>
  loadConfig({
    env: { ENGIAI_HOME: dir, OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${fake.url}/v1`, GOOGLE_API_KEY: 'AIzaTESTKEY0123456789abcdefghij', GOOGLE_BASE_URL: fake.url, OLLAMA_HOST: fake.url, ...env },
    cwd: dir,
    flags: { model: { retryBaseDelayMs: 5, retryMaxDelayMs: 50 } },
  });

describe('embedding backends', () => {
  it.each([
    ['openai:text-embedding-3-small', '/v1/embeddings', { authorization: `Bearer ${KEY}` }],
    ['google:gemini-embedding-001', '/v1beta/models/gemini-embedding-001:batchEmbedContents', { 'x-goog-api-key': 'AIzaTESTKEY0123456789abcdefghij' }],
    ['ollama:nomic-embed-text', '/api/embed', {}],
  ])('%s: the wire format, unit vectors in input order', async (spec, path, headers) => {
    const e = resolveEmbedder(spec, config())!;
    const [a, b, a2] = await e.embed(['volume fraction', 'heat sink', 'volume fraction'], 'document');
    expect(fake.requests.at(-1)).toMatchObject({ path, headers });
    expect(a).toHaveLength(24);
    expect(Math.hypot(...a)).toBeCloseTo(1, 5);
    expect(Array.from(a)).toEqual(Array.from(a2));
    expect(Array.from(a)).not.toEqual(Array.from(b));
    expect(e.id).toBe(spec);
  });

  it('retries 429/5xx like the chat models, and a missing key makes the spec a ConfigError', async () => {
    const e = resolveEmbedder('ollama:nomic-embed-text', config())!;
    const before = fake.requests.length;
    fake.failNext(2, 503);
    await e.embed(['x'], 'query');
    expect(fake.requests.length - before).toBe(3);
    expect(() => resolveEmbedder('openai:text-embedding-3-small', loadConfig({ env: { ENGIAI_HOME: dir }, cwd: dir }))).toThrow(/need OPENAI_API_KEY/);
    fake.failNext(1, 401);
    const err = await resolveEmbedder('openai:text-embedding-3-small', config())!.embed(['x'], 'query').catch((x: Error) => x);
    expect(err).toMatchObject({ name: 'ConfigError', message: expect.stringMatching(/API key was rejected \(HTTP 401\)/) });
    expect(JSON.stringify({ m: (err as Error).message, h: (err as { hint?: string }).hint })).not.toContain(KEY);
  });

  it('builds a hybrid index through a provider and ranks by both lists', async () => {
    const docs = join(dir, 'docs');
    mkdirSync(docs);
    writeFileSync(join(docs, 'a.md'), '# Beam report\n\nThe volume fraction was 0.3 for the cantilever.\n');
    writeFileSync(join(docs, 'b.md'), '# Heat sink\n\nFins conduct heat to the air.\n');
    const r = Retrieval.open(config({ ENGIAI_EMBEDDINGS: 'openai:text-embedding-3-small' }));
    await r.index([docs]);
    expect(r.store.embeddingModel()).toEqual({ id: 'openai:text-embedding-3-small', dim: 24 });
    const [hit] = await r.search('cantilever volume fraction', { k: 1 });
    expect(hit).toMatchObject({ title: 'Beam report', bm25Rank: 1, vectorRank: 1 });
    r.close();
  });
});
