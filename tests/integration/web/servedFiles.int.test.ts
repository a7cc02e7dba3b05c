/**
 * How the web server hands out files others wrote, over real HTTP: an uploaded HTML page (with a
 * `<meta refresh>` to a foreign origin) comes from /api/documents/ID/file as a sandboxed
 * attachment, never a page at our origin; the same for HTML and SVG in the artifact folder, while
 * PDFs, PNGs and text still open in the tab (sandboxed, PDF excepted); nosniff on all. A link out
 * of the artifact folder is answered the same whether its target exists or not. PUT /api/settings
 * keeps to the README's 10 kB (413 with a JSON error), while thread bodies keep their 100 kB.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePdf } from '../../../tools/retrieval/index.ts';
import type { RunningWebServer } from '../../../web/server/webServer.ts';
import { CSRF, parseSse, rawGet, startTestServer, tempHome } from './helpers.ts';

const EVIL = '<!doctype html><html><head><title>Quarterly report</title><meta http-equiv="refresh" content="0;url=http://attacker.example/"></head><body><p>The bracket load is 1200 N.</p></body></html>';
const PDF = writePdf([{ lines: ['Report Q-9: beam study'] }], { title: 'Report Q-9' });
let tmp: ReturnType<typeof tempHome>;
let server: RunningWebServer;

const upload = (name: string, body: Buffer | string) => fetch(`${server.url}/api/uploads?name=${encodeURIComponent(name)}`, { method: 'POST', headers: { ...CSRF, 'content-type': 'application/octet-stream' }, body: typeof body === 'string' ? body : new Uint8Array(body) });

beforeAll(async () => {
  tmp = tempHome('engiai-served-');
  const art = join(tmp.home, 'artifacts', 'run-1');
  mkdirSync(art, { recursive: true });
  writeFileSync(join(art, 'page.html'), EVIL);
  writeFileSync(join(art, 'figure.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  writeFileSync(join(art, 'render.png'), 'PNG-BYTES');
  writeFileSync(join(tmp.home, 'outside.png'), 'OUTSIDE');
  symlinkSync(join(tmp.home, 'outside.png'), join(art, 'to-existing.png'));
  symlinkSync(join(tmp.home, 'no-such-file.png'), join(art, 'to-missing.png'));
  server = await startTestServer(tmp.home, { uploadLimitBytes: 100_000 });
});
afterAll(async () => {
  await server?.close();
  tmp?.remove();
});

async function indexed(name: string, body: Buffer | string): Promise<string> {
  expect((await upload(name, body)).status).toBe(201);
  const res = await fetch(`${server.url}/api/documents/index`, { method: 'POST', headers: { ...CSRF, 'content-type': 'application/json' }, body: JSON.stringify({ names: [name] }) });
  const report = parseSse(await res.text()).at(-1)!.data as { files: { status: string; docId: string | null }[] };
  expect(report.files[0].status).toBe('indexed');
  return report.files[0].docId!;
}

describe('documents: the original file', () => {
  it('an uploaded HTML page is a sandboxed attachment, not a page at our origin', async () => {
    const id = await indexed('evil.html', EVIL);
    const res = await fetch(`${server.url}/api/documents/${id}/file`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="evil.html"');
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe(EVIL);
  });

  it('a PDF still opens in the tab; ?download=1 makes it an attachment', async () => {
    const id = await indexed('q9.pdf', PDF);
    const res = await fetch(`${server.url}/api/documents/${id}/file`);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="q9.pdf"');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const dl = await fetch(`${server.url}/api/documents/${id}/file?download=1`);
    expect(dl.headers.get('content-disposition')).toBe('attachment; filename="q9.pdf"');
  });
});

describe('artifacts', () => {
  it.each([
    ['page.html', 'attachment'],
    ['figure.svg', 'attachment'],
    ['render.png', 'inline'],
  ])('%s is served %s, sandboxed, nosniff', async (name, disposition) => {
    const res = await fetch(`${server.url}/artifacts/run-1/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`${disposition}; filename="run-1_${name}"`);
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a link out of the folder is answered the same whether its target exists or not', async () => {
    const existing = await rawGet(server.url, '/artifacts/run-1/to-existing.png');
    const missing = await rawGet(server.url, '/artifacts/run-1/to-missing.png');
    const absent = await rawGet(server.url, '/artifacts/run-1/absent.png');
    expect(existing.status).toBe(404);
    expect(existing).toEqual(missing);
    expect(existing).toEqual(absent);
    expect(existing.body).not.toContain('OUTSIDE');
  });
});

describe('body limits', () => {
  const put = (body: string) => fetch(`${server.url}/api/settings`, { method: 'PUT', headers: { ...CSRF, 'content-type': 'application/json' }, body });

  it('PUT /api/settings over 10 kB is a 413 with a JSON error naming the limit', async () => {
    const res = await put(JSON.stringify({ approvals: [], pad: 'x'.repeat(90_000) }));
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ error: 'settings body too large: the limit is 10240 bytes (10 kB)' });
    const justOver = await put(JSON.stringify({ pad: 'x'.repeat(10_240) }));
    expect(justOver.status).toBe(413);
  });

  it('a settings body under 10 kB is read, and thread bodies keep their 100 kB', async () => {
    const ok = await put(JSON.stringify({ approvals: [], pad: 'x'.repeat(9_000) }));
    expect(ok.status).toBe(200);
    // 50 kB is inside the threads' parser limit: read, then refused for its message length
    const turn = await fetch(`${server.url}/api/threads/t-1/turn`, { method: 'POST', headers: { ...CSRF, 'content-type': 'application/json' }, body: JSON.stringify({ message: 'x'.repeat(50_000) }) });
    expect(await turn.json()).toEqual({ error: 'message longer than 20000 characters' });
  });
});
