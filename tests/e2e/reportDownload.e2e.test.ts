/// <reference lib="dom" />
/**
 * The thread page's "Download report" link in Debian Chromium: a real offline design turn, the
 * chat page of that thread, a click on the link, and the downloaded file is the thread's PDF report
 * (rendered by pdftoppm, read by pdftotext).
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWebServer } from '../../web/server/webServer.ts';
import { startTestServer, tempHome, turn } from '../integration/web/helpers.ts';
import { openBrowser, type Browser } from './browser.ts';
import { pdfText, renderPages } from '../support/pdfPages.ts';

let tmp: ReturnType<typeof tempHome>;
let server: RunningWebServer;
let b: Browser;

beforeAll(async () => {
  if (!existsSync('/usr/bin/chromium')) throw new Error('/usr/bin/chromium is missing: apt-get install chromium (see .ci/run)');
  tmp = tempHome('engiai-e2e-report-');
  server = await startTestServer(tmp.home, { client: true });
  b = await openBrowser();
}, 300_000);
afterAll(async () => {
  await b?.close();
  await server?.close();
  tmp?.remove();
});

describe('Download report', () => {
  it('downloads the PDF report of the open thread', async () => {
    const frames = await turn(server.url, 'e2e-report', { message: 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 30x15 grid with max_iter 10, render it' });
    expect(frames.find((f) => f.event === 'turn_end')?.data.status).toBe('done');
    const { page } = b;
    await page.goto(`${server.url}/#/chat/e2e-report`);
    const link = await page.waitForSelector('a.report-link', { timeout: 30_000 });
    expect(await link.textContent()).toBe('Download report');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('engiai-report-e2e-report.pdf');
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(renderPages(pdf, 40).length).toBeGreaterThanOrEqual(1);
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('volfrac 0.4');
    expect(text).toContain('optimize_design');
    expect(text).not.toContain(tmp.home);
    expect(b.errors).toEqual([]);
  }, 180_000);
});
