/**
 * The offline RAG agent: from the request it indexes a file it names ("index /path/report.pdf"),
 * lists the documents when asked, and otherwise searches (search_documents) with the request's
 * words; then it answers from the passages: the values they state for the parameters the request
 * names ("volume fraction = 0.37 — [Report K-77, p. 2](doc:…)"), else the best passages quoted
 * with their citations, or plainly that nothing was found. A request for "the values" (no parameter
 * named) states every value the best passages give, so the next agent can use them. What the search
 * cannot do (a date limit, an order, more than 20 passages) is named under "Not applied" and kept out
 * of the query. Document text is only ever quoted.
 */
import { errorText, type DoneCall, type Plan, type SpecialistTask } from '../specialistTask.ts';
import { asksFor, statedValues } from './statedValues.ts';

/** Where a request asks about the person's documents, or -1. */
const ASKS =
  /\b(?:my|our|the|this|that|these|indexed|uploaded)\s+(?:[\w-]+\s+)?(?:reports?|papers?|documents?|docs|notes?|files?|pdfs?|manuals?|specs?|specifications?|datasheets?|handbooks?)\b|\breport\s+[A-Z0-9][\w-]*\d|\baccording to\b|\bin (?:my|our|the) (?:documents|index|notes|library)\b|\b(?:list|show)\s+(?:me\s+)?(?:my\s+|the\s+)?(?:indexed\s+)?documents\b|\bindex\s+(?:the\s+|this\s+|my\s+)?(?:file|folder|document|pdf)\b|\bsearch (?:my|the) (?:documents|index|notes)\b|\b(?:which|what)\s+(?:documents|files|reports|papers)\s+(?:do|did|have|are|were)\b|\b(?:have|has)\s+(?:i|we)\s+indexed\b|\bwhat(?:'s| is) in (?:my|the) index\b/i;

/** "find papers on …" asks arXiv, not the person's documents. */
const ASKS_ARXIV = /\b(?:find|search(?:\s+for)?|look\s+(?:for|up)|get|fetch|download)\s+(?:me\s+)?(?:some\s+|the\s+|a\s+few\s+)?(?:latest\s+|recent\s+|new\s+)?(?:arxiv\s+)?(?:papers?|preprints?)\s+(?:on|about)\b/i;

export function ragMentionedAt(request: string): number {
  const arxiv = ASKS_ARXIV.exec(request);
  const re = new RegExp(ASKS.source, 'gi');
  for (let m = re.exec(request); m; m = re.exec(request)) {
    if (!arxiv || m.index < arxiv.index || m.index >= arxiv.index + arxiv[0].length) return m.index;
  }
  return -1;
}

const INDEX_PATH = /\bindex\s+(?:the\s+|this\s+|my\s+)?(?:file|folder|document|pdf)?\s*["']?(\/[^\s"']+)/i;
const LIST =
  /\b(?:list|show)\s+(?:me\s+)?(?:my\s+|the\s+|all\s+)?(?:indexed\s+)?documents\b|\b(?:which|what)\s+(?:documents|files|reports|papers)\s+(?:do|did|have|are|were)\s+(?:i|we|there)?\b[^.?!]*\b(?:indexed|index|have|uploaded|stored)\b|\b(?:have|has)\s+(?:i|we)\s+indexed\b|\bwhat(?:'s| is) in (?:my|the) index\b|\bwhich documents\b|\bwhat documents\b/i;

/** What the document search does not do, as the request words it: named under "Not applied", kept out of the query. */
const NOT_APPLIED: { re: RegExp; why: string }[] = [
  { re: /,?\s*\b(?:only\s+)?(?:(?:documents?|reports?|notes?|files?|papers?)\s+)?(?:from|since|after|before|until|dated|written in|published in)\s+(?:the\s+)?(?:year\s+)?(?:19|20)\d{2}\b|,?\s*\b(?:from|in)\s+the\s+(?:last|past)\s+(?:\d+\s+)?(?:years?|months?|weeks?)\b/gi, why: 'no date filter: every indexed document was searched' },
  { re: /,?\s*\b(?:sorted|ordered|ranked)\s+by\s+[a-z]+(?:\s+(?:first|last))?|,?\s*\b(?:newest|oldest|latest)\s+first\b/gi, why: 'the passages keep the search\'s relevance order' },
  { re: /,?\s*\b(?:top|first|best)\s+(?:[2-9]\d|\d{3,})\s+(?:passages|results|hits|matches)\b/gi, why: 'at most 20 passages are returned' },
];

/** The request's phrases the search does not apply, with why. */
export function ragNotApplied(request: string): string[] {
  return NOT_APPLIED.flatMap(({ re, why }) => [...request.matchAll(re)].map((m) => `"${m[0].replace(/^,?\s*/, '')}" (${why})`));
}

const withoutNotApplied = (request: string) => NOT_APPLIED.reduce((s, { re }) => s.replace(re, ' '), request);

/** Search words: the request without the asking phrases. */
export function searchQuery(request: string): string {
  const q = withoutNotApplied(request)
    .replace(/\b(?:and\s+)?(?:then\s+)?(?:optimi[sz]e|simulate|render|export|design|run)\b[\s\S]*$/i, '')
    .replace(/\b(?:what|which|how|does|do|did|say|says|said|tell me|find|look up|search|for|about|please|can you|could you)\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const trimmed = q.replace(/^(?:(?:my|our|the|a|an|in|of|report|reports|document|documents|notes?|papers?|files?)\s+)+/i, '').replace(/[?.!\s]+$/, '');
  return trimmed.length >= 3 ? trimmed : q.length >= 3 ? q : request;
}

/** Names of documents in a request ("report K-77", "TR-2024-03"): words with letters and digits. */
const idsIn = (text: string) => (text.match(/\b[A-Za-z]+[-_]?\d[\w-]*\b/g) ?? []).map((w) => w.toLowerCase()).filter((w) => !/^(?:max_iter|nelx|nely|rmin|volfrac|\d+x\d+)$/.test(w));

interface Hit {
  title: string;
  page: number;
  citation: string;
  text: string;
}

/** "find the values in my notes": no parameter named, every value the passages state is wanted. */
const ALL_VALUES = /\b(?:the|all|any|those|these|every)\s+(?:(?:stated|listed|given|design|key|relevant)\s+)?(?:values|numbers|parameters|settings|conditions|figures)\b/i;

function answerFromHits(request: string, all: Hit[]): string {
  // when the request names a document ("report K-77"), its passages speak first and alone for values
  const ids = idsIn(request);
  const named = all.filter((h) => ids.some((id) => `${h.title} ${h.text}`.toLowerCase().includes(id)));
  const hits = named.length ? named : all;
  const lines: string[] = [];
  const seen = new Map<string, number>();
  const everyValue = ALL_VALUES.test(request);
  // every value is wanted from the best passage only (and the named document's): the rest are other work
  for (const h of everyValue && !named.length ? hits.slice(0, 1) : hits) {
    for (const v of statedValues(h.text)) {
      if (!(everyValue || asksFor(request, v.name)) || seen.has(v.name)) continue;
      seen.set(v.name, v.value);
      lines.push(`- ${v.name} = ${v.value}${v.unit ? ` ${v.unit}` : ''} — ${h.citation}`);
    }
  }
  if (lines.length) return `The indexed documents state:\n${lines.join('\n')}`;
  const quotes = all.slice(0, 3).map((h) => `- ${h.citation}: "${h.text.replace(/\s+/g, ' ').slice(0, 300)}${h.text.length > 300 ? '…' : ''}"`);
  return `The closest passages in the indexed documents:\n${quotes.join('\n')}`;
}

function searchAnswer(call: DoneCall, request: string): string {
  if (!call.ok) return `The document search failed: ${errorText(call.result)}`;
  const hits = (call.result.hits as Hit[] | undefined) ?? [];
  const query = String(call.args.query ?? '');
  if (!hits.length) {
    const n = Number(call.result.indexed_documents ?? 0);
    return n
      ? `Nothing found: none of the ${n} indexed documents mentions "${query}".`
      : `Nothing found: the document index is empty, so I found nothing about "${query}". Index files with engiai index PATH or the Documents page.`;
  }
  return answerFromHits(request, hits);
}

function indexAnswer(call: DoneCall): string {
  if (!call.ok) return `Indexing failed: ${errorText(call.result)}`;
  const counts = call.result.counts as Record<string, number>;
  const problems = (call.result.problems as string[] | undefined) ?? [];
  const summary = Object.entries(counts ?? {}).filter(([, n]) => n).map(([k, n]) => `${n} ${k}`).join(', ');
  return `Indexed into collection ${call.result.collection}: ${summary || 'nothing'}.${problems.length ? `\nProblems:\n${problems.map((p) => `- ${p}`).join('\n')}` : ''}`;
}

function listAnswer(call: DoneCall): string {
  if (!call.ok) return `Listing failed: ${errorText(call.result)}`;
  const docs = (call.result.documents as { title: string; source: string; pages: number; collection: string }[]) ?? [];
  if (!docs.length) return 'The document index is empty.';
  return `Indexed documents (${call.result.total}):\n${docs.map((d) => `- ${d.title} (${d.collection}, ${d.pages} pages): ${d.source}`).join('\n')}`;
}

export function planRag({ request, done }: SpecialistTask, toolNames: readonly string[]): Plan {
  const has = (name: string) => done.find((d) => d.name === name);
  if (!toolNames.includes('search_documents')) return { text: 'I have no document tools in this configuration (retrieval is off), so I cannot look anything up.', calls: [] };

  const path = INDEX_PATH.exec(request)?.[1];
  if (path && !has('index_document')) return { text: '', calls: [{ name: 'index_document', args: { path } }] };
  const wantsList = LIST.test(request);
  if (wantsList && !has('list_documents')) return { text: '', calls: [{ name: 'list_documents', args: {} }] };
  const rest = request.replace(INDEX_PATH, ' ').replace(LIST, ' ').replace(/[\s,.;]+/g, ' ').trim();
  const wantsSearch = !(path || wantsList) || /\b(?:what|which|find|say|about|value|used)\b/i.test(rest);
  if (wantsSearch && !has('search_documents')) return { text: '', calls: [{ name: 'search_documents', args: { query: searchQuery(request), k: 5 } }] };

  const parts: string[] = [];
  const indexed = has('index_document');
  if (indexed) parts.push(indexAnswer(indexed));
  const listed = has('list_documents');
  if (listed) parts.push(listAnswer(listed));
  const searched = has('search_documents');
  if (searched) parts.push(searchAnswer(searched, request));
  const notApplied = ragNotApplied(request);
  if (notApplied.length) parts.push(`Not applied: ${notApplied.join('; ')}.`);
  return { text: parts.join('\n\n') || 'Nothing to do.', calls: [] };
}
