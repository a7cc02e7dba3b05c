/**
 * The browser client: web/ui built by Vite into web/ui/dist. Built on first serve when the dist is
 * missing or older than a source file (a few seconds, no network).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InfraError } from '../../tools/errors.ts';

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

/**
 * `vite build` in a child process with NODE_ENV=production: in-process, a test runner's
 * NODE_ENV=test would give the development JSX transform and Preact's debug hooks.
 */
function viteBuild(outDir: string): Promise<void> {
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  return new Promise((resolveBuild, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', outDir], {
      cwd: uiRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolveBuild() : reject(new InfraError(`vite build failed (exit ${code}):\n${output.slice(-4000)}`))));
  });
}

/**
 * Builds into a private folder and swaps it in, so two processes building at once (parallel
 * test files, two servers) never serve or leave a half-written dist.
 */
async function buildAndSwap(): Promise<void> {
  const tag = `${process.pid}-${Date.now()}`;
  const tmp = join(uiRoot, `.dist-build-${tag}`);
  const old = join(uiRoot, `.dist-old-${tag}`);
  try {
    await viteBuild(tmp);
    if (existsSync(distDir)) await rename(distDir, old).catch(() => undefined);
    await rename(tmp, distDir).catch(async (e: NodeJS.ErrnoException) => {
      // another process swapped its (identical) build in first
      if (e.code !== 'ENOTEMPTY' && e.code !== 'EEXIST') throw e;
    });
  } finally {
    await rm(tmp, { recursive: true, force: true });
    await rm(old, { recursive: true, force: true });
  }
}

let building: Promise<void> | undefined;

/** Builds the client if needed; concurrent callers share one build. */
export function ensureClientBuilt(log: (line: string) => void = () => {}): Promise<void> {
  if (!clientIsStale()) return Promise.resolve();
  building ??= (async () => {
    const t0 = performance.now();
    log('building the web client (vite)…');
    await buildAndSwap();
    log(`web client built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  })().finally(() => {
    building = undefined;
  });
  return building;
}
