/**
 * arXiv's Atom 1.0 answers (info.arxiv.org/help/api/user-manual.html §3.3): a feed with
 * opensearch:totalResults and one <entry> per paper (id = abs URL with version, title, summary,
 * authors, published/updated, links to the abs page and the PDF, categories, optional DOI). An
 * error comes back as a feed whose single entry has the title "Error" and the message as summary.
 */
import { XMLParser } from 'fast-xml-parser';
import { InfraError } from '../errors.ts';

export interface ArxivPaper {
  /** The id with its version, e.g. 2101.00001v2 (old style: math/0211159v1). */
  id: string;
  title: string;
  summary: string;
  authors: string[];
  published: string;
  updated: string;
  absUrl: string;
  pdfUrl: string;
  categories: string[];
  doi?: string;
}

export interface ArxivFeed {
  total: number;
  papers: ArxivPaper[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  processEntities: true,
  isArray: (name) => ['entry', 'author', 'link', 'category'].includes(name),
});

type Node = Record<string, unknown>;
const text = (v: unknown): string => (typeof v === 'string' ? v : v && typeof v === 'object' && '#text' in (v as Node) ? String((v as Node)['#text']) : '').replace(/\s+/g, ' ').trim();

/** The arXiv id of an abs or pdf URL ("http://arxiv.org/abs/2101.00001v2" → "2101.00001v2"). */
export function arxivIdOf(url: string): string {
  const m = /arxiv\.org\/(?:abs|pdf)\/(.+?)(?:\.pdf)?$/i.exec(url.trim()) ?? /\/(?:abs|pdf)\/(.+?)(?:\.pdf)?$/.exec(url.trim());
  return m ? m[1] : url.trim();
}

export function parseAtom(xml: string): ArxivFeed {
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch (err) {
    throw new InfraError(`arXiv answered with malformed XML: ${(err as Error).message}`, { retryable: false, cause: err });
  }
  const feed = doc.feed as Node | undefined;
  if (!feed) throw new InfraError('arXiv answered without an Atom feed', { retryable: false });
  const entries = (feed.entry as Node[] | undefined) ?? [];
  if (entries.length === 1 && text(entries[0].title) === 'Error') {
    throw new InfraError(`arXiv refused the query: ${text(entries[0].summary)}`, { retryable: false, hint: 'fix the query (e.g. all:topology AND ti:beam)' });
  }
  const papers = entries.map((e): ArxivPaper => {
    const links = ((e.link as Node[] | undefined) ?? []).map((l) => ({ href: String(l['@href'] ?? ''), rel: String(l['@rel'] ?? ''), title: String(l['@title'] ?? ''), type: String(l['@type'] ?? '') }));
    const absUrl = links.find((l) => l.rel === 'alternate')?.href ?? text(e.id);
    const pdfUrl = links.find((l) => l.title === 'pdf' || l.type === 'application/pdf')?.href ?? absUrl.replace('/abs/', '/pdf/');
    return {
      id: arxivIdOf(text(e.id)),
      title: text(e.title),
      summary: text(e.summary),
      authors: ((e.author as Node[] | undefined) ?? []).map((a) => text(a.name)).filter(Boolean),
      published: text(e.published),
      updated: text(e.updated),
      absUrl,
      pdfUrl,
      categories: ((e.category as Node[] | undefined) ?? []).map((c) => String(c['@term'] ?? '')).filter(Boolean),
      ...(text(e['arxiv:doi']) ? { doi: text(e['arxiv:doi']) } : {}),
    };
  });
  const total = Number(text(feed['opensearch:totalResults']) || papers.length);
  return { total: Number.isFinite(total) ? total : papers.length, papers };
}
