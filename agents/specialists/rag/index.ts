/**
 * The document (RAG) specialist: searches the person's indexed documents and answers with cited
 * values (tools/retrieval). `retrieval.mode` gives the benchmark's three conditions: `on` (the index
 * in ENGIAI_HOME), `off` (no retrieval tools: the agent is unavailable, with that reason) and
 * `empty` (the same tools over an empty in-memory index).
 */
import { join } from 'node:path';
import { Retrieval, resolveEmbedder, retrievalTools, type RetrievalContext } from '../../../tools/retrieval/index.ts';
import { EngiError } from '../../../tools/errors.ts';
import { bindTools } from '../../../tools/tool.ts';
import { loadPrompt } from '../../prompts/loadPrompt.ts';
import type { Availability, Specialist, SpecialistFactory } from '../specialist.ts';
import { planRag, ragMentionedAt } from './offlinePlanner.ts';

const DESCRIPTION =
  "Answers questions from the person's indexed documents (reports, papers, notes; PDF, Markdown, text, HTML) with citations of document and page; " +
  'finds parameter values stated in them (e.g. the volume fraction used in a report); indexes uploaded files.';

export const ragSpecialist: SpecialistFactory = ({ config }): Specialist => {
  const prompt = loadPrompt(new URL('./prompt.md', import.meta.url));
  const offline = { mentionedAt: ragMentionedAt, queryAfter: true, plan: planRag };
  let availability: Availability = { available: true };
  if (config.retrieval.mode === 'off') availability = { available: false, reason: 'retrieval is off in this configuration (retrieval.mode: off)' };
  else {
    try {
      resolveEmbedder(config.retrieval.embeddings, config);
    } catch (err) {
      availability = { available: false, reason: err instanceof EngiError ? `${err.message}${err.hint ? ` (${err.hint})` : ''}` : String(err) };
    }
  }
  if (!availability.available) return { name: 'rag', description: DESCRIPTION, tools: [], prompt, availability, offline };
  const context: RetrievalContext = {
    retrieval: () => Retrieval.shared(config),
    allowedRoots: [join(config.home, 'uploads'), join(config.home, 'documents'), ...config.retrieval.roots],
  };
  return { name: 'rag', description: DESCRIPTION, tools: bindTools(retrievalTools, context), prompt, availability, offline };
};
