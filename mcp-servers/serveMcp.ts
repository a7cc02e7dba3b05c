/**
 * Puts an MCP server on a transport: stdio (a child process of its client; stdout carries only
 * JSON-RPC, every log line goes to stderr) or Streamable HTTP (stateful sessions on POST/GET/DELETE
 * /mcp, each with its own server instance; DNS-rebinding protection when bound to loopback).
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Request, Response } from 'express';

export interface McpServing {
  /** The endpoint (HTTP only). */
  url?: string;
  /** Resolves when the client went away (stdio) or close() was called. */
  closed: Promise<void>;
  close(): Promise<void>;
}

export interface ServeOptions {
  transport: 'stdio' | 'http';
  host?: string;
  port?: number;
  log: (line: string) => void;
}

export async function serveMcp(factory: () => McpServer, o: ServeOptions): Promise<McpServing> {
  return o.transport === 'stdio' ? serveStdio(factory(), o) : serveHttp(factory, o);
}

async function serveStdio(server: McpServer, o: ServeOptions): Promise<McpServing> {
  let done!: () => void;
  const closed = new Promise<void>((resolve) => (done = resolve));
  const transport = new StdioServerTransport();
  transport.onclose = () => done();
  // the client closing our stdin is the end of the session
  process.stdin.once('end', () => void server.close().finally(done));
  await server.connect(transport);
  o.log('MCP server ready on stdio');
  return { closed, close: async () => void (await server.close(), done()) };
}

async function serveHttp(factory: () => McpServer, o: ServeOptions): Promise<McpServing> {
  const host = o.host ?? '127.0.0.1';
  const app = createMcpExpressApp({ host });
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; server: McpServer }>();

  const session = (req: Request) => {
    const id = req.headers['mcp-session-id'];
    return typeof id === 'string' ? sessions.get(id) : undefined;
  };
  app.post('/mcp', async (req: Request, res: Response) => {
    const known = session(req);
    if (known) return known.transport.handleRequest(req, res, req.body);
    if (!isInitializeRequest(req.body)) {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: no valid session id; start with initialize' }, id: null });
      return;
    }
    const server = factory();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, { transport, server }),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      void server.close();
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  const other = async (req: Request, res: Response) => {
    const known = session(req);
    if (!known) return void res.status(400).send('unknown or missing mcp-session-id');
    await known.transport.handleRequest(req, res);
  };
  app.get('/mcp', other);
  app.delete('/mcp', other);

  const http: Server = await new Promise((resolve, reject) => {
    const s = app.listen(o.port ?? 0, host, (err?: Error) => (err ? reject(err) : resolve(s)));
    s.once('error', reject);
  });
  const port = (http.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/mcp`;
  o.log(`MCP server on ${url}`);
  let done!: () => void;
  const closed = new Promise<void>((resolve) => (done = resolve));
  return {
    url,
    closed,
    close: async () => {
      for (const s of sessions.values()) await s.transport.close().catch(() => undefined);
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      done();
    },
  };
}
