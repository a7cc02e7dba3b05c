/**
 * The CPU-heavy part of indexing one file: extract its text (extractDocument.ts) and cut it into
 * chunks (chunker.ts). Runs on the calling thread or, through extractionThread.ts, on a worker.
 */
import { chunkPages, type ChunkOptions } from '../chunker.ts';
import type { Chunk, DocumentKind } from '../types.ts';
import { extractDocument } from './extractDocument.ts';
import type { ExtractLimits } from './limits.ts';

export interface PreparedDocument {
  kind: DocumentKind;
  title: string;
  pages: number;
  chunks: Chunk[];
}

export type Prepare = (bytes: Uint8Array, path: string) => Promise<PreparedDocument>;

export async function prepareDocument(bytes: Uint8Array, path: string, chunking: ChunkOptions, limits?: ExtractLimits): Promise<PreparedDocument> {
  const doc = await extractDocument(bytes, path, undefined, limits);
  return { kind: doc.kind, title: doc.title, pages: doc.pages.length, chunks: chunkPages(doc.pages, chunking) };
}
