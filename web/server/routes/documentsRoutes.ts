/**
 * The Documents API over the retrieval engine (tools/retrieval): the index's collections and
 * documents, indexing uploaded files with progress (server-sent events), ranked search with
 * source and page, one document's text by page (where chat citations link to), its original file
 * (only when it lies inside the uploads or artifact folder, by real path; HTML and other active
 * types as attachments, see servedFile.ts), and removal. Indexing
 * reads only files inside ENGIAI_HOME/uploads, named like uploads are.
 */
import { realpath, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Router, json, type Request } from 'express';
import { Retrieval, checkCollection } from '../../../tools/retrieval/index.ts';
import { isInsideFolder } from '../artifactFiles.ts';
import { HttpError, errorBody } from '../httpErrors.ts';
import { servedFileHeaders } from '../servedFile.ts';
import { openSse } from '../sse.ts';
import type { WebState } from '../webState.ts';
import { UPLOAD_NAME } from './filesRoutes.ts';

const DOC_ID = /^[0-9a-f]{16}$/;

/** The engine the agents use (mode `off` only removes the agent's tools: the index is still managed here). */
const engineOf = (state: WebState) => Retrieval.shared(state.config.retrieval.mode === 'off' ? { ...state.config, retrieval: { ...state.config.retrieval, mode: 'on' } } : state.config);

function docId(req: Request): string {
  const id = String(req.params.id);
  if (!DOC_ID.test(id)) throw new HttpError(400, 'document id must be 16 hex digits');
  return id;
}

/** The real path of a document's file when it may be served: a plain file inside the uploads or artifact folder. */
async function servable(state: WebState, source: string): Promise<string | null> {
  const real = await realpath(source).catch(() => null);
  if (!real) return null;
  for (const root of [state.uploadsDir, state.artifactsRoot]) {
    const r = await realpath(root).catch(() => null);
    if (r && isInsideFolder(r, real) && (await stat(real)).isFile()) return real;
  }
  return null;
}

export function documentsRoutes(state: WebState): Router {
  const r = Router();
  r.use('/api/documents', json({ limit: '100kb' }));

  r.get('/api/documents', async (_req, res) => {
    const engine = engineOf(state);
    const docs = engine.documents();
    const documents = [];
    for (const d of docs.slice(0, 1000)) {
      documents.push({ id: d.id, collection: d.collection, title: d.title, name: basename(d.source), kind: d.kind, pages: d.pages, chunks: d.chunks, bytes: d.bytes, indexedAt: d.indexedAt, downloadable: (await servable(state, d.source)) !== null });
    }
    res.json({ mode: state.config.retrieval.mode, embeddings: engine.embedder?.id ?? null, defaultCollection: engine.defaultCollection, collections: engine.collections(), documents, total: docs.length, limitBytes: state.uploadLimitBytes });
  });

  r.post('/api/documents/index', async (req, res) => {
    const body = req.body as { names?: unknown; collection?: unknown };
    const names = Array.isArray(body?.names) ? body.names : [];
    if (!names.length || names.length > 200 || !names.every((n) => typeof n === 'string' && UPLOAD_NAME.test(n) && !n.includes('..'))) {
      throw new HttpError(400, 'give {names: [...]}: 1-200 uploaded file names (see GET /api/uploads)');
    }
    const engine = engineOf(state);
    const collection = body.collection === undefined || body.collection === '' ? engine.defaultCollection : checkCollection(String(body.collection));
    const sse = openSse(req, res);
    sse.send('accepted', { files: names.length, collection });
    try {
      const report = await engine.index(
        (names as string[]).map((n) => join(state.uploadsDir, n)),
        { collection, allowed: [state.uploadsDir], prune: false, onProgress: (p) => sse.send('progress', { done: p.done, total: p.total, name: p.path ? basename(p.path) : '', status: p.status ?? null, phase: p.phase }) },
      );
      sse.send('report', { collection: report.collection, counts: report.counts, pages: report.pages, chunks: report.chunks, durationMs: Math.round(report.durationMs), files: report.files.map((f) => ({ name: basename(f.path), status: f.status, reason: f.reason ?? null, docId: f.docId ?? null })) });
    } catch (err) {
      sse.send('error', errorBody(err));
    }
    sse.end();
  });

  r.get('/api/documents/search', async (req, res) => {
    const q = typeof req.query.q === 'string' ? req.query.q : '';
    if (!q.trim() || q.length > 500) throw new HttpError(400, 'give ?q=<words> (1-500 characters)');
    const k = req.query.k === undefined ? 8 : Number(req.query.k);
    const collection = typeof req.query.collection === 'string' && req.query.collection ? req.query.collection : undefined;
    const engine = engineOf(state);
    const hits = await engine.search(q, { k, collection });
    res.json({ query: q, mode: engine.embedder ? 'hybrid' : 'bm25', hits: hits.map((h) => ({ ...h, source: basename(h.source) })) });
  });

  r.get('/api/documents/:id', async (req, res) => {
    const { document, chunks } = engineOf(state).document(docId(req));
    res.json({ document: { ...document, source: basename(document.source), downloadable: (await servable(state, document.source)) !== null }, chunks });
  });

  r.get('/api/documents/:id/file', async (req, res) => {
    const { document } = engineOf(state).document(docId(req));
    const file = await servable(state, document.source);
    if (!file) throw new HttpError(404, 'the original file is not served (it is not inside the uploads or artifact folder)');
    res.sendFile(file, { dotfiles: 'deny', headers: servedFileHeaders(file, { download: req.query.download === '1' }) });
  });

  r.delete('/api/documents/:id', (req, res) => {
    const id = docId(req);
    if (!engineOf(state).store.removeDocuments([id])) throw new HttpError(404, `no indexed document ${id}`);
    res.status(204).end();
  });

  return r;
}
