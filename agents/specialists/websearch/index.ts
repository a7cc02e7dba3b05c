/**
 * The web search specialist (Tavily, tools/websearch). Unavailable, with the reason, when no key
 * is configured (TAVILY_API_KEY).
 */
import { TavilyClient, webSearchTools, type WebSearchContext } from '../../../tools/websearch/index.ts';
import { EngiError } from '../../../tools/errors.ts';
import { bindTools } from '../../../tools/tool.ts';
import { loadPrompt } from '../../prompts/loadPrompt.ts';
import type { Specialist, SpecialistFactory } from '../specialist.ts';
import { planWebSearch, websearchMentionedAt } from './offlinePlanner.ts';

const DESCRIPTION = 'Searches the web (Tavily) for current information and answers with titles, URLs and snippets.';

export const websearchSpecialist: SpecialistFactory = ({ config }): Specialist => {
  const prompt = loadPrompt(new URL('./prompt.md', import.meta.url));
  const offline = { mentionedAt: websearchMentionedAt, queryAfter: true, plan: planWebSearch };
  let client: TavilyClient;
  try {
    client = TavilyClient.fromConfig(config);
  } catch (err) {
    const reason = err instanceof EngiError ? err.message : String(err);
    return { name: 'websearch', description: DESCRIPTION, tools: [], prompt, availability: { available: false, reason }, offline };
  }
  const context: WebSearchContext = { client, maxResults: config.websearch.maxResults };
  return { name: 'websearch', description: DESCRIPTION, tools: bindTools(webSearchTools, context), prompt, availability: { available: true }, offline };
};
