/**
 * Maps thrown errors to HTTP responses: EngiErrors by who is at fault, body-parser errors by
 * status. What a client reads names no server path (ENGIAI_HOME, the install folder, the temp and
 * home folders are replaced by names) and carries no stack: an unexpected error is a 500 with the
 * first line of its message, its details in the server log.
 */
import { homedir, tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { NextFunction, Request, Response } from 'express';
import { ConfigError, ConflictError, EngiError, InputError, NotFoundError } from '../../tools/errors.ts';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Headers to send with the error (Retry-After on a 503). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function statusOf(err: unknown): number {
  if (err instanceof HttpError) return err.status;
  if (err instanceof InputError || err instanceof ConfigError) return 400;
  if (err instanceof NotFoundError) return 404;
  if (err instanceof ConflictError) return 409;
  const s = (err as { status?: unknown; statusCode?: unknown })?.status ?? (err as { statusCode?: unknown })?.statusCode;
  if (typeof s === 'number' && s >= 400 && s < 600) return s;
  return 500;
}

const INSTALL_DIR = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');

/** Replaces server folders in text a client will read: ENGIAI_HOME, the install, temp and home folders. */
export function hidePaths(text: string, home?: string): string {
  const roots: [string, string][] = [
    ...(home ? [[home, 'ENGIAI_HOME'] as [string, string]] : []),
    [INSTALL_DIR, '<engiai>'],
    [tmpdir(), '<tmp>'],
    [homedir(), '~'],
  ];
  let out = text;
  for (const [root, name] of roots.filter(([r]) => r.length > 1).sort((a, b) => b[0].length - a[0].length)) out = out.split(root).join(name);
  return out;
}

/** What a client may read of an error; `home` is hidden from the text. */
export function errorBody(err: unknown, home?: string): { error: string; hint?: string } {
  const status = statusOf(err);
  const known = err instanceof EngiError || err instanceof HttpError || (status < 500 && typeof (err as { expose?: unknown })?.expose === 'boolean');
  const text = hidePaths(err instanceof Error ? err.message : String(err), home);
  // an unexpected error: its first line only (never a stack), the rest in the server log
  if (!known) return { error: `${status >= 500 ? 'internal error' : 'bad request'}: ${text.split('\n')[0].slice(0, 300)}` };
  const message = text;
  const hint = err instanceof EngiError && err.hint ? hidePaths(err.hint, home) : undefined;
  return hint ? { error: message, hint } : { error: message };
}

export function errorHandler(opts: { home?: string; log?: (line: string) => void } = {}) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = statusOf(err);
    if (status >= 500) opts.log?.(`${req.method} ${req.path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    if (res.headersSent) {
      res.end();
      return;
    }
    if (err instanceof HttpError) for (const [k, v] of Object.entries(err.headers)) res.setHeader(k, v);
    res.status(status).json(errorBody(err, opts.home));
  };
}
