/**
 * The web server's guards over real HTTP: token on a non-loopback bind, CSRF on state-changing
 * requests, Host check on loopback, path traversal into and out of the artifact folder, upload limit.
 */
import { mkdirSync, symlinkSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../tools/errors.ts';
import type { RunningWebServer } from '../../../web/server/webServer.ts';
import { CSRF, rawGet, startTestServer, tempHome } from './helpers.ts';

const SECRET = 'SECRET-CONTENT-outside-the-artifacts';

let server: RunningWebServer;
let tmp: ReturnType<typeof tempHome>;
beforeAll(async () => {
  tmp = tempHome();
  const art = join(tmp.home, 'artifacts', 'beams2d-0123456789abcdef');
  mkdirSync(art, { recursive: true });
  writeFileSync(join(art, 'render.png'), 'PNG-BYTES');
  writeFileSync(join(tmp.home, 'secret.txt'), SECRET);
  symlinkSync(tmp.home, join(tmp.home, 'artifacts', 'homelink'));
  symlinkSync(join(tmp.home, 'secret.txt'), join(art, 'leak.png'));
  server = await startTestServer(tmp.home, { uploadLimitBytes: 1024 });
});
afterAll(async () => {
  await server.close();
  tmp.remove();
});

describe('artifact paths', () => {
  it('serves a file inside the artifact folder', async () => {
    const r = await rawGet(server.url, '/artifacts/beams2d-0123456789abcdef/render.png');
    expect(r).toMatchObject({ status: 200, body: 'PNG-BYTES' });
  });

  it.each([
    '/artifacts/../secret.txt',
    '/artifacts/beams2d-0123456789abcdef/../../secret.txt',
    '/artifacts/%2e%2e/secret.txt',
    '/artifacts/%2E%2E/secret.txt',
    '/artifacts/%2e%2e%2fsecret.txt',
    '/artifacts/beams2d-0123456789abcdef/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/artifacts/..%5csecret.txt',
    '/artifacts/%2fetc%2fpasswd',
    '/artifacts//etc/passwd',
    `/artifacts/${encodeURIComponent(join('/tmp', 'x', '..', 'etc', 'passwd'))}`,
    '/artifacts/homelink/secret.txt',
    '/artifacts/beams2d-0123456789abcdef/leak.png',
    '/artifacts/beams2d-0123456789abcdef/render.png%00.txt',
    '/artifacts/.hidden',
  ])('refuses %s', async (path) => {
    const r = await rawGet(server.url, path);
    expect(r.status).not.toBe(200);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.body).not.toContain(SECRET);
    expect(r.body).not.toContain('root:');
  });

  it('the absolute path of a file outside cannot be named at all', async () => {
    const r = await rawGet(server.url, `/artifacts${join(tmp.home, 'secret.txt')}`);
    expect(r.status).toBe(404);
  });
});

describe('CSRF', () => {
  const post = (headers: Record<string, string>) =>
    fetch(`${server.url}/api/threads`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });

  it('refuses a state-changing request without the custom header', async () => {
    const r = await post({});
    expect(r.status).toBe(403);
    expect(((await r.json()) as { error: string }).error).toMatch(/CSRF/);
  });

  it('refuses another origin, a cross-site fetch and an opaque origin even with the header', async () => {
    expect((await post({ ...CSRF, origin: 'http://evil.example' })).status).toBe(403);
    expect((await post({ ...CSRF, origin: 'http://127.0.0.1:1' })).status).toBe(403);
    expect((await post({ ...CSRF, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post({ ...CSRF, origin: 'null' })).status).toBe(403);
  });

  it('accepts a same-origin request with the header', async () => {
    const r = await post({ ...CSRF, origin: server.url, 'sec-fetch-site': 'same-origin' });
    expect(r.status).toBe(201);
  });

  it('refuses a foreign Host header on a loopback bind (DNS rebinding)', async () => {
    const r = await rawGet(server.url, '/api/threads', { host: 'evil.example' });
    expect(r.status).toBe(421);
  });
});

describe('uploads', () => {
  it('stores a small document in ENGIAI_HOME/uploads', async () => {
    const r = await fetch(`${server.url}/api/uploads?name=notes.md`, { method: 'POST', headers: { ...CSRF, 'content-type': 'text/markdown' }, body: '# notes\n' });
    expect(r.status).toBe(201);
    expect(readFileSync(join(tmp.home, 'uploads', 'notes.md'), 'utf8')).toBe('# notes\n');
    const list = (await (await fetch(`${server.url}/api/uploads`)).json()) as { files: { name: string }[]; limitBytes: number };
    expect(list.files.map((f) => f.name)).toEqual(['notes.md']);
    expect(list.limitBytes).toBe(1024);
  });

  it('answers 413 with the limit for a document over the limit, and stores nothing', async () => {
    const r = await fetch(`${server.url}/api/uploads?name=big.pdf`, { method: 'POST', headers: { ...CSRF, 'content-type': 'application/pdf' }, body: Buffer.alloc(4096, 1) });
    expect(r.status).toBe(413);
    expect(((await r.json()) as { error: string }).error).toMatch(/upload too large: the limit is 1024 bytes/);
    expect(existsSync(join(tmp.home, 'uploads', 'big.pdf'))).toBe(false);
  });

  it('refuses names that could escape the folder', async () => {
    for (const name of ['../x.pdf', '.hidden', '..', 'a/b.pdf']) {
      const r = await fetch(`${server.url}/api/uploads?name=${encodeURIComponent(name)}`, { method: 'POST', headers: CSRF, body: 'x' });
      expect(r.status).toBe(400);
    }
  });
});

describe('token', () => {
  it('refuses to start on a non-loopback host without a token', async () => {
    const t = tempHome();
    try {
      await expect(startTestServer(t.home, { host: '0.0.0.0' })).rejects.toThrow(ConfigError);
      await expect(startTestServer(t.home, { host: '0.0.0.0', token: 'short' })).rejects.toThrow(/at least 16/);
    } finally {
      t.remove();
    }
  });

  it('requires the token on every request when bound to a non-loopback host', async () => {
    const t = tempHome();
    const token = 'tok-0123456789abcdef-xyz';
    const s = await startTestServer(t.home, { host: '0.0.0.0', token });
    try {
      const url = `http://127.0.0.1:${s.port}`;
      expect((await fetch(`${url}/api/threads`)).status).toBe(401);
      expect((await fetch(`${url}/api/health`)).status).toBe(401);
      expect((await rawGet(url, '/artifacts/x/y.png')).status).toBe(401);
      expect((await fetch(`${url}/api/threads`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
      expect((await fetch(`${url}/api/threads`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      const login = await fetch(`${url}/?token=${token}`, { redirect: 'manual' });
      expect(login.status).toBe(303);
      expect(login.headers.get('location')).toBe('/');
      const cookie = login.headers.get('set-cookie')!;
      expect(cookie).toMatch(/HttpOnly; SameSite=Strict/);
      const withCookie = await fetch(`${url}/api/threads`, { headers: { cookie: cookie.split(';')[0] } });
      expect(withCookie.status).toBe(200);
      const post = await fetch(`${url}/api/threads`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: '{}' });
      expect(post.status).toBe(403); // the token does not replace CSRF protection
    } finally {
      await s.close();
      t.remove();
    }
  });
});
