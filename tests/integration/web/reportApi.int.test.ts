/**
 * The design report over real HTTP: a real offline turn (optimize, render, export an STL) on a server
 * that needs a token, then GET /api/threads/:id/report.pdf and .html. The PDF is rendered to PNG by
 * pdftoppm and read by pdftotext; its links lead back to the served files; no path of the home shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CSRF, startTestServer, tempHome, turn } from './helpers.ts';
import { inkedPixels, pdfText, pixel, renderPages } from '../../support/pdfPages.ts';
import type { RunningWebServer } from '../../../web/server/webServer.ts';

const TOKEN = 'report-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };
const REQUEST = 'Optimize a Beams2D beam with volfrac 0.4, forcedist 0.65 and rmin 4, then render it and export an STL';

let t: ReturnType<typeof tempHome>;
let s: RunningWebServer;
let designId = '';

beforeAll(async () => {
  t = tempHome('engiai-report-');
  s = await startTestServer(t.home, { token: TOKEN, model: 'offline' });
  const frames = await turn(s.url, 'rep-1', { message: REQUEST }, auth);
  const end = frames.find((f) => f.event === 'turn_end');
  expect(end?.data.status).toBe('done');
  designId = /beams2d-[0-9a-f]{16}/.exec(String(end?.data.answer))![0];
}, 120_000);

afterAll(async () => {
  await s?.close();
  t?.remove();
});

describe('GET /api/threads/:id/report.pdf', () => {
  it('is a real PDF with the request, the steps, the design, its render and chart, and links to its files', async () => {
    expect((await fetch(`${s.url}/api/threads/rep-1/report.pdf`)).status).toBe(401);
    const res = await fetch(`${s.url}/api/threads/rep-1/report.pdf`, { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="engiai-report-rep-1.pdf"');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // ENGIAI_KEEP_REPORT_PAGES=1 keeps the pages as PNG files to look at
    const keep = process.env.ENGIAI_KEEP_REPORT_PAGES ? mkdtempSync(join(tmpdir(), 'engiai-report-pages-')) : undefined;
    const pages = renderPages(pdf, 60, keep);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const p of pages) expect(inkedPixels(p)).toBeGreaterThan(500);
    // the render's colour map (red solid, blue void) is on some page: saturated red and blue pixels
    const colourful = pages.some((p) => {
      let red = 0;
      let blue = 0;
      for (let y = 0; y < p.height; y += 2)
        for (let x = 0; x < p.width; x += 2) {
          const [r, g, b] = pixel(p, x, y);
          if (r > 150 && g < 60 && b < 60) red++;
          if (b > 150 && r < 90 && g < 110) blue++;
        }
      return red > 300 && blue > 300;
    });
    expect(colourful).toBe(true);

    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Optimize a Beams2D beam with volfrac 0.4, forcedist 0.65 and rmin 4');
    for (const step of ['supervisor handoff', 'create_problem', 'optimize_design', 'render_design', 'convert_design_to_stl']) expect(text).toContain(step);
    expect(text).toContain(designId);
    expect(text).toMatch(/forcedist 0\.65/);
    expect(text).toMatch(/c 30\.9\d*/);
    expect(text).toContain('Convergence');
    expect(text).toMatch(/stl: artifacts\/beams2d-[0-9a-f]{16}\/design-[^ ]+\.stl/);
    expect(text).toContain('No documents were cited.');
    expect(text).not.toContain(t.home);

    // the STL link is an annotation with this server's URL, and it serves the file
    const stlUrl = new RegExp(`${s.url.replace(/[.:/]/g, '\\$&')}/artifacts/${designId}/design-[A-Za-z0-9.-]+\\.stl`);
    const uris = [...pdf.toString('latin1').matchAll(/\/URI <([0-9a-f]+)>/g)].map((m) => Buffer.from(m[1], 'hex').toString('latin1'));
    const stl = uris.find((u) => stlUrl.test(u));
    expect(stl).toBeDefined();
    const file = await fetch(stl!, { headers: auth });
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    if (keep) writeFileSync(join(keep, 'report.pdf'), pdf);
  });

  it('is also an HTML page with the render embedded and the chart drawn, naming no server path', async () => {
    const res = await fetch(`${s.url}/api/threads/rep-1/report.html`, { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
    const html = await res.text();
    expect(html).toMatch(/<img class="render" alt="render of beams2d-[0-9a-f]{16}" src="data:image\/png;base64,iVBOR/);
    expect(html).toMatch(/<svg class="chart"[^>]*aria-label="convergence of c"/);
    expect(html).toContain(`href="${s.url}/artifacts/${designId}/`);
    expect(html).toContain('convert_design_to_stl');
    expect(html).not.toContain(t.home);
  });

  it('answers 404 for an unknown thread or format, 400 for a bad id, and 401 without the token', async () => {
    expect((await fetch(`${s.url}/api/threads/nope-9/report.pdf`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${s.url}/api/threads/rep-1/report.docx`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${s.url}/api/threads/${'x'.repeat(65)}/report.pdf`, { headers: auth })).status).toBe(400);
    expect((await fetch(`${s.url}/api/threads/rep-1/report.html`, { headers: { ...CSRF } })).status).toBe(401);
  });
});
