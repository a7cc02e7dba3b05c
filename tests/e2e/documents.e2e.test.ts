/// <reference lib="dom" />
/**
 * The Documents page in Debian Chromium against a server started here: files uploaded from the
 * file picker are indexed with a per-file report (an oversized one refused before upload, a corrupt
 * one reported), the collections list shows them, the search box gives ranked snippets with source
 * and page, a hit opens the document at that page; then a chat answer's citation links to the
 * same document and page. Screenshots go to test-artifacts/web/.
 */
import { existsSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writePdf } from '../../tools/retrieval/index.ts';
import type { RunningWebServer } from '../../web/server/webServer.ts';
import { startTestServer, tempHome } from '../integration/web/helpers.ts';
import { openBrowser, type Browser } from './browser.ts';

const chromiumPresent = existsSync('/usr/bin/chromium');
let tmp: ReturnType<typeof tempHome>;
let server: RunningWebServer;
let b: Browser;

const K77 = writePdf(
  [
    { lines: ['Report K-77: cantilever bracket study', 'This report documents the bracket redesign for line 3.'] },
    { lines: ['2 Optimization settings', 'The volume fraction used was 0.37 and the filter radius was 2.5 elements.'] },
  ],
  { title: 'Report K-77: cantilever bracket study' },
);

beforeAll(async () => {
  if (!chromiumPresent) throw new Error('/usr/bin/chromium is missing: apt-get install chromium (see .ci/run)');
  tmp = tempHome('engiai-e2e-docs-');
  server = await startTestServer(tmp.home, { client: true, uploadLimitBytes: 200_000 });
  b = await openBrowser();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && b) {
    await b.shot(`failed-docs-${ctx.task.name.slice(0, 40).replace(/[^a-z0-9]+/gi, '-')}`).catch(() => {});
    console.error(`page errors: ${b.errors.join('\n') || 'none'}; url ${b.page.url()}`);
  }
});
afterAll(async () => {
  await b?.close();
  await server?.close();
  tmp?.remove();
});

describe('Documents page in Chromium', () => {
  it('uploads and indexes files, searches them and opens a hit at its page; a chat citation links there', async () => {
    const { page } = b;
    await page.goto(`${server.url}/#/documents`);
    await page.waitForSelector('.index-summary:has-text("0 documents")');
    await page.fill('.collection-input', 'reports');
    await page.setInputFiles('input.upload-input', [
      { name: 'k77.pdf', mimeType: 'application/pdf', buffer: K77 },
      { name: 'gears.md', mimeType: 'text/markdown', buffer: Buffer.from('# Gear notes\n\nThe module of the spur gear is 2 mm.\n') },
      { name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 broken') },
      { name: 'huge.txt', mimeType: 'text/plain', buffer: Buffer.alloc(300_000, 'x') },
    ]);
    await page.waitForSelector('.index-report');
    const statuses = await page.$$eval('.file-status', (li) => li.map((l) => `${l.getAttribute('data-status')} ${l.getAttribute('data-name')}`));
    expect(statuses.sort()).toEqual(['failed broken.pdf', 'indexed gears.md', 'indexed k77.pdf']);
    await expect(page.textContent('.file-status[data-status="failed"]')).resolves.toMatch(/not a readable PDF/);
    await expect(page.textContent('.upload-message.error-text')).resolves.toMatch(/huge\.txt: too large/);
    await page.waitForSelector('.collection[data-collection="reports"] .doc-row:has-text("Report K-77")');
    await expect(page.textContent('.index-summary')).resolves.toMatch(/2 documents in 1 collection · BM25 search/);
    await b.shot('docs-1-indexed');

    await page.fill('.search-input', 'volume fraction filter radius');
    await page.click('button.search-button');
    await page.waitForSelector('.hit');
    const first = await page.$eval('.hit', (h) => ({ title: h.querySelector('.hit-title')?.textContent, where: h.querySelector('.hit-where')?.textContent, snippet: h.querySelector('.snippet')?.textContent, page: h.getAttribute('data-page') }));
    expect(first).toMatchObject({ title: 'Report K-77: cantilever bracket study', page: '2' });
    expect(first.where).toMatch(/k77\.pdf · p\. 2 · 2 Optimization settings · reports/);
    expect(first.snippet).toMatch(/volume fraction used was 0\.37/);
    await b.shot('docs-2-search');
    await page.click('.hit .hit-title');
    await page.waitForSelector('.doc-page.cited[data-page="2"]');
    await expect(page.textContent('.doc-page.cited')).resolves.toMatch(/filter radius was 2\.5 elements/);
    await expect(page.textContent('.doc-title')).resolves.toBe('Report K-77: cantilever bracket study');
    const docId = await page.$eval('.document-view', (d) => d.getAttribute('data-doc'));
    const href = await page.getAttribute('a.open-file', 'href');
    const file = await page.evaluate(async (u) => (await fetch(u!)).headers.get('content-type'), href);
    expect(file).toBe('application/pdf');
    await b.shot('docs-3-document');

    // chat: the rag agent's answer cites the page; the citation opens the document there
    await page.goto(`${server.url}/#/chat`);
    await page.fill('.message-input', 'what does my report K-77 say about the volume fraction and filter radius?');
    await page.click('button.send');
    await page.waitForSelector('.bubble.answer[data-agent="supervisor"] a.citation', { timeout: 90_000 });
    const cite = await page.$eval('.bubble.answer[data-agent="supervisor"] a.citation', (a) => ({ text: a.textContent, doc: a.getAttribute('data-doc'), page: a.getAttribute('data-page') }));
    expect(cite).toEqual({ text: 'Report K-77: cantilever bracket study, p. 2', doc: docId, page: '2' });
    await expect(page.textContent('.bubble.answer[data-agent="supervisor"]')).resolves.toMatch(/volume fraction = 0\.37 — Report K-77/);
    expect(await page.$$eval('.event.handoff', (h) => h.map((x) => x.textContent))).toEqual([expect.stringMatching(/^supervisor → rag:/)]);
    await b.shot('docs-4-chat-citation');
    await page.click('.bubble.answer[data-agent="supervisor"] a.citation');
    await page.waitForSelector(`.document-view[data-doc="${docId}"] .doc-page.cited[data-page="2"]`);
    expect(b.errors.join('\n')).toBe('');
  }, 240_000);
});
