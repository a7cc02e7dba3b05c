/** The web search capability's public surface. */
export { TavilyClient, type WebAnswer, type WebResult } from './client.ts';
export { webSearchTools, type WebSearchContext } from './tools.ts';
