/**
 * The offline web search agent: "search the web for <query>" → web_search with the query, then an
 * answer listing the results (title, URL, snippet) with Tavily's short answer first when it gave
 * one — or plainly that nothing was found, or why the search failed.
 */
import { errorText, type Plan, type SpecialistTask } from '../specialistTask.ts';

const ASKS = /\bsearch\s+(?:the\s+)?(?:web|internet|online)\b|\bweb\s+search\b|\b(?:on|from)\s+the\s+(?:web|internet)\b|\blook\s+(?:it\s+|this\s+)?up\s+online\b|\bgoogle\b|\btavily\b/i;

export function websearchMentionedAt(request: string): number {
  return ASKS.exec(request)?.index ?? -1;
}

/** The query: what follows "search the web for" (up to the next instruction), else the request. */
export function webQueryOf(request: string): string {
  const m = /\b(?:search\s+(?:the\s+)?(?:web|internet|online)|web\s+search|google|look\s+up\s+online)\s*(?:for|about|on)?\s*:?\s*([^?!\n]+)/i.exec(request);
  const raw = (m && m[1].trim() ? m[1] : request).replace(/\s+(?:and|then)\s+(?:summari[sz]e|tell|list|show|optimi[sz]e|explain)\b[\s\S]*$/i, '');
  return raw.replace(/["“”]/g, '').replace(/[.\s]+$/, '').trim().slice(0, 300);
}

interface Result {
  title: string;
  url: string;
  snippet: string;
}

export function planWebSearch(task: SpecialistTask): Plan {
  const query = webQueryOf(task.request);
  const done = task.done.find((d) => d.name === 'web_search');
  if (!done) return { text: '', calls: [{ name: 'web_search', args: { query } }] };
  if (!done.ok) return { text: `The web search for "${query}" failed: ${errorText(done.result)}`, calls: [] };
  const results = (done.result.results as Result[] | undefined) ?? [];
  if (!results.length) return { text: `Nothing found on the web for "${query}".`, calls: [] };
  const lines = [`Web results for "${query}":`];
  if (done.result.answer) lines.push(`In short: ${String(done.result.answer)}`);
  results.slice(0, 5).forEach((r, i) => lines.push(`${i + 1}. ${r.title} — ${r.url}\n   "${r.snippet.replace(/\s+/g, ' ').slice(0, 240)}"`));
  return { text: lines.join('\n'), calls: [] };
}
