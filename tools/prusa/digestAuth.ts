/**
 * HTTP Digest authentication (RFC 7616 with MD5 and qop=auth, as PrusaLink uses it): the
 * client's Authorization header from a server's challenge, and the server's check of one.
 * Used by the PrusaLink client and by the printer simulator.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export interface DigestChallenge {
  realm: string;
  nonce: string;
  qop?: string;
  opaque?: string;
  algorithm?: string;
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** key=value or key="value" pairs of an auth header after its scheme. */
export function authParams(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of header.replace(/^\s*\w+\s+/, '').matchAll(/([\w-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]+))/g)) out[m[1].toLowerCase()] = m[2] ?? m[3];
  return out;
}

export function parseChallenge(header: string): DigestChallenge | null {
  if (!/^\s*Digest\s/i.test(header)) return null;
  const p = authParams(header);
  if (!p.realm || !p.nonce) return null;
  return { realm: p.realm, nonce: p.nonce, qop: p.qop, opaque: p.opaque, algorithm: p.algorithm };
}

function response(ha1: string, method: string, uri: string, nonce: string, qop: string | undefined, nc: string, cnonce: string): string {
  const ha2 = md5(`${method}:${uri}`);
  return qop ? md5(`${ha1}:${nonce}:${nc}:${cnonce}:${qop}:${ha2}`) : md5(`${ha1}:${nonce}:${ha2}`);
}

/** The Authorization header answering `challenge` for one request. `nc` counts uses of the nonce. */
export function digestAuthorization(c: DigestChallenge, user: string, password: string, method: string, uri: string, nc: number): string {
  if (c.algorithm && c.algorithm.toUpperCase() !== 'MD5') throw new Error(`unsupported digest algorithm ${c.algorithm}`);
  const qop = c.qop?.split(',').map((q) => q.trim()).includes('auth') ? 'auth' : undefined;
  const ncText = nc.toString(16).padStart(8, '0');
  const cnonce = randomBytes(8).toString('hex');
  const r = response(md5(`${user}:${c.realm}:${password}`), method, uri, c.nonce, qop, ncText, cnonce);
  const parts = [`username="${user}"`, `realm="${c.realm}"`, `nonce="${c.nonce}"`, `uri="${uri}"`, `response="${r}"`, 'algorithm=MD5'];
  if (qop) parts.push(`qop=${qop}`, `nc=${ncText}`, `cnonce="${cnonce}"`);
  if (c.opaque) parts.push(`opaque="${c.opaque}"`);
  return `Digest ${parts.join(', ')}`;
}

/** Server side: does this Authorization header prove `password` for this request and a nonce we issued? */
export function checkDigest(header: string, opts: { user: string; password: string; realm: string; method: string; uri: string; nonceValid(nonce: string): boolean }): boolean {
  if (!/^\s*Digest\s/i.test(header)) return false;
  const p = authParams(header);
  if (p.username !== opts.user || p.realm !== opts.realm || p.uri !== opts.uri || !p.nonce || !p.response || !opts.nonceValid(p.nonce)) return false;
  const expected = response(md5(`${opts.user}:${opts.realm}:${opts.password}`), opts.method, p.uri, p.nonce, p.qop, p.nc ?? '', p.cnonce ?? '');
  const a = Buffer.from(expected);
  const b = Buffer.from(p.response);
  return a.length === b.length && timingSafeEqual(a, b);
}
