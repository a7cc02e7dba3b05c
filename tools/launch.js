#!/usr/bin/env node
// Runs a TypeScript entry point of this package without a TypeScript loader in the process.
//
// On Node 20, tsx's loader costs 0.25–0.4 s per process (its hooks run on a separate thread and
// every module import is a round trip to it). Instead the entry is bundled with esbuild (our own
// modules; npm packages stay external, code split at dynamic imports so lazy modules stay lazy)
// into node_modules/.cache/engiai/, and the bundle is imported. A record of every input file's
// mtime is kept beside it: when one changed, or esbuild or Node changed, the bundle is rebuilt
// (≈ 0.1–0.2 s); checking the record costs a few ms. Each module keeps its own import.meta.url
// (the plugin writes in the source file's URL), so files read next to a module (prompts,
// package.json, worker boot files) resolve as they do from source.
//
// A bundle holds its checkout's absolute source URLs: the record is keyed by the checkout's path
// (a `cp -a` copy, whose files keep their mtimes, rebuilds and runs its own code, never the
// original's) and names its bundle folder relative to the cache.
//
// Falls back to tsx when the cache cannot be written or esbuild fails, and when ENGIAI_TSX=1.
//
//   node tools/launch.js <entry.ts> [args...]     (the entry sees argv[1] = entry.ts)
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'engiai');

/** Text that changes when the output of the same inputs could change. */
function toolchain() {
  const esbuild = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'esbuild', 'package.json'), 'utf8')).version;
  const self = statSync(fileURLToPath(import.meta.url)).mtimeMs;
  // the checkout's own path: a copy of it (same files, same mtimes) is another checkout
  return `esbuild ${esbuild}, node ${process.version}, launcher ${self}, root ${ROOT}`;
}

/** The bundle directory recorded for entry if every input is unchanged, else null. */
function freshBundle(record, tools) {
  try {
    const r = JSON.parse(readFileSync(record, 'utf8'));
    if (r.toolchain !== tools) return null;
    for (const [file, mtime] of Object.entries(r.inputs)) if (statSync(join(ROOT, file)).mtimeMs !== mtime) return null;
    const dir = resolve(CACHE, r.dir);
    if (relative(CACHE, dir).startsWith('..')) return null;
    statSync(join(dir, r.main));
    return join(dir, r.main);
  } catch {
    return null;
  }
}

/** esbuild plugin: import.meta.url → the URL of the module's own source file. */
const sourceUrls = {
  name: 'engiai-source-urls',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const contents = text.includes('import.meta.url') ? text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)) : text;
      return { contents, loader: 'ts' };
    });
  },
};

async function rebuild(entry, record, tools) {
  const { build } = await import('esbuild');
  const dir = join(CACHE, `${basename(entry).replace(/\.[cm]?ts$/, '')}-${Date.now().toString(36)}-${process.pid}`);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    metafile: true,
    sourcemap: true,
    absWorkingDir: ROOT,
    logLevel: 'silent',
    plugins: [sourceUrls],
  });
  const inputs = {};
  for (const file of Object.keys(result.metafile.inputs)) inputs[file] = statSync(join(ROOT, file)).mtimeMs;
  const main = `${basename(entry).replace(/\.[cm]?ts$/, '')}.mjs`;
  const tmp = `${record}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ toolchain: tools, dir: relative(CACHE, dir), main, inputs }));
  renameSync(tmp, record);
  removeStale(basename(dir).replace(/-[^-]+-[^-]+$/, '-'), dir);
  return join(dir, main);
}

/** Older bundles of an entry with this name prefix (left an hour, for processes still loading chunks). */
function removeStale(prefix, keep) {
  const hourAgo = Date.now() - 3600_000;
  for (const name of readdirSync(CACHE)) {
    const path = join(CACHE, name);
    if (!name.startsWith(prefix) || path === keep || name.endsWith('.json')) continue;
    try {
      if (statSync(path).mtimeMs < hourAgo) rmSync(path, { recursive: true, force: true });
    } catch {
      // another process removed it
    }
  }
}

/** Imports the TypeScript entry (a path, a file URL or its href) from its bundle, or through tsx. */
export async function launch(entry) {
  const file = resolve(entry instanceof URL || String(entry).startsWith('file:') ? fileURLToPath(entry) : entry);
  if (process.env.ENGIAI_TSX !== '1') {
    let bundle = null;
    try {
      const tools = toolchain();
      const record = join(CACHE, `${relative(ROOT, file).replace(/[/\\]/g, '__')}.json`);
      bundle = freshBundle(record, tools);
      if (!bundle) {
        mkdirSync(CACHE, { recursive: true });
        bundle = await rebuild(file, record, tools);
      }
    } catch (err) {
      if (process.env.ENGIAI_DEBUG) process.stderr.write(`engiai: running through tsx (${err instanceof Error ? err.message : err})\n`);
      bundle = null;
    }
    if (bundle) {
      // stack traces in source positions (the maps are always written; reading them costs time)
      if (process.env.ENGIAI_DEBUG) process.setSourceMapsEnabled(true);
      return import(pathToFileURL(bundle).href);
    }
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import(pathToFileURL(file).href);
}

// As a command: node tools/launch.js <entry.ts> [args...]
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const entry = process.argv[2];
  if (!entry) {
    process.stderr.write('usage: node tools/launch.js <entry.ts> [args...]\n');
    process.exit(2);
  }
  process.argv.splice(1, 1);
  await launch(entry);
}
