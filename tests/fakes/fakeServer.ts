/**
 * A loopback HTTP server (node:http, 127.0.0.1, port 0) that records every request and hands
 * model-endpoint requests to a provider-specific responder. The responders in openai.ts,
 * gemini.ts and ollama.ts speak the real wire formats, so our real client code runs.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Script, type FakeReply, type RecordedRequest, type ScriptStep, type SentReply } from './script.ts';

export interface FakeServer {
  /** http://127.0.0.1:PORT (no trailing slash). */
  url: string;
  /** Every request received, in order (model calls and any other path). */
  requests: RecordedRequest[];
  /** What was sent back for each scripted request, in order. */
  replies: SentReply[];
  /** Scripted steps not yet used. */
  remaining(): number;
  close(): Promise<void>;
}

export interface ResponderContext {
  request: RecordedRequest;
  reply: FakeReply;
  res: ServerResponse;
  /** Record what was sent (status, usage, streamed). */
  sent: (reply: SentReply) => void;
}

export type Responder = (ctx: ResponderContext) => void | Promise<void>;

/** Returns true when the request is a model call that should consume a script step. */
export type Matcher = (request: RecordedRequest) => boolean;

export async function startFakeServer(steps: ScriptStep[], matches: Matcher, respond: Responder, other?: Responder): Promise<FakeServer> {
  const script = new Script(steps);
  const requests: RecordedRequest[] = [];
  const replies: SentReply[] = [];
  const t0 = performance.now();

  const server = createServer(async (req, res) => {
    const request = await record(req, t0);
    requests.push(request);
    const ctx = { request, res, sent: (r: SentReply) => void replies.push(r) };
    try {
      if (!matches(request)) {
        if (other) await other({ ...ctx, reply: {} });
        else sendJson(res, 404, { error: `fake: no route for ${request.method} ${request.path}` });
        return;
      }
      const reply = script.take(request);
      if (reply.delayMs && !(await wait(reply.delayMs, res))) return;
      await respond({ ...ctx, reply });
    } catch (err) {
      if (!res.headersSent) sendJson(res, 500, { error: `fake crashed: ${String(err)}` });
      else res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    replies,
    remaining: () => script.remaining,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function record(req: IncomingMessage, t0: number): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  const url = new URL(req.url ?? '/', 'http://fake');
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) headers[key] = Array.isArray(value) ? value.join(', ') : String(value);
  let body: unknown;
  try {
    body = raw ? JSON.parse(raw) : undefined;
  } catch {
    body = raw;
  }
  return { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body, atMs: performance.now() - t0 };
}

/** Resolves false if the client went away while waiting. */
function wait(ms: number, res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(true);
    }, ms);
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    res.once('close', onClose);
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Start a streamed response; write() each event, then end(). */
export function startStream(res: ServerResponse, contentType: string): { write: (text: string) => void; end: () => void } {
  res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-cache', connection: 'keep-alive' });
  return { write: (text) => void res.write(text), end: () => res.end() };
}
