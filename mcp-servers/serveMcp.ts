/**
 * Puts an MCP server on a transport: stdio (a child process of its client; stdout carries only
 * JSON-RPC, every log line goes to stderr; a message over 10 MiB stops it with a named error) or
 * Streamable HTTP (sessions on POST/GET/DELETE /mcp, each with its own server instance), guarded
 * like the web server: a token off loopback, Host and Origin allow-lists on every bind address,
 * capped sessions that expire when idle, and JSON-RPC errors only (an unknown session is 404, so
 * the client starts a new one).
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { DEFAULTS } from '../config/defaults.ts';
import { InputError } from '../tools/errors.ts';
import { allowedHostNames, assertSafeMcpBind, mcpHostGuard, mcpOriginGuard, mcpTokenGuard, normalOrigin, ownOrigins } from './httpGuards.ts';
import { MAX_BODY_BYTES, rpcClientErrors, rpcError, rpcErrorHandler, rpcNotFound } from './rpcErrors.ts';
import { SessionTable } from './sessionTable.ts';

/** Largest JSON-RPC message read on stdio (the SDK's buffer bound, named here). */
export const MAX_STDIO_MESSAGE_BYTES = 10 * 1024 * 1024;

export interface McpServing {
  /** The endpoint (HTTP only). */
  url?: string;
  /** Resolves when the client went away (stdio) or close() was called; rejects when the transport failed (an oversized stdio message). */
  closed: Promise<void>;
  close(): Promise<void>;
}

export interface ServeOptions {
  transport: 'stdio' | 'http';
  host?: string;
  port?: number;
  /** Bearer token every HTTP request must carry; required off loopback. */
  token?: string;
  /** Host header names accepted besides loopback names and the bind address. */
  allowedHosts?: readonly string[];
  /** Browser Origins accepted (none by default; requests without Origin always pass). */
  allowedOrigins?: readonly string[];
  maxSessions?: number;
  sessionIdleMs?: number;
  log: (line: string) => void;
}

export async function serveMcp(factory: () => McpServer, o: ServeOptions): Promise<McpServing> {
  return o.transport === 'stdio' ? serveStdio(factory(), o) : serveHttp(factory, o);
}

async function serveStdio(server: McpServer, o: ServeOptions): Promise<McpServing> {
  let finish!: (err?: Error) => void;
  const closed = new Promise<void>((resolve, reject) => (finish = (err) => (err ? reject(err) : resolve())));
  const transport = new StdioServerTransport(process.stdin, process.stdout, { maxBufferSize: MAX_STDIO_MESSAGE_BYTES });
  let oversized = false;
  // the SDK drops a line over its buffer bound and closes the transport: say so, then stop
  transport.onerror = (err) => void (/exceeded maximum size/.test(err.message) && (oversized = true));
  transport.onclose = () => {
    if (!oversized) return finish();
    const message = `a JSON-RPC message over ${MAX_STDIO_MESSAGE_BYTES} bytes (10 MiB) was refused; the MCP server stops`;
    // no id: the message was never read (the SDK's schema allows an error without one)
    process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message } })}\n`);
    finish(new InputError(message, { hint: 'send smaller messages: pass large data as a file path inside the artifact folder, not inline' }));
  };
  // the client closing our stdin is the end of the session
  process.stdin.once('end', () => void server.close().finally(() => finish()));
  await server.connect(transport);
  o.log('MCP server ready on stdio');
  return { closed, close: async () => void (await server.close(), finish()) };
}

interface Session {
  transport: StreamableHTTPServerTransport;
  close(): Promise<void>;
}

async function serveHttp(factory: () => McpServer, o: ServeOptions): Promise<McpServing> {
  const host = o.host ?? '127.0.0.1';
  assertSafeMcpBind(host, o.token);
  const origins = new Set<string>();
  for (const given of o.allowedOrigins ?? []) {
    const n = normalOrigin(given);
    if (n === null) throw new InputError(`--allow-origin must be an origin such as http://localhost:6274, got "${given}"`, { field: 'allow-origin' });
    origins.add(n);
  }
  const maxSessions = o.maxSessions ?? DEFAULTS.mcp.maxSessions;
  const sessions = new SessionTable<Session>({ maxSessions, idleMs: o.sessionIdleMs ?? DEFAULTS.mcp.sessionIdleMs, log: o.log });

  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // guards first: a foreign Host or Origin, or no token, is refused before the body is read
  const hosts = allowedHostNames(host, o.allowedHosts);
  app.use(mcpHostGuard(hosts), mcpOriginGuard(origins), mcpTokenGuard(o.token), express.json({ limit: MAX_BODY_BYTES }));

  /** Hands a request to its session, which is busy (neither expires nor is pushed out) until the response closes. */
  const handle = async (id: string, s: Session, req: Request, res: Response, body?: unknown) => {
    res.once('close', sessions.begin(id));
    await s.transport.handleRequest(req, res, body);
  };
  const unknownSession = (res: Response) => rpcError(res, 404, -32001, 'Session not found: it expired or the server restarted; start a new session with initialize');

  app.post('/mcp', async (req: Request, res: Response) => {
    const id = req.headers['mcp-session-id'];
    if (id !== undefined) {
      const known = typeof id === 'string' ? sessions.get(id) : undefined;
      if (!known) return unknownSession(res);
      return handle(id as string, known, req, res, req.body);
    }
    if (!isInitializeRequest(req.body)) return rpcError(res, 400, -32000, 'Bad Request: no valid session id; start with initialize');
    if (!sessions.reserve()) {
      res.setHeader('Retry-After', '5');
      return rpcError(res, 503, -32000, `all ${maxSessions} MCP sessions have a request open; try again shortly`);
    }
    const server = factory();
    let settled = false;
    const entry: Session = {
      transport: new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (sid) => settle(sid) }),
      close: () => entry.transport.close(),
    };
    const settle = (sid: string | undefined) => void (!settled && ((settled = true), sessions.settle(sid, entry)));
    entry.transport.onclose = () => {
      if (entry.transport.sessionId) sessions.delete(entry.transport.sessionId);
      void server.close();
    };
    try {
      await server.connect(entry.transport);
      await entry.transport.handleRequest(req, res, req.body);
    } finally {
      if (!settled) {
        settle(undefined);
        await entry.transport.close().catch(() => undefined);
      }
    }
  });
  const other = async (req: Request, res: Response) => {
    const id = req.headers['mcp-session-id'];
    if (typeof id !== 'string') return rpcError(res, 400, -32000, 'Bad Request: the mcp-session-id header is required');
    const known = sessions.get(id);
    if (!known) return unknownSession(res);
    await handle(id, known, req, res);
  };
  app.get('/mcp', other);
  app.delete('/mcp', other);
  app.use(rpcNotFound());
  app.use(rpcErrorHandler(o.log));

  const http: Server = await new Promise((resolve, reject) => {
    const s = app.listen(o.port ?? 0, host, (err?: Error) => (err ? reject(err) : resolve(s)));
    s.once('error', reject);
  });
  rpcClientErrors(http);
  const port = (http.address() as AddressInfo).port;
  for (const own of ownOrigins(hosts, port)) origins.add(own);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/mcp`;
  o.log(`MCP server on ${url}${o.token ? ' (token required)' : ''}`);
  let done!: () => void;
  const closed = new Promise<void>((resolve) => (done = resolve));
  return {
    url,
    closed,
    close: async () => {
      await sessions.closeAll();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      done();
    },
  };
}
