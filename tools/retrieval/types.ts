/** The retrieval engine's records: extracted documents, chunks, stored documents and search hits. */

export type DocumentKind = 'pdf' | 'markdown' | 'text' | 'html';

/** A document's text as extracted, page by page (one page for formats without pages). */
export interface ExtractedDocument {
  kind: DocumentKind;
  title: string;
  /** Page number (1-based) and its text, with Markdown-like structure (headings, lists, tables). */
  pages: { page: number; text: string }[];
}

/** A piece of a document small enough to retrieve and cite: one page, one section. */
export interface Chunk {
  /** Order within the document, from 0. */
  ord: number;
  page: number;
  /** The heading path it sits under ("Method > Boundary conditions"), or ''. */
  section: string;
  text: string;
}

/** A stored document as listed (CLI, tools, web). */
export interface DocumentInfo {
  /** Stable short id (from collection and source): used in citations and links. */
  id: string;
  collection: string;
  /** Absolute path or URL. */
  source: string;
  title: string;
  kind: DocumentKind;
  pages: number;
  chunks: number;
  bytes: number;
  contentHash: string;
  indexedAt: string;
}

export interface CollectionInfo {
  name: string;
  documents: number;
  chunks: number;
  bytes: number;
  /** The embedding model whose vectors the store holds, or null (BM25 only). */
  embeddingModel: string | null;
}

/** One ranked chunk: where it comes from, its text and how it ranked. */
export interface SearchHit {
  rank: number;
  docId: string;
  collection: string;
  title: string;
  source: string;
  page: number;
  section: string;
  text: string;
  /** The fused score (reciprocal-rank fusion), or the BM25 score negated (higher is better) in BM25-only search. */
  score: number;
  /** Rank in the BM25 list (1-based), when it was there. */
  bm25Rank?: number;
  /** Rank in the vector list (1-based), when it was there. */
  vectorRank?: number;
}

/** What became of one file in an indexing run. */
export interface FileReport {
  path: string;
  status: 'indexed' | 'updated' | 'unchanged' | 'duplicate' | 'skipped' | 'failed' | 'removed';
  /** Why it was skipped or failed, or what it duplicates. */
  reason?: string;
  docId?: string;
  pages?: number;
  chunks?: number;
}
