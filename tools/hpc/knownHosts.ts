/**
 * Host-key verification against an OpenSSH known_hosts file, on by default: a host whose key is not
 * listed, or is listed with a different key, is refused with a message that says how to trust it.
 * Supports plain and `[host]:port` patterns, comma lists, `*`/`?` wildcards, `!` negation, hashed
 * entries (`|1|salt|hmac-sha1`), and `@revoked`; `@cert-authority` lines are ignored (no CA support).
 */
import { createHash, createHmac } from 'node:crypto';

export interface KnownHostEntry {
  marker: 'revoked' | 'cert-authority' | null;
  patterns: string[];
  keyType: string;
  /** The key blob (SSH wire format), base64. */
  key: string;
}

export function parseKnownHosts(text: string): KnownHostEntry[] {
  const out: KnownHostEntry[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const parts = line.split(/\s+/);
    let marker: KnownHostEntry['marker'] = null;
    if (parts[0] === '@revoked' || parts[0] === '@cert-authority') marker = parts.shift()!.slice(1) as KnownHostEntry['marker'];
    if (parts.length < 3) continue;
    out.push({ marker, patterns: parts[0].split(','), keyType: parts[1], key: parts[2] });
  }
  return out;
}

/** The name known_hosts uses for a host: `host` on port 22, `[host]:port` otherwise. */
export const hostName = (host: string, port: number) => (port === 22 ? host : `[${host}]:${port}`);

function globMatch(pattern: string, name: string): boolean {
  const re = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 'i');
  return re.test(name);
}

function patternMatches(pattern: string, name: string): boolean {
  if (pattern.startsWith('|1|')) {
    const [, , salt, hash] = pattern.split('|');
    if (!salt || !hash) return false;
    return createHmac('sha1', Buffer.from(salt, 'base64')).update(name).digest('base64') === hash;
  }
  return globMatch(pattern, name);
}

/** Whether an entry's host patterns match `name` (a negated match excludes it). */
function entryMatches(e: KnownHostEntry, name: string): boolean {
  let hit = false;
  for (const p of e.patterns) {
    if (p.startsWith('!')) {
      if (patternMatches(p.slice(1), name)) return false;
    } else if (patternMatches(p, name)) hit = true;
  }
  return hit;
}

/** OpenSSH's fingerprint of a key blob: SHA256:<base64 without padding>. */
export const fingerprint = (blob: Buffer) => `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;

/** The key type named inside a key blob (its first SSH string). */
export function keyTypeOf(blob: Buffer): string {
  if (blob.length < 4) return 'unknown';
  const n = blob.readUInt32BE(0);
  return blob.subarray(4, 4 + n).toString('ascii');
}

export type HostKeyVerdict =
  | { ok: true }
  | { ok: false; reason: 'unknown' | 'changed' | 'revoked'; name: string; keyType: string; fingerprint: string; knownTypes: string[] };

export function verifyHostKey(entries: readonly KnownHostEntry[], host: string, port: number, blob: Buffer): HostKeyVerdict {
  const name = hostName(host, port);
  const b64 = blob.toString('base64');
  const base = { name, keyType: keyTypeOf(blob), fingerprint: fingerprint(blob) };
  const forHost = entries.filter((e) => e.marker !== 'cert-authority' && entryMatches(e, name));
  if (forHost.some((e) => e.marker === 'revoked' && e.key === b64)) return { ok: false, reason: 'revoked', ...base, knownTypes: [] };
  const plain = forHost.filter((e) => e.marker === null);
  if (plain.some((e) => e.key === b64)) return { ok: true };
  return { ok: false, reason: plain.length ? 'changed' : 'unknown', ...base, knownTypes: [...new Set(plain.map((e) => e.keyType))] };
}

/** Host-key algorithms to offer so the server shows a key type we know for it (as OpenSSH orders them). */
export function hostKeyAlgorithmsFor(entries: readonly KnownHostEntry[], host: string, port: number): string[] {
  const name = hostName(host, port);
  const types = new Set(entries.filter((e) => e.marker === null && entryMatches(e, name)).map((e) => e.keyType));
  const algos: string[] = [];
  for (const t of types) {
    if (t === 'ssh-rsa') algos.push('rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa');
    else algos.push(t);
  }
  return algos;
}

/** The message for a refused key: what happened and how to trust the host (after checking the fingerprint). */
export function refusalMessage(v: Extract<HostKeyVerdict, { ok: false }>, file: string, host: string, port: number): { message: string; hint: string } {
  const scan = `ssh-keyscan -p ${port} ${host}${port === 22 ? '' : ` | sed 's/^${host.replace(/[.[\]]/g, '\\$&')}/[${host}]:${port}/'`} >> ${file}`;
  if (v.reason === 'unknown') {
    return {
      message: `host key verification failed: ${v.name} is not in ${file} (it offered ${v.keyType} ${v.fingerprint})`,
      hint: `if that fingerprint is the cluster's (ask its administrators), trust it with: ${scan}`,
    };
  }
  if (v.reason === 'revoked') {
    return { message: `host key verification failed: the key ${v.keyType} ${v.fingerprint} of ${v.name} is marked @revoked in ${file}`, hint: 'contact the cluster administrators' };
  }
  return {
    message: `host key verification failed: the ${v.keyType} key of ${v.name} changed (now ${v.fingerprint}; ${file} lists ${v.knownTypes.join(', ')}). This can be a man-in-the-middle attack`,
    hint: `if the administrators confirm the new key, remove the old entry with ssh-keygen -R '${v.name}' -f ${file} and add the new one: ${scan}`,
  };
}
