/** The retrieval engine's public surface (CLI, web server, specialists, benchmarks import from here). */
export { Retrieval, checkCollection, indexPath, DEFAULT_MAX_FILE_BYTES, type RetrievalOptions, type SearchOptions } from './retrieval.ts';
export type { IndexProgress, IndexReport } from './indexer.ts';
export type { StoredDocument } from './store.ts';
export type { CollectionInfo, DocumentInfo, FileReport, SearchHit } from './types.ts';
export { resolveEmbedder, type Embedder } from './embeddings/embedder.ts';
export { fakeEmbedder } from './embeddings/fakeEmbedder.ts';
export { retrievalTools, citation, type RetrievalContext } from './tools.ts';
export { writePdf, type PdfPage } from './pdfWriter.ts';
export { SUPPORTED_EXTENSIONS } from './extract/extractDocument.ts';
