/**
 * What the MCP HTTP server answers when it does not hand a request to a session: always a
 * JSON-RPC error object (`{jsonrpc, error: {code, message}, id: null}`), never Express's HTML page
 * with a stack and server paths. Malformed JSON is a parse error (-32700), an oversized body 413,
 * anything unexpected a 500 with no detail (the detail goes to the server log).
 */
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';

/** Largest request body read (the SDK's own default bound). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

export function rpcError(res: Response, status: number, code: number, message: string): void {
  if (res.headersSent) return void res.end();
  res.status(status).json({ jsonrpc: '2.0', error: { code, message }, id: null });
}

/** body-parser's error types → status, JSON-RPC code and a message naming no server path. */
function described(err: { type?: unknown; status?: unknown }): [number, number, string] | null {
  switch (err.type) {
    case 'entity.parse.failed':
      return [400, -32700, 'Parse error: the body is not valid JSON'];
    case 'entity.too.large':
      return [413, -32600, `request body over ${MAX_BODY_BYTES} bytes (4 MiB) refused`];
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return [415, -32600, 'unsupported body encoding or charset: send UTF-8 JSON'];
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return [400, -32600, 'the request body could not be read'];
    default:
      return null;
  }
}

/** The last handler: every error as a JSON-RPC error, unexpected ones logged (first line, no secret). */
export function rpcErrorHandler(log: (line: string) => void) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const known = err && typeof err === 'object' ? described(err as { type?: unknown }) : null;
    if (known) return rpcError(res, ...known);
    log(`${req.method} ${req.path} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    rpcError(res, 500, -32603, 'internal error');
  };
}

/** Any path or method the server does not serve. */
export function rpcNotFound() {
  return (req: Request, res: Response) => {
    if (req.path === '/mcp') {
      res.setHeader('Allow', 'GET, POST, DELETE');
      return rpcError(res, 405, -32000, `method ${req.method} not allowed on /mcp`);
    }
    rpcError(res, 404, -32601, 'no such endpoint: MCP is served on /mcp');
  };
}

/** Requests Node's HTTP parser rejects (malformed, headers too large) get a JSON-RPC error too, not its bare 400. */
export function rpcClientErrors(server: Server): void {
  // a connection that already carried a request may have a response under way: it is only closed
  const used = new WeakSet<object>();
  server.on('request', (req: { socket: object }) => void used.add(req.socket));
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable || used.has(socket)) return void socket.destroy();
    const [status, text] = err.code === 'HPE_HEADER_OVERFLOW' ? ['431 Request Header Fields Too Large', 'request headers too large'] : ['400 Bad Request', 'malformed HTTP request'];
    const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message: text }, id: null });
    socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}
