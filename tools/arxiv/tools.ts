/**
 * The arXiv specialist's tools: `search_arxiv` (the Atom query API) and `fetch_arxiv_paper`
 * (download the PDF into ENGIAI_HOME/artifacts/arxiv and index it into the arXiv collection, so the
 * RAG agent and search_documents find it). PDFs are fetched only from arXiv's own hosts (or the
 * configured API's host): a paper is named by its id, never by a URL from the model.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { InputError, NotFoundError } from '../errors.ts';
import { citation, type Retrieval } from '../retrieval/index.ts';
import { artifact, toolsWith } from '../tool.ts';
import type { ArxivPaper } from './atom.ts';
import type { ArxivClient } from './client.ts';

export interface ArxivContext {
  client: ArxivClient;
  retrieval(): Retrieval;
  /** Where PDFs are saved (inside the artifact folder, so the web UI links them). */
  folder: string;
  collection: string;
  maxResults: number;
  /** Hosts PDFs may come from. */
  pdfHosts: string[];
  /** Papers seen in searches of this process, by id (saves a metadata request before a fetch). */
  seen: Map<string, ArxivPaper>;
}

const define = toolsWith<ArxivContext>();
const ARXIV_ID = /^(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?$/;
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);
const fileName = (id: string) => `${id.replace(/\//g, '_')}.pdf`;

export const searchArxiv = define({
  name: 'search_arxiv',
  description: 'Search arXiv for papers (title, authors, date, abstract, id). Words are AND-ed; field prefixes such as ti:, au:, abs:, cat: work too.',
  keyFields: ['query', 'total', 'titles'],
  schema: z.strictObject({
    query: z.string().min(2).max(300).describe('search words, e.g. "topology optimization length scale" or "au:sigmund AND ti:filter"'),
    max_results: z.number().int().min(1).max(20).optional().describe('papers to return, 1..20 (default from the settings, 5)'),
  }),
  async run(args, ctx) {
    const feed = await ctx.client.search(args.query, args.max_results ?? ctx.maxResults);
    for (const p of feed.papers) ctx.seen.set(p.id, p);
    return {
      result: {
        query: args.query,
        total: feed.total,
        titles: feed.papers.map((p) => `${p.title} (${p.id})`),
        papers: feed.papers.map((p) => ({ arxiv_id: p.id, title: p.title, authors: p.authors.slice(0, 6), published: p.published.slice(0, 10), abs_url: p.absUrl, summary: clip(p.summary, 900) })),
      },
    };
  },
});

async function paperOf(id: string, ctx: ArxivContext): Promise<ArxivPaper> {
  const known = ctx.seen.get(id) ?? [...ctx.seen.values()].find((p) => p.id.replace(/v\d+$/, '') === id);
  if (known) return known;
  const feed = await ctx.client.search(`id:${id}`, 1);
  const paper = feed.papers[0];
  if (!paper) throw new NotFoundError(`arXiv has no paper ${id}`, { hint: 'check the id, e.g. 2101.00001 or 2101.00001v2' });
  ctx.seen.set(paper.id, paper);
  return paper;
}

export const fetchArxivPaper = define({
  name: 'fetch_arxiv_paper',
  description: 'Download an arXiv paper (by id) as PDF and index it into the arXiv document collection; returns where it is and a citation for its first page.',
  keyFields: ['arxiv_id', 'title', 'pages', 'status'],
  schema: z.strictObject({
    arxiv_id: z.string().regex(ARXIV_ID).describe('arXiv id, e.g. 2101.00001 or 2101.00001v2 (old style: math/0211159)'),
  }),
  async run(args, ctx) {
    const paper = await paperOf(args.arxiv_id, ctx);
    const host = new URL(paper.pdfUrl).host;
    if (!ctx.pdfHosts.includes(host)) throw new InputError(`refusing to download from ${host}: PDFs come from arXiv's hosts only (${ctx.pdfHosts.join(', ')})`, { field: 'arxiv_id' });
    const bytes = await ctx.client.pdf(paper.pdfUrl);
    await mkdir(ctx.folder, { recursive: true });
    const path = join(ctx.folder, fileName(paper.id));
    const tmp = `${path}.tmp-${process.pid}`;
    await writeFile(tmp, bytes);
    await rename(tmp, path);
    const report = await ctx.retrieval().index([path], { collection: ctx.collection, allowed: [ctx.folder], prune: false, titleFor: () => paper.title });
    const file = report.files[0];
    if (!file || file.status === 'failed' || file.status === 'skipped') throw new InputError(`the PDF of ${paper.id} could not be indexed: ${file?.reason ?? 'unknown reason'}`, { field: 'arxiv_id' });
    const doc = ctx.retrieval().store.getDocument(file.docId ?? '');
    return {
      result: {
        arxiv_id: paper.id,
        title: paper.title,
        authors: paper.authors.slice(0, 6),
        published: paper.published.slice(0, 10),
        abs_url: paper.absUrl,
        status: file.status,
        collection: ctx.collection,
        doc_id: file.docId,
        pages: doc?.pages ?? file.pages,
        citation: citation({ title: paper.title, page: 1, docId: file.docId ?? '' }),
        summary: clip(paper.summary, 900),
        path,
      },
      artifacts: [artifact('document', path, 'pdf')],
    };
  },
});

export const arxivTools = [searchArxiv, fetchArxivPaper];
