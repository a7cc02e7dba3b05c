/// <reference lib="dom" />
/**
 * The manufacturing hand-off in the web UI (Debian Chromium): a design request that ends in a print
 * shows the slicing summary in the slice_stl card, the approval dialog before start_print (printer,
 * file, estimated time and filament in words), and the printers page with the simulated printer's
 * state, progress and temperatures until FINISHED; then the page's Pause, Resume and Cancel (which
 * asks first) on a second job.
 */
import { existsSync, rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startWebServer, type RunningWebServer } from '../../web/server/webServer.ts';
import { startPrinterSim, type RunningSim } from '../../tools/prusa/printerSim/simServer.ts';
import { printerConfig, prusaHome, type PrusaHome } from '../integration/prusa/prusaKit.ts';
import { openBrowser, type Browser } from './browser.ts';

const KEY = 'ui-key-0123456789';
const REQUEST = 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 30x15 grid with max_iter 10, export an STL, slice it and print it';

let h: PrusaHome;
let sim: RunningSim;
let server: RunningWebServer;
let b: Browser;

beforeAll(async () => {
  if (!existsSync('/usr/bin/chromium')) throw new Error('/usr/bin/chromium is missing: apt-get install chromium (see .ci/run)');
  h = prusaHome();
  // 60 simulated seconds per second: the ~9-minute estimate prints in about 9 s, long enough to watch
  sim = await startPrinterSim({ apiKey: KEY, speed: 60 });
  server = await startWebServer({ config: printerConfig(h.home, { ENGIAI_PRINTER_URL: sim.url, ENGIAI_PRINTER_KEY: KEY }), host: '127.0.0.1', port: 0, client: true });
  b = await openBrowser();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && b) {
    await b.shot(`failed-printer-${ctx.task.name.slice(0, 30).replace(/[^a-z0-9]+/gi, '-')}`).catch(() => {});
    console.error(`page errors: ${b.errors.join('\n') || 'none'}; url ${b.page.url()}`);
  }
});
afterAll(async () => {
  await b?.close();
  await server?.close();
  await sim?.close();
  if (h) rmSync(h.home, { recursive: true, force: true });
});

describe('printing from the web UI', () => {
  it('slicing summary in the tool card, approval dialog before the print, printers page to FINISHED', async () => {
    const { page } = b;
    await page.goto(server.url);
    await page.fill('.message-input', REQUEST);
    await page.click('button.send');
    await page.waitForSelector('dialog.interrupt-dialog[data-kind="approval"]', { timeout: 90_000 });
    await expect(page.textContent('dialog.interrupt-dialog h2')).resolves.toBe('Approve start_print?');
    await expect(page.textContent('dialog.interrupt-dialog .from')).resolves.toBe('from prusa');
    expect(sim.printer.state).toBe('IDLE');
    // the approval in words: printer, file, estimated time and filament from the sliced G-code's metadata, no JSON
    const row = (key: string) => page.textContent(`dialog table.subject tr[data-key="${key}"] td`);
    await expect(row('printer')).resolves.toBe(`printer (${sim.url})`);
    await expect(row('file')).resolves.toMatch(/^design-.*\.gcode$/);
    await expect(row('estimated_print_time')).resolves.toMatch(/^(\d+h )?\d+m \d+s$/);
    await expect(row('filament')).resolves.toMatch(/^[\d.]+ m · [\d.]+ g · PLA$/);
    await expect(page.textContent('dialog.interrupt-dialog th')).resolves.not.toContain('_');
    expect(await page.textContent('dialog.interrupt-dialog')).not.toMatch(/[{}]/);

    // the slicing summary, from the G-code PrusaSlicer wrote
    const card = '.tool-card[data-tool="slice_stl"][data-state="ok"]';
    await expect(page.textContent(`${card} .tool-summary dd[data-key="print time"]`)).resolves.toMatch(/^\d+m \d+s$/);
    await expect(page.textContent(`${card} .tool-summary dd[data-key="filament"]`)).resolves.toMatch(/^[\d.]+ m · [\d.]+ cm³/);
    await expect(page.textContent(`${card} .tool-summary dd[data-key="layer height"]`)).resolves.toBe('0.3 mm');
    await expect(page.getAttribute(`${card} a.download-file`, 'href')).resolves.toMatch(/^\/artifacts\/gcode\/design-.*\.gcode\?download=1$/);
    await b.shot('printer-1-approval');

    await page.click('dialog button.approve');
    await page.waitForSelector('.tool-card[data-tool="start_print"][data-state="ok"]', { timeout: 60_000 });
    await page.waitForSelector('.working', { state: 'detached', timeout: 60_000 });
    await expect(page.textContent('.bubble.answer[data-agent="supervisor"]')).resolves.toMatch(/Printing design-.*\.gcode on printer: job 1, state PRINTING/);

    // the printers page: state, progress and temperatures, live
    await page.click('a.nav:has-text("Printers")');
    const printer = '.printer-card[data-printer="printer"]';
    await page.waitForSelector(`${printer}[data-state="PRINTING"] .printer-progress`, { timeout: 20_000 });
    // the targets are the G-code's own temperatures (PrusaSlicer's defaults here)
    const { target_nozzle, target_bed } = sim.printer.status().printer;
    expect(target_nozzle).toBeGreaterThan(150);
    await expect(page.textContent(`${printer} .temp-nozzle`)).resolves.toMatch(new RegExp(`^\\d+\\.\\d / ${target_nozzle} °C$`));
    await expect(page.textContent(`${printer} .temp-bed`)).resolves.toMatch(new RegExp(`^\\d+\\.\\d / ${target_bed} °C$`));
    await expect(page.textContent(`${printer} .printer-progress`)).resolves.toMatch(/[\d.]+ % · design-.*\.gcode/);
    await b.shot('printer-2-printing');
    await page.waitForSelector(`${printer}[data-state="FINISHED"]`, { timeout: 30_000 });
    await expect(page.getAttribute(`${printer} .printer-progress`, 'data-progress')).resolves.toBe('100');
    await b.shot('printer-3-finished');

    // the page's own controls on a second job of the same file: Pause, Resume, Cancel (which asks first)
    const file = sim.printer.fileNames().find((n) => n.endsWith('.gcode'))!;
    sim.printer.print(file);
    await page.waitForSelector(`${printer}[data-state="PRINTING"] button.printer-pause`, { timeout: 20_000 });
    await page.click(`${printer} button.printer-pause`);
    await page.waitForSelector(`${printer}[data-state="PAUSED"] button.printer-resume`, { timeout: 20_000 });
    expect(sim.printer.state).toBe('PAUSED');
    await b.shot('printer-4-paused');
    await page.click(`${printer} button.printer-resume`);
    await page.waitForSelector(`${printer}[data-state="PRINTING"] button.printer-pause`, { timeout: 20_000 });
    await page.click(`${printer} button.printer-pause`);
    await page.waitForSelector(`${printer}[data-state="PAUSED"]`, { timeout: 20_000 });
    const asked: string[] = [];
    page.once('dialog', (d) => (asked.push(d.message()), void d.dismiss()));
    await page.click(`${printer} button.printer-cancel`);
    await page.waitForTimeout(500);
    expect(asked[0]).toMatch(/^Cancel job \d+ \(design-.*\.gcode\) on printer\? The print ends for good/);
    expect(sim.printer.state).toBe('PAUSED');
    page.once('dialog', (d) => void d.accept());
    await page.click(`${printer} button.printer-cancel`);
    await page.waitForSelector(`${printer}[data-state="STOPPED"]`, { timeout: 20_000 });
    await expect(page.locator(`${printer} .printer-controls`).count()).resolves.toBe(0);
    await b.shot('printer-5-cancelled');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.$eval('.page', (e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(1);
    await b.shot('printer-6-cancelled-390-dark');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
    expect(b.errors.join('\n')).toBe('');
  }, 240_000);
});
