/**
 * The RAG suite's retrieval agent: the registry's `rag` specialist, built per seed and condition
 * with its own ENGIAI_HOME (so its index holds exactly that corpus), `retrieval.mode` set to the
 * condition (on / empty) and the corpus folder allowed as a retrieval root, then filled through its own indexing tool: `index_document` (a file or folder)
 * or `index_documents` (a list of paths).
 */
import type { Specialist } from '../../agents/index.ts';
import type { EngiConfig } from '../../config/schema.ts';
import { ConfigError } from '../../tools/errors.ts';
import { runSpecialistTool } from '../agents/suiteSpecialists.ts';

export const RAG_NAME = 'rag';
export const INDEX_TOOLS = ['index_document', 'index_documents'];
/** Specialists a RAG trial leaves out (benchmarks.md §3: web search and arXiv disabled). */
export const EXCLUDED = ['websearch', 'arxiv'];

/** The settings the retrieval agent of one seed and condition is built with. */
export function ragConfig(config: EngiConfig, home: string, condition: 'on' | 'empty', corpusDir: string): EngiConfig {
  const retrieval = (config as { retrieval?: { roots?: string[] } }).retrieval;
  return { ...config, home, ...(retrieval ? { retrieval: { ...retrieval, mode: condition, roots: [...(retrieval.roots ?? []), corpusDir] } } : {}) } as EngiConfig;
}

/** Indexes the corpus through the agent's own tool; fails when nothing was indexed. */
export async function indexCorpus(rag: Specialist, corpusDir: string, files: string[]): Promise<void> {
  const tool = INDEX_TOOLS.find((t) => rag.tools.some((x) => x.name === t));
  if (!tool) throw new ConfigError(`the rag specialist has neither ${INDEX_TOOLS.join(' nor ')}`, { hint: 'the benchmark indexes its generated documents through one of them' });
  const result = tool === 'index_document' ? await runSpecialistTool(rag, tool, { path: corpusDir }) : await runSpecialistTool(rag, tool, { paths: files });
  const counts = result.counts as Record<string, number> | undefined;
  if (counts && !Object.entries(counts).some(([k, v]) => /index|add|new|updated|ok/i.test(k) && v > 0)) {
    throw new ConfigError(`the rag specialist indexed none of the benchmark documents: ${JSON.stringify(result).slice(0, 400)}`);
  }
}
