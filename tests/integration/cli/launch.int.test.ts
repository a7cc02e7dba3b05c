import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
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
