/** Maps thrown errors to HTTP responses: EngiErrors by who is at fault, body-parser errors by status. */
import type { NextFunction, Request, Response } from 'express';
import { ConfigError, EngiError, InputError, NotFoundError } from '../../tools/errors.ts';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function statusOf(err: unknown): number {
  if (err instanceof HttpError) return err.status;
  if (err instanceof InputError || err instanceof ConfigError) return 400;
  if (err instanceof NotFoundError) return 404;
  const s = (err as { status?: unknown; statusCode?: unknown })?.status ?? (err as { statusCode?: unknown })?.statusCode;
  if (typeof s === 'number' && s >= 400 && s < 600) return s;
  return 500;
}

export function errorBody(err: unknown): { error: string; hint?: string } {
  const status = statusOf(err);
  if (status === 413) return { error: (err as Error).message || 'request body too large' };
  const message = err instanceof Error ? err.message : String(err);
  const hint = err instanceof EngiError ? err.hint : undefined;
  return hint ? { error: message, hint } : { error: status === 500 ? `internal error: ${message}` : message };
}

export function errorHandler() {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(statusOf(err)).json(errorBody(err));
  };
}
