/** Server-sent events on an express response: headers flushed at once, keep-alive comments, close-safe writes. */
import type { Request, Response } from 'express';

export interface SseChannel {
  /** `id` (the thread index's event seq) lets a client re-attach after it: `?after=<id>`. */
  send(event: string, data: unknown, id?: number): void;
  end(): void;
  readonly closed: boolean;
}

/** `onClose` runs once when the response closes before end() — the client went away. */
export function openSse(_req: Request, res: Response, opts: { keepAliveMs?: number; onClose?: () => void } = {}): SseChannel {
  const keepAliveMs = opts.keepAliveMs ?? 15_000;
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('Connection', 'keep-alive');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  let closed = false;
  const timer = setInterval(() => {
    if (!closed) res.write(': keep-alive\n\n');
  }, keepAliveMs);
  timer.unref();
  const stop = () => {
    closed = true;
    clearInterval(timer);
  };
  // not req 'close': an IncomingMessage closes once its body is read, long before the reply ends
  res.on('close', () => {
    const gone = !closed && !res.writableEnded;
    stop();
    if (gone) opts.onClose?.();
  });
  return {
    get closed() {
      return closed || res.writableEnded || res.destroyed;
    },
    send(event, data, id) {
      if (this.closed) return;
      res.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      stop();
      if (!res.writableEnded) res.end();
    },
  };
}
