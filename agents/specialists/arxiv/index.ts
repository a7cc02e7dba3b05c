/**
 * The arXiv specialist: searches arXiv's Atom API, downloads papers' PDFs into the artifact folder
 * and indexes them into the arXiv collection of the document index (tools/arxiv, tools/retrieval),
 * then summarises them with citations. It needs no key; it respects arXiv's one request per 3 s.
 */
import { artifactsDir } from '../../../config/paths.ts';
import { ArxivClient, arxivTools, type ArxivContext, type ArxivPaper } from '../../../tools/arxiv/index.ts';
import { Retrieval } from '../../../tools/retrieval/index.ts';
import { bindTools } from '../../../tools/tool.ts';
import { join } from 'node:path';
import { loadPrompt } from '../../prompts/loadPrompt.ts';
import type { Specialist, SpecialistFactory } from '../specialist.ts';
import { arxivMentionedAt, planArxiv } from './offlinePlanner.ts';

export const arxivSpecialist: SpecialistFactory = ({ config }): Specialist => {
  const context: ArxivContext = {
    client: ArxivClient.fromConfig(config),
    retrieval: () => Retrieval.shared(config),
    folder: join(artifactsDir(config.home), 'arxiv'),
    collection: config.arxiv.collection,
    maxResults: config.arxiv.maxResults,
    pdfHosts: ['arxiv.org', 'export.arxiv.org', new URL(config.arxiv.baseUrl).host],
    seen: new Map<string, ArxivPaper>(),
  };
  return {
    name: 'arxiv',
    description: 'Searches arXiv for papers, downloads and indexes their PDFs (so the rag agent can search them) and summarises them with citations.',
    tools: bindTools(arxivTools, context),
    prompt: loadPrompt(new URL('./prompt.md', import.meta.url)),
    availability: { available: true },
    offline: { mentionedAt: arxivMentionedAt, queryAfter: true, plan: planArxiv },
  };
};
