/// <reference lib="dom" />
/**
 * Runs that survive the browser, in Debian Chromium against a server started here (port 0, temp
 * ENGIAI_HOME, offline model): a reload during a long optimization re-attaches and follows it to
 * its end; Stop ends a run within seconds and the answer says so; the 390 px layout folds the
 * sidebar into a menu and gives the composer the width; dark mode follows prefers-color-scheme.
 * Screenshots at 1280×800 and 390×844, light and dark, go to test-artifacts/web/.
 */
import { describe, expect, it } from 'vitest';
import { chromiumOnServer } from '../support/chromiumOnServer.ts';

// ~10-20 s of optimizer work on 2 shared cores: long enough to reload in the middle
const MEDIUM = 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 160x80 grid with max_iter 60';
// minutes of work: only Stop ends it in time
const LONG = 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 200x100 grid with max_iter 2000';

const ui = chromiumOnServer('engiai-e2e-long-');

const stepOf = async () => Number((await ui.b.page.getAttribute('.tool-card[data-tool="optimize_design"] .progress', 'data-done')) ?? 0);

async function send(text: string) {
  await ui.b.page.fill('.message-input', text);
  await ui.b.page.click('button.send');
}

describe('a run that outlives the page', () => {
  it('a reload mid-run re-attaches: the steps go on from where they were and the run finishes', async () => {
    const { page } = ui.b;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(ui.server.url);
    await page.waitForSelector('.message-input');
    // the composer has the focus on load
    expect(await page.evaluate(() => document.activeElement?.classList.contains('message-input'))).toBe(true);
    // examples for each kind of work: design, documents, printing, HPC; one click fills the composer
    const examples = await page.$$eval('button.example', (bs) => bs.map((x) => x.textContent ?? ''));
    expect(examples.map((e) => /beam|documents|print|SLURM/.exec(e)?.[0])).toEqual(['beam', 'documents', 'print', 'SLURM']);
    await page.click('button.example:has-text("SLURM")');
    await expect(page.inputValue('.message-input')).resolves.toContain('SLURM');
    await send(MEDIUM);
    await page.waitForFunction(() => Number(document.querySelector('.tool-card[data-tool="optimize_design"] .progress')?.getAttribute('data-done') ?? 0) >= 3, undefined, { timeout: 60_000 });
    const thread = decodeURIComponent(new URL(page.url()).hash.split('/')[2]);
    const before = await stepOf();
    await page.reload();
    // the reloaded page shows the run so far, still running, and follows it live
    await page.waitForSelector('.working', { timeout: 10_000 });
    expect(ui.server.state.chat.isRunning(thread)).toBe(true);
    await page.waitForSelector('button.stop');
    const afterReload = await stepOf();
    expect(afterReload).toBeGreaterThanOrEqual(before);
    await page.waitForFunction((n) => Number(document.querySelector('.tool-card[data-tool="optimize_design"] .progress')?.getAttribute('data-done') ?? 0) > n, afterReload, { timeout: 30_000 });
    await ui.b.shot('long-1-reattached-1280');
    await page.waitForSelector('.tool-card[data-tool="optimize_design"][data-state="ok"]', { timeout: 120_000 });
    await page.waitForSelector('.working', { state: 'detached', timeout: 60_000 });
    await expect(page.textContent('.bubble.answer[data-agent="supervisor"]')).resolves.toMatch(/iterations/);
    expect(await page.$$eval('.event.warn', (w) => w.map((x) => x.textContent))).toEqual([]);
    // one run: the reload did not start another
    const detail = (await (await fetch(`${ui.server.url}/api/threads/${thread}`)).json()) as { events: { event: { type: string; status?: string } }[] };
    expect(detail.events.filter((e) => e.event.type === 'run_end').map((e) => e.event.status)).toEqual(['done']);
    expect(ui.b.errors).toEqual([]);
  });

  it('Stop ends a long run within seconds; the answer says it was stopped and what was kept', async () => {
    const { page } = ui.b;
    await page.goto(`${ui.server.url}/#/chat`);
    await page.waitForSelector('.message-input');
    await send(LONG);
    await page.waitForFunction(() => Number(document.querySelector('.tool-card[data-tool="optimize_design"] .progress')?.getAttribute('data-done') ?? 0) >= 2, undefined, { timeout: 60_000 });
    const thread = decodeURIComponent(new URL(page.url()).hash.split('/')[2]);
    const t0 = Date.now();
    await page.click('button.stop');
    await page.waitForSelector('.working', { state: 'detached', timeout: 15_000 });
    const stopMs = Date.now() - t0;
    expect(stopMs).toBeLessThan(10_000);
    expect(ui.server.state.chat.isRunning(thread)).toBe(false);
    const answers = await page.$$eval('.bubble.answer[data-agent="supervisor"]', (a) => a.map((x) => x.textContent ?? ''));
    expect(answers.at(-1)).toContain('I stopped here: the turn was cancelled (you pressed Stop).');
    await expect(page.textContent('.event.warn')).resolves.toContain('Stopped');
    // the composer takes a new message again
    await page.waitForSelector('button.send');
    await ui.b.shot('long-2-stopped-1280');
    expect(ui.b.errors).toEqual([]);
  });
});

describe('results for people', () => {
  it('the answer shows conditions as tables, artifacts as links, a comparison side by side, no server path; an approval says what runs', async () => {
    const { page } = ui.b;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${ui.server.url}/#/chat`);
    await page.waitForSelector('.message-input');
    await send('Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 30x15 grid with max_iter 5 and render it');
    await page.waitForSelector('.working', { state: 'detached', timeout: 90_000 });
    const answer = page.locator('.bubble.answer[data-agent="supervisor"]').last();
    await expect(answer.locator('table.kv th').allTextContents()).resolves.toEqual(expect.arrayContaining(['volfrac', 'rmin', 'forcedist', 'c']));
    const hrefs = await answer.locator('a.artifact-link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.some((h) => /^\/artifacts\/beams2d-[0-9a-f]{16}\/render\.png$/.test(h ?? ''))).toBe(true);
    expect(await page.textContent('.chat-scroll')).not.toContain(ui.tmp.home);
    // the images loaded after the last scroll: the chat is still at its bottom
    await page.waitForFunction(() => Array.from(document.querySelectorAll('.tool-card img')).every((i) => (i as HTMLImageElement).complete), undefined, { timeout: 10_000 });
    await page.waitForTimeout(200);
    expect(await page.$eval('.chat-scroll', (el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(4);
    // the box shrinks under the reader (the page head gains a line, as when a long title and the report link arrive): still at the bottom
    await page.$eval('.page-head', (el) => el.insertAdjacentHTML('beforeend', '<p class="grown" style="flex-basis:100%;height:48px;margin:0">x</p>'));
    await page.waitForTimeout(200);
    expect(await page.$eval('.chat-scroll', (el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(4);
    await page.$eval('.page-head .grown', (el) => el.remove());
    // a reader who scrolled up is left where they are when the log grows below them
    await page.mouse.move(640, 300);
    await page.mouse.wheel(0, -300);
    await page.waitForFunction(() => document.querySelector('.chat-scroll')!.scrollHeight - document.querySelector('.chat-scroll')!.scrollTop - document.querySelector('.chat-scroll')!.clientHeight > 200);
    const readerTop = await page.$eval('.chat-scroll', (el) => el.scrollTop);
    await page.$eval('.chat-log', (el) => el.insertAdjacentHTML('beforeend', '<div class="grown" style="height:300px"></div>'));
    await page.waitForTimeout(200);
    expect(await page.$eval('.chat-scroll', (el) => el.scrollTop)).toBe(readerTop);
    await page.$eval('.chat-log .grown', (el) => el.remove());
    await send('now make it volfrac 0.5 and compare');
    await page.waitForSelector('.working', { state: 'detached', timeout: 90_000 });
    const table = page.locator('.bubble.answer[data-agent="supervisor"]').last().locator('table.designs-table');
    await expect(table.locator('tbody tr').count()).resolves.toBe(2);
    await expect(table.locator('thead th').allTextContents()).resolves.toEqual(expect.arrayContaining(['design', 'volfrac', 'c']));
    await ui.b.shot('long-8-results-1280');

    // an approval in words: the export's details row by row, not a JSON blob
    await fetch(`${ui.server.url}/api/settings`, { method: 'PUT', headers: { 'content-type': 'application/json', 'x-engiai-csrf': '1', origin: ui.server.url }, body: JSON.stringify({ approvals: [...ui.server.state.settings.approvals, 'convert_design_to_stl'] }) });
    await send('export it as an STL');
    await page.waitForSelector('dialog.interrupt-dialog[data-kind="approval"]', { timeout: 90_000 });
    expect(await page.$$('dialog pre.args')).toHaveLength(0);
    await expect(page.locator('dialog table.subject th').allTextContents()).resolves.toEqual(expect.arrayContaining(['design id']));
    await ui.b.shot('long-9-approval-1280');
    await page.click('dialog button.deny');
    await page.waitForSelector('.working', { state: 'detached', timeout: 90_000 });
    expect(ui.b.errors).toEqual([]);
  });
});

describe('every screen size, light and dark', () => {
  it('390 px: the sidebar folds into a menu, the composer takes the width, nothing scrolls sideways', async () => {
    const { page } = ui.b;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${ui.server.url}/#/chat`);
    await page.waitForSelector('.message-input');
    expect(await page.isVisible('.sidebar nav')).toBe(false);
    expect(await page.isVisible('.menu-toggle')).toBe(true);
    const composer = await page.$eval('.message-input', (t) => t.getBoundingClientRect().width);
    expect(composer).toBeGreaterThan(250);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await ui.b.shot('long-3-chat-390-light');
    // the menu opens over the page, a page chosen from it closes it
    await page.click('.menu-toggle');
    expect(await page.isVisible('.sidebar nav')).toBe(true);
    await ui.b.shot('long-4-menu-390-light');
    await page.click('.sidebar nav a:has-text("Threads")');
    // (the chat page has an .empty too: wait for the Threads route itself, then for the menu to close)
    await page.waitForURL(/#\/threads/, { timeout: 10_000 });
    await page.waitForSelector('.thread-list, .thread-item, .empty', { timeout: 10_000 });
    await page.waitForSelector('.sidebar nav', { state: 'hidden', timeout: 10_000 });
    expect(await page.isVisible('.sidebar nav')).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  it('dark mode follows prefers-color-scheme at both widths', async () => {
    const { page } = ui.b;
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
    const threads = (await (await fetch(`${ui.server.url}/api/threads`)).json()) as { threads: { id: string }[] };
    await page.goto(`${ui.server.url}/#/chat/${threads.threads.at(-1)!.id}`);
    await page.waitForSelector('.tool-card');
    const light = await background();
    await ui.b.shot('long-5-chat-1280-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await background();
    expect(dark).not.toBe(light);
    // dark: a dark page with light text
    const [r, g, bl] = dark.match(/\d+/g)!.map(Number);
    expect(r + g + bl).toBeLessThan(120);
    const ink = (await page.evaluate(() => getComputedStyle(document.querySelector('.bubble.answer')!).color)).match(/\d+/g)!.map(Number);
    expect(ink[0] + ink[1] + ink[2]).toBeGreaterThan(500);
    await ui.b.shot('long-6-chat-1280-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await ui.b.shot('long-7-chat-390-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(ui.b.errors).toEqual([]);
  });
});
