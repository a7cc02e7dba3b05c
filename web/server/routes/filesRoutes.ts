/**
 * Files: artifacts (only from the artifact folder, see artifactFiles.ts; active types such as HTML
 * and SVG as sandboxed attachments, see servedFile.ts) and document uploads into
 * ENGIAI_HOME/uploads with a size limit (413). The stored designs are designsRoutes.ts.
 */
import { randomUUID } from 'node:crypto';
import { readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Router, raw, type RequestHandler } from 'express';
import { ArtifactPathError, resolveArtifactFile } from '../artifactFiles.ts';
import { makeDirs } from '../../../tools/fileFaults.ts';
import { HttpError } from '../httpErrors.ts';
import { servedFileHeaders } from '../servedFile.ts';
import type { WebState } from '../webState.ts';

export const UPLOAD_NAME = /^[A-Za-z0-9][A-Za-z0-9 _.()-]{0,120}$/;

export function filesRoutes(state: WebState): Router {
  const r = Router();

  r.get('/artifacts/{*rel}', async (req, res) => {
    const rel = (req.params as { rel?: string[] | string }).rel;
    const segments = Array.isArray(rel) ? rel : String(rel ?? '').split('/');
    try {
      const file = await resolveArtifactFile(state.artifactsRoot, segments);
      const download = req.query.download === '1';
      res.sendFile(file, { dotfiles: 'deny', headers: servedFileHeaders(file, { download, name: segments.join('_') }) });
    } catch (err) {
      if (err instanceof ArtifactPathError) throw new HttpError(404, `artifact not found: ${err.message}`);
      throw err;
    }
  });

  const body = raw({ type: () => true, limit: state.uploadLimitBytes });
  const limited: RequestHandler = (req, res, next) =>
    body(req, res, (err?: unknown) => {
      if ((err as { status?: number } | undefined)?.status === 413) {
        return next(new HttpError(413, `upload too large: the limit is ${state.uploadLimitBytes} bytes (got ${req.headers['content-length'] ?? 'more'} bytes)`));
      }
      next(err);
    });
  r.post('/api/uploads', limited, async (req, res) => {
    const name = typeof req.query.name === 'string' ? req.query.name : '';
    if (!UPLOAD_NAME.test(name) || name.includes('..')) throw new HttpError(400, 'give ?name=<file name> (letters, digits, space, "._()-", up to 121 characters)');
    const data = req.body as Buffer;
    if (!Buffer.isBuffer(data) || data.length === 0) throw new HttpError(400, 'empty upload');
    // a name of its own per upload ('wx': never another's file), renamed into place whole
    const tmp = join(state.uploadsDir, `.tmp-${randomUUID()}`);
    try {
      await makeDirs(state.uploadsDir, 'store');
      await writeFile(tmp, data, { flag: 'wx' });
      await rename(tmp, join(state.uploadsDir, name));
    } catch (err) {
      await rm(tmp, { force: true }).catch(() => undefined);
      throw new HttpError(507, `the upload ${name} could not be stored (${(err as NodeJS.ErrnoException).code ?? 'write failed'}); try again, or free space in the upload folder`);
    }
    res.status(201).json({ name, bytes: data.length });
  });

  r.get('/api/uploads', async (_req, res) => {
    const names = await readdir(state.uploadsDir).catch(() => [] as string[]);
    const files = [];
    for (const name of names.filter((n) => !n.startsWith('.'))) {
      const info = await stat(join(state.uploadsDir, name)).catch(() => undefined); // removed meanwhile
      if (info?.isFile()) files.push({ name, bytes: info.size, modified: info.mtime.toISOString() });
    }
    res.json({ files, limitBytes: state.uploadLimitBytes });
  });

  return r;
}
