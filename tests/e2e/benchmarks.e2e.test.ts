/// <reference lib="dom" />
/**
 * The Benchmarks page in Debian Chromium over a server started here: a reference and a distracted
 * workflow run in ENGIAI_HOME/bench, the per-cell table filtered by suite, style and model, a run
 * with its figures drawn, and a trial opened in the chat's timeline view (tool cards with their
 * arguments and results, the STL in the 3D viewer). Screenshots go to test-artifacts/web/.
 */
import { existsSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runWorkflow } from '../../benchmarks/workflow/index.ts';
import { loadConfig } from '../../config/load.ts';
import type { RunningWebServer } from '../../web/server/webServer.ts';
import { startTestServer, tempHome } from '../integration/web/helpers.ts';
import { drawnPixels, openBrowser, type Browser } from './browser.ts';

let tmp: ReturnType<typeof tempHome>;
let server: RunningWebServer;
let b: Browser;

beforeAll(async () => {
  if (!existsSync('/usr/bin/chromium')) throw new Error('/usr/bin/chromium is missing: apt-get install chromium (see .ci/run)');
  tmp = tempHome('engiai-e2e-bench-');
  const config = loadConfig({ env: { ENGIAI_HOME: tmp.home }, cwd: tmp.home });
  for (const agent of ['reference', 'distracted']) await runWorkflow({ agent, problems: ['beams2d'], styles: ['Full', 'W-Distract'], samples: 1, seeds: [0], preset: 'small', config });
  // a Natural run (the reference asks, as it should): IoU and WT do not apply there
  await runWorkflow({ agent: 'reference', problems: ['beams2d'], styles: ['Natural'], samples: 1, seeds: [0], preset: 'small', config });
  server = await startTestServer(tmp.home, { client: true });
  b = await openBrowser();
}, 240_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && b) {
    await b.shot(`failed-bench-${ctx.task.name.slice(0, 40).replace(/[^a-z0-9]+/gi, '-')}`).catch(() => {});
    console.error(`page errors: ${b.errors.join('\n') || 'none'}; url ${b.page.url()}`);
  }
});
afterAll(async () => {
  await b?.close();
  await server?.close();
  tmp?.remove();
});

const rowsOf = (page: Browser['page']) => page.$$eval('table.cells tbody tr', (trs) => trs.map((tr) => `${tr.getAttribute('data-model')}|${tr.getAttribute('data-style')}|${tr.querySelector('.metric-tc')?.textContent}`));

describe('Benchmarks page in Chromium', () => {
  it('shows the cells of every run, filtered by suite, style and model', async () => {
    const { page } = b;
    await page.goto(`${server.url}/#/benchmarks`);
    await page.waitForSelector('table.cells tbody tr');
    expect((await rowsOf(page)).sort()).toEqual(['distracted|Full|1.00', 'distracted|W-Distract|0.00', 'reference|Full|1.00', 'reference|Natural|1.00', 'reference|W-Distract|1.00']);
    // at 1280 px the table fits (no sideways scroll), and a metric that does not apply reads n/a with why, not 0.00
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await page.$eval('.page', (e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.$eval('table.cells', (t) => t.getBoundingClientRect().right)).toBeLessThanOrEqual(1280);
    const natural = 'table.cells tr[data-style="Natural"]';
    await expect(page.textContent(`${natural} td[data-metric="iou"]`)).resolves.toBe('n/a');
    await expect(page.getAttribute(`${natural} td[data-metric="iou"]`, 'title')).resolves.toMatch(/does not apply to Natural prompts/);
    await expect(page.textContent(`${natural} td[data-metric="s_design"]`)).resolves.toBe('1.00');
    await expect(page.textContent('table.cells tr[data-style="Full"][data-model="reference"] td[data-metric="wt"]')).resolves.toBe('n/a');
    await expect(page.getAttribute('table.cells tr[data-style="Full"][data-model="reference"] td[data-metric="wt"]', 'title')).resolves.toMatch(/asks for no STL export/);
    await expect(page.textContent('table.cells tr[data-style="W-Distract"][data-model="reference"] td[data-metric="wt"]')).resolves.toMatch(/^\d\.\d\d$/);
    await b.shot('bench-0-cells-1280');
    await page.emulateMedia({ colorScheme: 'dark' });
    await b.shot('bench-0-cells-1280-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.selectOption('select[name="style"]', 'W-Distract');
    expect((await rowsOf(page)).sort()).toEqual(['distracted|W-Distract|0.00', 'reference|W-Distract|1.00']);
    await page.selectOption('select[name="model"]', 'distracted');
    expect(await rowsOf(page)).toEqual(['distracted|W-Distract|0.00']);
    await page.selectOption('select[name="suite"]', 'workflow');
    expect(await rowsOf(page)).toHaveLength(1);
    await b.shot('bench-1-cells');
    expect(b.errors.join('\n')).toBe('');
  }, 120_000);

  it("opens a run with its figures and a trial's trace in the chat timeline", async () => {
    const { page } = b;
    await page.click('table.cells tbody tr a');
    await page.waitForSelector('.bench-figures img');
    const figures = await page.$$eval('.bench-figures img', (imgs) => imgs.map((i) => ({ src: i.getAttribute('src')!, ok: (i as HTMLImageElement).complete })));
    expect(figures.map((f) => f.src.split('/').pop())).toEqual(expect.arrayContaining(['beams2d-tool-heatmap.svg', 'beams2d-co-distributions.svg', 'beams2d-calls-vs-co.svg', 'beams2d-design-distracted.svg']));
    await page.waitForFunction(() => Array.from(document.querySelectorAll('.bench-figures img')).every((i) => (i as HTMLImageElement).naturalWidth > 100));
    await b.shot('bench-2-run');
    // on a narrow window every figure still fits inside its box and the page (scaled, never clipped)
    await page.setViewportSize({ width: 420, height: 860 });
    const overflow = await page.$$eval('.bench-figures figure', (figs) =>
      figs.flatMap((f) => {
        const img = f.querySelector('img')!.getBoundingClientRect();
        const box = f.getBoundingClientRect();
        return img.right > box.right + 0.5 || img.right > document.documentElement.clientWidth + 0.5 ? [`${f.textContent}: image to ${img.right}, box to ${box.right}`] : [];
      }),
    );
    expect(overflow).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.click('a.trial-link >> text=beams2d.W-Distract.s0.seed0');
    await page.waitForSelector('.bench-trial .tool-card');
    const tools = await page.$$eval('.tool-card', (cards) => cards.map((c) => `${c.getAttribute('data-tool')}:${c.getAttribute('data-state')}`));
    expect(tools).toEqual(['create_problem:ok', 'optimize_design:ok', 'simulate_design:ok', 'convert_design_to_stl:ok']);
    await expect(page.textContent('.bubble.user')).resolves.toMatch(/only for the on-screen preview/);
    await expect(page.textContent('.chip[data-metric="s_completion"]')).resolves.toBe('s_completion 0.000');
    await expect(page.textContent('.chip[data-metric="failure"]')).resolves.toMatch(/match no requested set|first export does not match/); // engiai's or the paper protocol's words
    await expect(page.textContent('.event.handoff')).resolves.toMatch(/supervisor → engineering/);
    await page.click('.tool-card button.open-stl');
    await page.waitForSelector('.stl-canvas[data-ready="1"] canvas', { timeout: 90_000 });
    await page.waitForTimeout(300);
    expect(await drawnPixels(page, '.stl-canvas canvas')).toBeGreaterThan(500);
    await b.shot('bench-3-trial');
    expect(b.errors.join('\n')).toBe('');
  }, 120_000);
});
