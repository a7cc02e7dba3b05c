/**
 * The MCP HTTP server's request guards, the web server's rules (web/server/security.ts) for an
 * endpoint whose clients read JSON-RPC: a token required off loopback and checked on every request
 * (Authorization: Bearer, constant-time, never logged), and Host and Origin allow-lists enforced on
 * every bind address, so a page on another site cannot reach the tools through DNS rebinding or a
 * cross-origin request. Every refusal is a JSON-RPC error object.
 */
import { hostname, networkInterfaces } from 'node:os';
import type { NextFunction, Request, Response } from 'express';
import { ConfigError } from '../tools/errors.ts';
import { isLoopbackHost, sameSecret, TOKEN_RULE } from '../web/server/security.ts';
import { rpcError } from './rpcErrors.ts';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];
const WILDCARDS = new Set(['0.0.0.0', '::', '']);

/** A host name as compared: lower case, no IPv6 brackets, no trailing dot. */
function normal(host: string): string {
  return host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

/**
 * Refuses a non-loopback bind without a token, and any token too weak to be one, before
 * anything listens.
 */
export function assertSafeMcpBind(host: string, token: string | undefined): void {
  if (token !== undefined && !TOKEN_RULE.test(token)) {
    throw new ConfigError('the MCP token must have at least 16 characters and no whitespace', { hint: 'set ENGIAI_MCP_TOKEN (or --token) to a longer random value, e.g. `openssl rand -hex 24`' });
  }
  if (isLoopbackHost(normal(host))) return;
  if (!token) {
    throw new ConfigError(`refusing to serve MCP on ${host} without a token: anyone who can reach it could start prints and run tools`, {
      hint: 'set ENGIAI_MCP_TOKEN (or pass --token) to a random value of at least 16 characters, e.g. `export ENGIAI_MCP_TOKEN=$(openssl rand -hex 24)`, or keep the default host 127.0.0.1',
    });
  }
}

/**
 * The Host names a request may carry: loopback names, the bind address (for a wildcard bind:
 * this machine's interface addresses and host name) and the ones configured.
 */
export function allowedHostNames(bind: string, extra: readonly string[] = []): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  const b = normal(bind);
  if (WILDCARDS.has(b)) {
    for (const addrs of Object.values(networkInterfaces())) for (const a of addrs ?? []) names.add(normal(a.address));
    names.add(normal(hostname()));
  } else names.add(b);
  for (const e of extra) names.add(normal(e));
  return names;
}

/** The host name of a Host header (`name`, `name:port`, `[v6]:port`), or null when it is none. */
function hostOf(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]\s/@]+)(?::\d{1,5})?$/.exec(header.trim());
  return m ? normal(m[1]) : null;
}

/** Browser origins as compared (`scheme://host[:port]`), or null for one that does not parse. */
export function normalOrigin(origin: string): string | null {
  try {
    const u = new URL(origin);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * This server's own origins (`http://<name>:<port>` for each Host name it answers to): a page
 * from one of them could only have been served by this server, which serves none, so such an
 * Origin is no cross-origin request (the conformance suite's DNS-rebinding scenario sends one).
 */
export function ownOrigins(hosts: ReadonlySet<string>, port: number): string[] {
  return [...hosts].map((h) => `http://${h.includes(':') ? `[${h}]` : h}:${port}`).flatMap((o) => normalOrigin(o) ?? []);
}

/** Only requests whose Host names this server are served, on every bind address. */
export function mcpHostGuard(allowed: ReadonlySet<string>) {
  return (req: Request, res: Response, next: NextFunction) => {
    const host = hostOf(req.headers.host);
    if (host === null || !allowed.has(host)) return rpcError(res, 421, -32000, 'unexpected Host header (DNS-rebinding protection); a server name other than the bind address is added with --allow-host');
    next();
  };
}

/** Requests without Origin (non-browser clients) pass; a browser's Origin must be one configured or the server's own. */
export function mcpOriginGuard(allowed: ReadonlySet<string>) {
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (origin === undefined) return next();
    const o = normalOrigin(origin);
    if (o === null || !allowed.has(o)) return rpcError(res, 403, -32000, 'cross-origin request refused; a browser client is allowed with --allow-origin');
    next();
  };
}

/** With a token configured, every request carries it (Authorization: Bearer <token>). */
export function mcpTokenGuard(token: string | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!token) return next();
    const auth = req.headers.authorization;
    const given = auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
    if (given !== undefined && sameSecret(given, token)) return next();
    res.setHeader('WWW-Authenticate', 'Bearer');
    return rpcError(res, 401, -32000, 'a valid token is required (Authorization: Bearer <token>, the value of ENGIAI_MCP_TOKEN)');
  };
}
