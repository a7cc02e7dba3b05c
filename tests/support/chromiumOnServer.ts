/**
 * The Chromium e2e tests' shared set-up: a temp ENGIAI_HOME, a web server on loopback started in it
 * (port 0; by default the offline model), and Debian Chromium (tests/e2e/browser.ts). Registers the
 * file's vitest hooks: before all, it fails with what to install when /usr/bin/chromium is missing,
 * then starts the server and the browser; after a failed test, it keeps a screenshot of the page
 * and prints what the page logged; after all, it closes the browser and the server and removes the
 * home. Call it once at the top of a test file; the fields are set once the hooks have run.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { RunningWebServer } from '../../web/server/webServer.ts';
import { CHROMIUM, openBrowser, type Browser } from '../e2e/browser.ts';
import { startTestServer, tempHome } from '../integration/web/helpers.ts';

export interface ChromiumOnServer {
  tmp: ReturnType<typeof tempHome>;
  /** The running server; a test that restarts it puts the new one here, so that the end closes it. */
  server: RunningWebServer;
  b: Browser;
}

export interface ChromiumOnServerOptions {
  /** Written (as JSON, which is YAML) to config/engiai.yaml under the home before the server starts. */
  settings?: Record<string, unknown>;
  /** Starts the server in `home`; by default startTestServer(home, { client: true }). */
  start?(home: string): Promise<RunningWebServer>;
}

/** `prefix`: the temp home's name prefix (one per test file, to tell their folders apart). */
export function chromiumOnServer(prefix: string, opts: ChromiumOnServerOptions = {}): ChromiumOnServer {
  const ui = {} as ChromiumOnServer;
  const start = opts.start ?? ((home: string) => startTestServer(home, { client: true }));
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium (see .ci/run)`);
    ui.tmp = tempHome(prefix);
    if (opts.settings) {
      mkdirSync(join(ui.tmp.home, 'config'));
      writeFileSync(join(ui.tmp.home, 'config', 'engiai.yaml'), JSON.stringify(opts.settings));
    }
    ui.server = await start(ui.tmp.home);
    ui.b = await openBrowser();
  });
  afterEach(async (ctx) => {
    // on failure keep what the page showed and what it logged
    if (ctx.task.result?.state === 'fail' && ui.b) {
      await ui.b.shot(`failed-${ctx.task.name.slice(0, 40).replace(/[^a-z0-9]+/gi, '-')}`).catch(() => {});
      console.error(`page errors: ${ui.b.errors.join('\n') || 'none'}; url ${ui.b.page.url()}`);
    }
  });
  afterAll(async () => {
    await ui.b?.close();
    await ui.server?.close();
    ui.tmp?.remove();
  });
  return ui;
}
