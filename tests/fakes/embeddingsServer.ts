/**
 * A loopback embeddings service speaking three wire formats, with deterministic vectors
 * (fakeVector) of `dim` dimensions:
 *   OpenAI  POST /v1/embeddings {model, input[]} → {object: 'list', data: [{object, index, embedding}], model, usage}
 *   Gemini  POST /v1beta/models/{model}:batchEmbedContents {requests[]} → {embeddings: [{values}]}
 *   Ollama  POST /api/embed {model, input[]} → {model, embeddings: [[…]]}
 * `failNext(n, status)` answers the next n requests with that status (Retry-After: 0 on 429).
 */
import { fakeVector } from '../../tools/retrieval/embeddings/fakeEmbedder.ts';
import { startJsonService, type JsonService } from './jsonService.ts';

export type FakeEmbeddings = JsonService;

export async function startFakeEmbeddings(dim = 24): Promise<FakeEmbeddings> {
  const vec = (t: string) => Array.from(fakeVector(t, dim), (x) => x * 3);
  return startJsonService((req, json, takeFailure) => {
    const body = req.body;
    const failStatus = takeFailure();
    if (failStatus !== null) return json(failStatus, { error: { message: `fake HTTP ${failStatus}` } }, failStatus === 429 ? { 'retry-after': '0' } : {});
    const path = req.path.split('?')[0];
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
}
