/**
 * The web server's request guards: loopback detection, a Host-header check against DNS rebinding,
 * the bearer token (header, or a cookie set from `?token=` on the first page load), and CSRF
 * protection for state-changing requests (a custom header, which forces a CORS preflight the
 * server never grants, plus a same-origin check of Origin / Sec-Fetch-Site).
 */
import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { ConfigError } from '../../tools/errors.ts';

export const CSRF_HEADER = 'x-engiai-csrf';
export const TOKEN_COOKIE = 'engiai_token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase();
  return LOOPBACK_NAMES.has(h) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/** A token worth the name: at least 16 characters, none of them whitespace. */
export const TOKEN_RULE = /^\S{16,}$/;

/** Refuses a non-loopback bind without a token (the server would be open to the network). */
export function assertSafeBind(host: string, token: string | undefined): void {
  if (isLoopbackHost(host)) return;
  if (!token || !TOKEN_RULE.test(token)) {
    throw new ConfigError(`refusing to listen on ${host} without a token of at least 16 characters and no whitespace`, {
      hint: 'pass --token (or set ENGIAI_WEB_TOKEN or ENGIAI_TOKEN), or keep the default host 127.0.0.1',
    });
  }
}

/** Constant-time comparison of two secrets. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

class MalformedCookie extends Error {}

function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k !== name) continue;
    try {
      return decodeURIComponent(v.join('='));
    } catch {
      throw new MalformedCookie(`malformed ${name} cookie`);
    }
  }
  return undefined;
}

function hostName(hostHeader: string): string {
  const m = /^(\[[^\]]+\]|[^:]+)(?::\d+)?$/.exec(hostHeader.trim());
  return m ? m[1] : hostHeader;
}

const deny = (res: Response, status: number, error: string) => res.status(status).json({ error });

/**
 * On a loopback bind, only loopback Host headers are served: a web page on another site cannot
 * reach the API through a DNS name that resolves to 127.0.0.1.
 */
export function hostGuard(loopback: boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (loopback && !isLoopbackHost(hostName(req.headers.host ?? ''))) return deny(res, 421, 'unexpected Host header');
    next();
  };
}

/** Every request needs the token when one is configured. `?token=` sets the cookie and redirects. */
export function tokenGuard(token: string | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!token) return next();
    const auth = req.headers.authorization;
    const bearer = auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
    const query = typeof req.query.token === 'string' ? req.query.token : undefined;
    if (query !== undefined && req.method === 'GET' && sameSecret(query, token)) {
      res.setHeader('Set-Cookie', `${TOKEN_COOKIE}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`);
      const url = new URL(req.originalUrl, 'http://x');
      url.searchParams.delete('token');
      // one leading slash: `//evil.com` (from `/.//evil.com`) or `/\evil.com` would leave the site
      return res.redirect(303, `/${url.pathname.replace(/^[/\\]+/, '')}${url.search}`);
    }
    let given: string | undefined;
    try {
      given = bearer ?? cookieValue(req, TOKEN_COOKIE);
    } catch (err) {
      if (err instanceof MalformedCookie) return deny(res, 400, err.message);
      throw err;
    }
    if (given !== undefined && sameSecret(given, token)) return next();
    res.setHeader('WWW-Authenticate', 'Bearer');
    return deny(res, 401, 'a valid token is required (Authorization: Bearer <token>, or open the page once with ?token=<token>)');
  };
}

/** State-changing requests need the custom header and must not come from another origin. */
export function csrfGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.headers[CSRF_HEADER] !== '1') return deny(res, 403, `missing ${CSRF_HEADER} header (CSRF protection)`);
    const site = req.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') return deny(res, 403, 'cross-site request refused (CSRF protection)');
    const origin = req.headers.origin;
    if (origin && origin !== 'null') {
      let originHost: string;
      try {
        originHost = new URL(origin).host;
      } catch {
        return deny(res, 403, 'malformed Origin header');
      }
      if (originHost !== req.headers.host) return deny(res, 403, 'cross-origin request refused (CSRF protection)');
    } else if (origin === 'null') return deny(res, 403, 'opaque origin refused (CSRF protection)');
    next();
  };
}

/** Defensive headers for every response. */
export function securityHeaders() {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Content-Security-Policy', "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'");
    next();
  };
}
