/// <reference lib="dom" />
/**
 * The web UI end to end in Debian Chromium against a server started here (port 0, temp
 * ENGIAI_HOME, offline model): a design session (ask → optimize → image → STL → 3D viewer →
 * download), a clarification and an approval answered in dialogs, and a thread reopened and
 * renamed after a server restart. Screenshots go to test-artifacts/web/.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../integration/web/helpers.ts';
import { chromiumOnServer } from '../support/chromiumOnServer.ts';
import { drawnPixels } from './browser.ts';

const DESIGN = 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 30x15 grid with max_iter 10, render it and export an STL';

const ui = chromiumOnServer('engiai-e2e-');
let designThread = '';

async function send(text: string) {
  await ui.b.page.fill('.message-input', text);
  await ui.b.page.click('button.send');
}

const done = () => ui.b.page.waitForSelector('.working', { state: 'detached', timeout: 90_000 });

describe('web UI in Chromium', () => {
  it('design session: ask, watch the tools run, see the images, open the STL in 3D and download it', async () => {
    const { page } = ui.b;
    await page.goto(ui.server.url);
    await page.waitForSelector('.message-input');
    await send(DESIGN);
    await page.waitForSelector('.tool-card[data-tool="optimize_design"]', { timeout: 90_000 });
    await page.waitForSelector('.tool-card[data-tool="convert_design_to_stl"][data-state="ok"]', { timeout: 90_000 });
    await done();
    designThread = decodeURIComponent(new URL(page.url()).hash.split('/')[2]);
    expect(designThread).toMatch(/^[0-9a-f]{32}$/);
    // the hand-off, every tool call with its arguments, the optimizer's progress, the answer
    await expect(page.textContent('.event.handoff')).resolves.toMatch(/supervisor → engineering/);
    const tools = await page.$$eval('.tool-card', (cards) => cards.map((c) => `${c.getAttribute('data-tool')}:${c.getAttribute('data-state')}`));
    expect(tools).toEqual(['create_problem:ok', 'optimize_design:ok', 'render_design:ok', 'convert_design_to_stl:ok']);
    await expect(page.textContent('.tool-card[data-tool="optimize_design"] .tool-args')).resolves.toContain('"volfrac":0.4');
    await expect(page.getAttribute('.tool-card[data-tool="optimize_design"] .progress', 'data-done')).resolves.toBe('10');
    await expect(page.textContent('.bubble.answer[data-agent="supervisor"]')).resolves.toMatch(/after 10 iterations/);
    // the render and the convergence chart are shown inline and decoded
    const images = await page.$$eval('.tool-card img', (imgs) => imgs.map((i) => ({ src: i.getAttribute('src'), w: (i as HTMLImageElement).naturalWidth })));
    expect(images.map((i) => i.src?.split('/').pop())).toEqual(['render.png', 'convergence.png']);
    for (const img of images) expect(img.w).toBeGreaterThan(100);
    await ui.b.shot('1-design-session');

    // 3D viewer: three.js loads lazily and draws the part
    await page.click('.tool-card button.open-stl');
    await page.waitForSelector('.stl-canvas[data-ready="1"] canvas', { timeout: 90_000 });
    await page.waitForTimeout(300);
    expect(await drawnPixels(page, '.stl-canvas canvas')).toBeGreaterThan(2000);
    const info = await page.textContent('.stl-info');
    const triangles = Number(/(\d+) triangles/.exec(info ?? '')?.[1]);
    expect(triangles).toBeGreaterThan(100);
    // orbit with the mouse: the picture changes
    const before = await page.evaluate(() => (document.querySelector('.stl-canvas canvas') as HTMLCanvasElement).toDataURL());
    const box = (await page.$('.stl-canvas canvas'))!.boundingBox();
    const { x, y, width, height } = (await box)!;
    await page.mouse.move(x + width / 2, y + height / 2);
    await page.mouse.down();
    await page.mouse.move(x + width / 2 + 150, y + height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    await page.waitForTimeout(300);
    const after = await page.evaluate(() => (document.querySelector('.stl-canvas canvas') as HTMLCanvasElement).toDataURL());
    expect(after).not.toBe(before);
    await ui.b.shot('2-stl-viewer');

    // download: a binary STL with the triangle count the viewer showed
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('.stl-dialog a.download-stl')]);
    expect(download.suggestedFilename()).toMatch(/\.stl$/);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.readUInt32LE(80)).toBe(triangles);
    expect(bytes.length).toBe(84 + 50 * triangles);
    await page.click('.stl-dialog button.close-viewer');
    expect(ui.b.errors.join("\n")).toBe("");
  }, 240_000);

  it('answers a clarification in its dialog, then approves and denies an STL export', async () => {
    const { page } = ui.b;
    await page.click('.sidebar button.new-chat');
    await send('Design a lightweight beam');
    await page.waitForSelector('dialog.interrupt-dialog[data-kind="clarification"]', { timeout: 90_000 });
    await page.fill('dialog .answer-input', 'volfrac 0.3, rmin 1.5, forcedist 1 on a 30x15 grid with max_iter 5');
    await ui.b.shot('3-clarification-dialog');
    await page.click('dialog button.send-answer');
    await page.waitForSelector('.tool-card[data-tool="optimize_design"][data-state="ok"]', { timeout: 90_000 });
    await done();
    await expect(page.textContent('.bubble.answer[data-agent="supervisor"]')).resolves.toMatch(/You answered: volfrac 0.3/);

    // "Later" on a question, then something new in the chat box: a new request, the question is declined in the timeline
    await page.click('.sidebar button.new-chat');
    await send('Design a lightweight beam');
    await page.waitForSelector('dialog.interrupt-dialog[data-kind="clarification"]', { timeout: 90_000 });
    await page.click('dialog button:has-text("Later")');
    await send('bracket Q-17');
    await page.waitForSelector('.event.note:has-text("question: denied: a new message came instead of an answer")', { timeout: 90_000 });
    await done();
    expect(await page.$$('.tool-card[data-tool="optimize_design"][data-state="ok"]')).toHaveLength(0);
    await expect(page.textContent('.chat-scroll')).resolves.not.toMatch(/volfrac[^\n]{0,10}17/);

    // ask before convert_design_to_stl, set on the settings page
    await page.click('a.nav:has-text("Models & agents")');
    await page.check('input[data-tool="convert_design_to_stl"]');
    await page.waitForSelector('.settings-message:has-text("convert_design_to_stl")'); // with the HPC agent's submit_job and cancel_job
    await expect(page.textContent('tr[data-specialist="hpc"]')).resolves.not.toMatch(/unavailable/);
    // slicing needs no printer: the prusa agent is available without one
    await expect(page.textContent('tr[data-specialist="prusa"]')).resolves.not.toMatch(/unavailable/);
    await expect(page.textContent('li[data-spec="openai:gpt-4o-mini"]')).resolves.toMatch(/OPENAI_API_KEY/);
    await ui.b.shot('4-settings');

    for (const choice of ['deny', 'approve'] as const) {
      await page.click('.sidebar button.new-chat');
      await send(DESIGN);
      await page.waitForSelector('dialog.interrupt-dialog[data-kind="approval"]', { timeout: 90_000 });
      await expect(page.textContent('dialog.interrupt-dialog h2')).resolves.toBe('Approve convert_design_to_stl?');
      if (choice === 'deny') await ui.b.shot('5-approval-dialog');
      await page.click(`dialog button.${choice}`);
      await page.waitForSelector(`.tool-card[data-tool="convert_design_to_stl"][data-state="${choice === 'deny' ? 'failed' : 'ok'}"]`, { timeout: 90_000 });
      await done();
      const answer = await page.textContent('.bubble.answer[data-agent="supervisor"]');
      if (choice === 'deny') expect(answer).toMatch(/did not approve convert_design_to_stl/);
      else expect(answer).toMatch(/STL \(threshold 0.5/);
    }
    expect(ui.b.errors.join("\n")).toBe("");
  }, 240_000);

  it('reopens a thread with its history and artifacts after a server restart, and renames it', async () => {
    await ui.server.close();
    ui.server = await startTestServer(ui.tmp.home, { client: true });
    const { page } = ui.b;
    await page.goto(`${ui.server.url}/#/chat/${designThread}`);
    await page.waitForSelector('.tool-card[data-tool="convert_design_to_stl"][data-state="ok"]', { timeout: 30_000 });
    await expect(page.textContent('.bubble.user')).resolves.toBe(DESIGN);
    const img = await page.waitForSelector('.tool-card img[src$="render.png"]');
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, img);
    await expect(page.$$eval('.sidebar .thread', (a) => a.length)).resolves.toBe(5); // with the declined-question chat
    await ui.b.shot('6-reopened-after-restart');

    await page.click('a.nav:has-text("Threads")');
    const item = `li.thread-item[data-thread="${designThread}"]`;
    await page.click(`${item} button.rename`);
    await page.fill(`${item} .rename-input`, 'Beam 30x15 study');
    await page.click(`${item} button.save-title`);
    await page.waitForSelector(`${item} a.thread-title:has-text("Beam 30x15 study")`);
    await page.waitForSelector(`.sidebar a.thread[data-thread="${designThread}"]:has-text("Beam 30x15 study")`);
    await ui.b.shot('7-threads-renamed');

    // the other pages from the pages table: stored designs, document uploads (indexed at once)
    await page.click('a.nav:has-text("Designs")');
    await page.waitForSelector('.design-card img[alt="render"]');
    await expect(page.$$eval('.design-card', (c) => c.length)).resolves.toBeGreaterThanOrEqual(2);
    await ui.b.shot('8-designs');
    await page.click('a.nav:has-text("Documents")');
    await page.setInputFiles('input.upload-input', { name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('# beam notes\n') });
    await page.waitForSelector('.file-status[data-status="indexed"]:has-text("notes.md")');
    await page.waitForSelector('.doc-row:has-text("beam notes")');
    expect(ui.b.errors.join("\n")).toBe("");
  }, 240_000);

  it('a malformed # fragment does not blank the UI, on load or on a hash change', async () => {
    const { page } = ui.b;
    ui.b.errors.length = 0;
    for (const hash of ['#/chat/%E0%A4%A', '#/%', '#/threads/%ZZ/x']) {
      await page.goto('about:blank');
      await page.goto(`${ui.server.url}/${hash}`);
      await page.waitForSelector('a.nav:has-text("Threads")', { timeout: 15_000 });
      await page.evaluate(() => (location.hash = '#/designs/%E0%A4'));
      await page.waitForSelector('a.nav.active', { timeout: 15_000 });
      await expect(page.$$eval('a.nav', (a) => a.length)).resolves.toBeGreaterThanOrEqual(4);
    }
    expect(ui.b.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  }, 60_000);
});
