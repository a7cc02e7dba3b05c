/**
 * The HTTP clients of the tools (embeddings, web search, arXiv) read through fetchWithPolicy,
 * which reads the body itself: under a byte cap (ReplyTooLargeError naming the cap and the
 * service) and inside the request's timeout (a body that never ends is a TimeoutError). Each case
 * runs against a real loopback server sending a huge or endless reply; memory is measured around
 * the call and the server counts what it could send. The Ollama chat model's error pages are
 * read only in part too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { statusCheckingFetch } from '../../../agents/models/ollama.ts';
import { ProviderHttpError } from '../../../agents/models/providerError.ts';
import { loadConfig } from '../../../config/load.ts';
import { ReplyTooLargeError, TimeoutError } from '../../../tools/errors.ts';
import { DEFAULT_MAX_REPLY_BYTES, fetchWithPolicy } from '../../../tools/net/fetchWithPolicy.ts';
import { ollamaEmbedder } from '../../../tools/retrieval/embeddings/httpEmbedders.ts';
import { peakMemoryGrowth, startHostileServer, type HostileReply, type HostileServer } from '../../support/hostileHttp.ts';

const MB = 1024 * 1024;
const policy = { timeoutMs: 3000, maxRetries: 0, retryBaseDelayMs: 10, retryMaxDelayMs: 10 };
let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(reply: HostileReply): Promise<string> {
  server = await startHostileServer(reply);
  return server.url;
}

const settle = () => new Promise((r) => setTimeout(r, 100));

describe('fetchWithPolicy reads answers under a cap and within the timeout', () => {
  it('a 300 MB embeddings answer from an Ollama host is abandoned at the 32 MiB cap; memory stays bounded', async () => {
    const url = await serve({ bytes: 300 * MB });
    const config = loadConfig({ env: { OLLAMA_HOST: url, ENGIAI_MAX_RETRIES: '0' }, cwd: process.cwd() });
    const embedder = ollamaEmbedder('nomic-embed-text', config);
    const { outcome, growth } = await peakMemoryGrowth(() => embedder.embed(['a beam'], 'query'));
    expect(outcome).toBeInstanceOf(ReplyTooLargeError);
    expect((outcome as Error).message).toMatch(/^ollama:nomic-embed-text embeddings: the reply is larger than the 32 MiB cap/);
    expect((outcome as ReplyTooLargeError).limitBytes).toBe(DEFAULT_MAX_REPLY_BYTES);
    expect(growth).toBeLessThan(96 * MB);
    await settle();
    expect(server!.sent()).toBeLessThan(100 * MB);
  });

  it("a target's own cap applies, and a declared Content-Length over it is refused before reading", async () => {
    const url = await serve({ bytes: 5 * MB, declare: true });
    const err = await fetchWithPolicy(url, {}, policy, { service: 'arXiv', maxBytes: MB }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(ReplyTooLargeError);
    expect((err as Error).message).toBe('arXiv: the reply is larger than the 1 MiB cap (Content-Length 5242880); it was not read further');
  });

  it('an error page is read only in part', async () => {
    const url = await serve({ bytes: 200 * MB, status: 502, contentType: 'text/html' });
    const { outcome, growth } = await peakMemoryGrowth(() => fetchWithPolicy(url, {}, policy, { service: 'Tavily web search' }));
    expect((outcome as Error).message).toMatch(/^Tavily web search: request failed \(HTTP 502\)/);
    expect(growth).toBeLessThan(64 * MB);
    await settle();
    expect(server!.sent()).toBeLessThan(100 * MB);
  });

  it("the Ollama chat model's error page is read only in part", async () => {
    const url = await serve({ bytes: 200 * MB, status: 500, contentType: 'text/plain' });
    const { outcome, growth } = await peakMemoryGrowth(() => statusCheckingFetch(`${url}/api/chat`, { method: 'POST', body: '{}' }));
    expect(outcome).toBeInstanceOf(ProviderHttpError);
    expect((outcome as ProviderHttpError).status).toBe(500);
    expect(growth).toBeLessThan(64 * MB);
    await settle();
    expect(server!.sent()).toBeLessThan(100 * MB);
  });

  it('a body that drips forever ends at the timeout', async () => {
    const url = await serve({ bytes: 0, dripMs: 20 });
    const t0 = Date.now();
    const err = await fetchWithPolicy(url, {}, { ...policy, timeoutMs: 800 }, { service: 'arXiv' }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as Error).message).toBe('arXiv did not finish its answer within 800 ms');
    expect(Date.now() - t0).toBeLessThan(3000);
  });

  it('an answer under the cap is returned whole, readable as usual', async () => {
    const url = await serve({ bytes: 2 * MB });
    const res = await fetchWithPolicy(url, {}, policy, { service: 'arXiv' });
    expect(res.status).toBe(200);
    expect((await res.text()).length).toBe(2 * MB);
  });
});
