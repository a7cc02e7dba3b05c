/**
 * All I/O with arXiv: the Atom query API and PDF downloads, one request at a time with at least
 * `minIntervalMs` between two requests (arXiv's terms: one every 3 s), process-wide per host, a
 * User-Agent that names the client, and clear errors — offline ("cannot reach arXiv … are you
 * offline?"), rate-limited (HTTP 429/503 with Retry-After), refused query. An empty first page of
 * a query that reports results is retried once (a known transient failure of the API).
 */
import type { EngiConfig } from '../../config/schema.ts';
import { InfraError, InputError } from '../errors.ts';
import { fetchWithPolicy, type HttpPolicy } from '../net/fetchWithPolicy.ts';
import { parseAtom, type ArxivFeed } from './atom.ts';

const USER_AGENT = 'EngiAI/0.1 (engineering design assistant; arXiv API client)';
const MAX_PDF_BYTES = 60 * 1024 * 1024;

/** When the last request to each host ended (shared by every client in the process), and the queue. */
const hosts = new Map<string, { queue: Promise<void>; lastEnd: number }>();

/** Runs `request` when the host's previous request has ended at least `gapMs` ago: one at a time, in order. */
function inTurn<T>(host: string, gapMs: number, request: () => Promise<T>): Promise<T> {
  const h = hosts.get(host) ?? { queue: Promise.resolve(), lastEnd: -Infinity };
  hosts.set(host, h);
  const run = h.queue.then(async () => {
    const wait = h.lastEnd + gapMs - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    try {
      return await request();
    } finally {
      h.lastEnd = Date.now();
    }
  });
  h.queue = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

export interface ArxivClientOptions {
  baseUrl: string;
  minIntervalMs: number;
  policy: HttpPolicy;
}

export class ArxivClient {
  constructor(private readonly opts: ArxivClientOptions) {}

  static fromConfig(config: EngiConfig): ArxivClient {
    // arXiv asks clients not to hammer it: one attempt per request, the caller decides to retry
    return new ArxivClient({ baseUrl: config.arxiv.baseUrl, minIntervalMs: config.arxiv.minIntervalMs, policy: { ...config.model, timeoutMs: Math.min(config.model.timeoutMs, 60_000), maxRetries: 0 } });
  }

  /** One request in the host's turn; the body is read inside the turn, so the connection is done when the next starts. */
  private get<T>(url: string, accept: string, read: (res: Response) => Promise<T>, okStatuses?: number[], maxBytes?: number): Promise<T> {
    return inTurn(new URL(url).host, this.opts.minIntervalMs, async () => read(await fetchWithPolicy(url, { headers: { 'user-agent': USER_AGENT, accept } }, this.opts.policy, { service: 'arXiv', okStatuses, maxBytes })));
  }

  /** Searches arXiv (`all:` words unless the query uses field prefixes such as ti: or au:). */
  async search(query: string, maxResults: number, start = 0): Promise<ArxivFeed> {
    const q = query.trim();
    if (!q) throw new InputError('the arXiv query is empty', { field: 'query' });
    const searchQuery = /\b(?:ti|au|abs|co|jr|cat|rn|id|all):/.test(q) ? q : q.split(/\s+/).map((w) => `all:${w.replace(/[^\p{L}\p{N}.-]/gu, '')}`).filter((w) => w !== 'all:').join(' AND ');
    const url = new URL(this.opts.baseUrl);
    url.searchParams.set('search_query', searchQuery);
    url.searchParams.set('start', String(start));
    url.searchParams.set('max_results', String(maxResults));
    url.searchParams.set('sortBy', 'relevance');
    for (let attempt = 0; ; attempt++) {
      // arXiv explains a malformed query in an Atom error feed sent with HTTP 400
      const feed = parseAtom(await this.get(url.toString(), 'application/atom+xml', (res) => res.text(), [400]));
      if (feed.papers.length || feed.total === 0 || start >= feed.total || attempt >= 1) return feed;
    }
  }

  /** Downloads a paper's PDF (checked to be one), at most 60 MB. */
  async pdf(pdfUrl: string): Promise<Buffer> {
    const { bytes, type } = await this.get(pdfUrl, 'application/pdf', async (res) => {
      const declared = Number(res.headers.get('content-length') ?? 0);
      if (declared > MAX_PDF_BYTES) throw new InfraError(`the PDF at ${pdfUrl} is too large (${declared} bytes)`, { retryable: false });
      return { bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') };
    }, undefined, MAX_PDF_BYTES);
    if (bytes.length > MAX_PDF_BYTES) throw new InfraError(`the PDF at ${pdfUrl} is too large (${bytes.length} bytes)`, { retryable: false });
    if (!bytes.subarray(0, 1024).toString('latin1').includes('%PDF-')) throw new InfraError(`arXiv did not return a PDF for ${pdfUrl} (got ${type ?? 'unknown content'})`, { retryable: false, hint: 'the paper may not have a PDF yet; try its abs page' });
    return bytes;
  }
}
