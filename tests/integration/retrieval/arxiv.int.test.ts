/**
 * The arXiv specialist against a loopback arXiv of ours (real-format Atom feeds, PDFs written in
 * the test): the client parses feeds and keeps its requests apart by the configured interval;
 * `engiai chat` offline finds papers, fetches and indexes their PDFs and summarises them with
 * citations the RAG agent's search then resolves; rate limiting, an unreachable service and a
 * refused query give clear errors.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChat, type ChatIO } from '../../../cli/commands/chat.ts';
import { loadConfig } from '../../../config/load.ts';
import { ArxivClient } from '../../../tools/arxiv/index.ts';
import { Retrieval } from '../../../tools/retrieval/index.ts';
import { startFakeArxiv, type FakeArxiv, type FakePaper } from '../../fakes/arxiv.ts';

const PAPERS: FakePaper[] = [
  {
    id: '2401.01234',
    title: 'Length scale control in topology optimization with robust filters',
    summary: 'We control the minimum length scale in density-based topology optimization. A robust formulation with eroded and dilated designs is used. Results on beams show crisp designs.',
    authors: ['A. Author', 'B. Builder', 'C. Checker', 'D. Doer'],
    published: '2024-01-05',
    pages: [['Length scale control in topology optimization', 'Abstract. We control the minimum length scale.'], ['2 Method', 'The projection threshold eta is 0.5 and beta doubles every 50 iterations.']],
  },
  {
    id: '2402.04321',
    title: 'Topology optimization of compliant beams',
    summary: 'Compliant mechanisms are optimized for stiffness. Filters with radius 1.5 elements are compared.',
    authors: ['E. Engineer'],
    published: '2024-02-10',
    pages: [['Topology optimization of compliant beams', 'We compare filters.']],
  },
  { id: '2403.00007', title: 'Heat sinks by level sets', summary: 'Level-set heat sinks.', authors: ['F. Fin'], published: '2024-03-01', pages: [['Heat sinks']] },
];

let fake: FakeArxiv;
let home: string;
const io = (): ChatIO & { out: string } => {
  const self = { out: '', write: (t: string) => void (self.out += t), ask: async () => '' };
  return self;
};

beforeAll(async () => {
  fake = await startFakeArxiv(PAPERS);
  home = mkdtempSync(join(tmpdir(), 'engiai-arxiv-'));
});
afterAll(async () => {
  await fake?.close();
  rmSync(home, { recursive: true, force: true });
});

const config = (env: Record<string, string> = {}) => loadConfig({ env: { ENGIAI_HOME: home, ENGIAI_ARXIV_URL: fake.url, ENGIAI_ARXIV_INTERVAL_MS: '250', ...env }, cwd: home });

describe('arXiv client', () => {
  it('parses the Atom feed and keeps requests at least the configured interval apart', async () => {
    const client = ArxivClient.fromConfig(config());
    const before = fake.requests.length;
    const a = await client.search('topology optimization', 5);
    const b = await client.search('ti:heat', 5);
    await client.search('id:2401.01234', 1);
    expect(a.total).toBe(2);
    expect(a.papers.map((p) => p.id)).toEqual(['2401.01234v1', '2402.04321v1']);
    expect(a.papers[0]).toMatchObject({ title: PAPERS[0].title, authors: PAPERS[0].authors, published: '2024-01-05T12:00:00Z', absUrl: 'http://arxiv.org/abs/2401.01234v1', pdfUrl: `${fake.origin}/pdf/2401.01234v1`, categories: ['math.OC'] });
    expect(a.papers[0].summary).toBe(PAPERS[0].summary);
    expect(b.papers.map((p) => p.title)).toEqual(['Heat sinks by level sets']);
    const times = fake.requests.slice(before).map((r) => r.atMs);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(240);
    expect(fake.requests.at(-3)!.query).toMatchObject({ search_query: 'all:topology AND all:optimization', max_results: '5', start: '0' });
  });

  it('says clearly when arXiv rate-limits, refuses a query, or cannot be reached', async () => {
    const client = ArxivClient.fromConfig(config({ ENGIAI_ARXIV_INTERVAL_MS: '0' }));
    fake.rateLimit(1, 7);
    await expect(client.search('topology', 3)).rejects.toThrow(/arXiv is rate-limiting or unavailable \(HTTP 503\)\. Retry-After 7 s/);
    await expect(client.search('id:', 3)).rejects.toThrow(/arXiv refused the query: malformed query term: id:/);
    const offline = ArxivClient.fromConfig(config({ ENGIAI_ARXIV_URL: 'http://127.0.0.1:9/api/query', ENGIAI_ARXIV_INTERVAL_MS: '0', ENGIAI_MAX_RETRIES: '0' }));
    await expect(offline.search('topology', 3)).rejects.toThrow(/cannot reach arXiv at http:\/\/127\.0\.0\.1:9 .*are you offline\?/);
  });
});

describe('the arXiv specialist through engiai chat (offline planner)', () => {
  it('finds papers, fetches and indexes their PDFs, summarises them with citations the document search resolves', async () => {
    process.env.ENGIAI_ARXIV_URL = fake.url;
    process.env.ENGIAI_ARXIV_INTERVAL_MS = '100';
    try {
      const t = io();
      const r = await runChat({ message: 'Find 2 papers on topology optimization and summarise them', model: 'offline', home, interactive: false, json: true }, t);
      expect(r.status).toBe('done');
      const calls = r.trace.events.filter((e) => e.type === 'tool_call').map((e) => `${(e as { name: string }).name}:${JSON.stringify((e as { args: unknown }).args)}`);
      expect(calls).toEqual(['search_arxiv:{"query":"topology optimization","max_results":3}', 'fetch_arxiv_paper:{"arxiv_id":"2401.01234v1"}', 'fetch_arxiv_paper:{"arxiv_id":"2402.04321v1"}']);
      expect(r.answer).toMatch(/Found 2 papers on arXiv for "topology optimization"/);
      expect(r.answer).toMatch(/1\. Length scale control in topology optimization with robust filters — A\. Author, B\. Builder, C\. Checker et al\. \(2024-01-05\), arXiv:2401\.01234v1/);
      expect(r.answer).toMatch(/We control the minimum length scale in density-based topology optimization\. A robust formulation/);
      const cite = /Indexed into collection arxiv \(2 pages\): (\[Length scale control[^\]]*, p\. 1\]\(doc:([0-9a-f]{16})#page=1\))/.exec(r.answer ?? '');
      expect(cite).not.toBeNull();
      const pdf = join(home, 'artifacts', 'arxiv', '2401.01234v1.pdf');
      expect(existsSync(pdf)).toBe(true);
      expect(r.trace.artifacts).toContain(pdf);

      const engine = new Retrieval({ path: join(home, 'retrieval', 'index.sqlite'), embedder: null });
      const [hit] = await engine.search('projection threshold eta beta', { collection: 'arxiv', k: 1 });
      expect(hit).toMatchObject({ docId: cite![2], page: 2, title: PAPERS[0].title, collection: 'arxiv' });
      engine.close();
    } finally {
      delete process.env.ENGIAI_ARXIV_URL;
      delete process.env.ENGIAI_ARXIV_INTERVAL_MS;
    }
  });

  it('says plainly when nothing was found, and when arXiv cannot be reached', async () => {
    process.env.ENGIAI_ARXIV_INTERVAL_MS = '0';
    try {
      process.env.ENGIAI_ARXIV_URL = fake.url;
      const none = await runChat({ message: 'find papers on quantum basket weaving', model: 'offline', home, interactive: false }, io());
      expect(none.answer).toMatch(/Nothing found on arXiv for "quantum basket weaving"/);
      process.env.ENGIAI_ARXIV_URL = 'http://127.0.0.1:9/api/query';
      process.env.ENGIAI_MAX_RETRIES = '0';
      const off = await runChat({ message: 'find papers on topology optimization', model: 'offline', home, interactive: false }, io());
      expect(off.status).toBe('done');
      expect(off.answer).toMatch(/The arXiv search for "topology optimization" failed: cannot reach arXiv .* are you offline\?/);
    } finally {
      delete process.env.ENGIAI_ARXIV_URL;
      delete process.env.ENGIAI_ARXIV_INTERVAL_MS;
      delete process.env.ENGIAI_MAX_RETRIES;
    }
  });
});
