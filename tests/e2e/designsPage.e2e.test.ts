/// <reference lib="dom" />
/**
 * Pictures of designs, in Debian Chromium against a server started here (offline model): a
 * follow-up that re-optimizes a rendered design ("now with rmin 3") shows a picture like the first;
 * the Designs page shows no empty card: a design made without a render has a Render button that
 * writes and shows one; "open the STL in the viewer" opens the page's 3D viewer, never a window
 * program on the server. Screenshots at 1280×800 and 390×844, light and dark.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { turn } from '../integration/web/helpers.ts';
import { chromiumOnServer } from '../support/chromiumOnServer.ts';
import { drawnPixels } from './browser.ts';

const ui = chromiumOnServer('engiai-e2e-designs-');

const loaded = (selector: string) => ui.b.page.$$eval(selector, (imgs) => imgs.map((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0));

describe('every design has a picture or a Render button', () => {
  it('a follow-up from a rendered design shows a picture like the first', async () => {
    const { page } = ui.b;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${ui.server.url}/#/chat`);
    await page.fill('.message-input', 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 30x15 grid with max_iter 5 and render it');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.working', { state: 'detached', timeout: 90_000 });
    await page.fill('.message-input', 'now with rmin 3');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('.tool-card[data-tool="render_design"][data-state="ok"]').length === 2, undefined, { timeout: 90_000 });
    await page.waitForSelector('.working', { state: 'detached', timeout: 90_000 });
    const cards = page.locator('.tool-card[data-tool="render_design"]');
    await expect(cards.last().locator('img').first().getAttribute('src')).resolves.toMatch(/^\/artifacts\/beams2d-[0-9a-f]{16}\/render\.png$/);
    const [first, second] = await cards.evaluateAll((cs) => cs.map((c) => c.querySelector('img')?.getAttribute('src')));
    expect(second).not.toBe(first);
    await page.waitForFunction(() => Array.from(document.querySelectorAll('.tool-card img')).every((i) => (i as HTMLImageElement).complete));
    expect((await loaded('.tool-card[data-tool="render_design"] img')).every(Boolean)).toBe(true);
    await ui.b.shot('designs-1-followup-render-1280');
  }, 240_000);

  it('"open the STL in the viewer" opens the page\'s 3D viewer, not a program on the server', async () => {
    const { page } = ui.b;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${ui.server.url}/#/chat`);
    await page.fill('.message-input', 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 30x15 grid with max_iter 5 and export an STL');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.working', { state: 'detached', timeout: 90_000 });
    await page.fill('.message-input', 'open the STL in the viewer');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.working', { state: 'detached', timeout: 90_000 });
    const answer = page.locator('.bubble.answer[data-agent="supervisor"]').last();
    await expect(answer.textContent()).resolves.toContain('In the web UI the file opens here, not in a window on the server');
    await expect(page.locator('.tool-card[data-tool="run_command"]').count()).resolves.toBe(0);
    await answer.locator('button.view-stl').click();
    await page.waitForSelector('.stl-canvas[data-ready="1"] canvas', { timeout: 90_000 });
    await page.waitForTimeout(300);
    expect(await drawnPixels(page, '.stl-canvas canvas')).toBeGreaterThan(1000);
    await ui.b.shot('designs-0-stl-in-page-1280');
    await page.click('.stl-dialog button.close-viewer');
    const thread = decodeURIComponent(page.url().split('#/chat/')[1]);
    const detail = (await (await fetch(`${ui.server.url}/api/threads/${thread}`)).json()) as { events: { event: { type: string; name?: string } }[] };
    expect(detail.events.filter((e) => e.event.type === 'tool_call').map((e) => e.event.name)).not.toContain('run_command');
  }, 240_000);

  it('the Designs page: a design without a render gets one from its Render button; none is an empty card', async () => {
    const { page } = ui.b;
    // a design made without a picture (as from a follow-up of an unrendered design, or the CLI)
    const frames = await turn(ui.server.url, 'plain', { message: 'Optimize a beams2d beam with volfrac 0.5, forcedist 0.5 and rmin 2 on a 30x15 grid with max_iter 4' });
    const optimized = frames.find((f) => f.event === 'tool_result' && f.data.name === 'optimize_design');
    const id = String((optimized?.data.result as { design_id?: string } | undefined)?.design_id);
    expect(id).toMatch(/^beams2d-[0-9a-f]{16}$/);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${ui.server.url}/#/designs`);
    const card = `.design-card[data-design="${id}"]`;
    await page.waitForSelector(`${card} button.render-design`);
    // every other card has its picture, and only the unrendered one offers Render
    await expect(page.locator('button.render-design').count()).resolves.toBe(1);
    const cards = await page.$$eval('.design-card', (cs) => cs.map((c) => Boolean(c.querySelector('img')) || Boolean(c.querySelector('button.render-design'))));
    // (the STL request above made the same design as the first one: the same stored design)
    expect(cards.length).toBe(3);
    expect(cards.every(Boolean)).toBe(true);
    await ui.b.shot('designs-2-render-button-1280');
    await page.click(`${card} button.render-design`);
    await page.waitForSelector(`${card} img[alt="render"]`, { timeout: 30_000 });
    await page.waitForFunction((sel) => Array.from(document.querySelectorAll(`${sel} img`)).every((i) => (i as HTMLImageElement).complete), card);
    expect((await loaded(`${card} img`)).every(Boolean)).toBe(true);
    await expect(page.locator(`${card} button.render-design`).count()).resolves.toBe(0);
    expect(existsSync(`${ui.tmp.home}/artifacts/${id}/render.png`)).toBe(true);
    // the render stays: the page reloaded still shows it
    await page.reload();
    await page.waitForSelector(`${card} img[alt="render"]`);
    await expect(page.locator('button.render-design').count()).resolves.toBe(0);
    await ui.b.shot('designs-3-rendered-1280');
    await page.emulateMedia({ colorScheme: 'dark' });
    await ui.b.shot('designs-4-rendered-1280-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.$eval('.page', (e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(1);
    await ui.b.shot('designs-5-rendered-390-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await ui.b.shot('designs-6-rendered-390');
    // a malformed id is a 400, an unknown one a 404
    const post = (p: string) => fetch(`${ui.server.url}/api/designs/${p}/render`, { method: 'POST', headers: { 'x-engiai-csrf': '1', origin: ui.server.url } });
    expect((await post('..%2Fetc')).status).toBe(400);
    expect((await post('beams2d-0123456789abcdef')).status).toBe(404);
    expect(ui.b.errors).toEqual([]);
  }, 240_000);
});
