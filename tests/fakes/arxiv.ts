/**
 * A loopback arXiv: GET /api/query answers Atom 1.0 feeds in arXiv's real format (opensearch
 * totals with inline namespace declarations, entries with id, published/updated, title, summary,
 * authors, comment, abs and pdf links, primary category), searching its papers by `all:`/`ti:`
 * words (AND-ed) or `id:`; an empty query gets arXiv's error feed. GET /pdf/<id> serves each paper
 * as a real PDF written in the test (tools/retrieval/pdfWriter.ts). `rateLimit(n)` makes the next
 * n requests answer 503 with Retry-After, as arXiv does when a client is too fast. Every request is
 * recorded with its time.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writePdf } from '../../tools/retrieval/pdfWriter.ts';

export interface FakePaper {
  /** Without version, e.g. 2401.01234. */
  id: string;
  title: string;
  summary: string;
  authors: string[];
  published: string;
  /** Lines of each PDF page. */
  pages: string[][];
  category?: string;
}

export interface FakeArxiv {
  /** The query endpoint, for arxiv.baseUrl. */
  url: string;
  origin: string;
  requests: { path: string; query: Record<string, string>; atMs: number }[];
  rateLimit(n: number, retryAfterS?: number): void;
  close(): Promise<void>;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function entry(p: FakePaper, origin: string): string {
  const cat = p.category ?? 'math.OC';
  return `  <entry>
    <id>http://arxiv.org/abs/${p.id}v1</id>
    <updated>${p.published}T12:00:00Z</updated>
    <published>${p.published}T12:00:00Z</published>
    <title>${esc(p.title).replace(/ (\S+ \S+)$/, '\n  $1')}</title>
    <summary>  ${esc(p.summary)}
</summary>
${p.authors.map((a) => `    <author>\n      <name>${esc(a)}</name>\n    </author>`).join('\n')}
    <arxiv:comment xmlns:arxiv="http://arxiv.org/schemas/atom">${p.pages.length} pages</arxiv:comment>
    <link href="http://arxiv.org/abs/${p.id}v1" rel="alternate" type="text/html"/>
    <link title="pdf" href="${origin}/pdf/${p.id}v1" rel="related" type="application/pdf"/>
    <arxiv:primary_category xmlns:arxiv="http://arxiv.org/schemas/atom" term="${cat}" scheme="http://arxiv.org/schemas/atom"/>
    <category term="${cat}" scheme="http://arxiv.org/schemas/atom"/>
  </entry>`;
}

function feed(query: string, start: number, total: number, entries: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <link href="http://arxiv.org/api/query?${esc(query)}" rel="self" type="application/atom+xml"/>
  <title type="html">ArXiv Query: ${esc(query)}</title>
  <id>http://arxiv.org/api/fakeQueryId</id>
  <updated>2026-11-30T00:00:00-05:00</updated>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">${total}</opensearch:totalResults>
  <opensearch:startIndex xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">${start}</opensearch:startIndex>
  <opensearch:itemsPerPage xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">${entries.length}</opensearch:itemsPerPage>
${entries.join('\n')}
</feed>
`;
}

const errorFeed = (message: string) =>
  feed('error', 0, 1, [`  <entry>\n    <id>http://arxiv.org/api/errors#incorrect_id_format</id>\n    <title>Error</title>\n    <summary>${esc(message)}</summary>\n    <updated>2026-11-30T00:00:00-05:00</updated>\n    <link href="http://arxiv.org/api/errors#x" rel="alternate" type="text/html"/>\n    <author>\n      <name>arXiv api core</name>\n    </author>\n  </entry>`]);

function matches(p: FakePaper, searchQuery: string): boolean {
  const terms = searchQuery.split(/\s+AND\s+/i).map((t) => t.trim()).filter(Boolean);
  return terms.every((t) => {
    const m = /^(all|ti|abs|au|id):(.+)$/i.exec(t);
    if (!m) return false;
    const [, field, word] = m;
    const w = word.toLowerCase().replace(/^"|"$/g, '');
    if (field === 'id') return p.id === w.replace(/v\d+$/, '');
    const hay = field === 'ti' ? p.title : field === 'au' ? p.authors.join(' ') : field === 'abs' ? p.summary : `${p.title} ${p.summary} ${p.authors.join(' ')}`;
    return hay.toLowerCase().includes(w);
  });
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export async function startFakeArxiv(papers: FakePaper[]): Promise<FakeArxiv> {
  const requests: FakeArxiv['requests'] = [];
  const t0 = Date.now();
  let limited = 0;
  let retryAfter = 10;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), atMs: Date.now() - t0 });
    const origin = `http://${req.headers.host}`;
    if (limited > 0) {
      limited--;
      return send(res, 503, 'text/plain', 'Rate exceeded.', { 'retry-after': String(retryAfter) });
    }
    if (url.pathname === '/api/query') {
      const q = url.searchParams.get('search_query') ?? '';
      if (!q.trim()) return send(res, 400, 'application/atom+xml', errorFeed('search_query is empty'));
      const start = Number(url.searchParams.get('start') ?? 0);
      const max = Number(url.searchParams.get('max_results') ?? 10);
      const bad = q.split(/\s+AND\s+/i).find((t) => !/^(all|ti|abs|au|id):\S/i.test(t.trim()));
      if (bad !== undefined) return send(res, 400, 'application/atom+xml', errorFeed(`malformed query term: ${bad}`));
      const found = papers.filter((p) => matches(p, q));
      return send(res, 200, 'application/atom+xml; charset=utf-8', feed(url.search.slice(1), start, found.length, found.slice(start, start + max).map((p) => entry(p, origin))));
    }
    const pdf = /^\/pdf\/(.+?)(?:v\d+)?(?:\.pdf)?$/.exec(url.pathname);
    const paper = pdf && papers.find((p) => p.id === pdf[1]);
    if (paper) return send(res, 200, 'application/pdf', writePdf(paper.pages.map((lines) => ({ lines })), { title: paper.title, author: paper.authors.join(', ') }));
    send(res, 404, 'text/plain', 'not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/api/query`,
    origin,
    requests,
    rateLimit(n, s = 10) {
      limited = n;
      retryAfter = s;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
