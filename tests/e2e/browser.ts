/// <reference lib="dom" />
/** Debian Chromium driven by playwright-core: no downloads, no network, software WebGL, a fresh profile. */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--enable-unsafe-swiftshader',
  '--use-angle=swiftshader',
];

export const SHOTS = join(process.cwd(), 'test-artifacts', 'web');

export interface Browser {
  context: BrowserContext;
  page: Page;
  errors: string[];
  shot(name: string): Promise<void>;
  close(): Promise<void>;
}

/** `args`: Chromium switches besides ARGS (e.g. a fake microphone); `initScript`: runs in every page before its own scripts. */
export async function openBrowser(opts: { args?: string[]; initScript?: string } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'engiai-chromium-'));
  mkdirSync(SHOTS, { recursive: true });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...ARGS, ...(opts.args ?? [])],
    viewport: { width: 1280, height: 860 },
    acceptDownloads: true,
  });
  if (opts.initScript) await context.addInitScript(opts.initScript);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return {
    context,
    page,
    errors,
    shot: async (name) => void (await page.screenshot({ path: join(SHOTS, `${name}.png`) })),
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Pixels of the WebGL canvas that differ from the viewer's background: > 0 means the part was drawn. */
export function drawnPixels(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const gl = document.querySelector(sel) as HTMLCanvasElement;
    const c = document.createElement('canvas');
    c.width = gl.width;
    c.height = gl.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(gl, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - 244) + Math.abs(d[i + 1] - 246) + Math.abs(d[i + 2] - 248) > 40) n++;
    return n;
  }, selector);
}
