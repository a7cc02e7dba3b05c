/**
 * Smaller holes found by probing, over real HTTP: a malformed cookie is a 400 (was a 500), the
 * `?token=` redirect never leaves the site (`/.//evil.com` redirected to `//evil.com`), a token of
 * spaces is refused off loopback, and `{"resume": …}` on an unknown thread is a 404 (it created one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../tools/errors.ts';
import { assertSafeBind } from '../../../web/server/security.ts';
import type { RunningWebServer } from '../../../web/server/webServer.ts';
import { CSRF, rawGet, startTestServer, tempHome, turn } from './helpers.ts';
import { request } from 'node:http';

const TOKEN = 'tok-0123456789abcdef';
let open: RunningWebServer;
let guarded: RunningWebServer;
let tmp: ReturnType<typeof tempHome>;
let tmpTok: ReturnType<typeof tempHome>;
beforeAll(async () => {
  tmp = tempHome('engiai-hostile-');
  open = await startTestServer(tmp.home);
  // a token-guarded server (on loopback here; the guard is the same as on any host)
  tmpTok = tempHome('engiai-hostile-tok-');
  guarded = await startTestServer(tmpTok.home, { token: TOKEN });
});
afterAll(async () => {
  await open.close();
  await guarded.close();
  tmp.remove();
  tmpTok.remove();
});

/** A GET that does not follow redirects, with the path sent byte for byte. */
function rawRedirect(url: string, path: string): Promise<{ status: number; location?: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, method: 'GET' }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('token, cookie and redirect', () => {
  it('a malformed cookie is a 400, not a 500', async () => {
    for (const cookie of ['engiai_token=%E0%A4%A', 'engiai_token=%', 'a=b; engiai_token=%ZZ']) {
      const r = await rawGet(guarded.url, '/api/threads', { cookie });
      expect(r.status).toBe(400);
      expect(r.body).toMatch(/malformed engiai_token cookie/);
    }
  });

  it.each(['/.//evil.com', '//evil.com/', '/\\evil.com', '/./\\/evil.com', '/%2F%2Fevil.com'])('the ?token= redirect from %s stays on the site', async (path) => {
    const r = await rawRedirect(guarded.url, `${path}?token=${TOKEN}`);
    expect(r.status).toBe(303);
    expect(r.location).toMatch(/^\/(?![/\\])/);
    expect(new URL(r.location!, 'http://site.example').host).toBe('site.example');
  });

  it('a token of spaces (or any whitespace) is refused off loopback', () => {
    expect(() => assertSafeBind('0.0.0.0', ' '.repeat(20))).toThrow(ConfigError);
    expect(() => assertSafeBind('0.0.0.0', `${'a'.repeat(16)} `)).toThrow(ConfigError);
    expect(() => assertSafeBind('0.0.0.0', '\t'.repeat(16))).toThrow(ConfigError);
    expect(() => assertSafeBind('0.0.0.0', TOKEN)).not.toThrow();
  });
});

describe('resume', () => {
  const post = (id: string, body: unknown) => fetch(`${open.url}/api/threads/${id}/turn`, { method: 'POST', headers: { 'content-type': 'application/json', ...CSRF }, body: JSON.stringify(body) });

  it('on an unknown thread is a 404 and creates nothing', async () => {
    const r = await post('no-such-thread', { resume: 'yes' });
    expect(r.status).toBe(404);
    expect((await fetch(`${open.url}/api/threads/no-such-thread`)).status).toBe(404);
    const list = (await (await fetch(`${open.url}/api/threads`)).json()) as { threads: { id: string }[] };
    expect(list.threads.map((t) => t.id)).not.toContain('no-such-thread');
  });

  it('on a thread with no pending question is a 409', async () => {
    const frames = await turn(open.url, 'answered', { message: 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 20x10 grid with max_iter 3' });
    expect(frames.at(-1)?.data).toMatchObject({ status: 'done' });
    const r = await post('answered', { resume: 'yes' });
    expect(r.status).toBe(409);
  });

  it('bodies that are not objects are a 400', async () => {
    for (const body of ['"text"', '[1,2]', 'null', '42']) {
      const r = await fetch(`${open.url}/api/threads/x/turn`, { method: 'POST', headers: { 'content-type': 'application/json', ...CSRF }, body });
      expect(r.status).toBe(400);
    }
  });
});
