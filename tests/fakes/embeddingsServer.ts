/**
 * A loopback embeddings service speaking three wire formats, with deterministic vectors
 * (fakeVector) of `dim` dimensions:
 *   OpenAI  POST /v1/embeddings {model, input[]} → {object: 'list', data: [{object, index, embedding}], model, usage}
 *   Gemini  POST /v1beta/models/{model}:batchEmbedContents {requests[]} → {embeddings: [{values}]}
 *   Ollama  POST /api/embed {model, input[]} → {model, embeddings: [[…]]}
 * `failNext(n, status)` answers the next n requests with that status (Retry-After: 0 on 429).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeVector } from '../../tools/retrieval/embeddings/fakeEmbedder.ts';

export interface FakeEmbeddings {
  url: string;
  requests: { path: string; headers: Record<string, string | string[] | undefined>; body: Record<string, unknown> }[];
  failNext(n: number, status: number): void;
  close(): Promise<void>;
}

export async function startFakeEmbeddings(dim = 24): Promise<FakeEmbeddings> {
  const requests: FakeEmbeddings['requests'] = [];
  let failing = 0;
  let failStatus = 500;
  const vec = (t: string) => Array.from(fakeVector(t, dim), (x) => x * 3);
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    requests.push({ path: req.url ?? '', headers: req.headers, body });
    const json = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      const text = JSON.stringify(payload);
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
      res.end(text);
    };
    if (failing > 0) {
      failing--;
      return json(failStatus, { error: { message: `fake HTTP ${failStatus}` } }, failStatus === 429 ? { 'retry-after': '0' } : {});
    }
    const path = (req.url ?? '').split('?')[0];
    if (path === '/v1/embeddings') {
      const input = body.input as string[];
      return json(200, { object: 'list', data: input.map((t, index) => ({ object: 'embedding', index, embedding: vec(t) })).reverse(), model: body.model, usage: { prompt_tokens: input.length, total_tokens: input.length } });
    }
    if (/^\/v1beta\/models\/[^/:]+:batchEmbedContents$/.test(path)) {
      const reqs = body.requests as { content: { parts: { text: string }[] } }[];
      return json(200, { embeddings: reqs.map((r) => ({ values: vec(r.content.parts.map((p) => p.text).join('')) })) });
    }
    if (path === '/api/embed') return json(200, { model: body.model, embeddings: (body.input as string[]).map(vec), total_duration: 1000 });
    json(404, { error: `fake: no route for ${path}` });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    failNext(n, status) {
      failing = n;
      failStatus = status;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
