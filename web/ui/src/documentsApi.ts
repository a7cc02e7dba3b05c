/** The Documents API (web/server/routes/documentsRoutes.ts): index, search, list, read, remove; indexing progress over SSE. */
import { ApiError, call, CSRF, readSseFrames } from './api.ts';

export interface CollectionView {
  name: string;
  documents: number;
  chunks: number;
  bytes: number;
  embeddingModel: string | null;
}

export interface DocumentRow {
  id: string;
  collection: string;
  title: string;
  name: string;
  kind: string;
  pages: number;
  chunks: number;
  bytes: number;
  indexedAt: string;
  downloadable: boolean;
}

export interface DocumentsView {
  mode: 'on' | 'off' | 'empty';
  embeddings: string | null;
  defaultCollection: string;
  collections: CollectionView[];
  documents: DocumentRow[];
  total: number;
  limitBytes: number;
}

export interface SearchHitView {
  rank: number;
  docId: string;
  collection: string;
  title: string;
  source: string;
  page: number;
  section: string;
  text: string;
  score: number;
}

export interface IndexProgressView {
  done: number;
  total: number;
  name: string;
  status: string | null;
  phase: 'file' | 'embedding';
}

export interface IndexReportView {
  collection: string;
  counts: Record<string, number>;
  pages: number;
  chunks: number;
  durationMs: number;
  files: { name: string; status: string; reason: string | null; docId: string | null }[];
}

export const documentsApi = {
  list: () => call<DocumentsView>('/api/documents'),
  search: (q: string, collection?: string) => call<{ query: string; mode: string; hits: SearchHitView[] }>(`/api/documents/search?q=${encodeURIComponent(q)}${collection ? `&collection=${encodeURIComponent(collection)}` : ''}`),
  document: (id: string) => call<{ document: DocumentRow & { source: string }; chunks: { page: number; section: string; text: string }[] }>(`/api/documents/${encodeURIComponent(id)}`),
  remove: (id: string) => call<void>(`/api/documents/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};

/** Indexes uploaded files; calls onProgress for each progress frame; resolves to the report. */
export async function indexUploads(names: string[], collection: string, onProgress: (p: IndexProgressView) => void): Promise<IndexReportView> {
  const res = await fetch('/api/documents/index', { method: 'POST', headers: { 'content-type': 'application/json', ...CSRF }, body: JSON.stringify({ names, collection }) });
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    throw new ApiError(res.status, body.error ?? `indexing failed (${res.status})`);
  }
  let report: IndexReportView | null = null;
  let failure: string | null = null;
  await readSseFrames(res.body, (event, payload) => {
    if (event === 'progress') onProgress(payload as IndexProgressView);
    else if (event === 'report') report = payload as IndexReportView;
    else if (event === 'error') failure = String((payload as { error?: unknown }).error);
  });
  if (failure) throw new ApiError(500, failure);
  if (!report) throw new ApiError(500, 'the connection closed before indexing finished');
  return report;
}
