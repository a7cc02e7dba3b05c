/**
 * All I/O with Tavily's search API (POST {baseUrl}/search, `Authorization: Bearer <key>`), under
 * the models' retry policy (tools/net/fetchWithPolicy.ts). Plain fetch rather than @tavily/core:
 * the SDK reads TAVILY_API_KEY and proxy variables from the environment itself and its errors drop
 * the HTTP status, so 429 could not be told from 400 for retries. Tavily's own statuses 432/433
 * (plan or pay-as-you-go limit reached) become a clear message.
 */
import type { EngiConfig } from '../../config/schema.ts';
import { ConfigError, InfraError } from '../errors.ts';
import { fetchWithPolicy, policyFrom, redact, type HttpPolicy } from '../net/fetchWithPolicy.ts';

export interface WebResult {
  title: string;
  url: string;
  content: string;
  score: number;
  publishedDate?: string;
}

export interface WebAnswer {
  query: string;
  answer?: string;
  results: WebResult[];
  responseTime?: number;
}

export interface WebSearchOptions {
  maxResults: number;
  topic?: 'general' | 'news';
  includeAnswer?: boolean;
}

export class TavilyClient {
  constructor(
    private readonly apiKey: string,
    private readonly baseUrl: string,
    private readonly policy: HttpPolicy,
  ) {}

  static fromConfig(config: EngiConfig): TavilyClient {
    const key = config.websearch.apiKey;
    if (!key) throw new ConfigError('no web search configured: set TAVILY_API_KEY', { hint: 'get a key at tavily.com and export TAVILY_API_KEY=tvly-…' });
    return new TavilyClient(key, config.websearch.baseUrl.replace(/\/+$/, ''), policyFrom(config.model));
  }

  async search(query: string, opts: WebSearchOptions): Promise<WebAnswer> {
    const body = { query, max_results: opts.maxResults, search_depth: 'basic', topic: opts.topic ?? 'general', include_answer: opts.includeAnswer ?? true, include_raw_content: false, include_images: false };
    const target = { service: 'Tavily web search', secrets: [this.apiKey], keyEnv: 'TAVILY_API_KEY' };
    let res: Response;
    try {
      res = await fetchWithPolicy(`${this.baseUrl}/search`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${this.apiKey}` }, body: JSON.stringify(body) }, this.policy, target);
    } catch (err) {
      if (err instanceof InfraError && /HTTP 43[23]/.test(err.message)) {
        throw new InfraError(`Tavily web search: the plan's usage limit is reached (${redact(err.message, [this.apiKey]).replace(/^.*?HTTP/, 'HTTP')})`, { retryable: false, hint: 'check the Tavily account or wait for the next billing period' });
      }
      throw err;
    }
    let json: { query?: string; answer?: string | null; results?: { title?: string; url?: string; content?: string; score?: number; published_date?: string }[]; response_time?: number };
    try {
      json = (await res.json()) as typeof json;
    } catch (err) {
      throw new InfraError('Tavily web search answered with invalid JSON', { retryable: false, cause: err });
    }
    if (!Array.isArray(json.results)) throw new InfraError('Tavily web search answered without results', { retryable: false });
    return {
      query: json.query ?? query,
      ...(json.answer ? { answer: json.answer } : {}),
      results: json.results.map((r) => ({ title: String(r.title ?? ''), url: String(r.url ?? ''), content: String(r.content ?? ''), score: Number(r.score ?? 0), ...(r.published_date ? { publishedDate: r.published_date } : {}) })),
      ...(json.response_time !== undefined ? { responseTime: Number(json.response_time) } : {}),
    };
  }
}
