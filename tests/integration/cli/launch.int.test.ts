import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const LAUNCH = join(ROOT, 'tools', 'launch.js');
const CACHE = join(ROOT, 'node_modules', '.cache', 'engiai');

function run(entry: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [LAUNCH, entry, ...args], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe('tools/launch.js: TypeScript entry points from a cached bundle', () => {
  const dir = mkdtempSync(join(tmpdir(), 'engiai-launch-'));
  const entry = join(dir, 'entry.ts');
  const dep = join(dir, 'dep.ts');
  // an ES module package, like this repository (tsx reads .ts files by the nearest package.json)
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  writeFileSync(dep, 'export const value: number = 1;\nexport const where: string = import.meta.url;\n');
  writeFileSync(
    entry,
    [
      "import { value, where } from './dep.ts';",
      'const lazy = await import(\'./lazy.ts\');',
      'console.log(JSON.stringify({ value, where, self: import.meta.url, argv: process.argv.slice(1), lazy: lazy.n }));',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'lazy.ts'), 'export const n: number = 7;\n');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const records = () => readdirSync(CACHE).filter((f) => f.includes(basename(dir)) && f.endsWith('.json'));

  it('runs the entry with its own argv and each module keeps its source import.meta.url', () => {
    const r = run(entry, ['a', '--b']);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(out).toEqual({ value: 1, where: pathToFileURL(dep).href, self: pathToFileURL(entry).href, argv: [entry, 'a', '--b'], lazy: 7 });
    expect(records()).toHaveLength(1);
  });

  it('rebuilds when an input changes, and reuses the bundle otherwise', () => {
    writeFileSync(dep, 'export const value: number = 2;\nexport const where: string = import.meta.url;\n');
    const later = new Date(Date.now() + 5000);
    utimesSync(dep, later, later);
    expect(JSON.parse(run(entry, []).stdout).value).toBe(2);
    const before = readdirSync(CACHE).length;
    expect(JSON.parse(run(entry, []).stdout).value).toBe(2);
    expect(readdirSync(CACHE).length).toBe(before);
  });

  it('runs through tsx on request, with the same result', () => {
    const out = JSON.parse(run(entry, ['x'], { ENGIAI_TSX: '1' }).stdout);
    expect(out.value).toBe(2);
    expect(out.argv).toEqual([entry, 'x']);
  });

  it('fails with the compiler error for broken TypeScript', () => {
    const broken = join(dir, 'broken.ts');
    writeFileSync(broken, 'const x: number = ;\n');
    const r = run(broken, []);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/Expected|Unexpected|error/i);
  });
});

describe('a copy of the checkout runs its own code', () => {
  // a checkout-like tree: the launcher, esbuild in node_modules, an ES module package with two modules
  const base = mkdtempSync(join(tmpdir(), 'engiai-launch-copy-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  const original = join(base, 'original');
  mkdirSync(join(original, 'tools'), { recursive: true });
  mkdirSync(join(original, 'node_modules'), { recursive: true });
  mkdirSync(join(original, 'app'), { recursive: true });
  copyFileSync(LAUNCH, join(original, 'tools', 'launch.js'));
  symlinkSync(join(ROOT, 'node_modules', 'esbuild'), join(original, 'node_modules', 'esbuild'));
  writeFileSync(join(original, 'package.json'), '{"type":"module"}');
  writeFileSync(join(original, 'app', 'dep.ts'), 'export const where: string = import.meta.url;\n');
  writeFileSync(join(original, 'app', 'main.ts'), "import { where } from './dep.ts';\nconsole.log(JSON.stringify({ where, self: import.meta.url }));\n");
  const runIn = (root: string) => {
    const r = spawnSync(process.execPath, [join(root, 'tools', 'launch.js'), join(root, 'app', 'main.ts')], { cwd: root, env: { ...process.env, ENGIAI_TSX: '' }, encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    return JSON.parse(r.stdout) as { where: string; self: string };
  };

  it('cp -a keeps every mtime, and the copy still runs its own modules from its own bundle', () => {
    expect(runIn(original).where).toBe(pathToFileURL(join(original, 'app', 'dep.ts')).href);
    const copy = join(base, 'copy');
    const cp = spawnSync('cp', ['-a', original, copy], { encoding: 'utf8' });
    expect(cp.status).toBe(0);
    // the copy carries the original's cache (its record says fresh for the same files): it must not run it
    expect(readdirSync(join(copy, 'node_modules', '.cache', 'engiai')).some((f) => f.endsWith('.json'))).toBe(true);
    const out = runIn(copy);
    expect(out).toEqual({ where: pathToFileURL(join(copy, 'app', 'dep.ts')).href, self: pathToFileURL(join(copy, 'app', 'main.ts')).href });
    // and the original's bundle stays the original's
    expect(runIn(original).where).toBe(pathToFileURL(join(original, 'app', 'dep.ts')).href);
  });
});
