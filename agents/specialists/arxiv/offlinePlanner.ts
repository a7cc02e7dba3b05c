/**
 * The offline arXiv agent: "find (3) papers on <topic>" → search_arxiv with the topic, then
 * fetch_arxiv_paper for the first papers (the number asked, else two), then a summary of each
 * paper from its abstract with its id, abs URL and the citation of the indexed PDF — or plainly
 * that nothing was found, or why arXiv could not be reached.
 */
import { errorText, type Plan, type SpecialistTask } from '../specialistTask.ts';

const ASKS =
  /\barxiv\b|\b(?:find|search(?:\s+for)?|look\s+(?:for|up)|get|fetch|download)\s+(?:me\s+)?(?:some\s+|the\s+|a\s+few\s+|\d+\s+|two\s+|three\s+)?(?:latest\s+|recent\s+|new\s+)?(?:arxiv\s+)?(?:papers?|preprints?|literature)\b|\b(?:papers?|preprints?|literature)\s+(?:on|about)\b/i;

export function arxivMentionedAt(request: string): number {
  return ASKS.exec(request)?.index ?? -1;
}

const WORDS: Record<string, number> = { one: 1, a: 1, two: 2, three: 3, four: 4, five: 5 };

/** The topic: what follows "on"/"about" (or "arxiv for"), up to the next instruction. */
export function topicOf(request: string): string {
  const m = /\b(?:papers?|preprints?|literature|arxiv)\b[^.?!]*?\b(?:on|about|for|regarding)\s+([^.?!]+)/i.exec(request);
  const raw = (m ? m[1] : request).replace(/\s+(?:and|then)\s+(?:summari[sz]e|index|fetch|download|tell|list|show|optimi[sz]e|explain)\b[\s\S]*$/i, '');
  return raw.replace(/["“”]/g, '').replace(/\s+/g, ' ').trim().slice(0, 200);
}

function wanted(request: string): number {
  const m = /\b(\d{1,2}|one|two|three|four|five)\s+(?:\w+\s+)?(?:papers?|preprints?)\b/i.exec(request);
  const n = m ? (Number(m[1]) || WORDS[m[1].toLowerCase()]) : 2;
  return Math.max(1, Math.min(n, 5));
}

/**
 * What the request asks that the offline search does not do, named in the answer ("Not applied"):
 * date limits, an order, citation counts, more papers than it fetches.
 */
export function notAppliedOf(request: string): string[] {
  const out: string[] = [];
  for (const m of request.matchAll(/\b(?:from|since|after|before|until|published in|in)\s+(?:the\s+)?(?:year\s+)?(?:19|20)\d{2}\b|\b(?:last|past)\s+(?:\d+\s+)?(?:year|years|month|months|week|weeks)\b|\bthis year\b/gi)) out.push(`"${m[0]}" (no date filter: the words were searched as text)`);
  for (const m of request.matchAll(/\b(?:sorted|ordered|ranked)\s+by\s+[a-z]+(?:\s+[a-z]+)?|\b(?:most|highly)\s+cited\b|\bnewest first\b|\bby citations?\b/gi)) out.push(`"${m[0]}" (the search keeps arXiv's relevance order)`);
  const n = /\b(\d{1,3})\s+(?:\w+\s+)?(?:papers?|preprints?)\b/i.exec(request);
  if (n && Number(n[1]) > 5) out.push(`"${n[0]}" (at most 5 papers are fetched and summarised)`);
  return out;
}

const withNotApplied = (text: string, request: string) => {
  const na = notAppliedOf(request);
  return na.length ? `${text}\nNot applied: ${na.join('; ')}.` : text;
};

const firstSentences = (s: string, n: number) => (s.match(/[^.!?]+[.!?]+(?:\s|$)/g) ?? [s]).slice(0, n).join('').trim();

interface Paper {
  arxiv_id: string;
  title: string;
  authors: string[];
  published: string;
  abs_url: string;
  summary: string;
}

export function planArxiv({ request, done }: SpecialistTask): Plan {
  const search = done.find((d) => d.name === 'search_arxiv');
  const topic = topicOf(request);
  const n = wanted(request);
  if (!search) return { text: '', calls: [{ name: 'search_arxiv', args: { query: topic, max_results: Math.max(n, 3) } }] };
  if (!search.ok) return { text: withNotApplied(`The arXiv search for "${topic}" failed: ${errorText(search.result)}`, request), calls: [] };
  const papers = (search.result.papers as Paper[] | undefined) ?? [];
  if (!papers.length) return { text: withNotApplied(`Nothing found on arXiv for "${topic}".`, request), calls: [] };
  const fetches = done.filter((d) => d.name === 'fetch_arxiv_paper');
  const download = !/\b(?:do not|don't|without)\s+(?:download|fetch)|\bjust list\b/i.test(request);
  const next = papers.slice(0, n).find((p) => !fetches.some((f) => f.args.arxiv_id === p.arxiv_id));
  // stop fetching after a failure that is not about one paper (offline, rate-limited)
  const blocked = fetches.some((f) => !f.ok && /rate-limit|cannot reach|did not answer/i.test(errorText(f.result)));
  if (download && next && !blocked) return { text: '', calls: [{ name: 'fetch_arxiv_paper', args: { arxiv_id: next.arxiv_id } }] };

  const lines = [`Found ${search.result.total} papers on arXiv for "${topic}"; the first ${Math.min(n, papers.length)}:`];
  papers.slice(0, n).forEach((p, i) => {
    const f = fetches.find((x) => x.args.arxiv_id === p.arxiv_id);
    const authors = p.authors.length > 3 ? `${p.authors.slice(0, 3).join(', ')} et al.` : p.authors.join(', ');
    lines.push(`${i + 1}. ${p.title} — ${authors} (${p.published}), arXiv:${p.arxiv_id} ${p.abs_url}`);
    lines.push(`   ${firstSentences(p.summary, 2)}`);
    if (f?.ok) lines.push(`   Indexed into collection ${f.result.collection} (${f.result.pages} pages): ${f.result.citation}`);
    else if (f) lines.push(`   The PDF could not be fetched: ${errorText(f.result)}`);
  });
  return { text: withNotApplied(lines.join('\n'), request), calls: [] };
}
