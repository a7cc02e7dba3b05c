/**
 * In real Chromium: an uploaded HTML page whose `<meta refresh>` points at another origin (a
 * loopback server standing in for attacker.example) is opened from /api/documents/ID/file, as the
 * Documents page's "open file" link does. It arrives as a download; the browser never renders it,
 * so the other origin is never visited.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWebServer } from '../../web/server/webServer.ts';
import { CSRF, parseSse, startTestServer, tempHome } from '../integration/web/helpers.ts';
import { openBrowser, type Browser } from './browser.ts';

let tmp: ReturnType<typeof tempHome>;
let server: RunningWebServer;
let foreign: Server;
let foreignUrl: string;
const visits: string[] = [];
let b: Browser;

beforeAll(async () => {
  foreign = createServer((req, res) => {
    visits.push(req.url ?? '/');
    res.end('<html><body>landed</body></html>');
  });
  await new Promise<void>((r) => foreign.listen(0, '127.0.0.1', () => r()));
  foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
  tmp = tempHome('engiai-served-e2e-');
  server = await startTestServer(tmp.home, { uploadLimitBytes: 100_000 });
  b = await openBrowser();
});
afterAll(async () => {
  await b?.close();
  await server?.close();
  await new Promise<void>((r) => foreign.close(() => r()));
  tmp?.remove();
});

describe('an uploaded HTML page in the browser', () => {
  it('is downloaded, never rendered: its meta refresh does not navigate to the other origin', async () => {
    const page = `<!doctype html><html><head><title>Report</title><meta http-equiv="refresh" content="0;url=${foreignUrl}/landed"></head><body><p>The bracket load is 1200 N.</p><script>fetch('${foreignUrl}/script')</script></body></html>`;
    expect((await fetch(`${server.url}/api/uploads?name=report.html`, { method: 'POST', headers: { ...CSRF, 'content-type': 'application/octet-stream' }, body: page })).status).toBe(201);
    const indexed = await fetch(`${server.url}/api/documents/index`, { method: 'POST', headers: { ...CSRF, 'content-type': 'application/json' }, body: JSON.stringify({ names: ['report.html'] }) });
    const id = (parseSse(await indexed.text()).at(-1)!.data as { files: { docId: string }[] }).files[0].docId;
    let downloaded: string | null = null;
    b.page.once('download', (d) => void (downloaded = d.suggestedFilename()));
    await b.page.goto(`${server.url}/api/documents/${id}/file`).catch(() => undefined); // a download aborts the navigation
    await new Promise((r) => setTimeout(r, 2000));
    expect(visits).toEqual([]);
    expect(b.page.url()).not.toContain(foreignUrl);
    expect(downloaded).toBe('report.html');
  });
});
