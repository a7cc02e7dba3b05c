/**
 * Indexing an upload runs off the web server's event loop: while a 1,500-page PDF and an 8 MB
 * Markdown file are read and chunked (seconds of CPU), GET /api/health keeps answering, never more
 * than 1.5 s apart, and both are then indexed in full. (Read on the server's own thread, the
 * Markdown file alone held every request for seconds.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePdf } from '../../../tools/retrieval/index.ts';
import type { RunningWebServer } from '../../../web/server/webServer.ts';
import { CSRF, parseSse, startTestServer, tempHome } from './helpers.ts';

let tmp: ReturnType<typeof tempHome>;
let server: RunningWebServer;
const PAGES = 1500;
const MD_LINE = '| member | 12 | 7.5 kN | station 4 | the axial load on the member, measured at the station |\n';
const markdown = `# Frame loads\n\n${MD_LINE.repeat(Math.ceil((8 * 1024 * 1024) / MD_LINE.length))}`;
const big = writePdf(Array.from({ length: PAGES }, (_, i) => ({ lines: [`Section ${i + 1}: loads on frame ${i}`, `The axial load on member ${i} is ${i * 7} kN at station ${i % 13}.`] })), { title: 'Frame loads' });

beforeAll(async () => {
  tmp = tempHome('engiai-docs-offloop-');
  server = await startTestServer(tmp.home, { uploadLimitBytes: 20 * 1024 * 1024 });
});
afterAll(async () => {
  await server?.close();
  tmp?.remove();
});

describe('indexing off the event loop', () => {
  it('keeps /api/health responsive while a large upload is indexed', async () => {
    const up = await fetch(`${server.url}/api/uploads?name=frames.pdf`, { method: 'POST', headers: { ...CSRF, 'content-type': 'application/octet-stream' }, body: new Uint8Array(big) });
    expect(up.status).toBe(201);
    const md = await fetch(`${server.url}/api/uploads?name=frames.md`, { method: 'POST', headers: { ...CSRF, 'content-type': 'application/octet-stream' }, body: markdown });
    expect(md.status).toBe(201);
    const t0 = performance.now();
    let finished = 0;
    const indexing = fetch(`${server.url}/api/documents/index`, { method: 'POST', headers: { ...CSRF, 'content-type': 'application/json' }, body: JSON.stringify({ names: ['frames.pdf', 'frames.md'] }) })
      .then(async (res) => parseSse(await res.text()))
      .finally(() => (finished = performance.now()));
    // the server runs in this process: a blocked event loop stalls this loop too, so what is
    // measured is the longest gap between two answered health checks (each ~20 ms apart when free)
    const gaps: number[] = [];
    let last = performance.now();
    while (!finished) {
      const res = await fetch(`${server.url}/api/health`);
      expect(res.status).toBe(200);
      await res.json();
      const now = performance.now();
      gaps.push(now - last);
      last = now;
      await new Promise((r) => setTimeout(r, 20));
    }
    const frames = await indexing;
    const report = frames.at(-1)!;
    expect(report.event).toBe('report');
    expect(report.data).toMatchObject({ counts: { indexed: 2, failed: 0 }, pages: PAGES + 1 });
    // the extraction took long enough to matter (about 1 s on a quiet machine, several under load), and no
    // gap comes near it: on a blocked loop one gap is most of the whole indexing time
    const took = finished - t0;
    expect(took).toBeGreaterThan(400);
    expect(gaps.length).toBeGreaterThan(5);
    expect(Math.max(...gaps)).toBeLessThan(Math.min(1500, took / 2));
  });
});
