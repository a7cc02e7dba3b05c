/**
 * Shared pieces of the MCP HTTP tests: `engiai mcp <server> --transport http` in a child process,
 * raw HTTP requests with any Host header (fetch will not send one of our choosing), and the
 * server's resident memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createInterface } from 'node:readline';
import { BIN } from '../cli/helpers.ts';

export interface McpHttpChild {
  url: string;
  child: ChildProcess;
  stderr(): string;
  /** Resident memory of the server process, MB (Linux /proc). */
  rssMb(): number;
  stop(): Promise<void>;
}

/** Starts the server and waits for its URL line; rejects with its stderr when it exits first. */
export function startMcpHttp(args: string[], env: Record<string, string | undefined>): Promise<McpHttpChild> {
  const child = spawn(process.execPath, [BIN, 'mcp', ...args], { env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (url) =>
      resolve({
        url,
        child,
        stderr: () => err,
        rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      }),
    );
    child.once('exit', (code) => reject(Object.assign(new Error(`server exited ${code}: ${err}`), { code, stderr: err })));
  });
}

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One HTTP request on its own connection with exactly the headers given (Host included); a GET event stream is answered by its headers. */
export function raw(url: string, o: { method?: string; headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number } = {}): Promise<RawReply> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: u.hostname.replace(/^\[|\]$/g, ''), port: u.port, path: u.pathname + u.search, method: o.method ?? 'POST', headers: o.headers, timeout: o.timeoutMs ?? 15_000, agent: false },
      (res) => {
        // a GET event stream stays open as long as the session: its headers are the answer
        if ((o.method ?? 'POST') === 'GET' && /event-stream/.test(String(res.headers['content-type']))) {
          res.destroy();
          return resolve({ status: res.statusCode!, headers: res.headers, text: '' });
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} in time`)));
    req.on('error', reject);
    // Node sends no Content-Length for a DELETE or OPTIONS body: say it, so the server can frame it
    if (o.body !== undefined && !req.hasHeader('content-length')) req.setHeader('content-length', Buffer.byteLength(o.body));
    req.end(o.body);
  });
}

export const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } });

/** The headers a Streamable HTTP client sends with a JSON body. */
export function jsonHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...extra };
}

/** The session id an initialize answer carries. */
export async function openSession(url: string, headers: Record<string, string> = {}): Promise<string> {
  const r = await raw(url, { headers: jsonHeaders(headers), body: INITIALIZE });
  const id = r.headers['mcp-session-id'];
  if (r.status !== 200 || typeof id !== 'string') throw new Error(`initialize failed: ${r.status} ${r.text}`);
  await raw(url, { headers: jsonHeaders({ ...headers, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' }), body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
  return id;
}
