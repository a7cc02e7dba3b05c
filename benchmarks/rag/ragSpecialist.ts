/**
 * The RAG suite's retrieval agent: the registry's `rag` specialist (or a caller's factory), built
 * with its own ENGIAI_HOME per seed and condition so its index holds exactly that corpus, and filled
 * through its own `index_documents` tool (the plug-in contract a RAG agent meets for this suite).
 */
export const RAG_NAME = 'rag';
export const INDEX_TOOL = 'index_documents';
/** Specialists a RAG trial leaves out (benchmarks.md §3: web search and arXiv disabled). */
export const EXCLUDED = ['websearch', 'arxiv'];
