/**
 * The browser client: web/ui built by Vite into web/ui/dist. Built on first serve when the dist is
 * missing or older than a source file (a few seconds, no network).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const uiRoot = fileURLToPath(new URL('../ui/', import.meta.url));
export const distDir = join(uiRoot, 'dist');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

export function clientIsStale(): boolean {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const sources = [join(uiRoot, 'src'), join(uiRoot, 'index.html'), join(uiRoot, 'vite.config.ts')];
  return sources.some((s) => existsSync(s) && (statSync(s).isDirectory() ? newestMtime(s) : statSync(s).mtimeMs) > built);
}

let building: Promise<void> | undefined;

/** Builds the client if needed; concurrent callers share one build. */
export function ensureClientBuilt(log: (line: string) => void = () => {}): Promise<void> {
  if (!clientIsStale()) return Promise.resolve();
  building ??= (async () => {
    const t0 = performance.now();
    log('building the web client (vite)…');
    const { build } = await import('vite');
    await build({ root: uiRoot, configFile: join(uiRoot, 'vite.config.ts'), logLevel: 'warn' });
    log(`web client built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  })().finally(() => {
    building = undefined;
  });
  return building;
}
