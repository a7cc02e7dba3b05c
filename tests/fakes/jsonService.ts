/**
 * The part the unscripted JSON fakes (tavily.ts, embeddingsServer.ts) share: a loopback server on
 * 127.0.0.1 that parses each JSON body, records the request, and hands it to the fake's routes
 * with a `json(status, payload, headers)` reply; `failNext(n, status)` arms the next n requests to
 * fail: a route calls `takeFailure()` where its service would fail (after its own 404/401 checks)
 * and answers in that service's error format.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface JsonRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

export interface JsonRoutes {
  /** Answers a request; `takeFailure()` uses up one armed failure and returns its status, or null. */
  (req: JsonRequest, json: (status: number, payload: unknown, headers?: Record<string, string>) => void, takeFailure: () => number | null): void;
}

export interface JsonService {
  url: string;
  requests: { path: string; headers: JsonRequest['headers']; body: Record<string, unknown> }[];
  failNext(n: number, status: number): void;
  close(): Promise<void>;
}

export async function startJsonService(routes: JsonRoutes): Promise<JsonService> {
  const requests: JsonService['requests'] = [];
  let failing = 0;
  let failStatus = 500;
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    requests.push({ path: req.url ?? '', headers: req.headers, body });
    const json = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      const text = JSON.stringify(payload);
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
      res.end(text);
    };
    const takeFailure = () => {
      if (failing === 0) return null;
      failing--;
      return failStatus;
    };
    routes({ method: req.method ?? 'GET', path: req.url ?? '', headers: req.headers, body }, json, takeFailure);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    failNext(n, status) {
      failing = n;
      failStatus = status;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
