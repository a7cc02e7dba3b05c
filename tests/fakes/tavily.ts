/**
 * A loopback Tavily: POST /search with `Authorization: Bearer <key>` answers Tavily's JSON
 * ({query, answer, results: [{title, url, content, score, raw_content, published_date}],
 * response_time, images, request_id}); a wrong key gets 401 {detail: {error}}; `failNext(n,
 * status)` answers the next n requests with that status ({detail: {error}}, Retry-After on 429).
 */
import { startJsonService, type JsonService } from './jsonService.ts';

export interface FakeTavilyResult {
  title: string;
  url: string;
  content: string;
}

export interface FakeTavily extends JsonService {
  key: string;
}

export async function startFakeTavily(results: Record<string, FakeTavilyResult[]>, key = 'tvly-test-0123456789abcdef'): Promise<FakeTavily> {
  const service = await startJsonService((req, json, takeFailure) => {
    const body = req.body;
    if (req.method !== 'POST' || req.path !== '/search') return json(404, { detail: { error: 'Not Found' } });
    if (req.headers.authorization !== `Bearer ${key}`) return json(401, { detail: { error: 'Unauthorized: missing or invalid API key.' } });
    const failStatus = takeFailure();
    if (failStatus !== null) {
      return json(failStatus, { detail: { error: failStatus === 429 ? 'Rate limit exceeded' : failStatus === 432 ? 'This request exceeds your plan\'s set usage limit.' : 'Internal error' } }, failStatus === 429 ? { 'retry-after': '0' } : {});
    }
    const query = String(body.query ?? '');
    const hits = Object.entries(results).find(([k]) => query.toLowerCase().includes(k.toLowerCase()))?.[1] ?? [];
    const max = Number(body.max_results ?? 5);
    json(200, {
      query,
      follow_up_questions: null,
      answer: body.include_answer && hits.length ? `${hits[0].title}: ${hits[0].content.split('.')[0]}.` : null,
      images: [],
      results: hits.slice(0, max).map((h, i) => ({ title: h.title, url: h.url, content: h.content, score: Number((0.9 - i * 0.1).toFixed(2)), raw_content: null, published_date: '2026-11-01' })),
      response_time: 0.42,
      request_id: '123e4567-e89b-12d3-a456-426614174111',
    });
  });
  return { ...service, key };
}
