/** The retrieval, arXiv and web search settings: defaults, environment, validation, the Tavily key kept out of files and messages. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/load.ts';
import { resolveEmbedder } from '../../../tools/retrieval/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'engiai-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('retrieval settings', () => {
  it('defaults: BM25 only, mode on, arXiv at one request per 3 s, no web search key', () => {
    const c = loadConfig({ env: {}, cwd: dir });
    expect(c.retrieval).toEqual({ mode: 'on', embeddings: 'none', collection: 'default', chunkChars: 1000, maxFileBytes: 50 * 1024 * 1024, roots: [] });
    expect(c.arxiv).toEqual({ baseUrl: 'https://export.arxiv.org/api/query', minIntervalMs: 3000, collection: 'arxiv', maxResults: 5 });
    expect(c.websearch).toEqual({ baseUrl: 'https://api.tavily.com', maxResults: 5 });
  });

  it('reads the environment and refuses bad values with the path and the value', () => {
    const c = loadConfig({ env: { ENGIAI_RETRIEVAL_MODE: 'empty', ENGIAI_EMBEDDINGS: 'fake:64', ENGIAI_ARXIV_URL: 'http://127.0.0.1:9/api/query', ENGIAI_ARXIV_INTERVAL_MS: '10', TAVILY_API_KEY: 'tvly-abc123456789' }, cwd: dir });
    expect(c.retrieval).toMatchObject({ mode: 'empty', embeddings: 'fake:64' });
    expect(c.arxiv).toMatchObject({ baseUrl: 'http://127.0.0.1:9/api/query', minIntervalMs: 10 });
    expect(c.websearch.apiKey).toBe('tvly-abc123456789');
    expect(() => loadConfig({ env: { ENGIAI_RETRIEVAL_MODE: 'maybe' }, cwd: dir })).toThrow(/retrieval\.mode: .*received "maybe"/s);
    expect(() => resolveEmbedder('fake:3', c)).toThrow(/fake dimension must be an integer 8\.\.4096/);
    expect(() => resolveEmbedder('cohere:embed', c)).toThrow(/unknown provider "cohere"/);
    expect(resolveEmbedder('none', c)).toBeNull();
  });

  it('a Tavily key in a config file is refused; an invalid one in the environment is never echoed', () => {
    const file = join(dir, 'engiai.yaml');
    writeFileSync(file, 'websearch:\n  apiKey: tvly-secret-in-file\n');
    expect(() => loadConfig({ env: {}, configPath: file })).toThrow(/sets websearch\.apiKey, but secrets are read from the environment only/);
    const err = (() => {
      try {
        loadConfig({ env: { TAVILY_API_KEY: 'tvly-x', ENGIAI_RETRIEVAL_MODE: 'nope' }, cwd: dir });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(err?.message).not.toContain('tvly-x');
  });
});
