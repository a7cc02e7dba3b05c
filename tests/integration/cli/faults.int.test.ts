/**
 * Filesystem and SQLite faults through the real `engiai` command: each is a named error with the
 * path and what to do, exit code 2, no stack; nothing hangs (`optimize --out /proc/x`, and
 * ENGIAI_HOME under /proc, used to loop forever in Node's recursive mkdir). Designs named by path
 * are regular, size-capped files: /dev/zero, a FIFO and an oversized file fail at once.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { engiai, tempHome, type CliResult } from './helpers.ts';

let home: string;
let id: string;
beforeAll(() => {
  home = tempHome('engiai-faults-');
  const r = engiai(home, ['optimize', 'beams2d', '--nelx', '20', '--nely', '10', '--max-iter', '3', '--no-render', '--json']);
  expect(r.code).toBe(0);
  id = (JSON.parse(r.stdout) as { design: { id: string } }).design.id;
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** Exit 2, the message names `path`, a hint, no stack and no "internal error". */
function expectNamed(r: CliResult, path: string | RegExp, what: RegExp): void {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr).toMatch(/^error: /);
  if (typeof path === 'string') expect(r.stderr).toContain(path);
  else expect(r.stderr).toMatch(path);
  expect(r.stderr).toMatch(what);
  expect(r.stderr).toMatch(/\nhint: /);
  expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
}

describe('output paths', () => {
  const cases: [string, RegExp][] = [
    ['/proc/x', /nothing can be created in \/proc/],
    ['/dev/full', /no space left/],
    ['FOLDER', /is a folder/],
    ['FILE/under.out', /is a file, not a folder/],
  ];
  const real = (p: string) => p.replace('FOLDER', home).replace('FILE', join(home, 'a-file'));
  beforeAll(() => writeFileSync(join(home, 'a-file'), 'x'));

  it.each(cases)('render --out %s', (out, what) => {
    const path = real(out === '/proc/x' ? '/proc/x.png' : out);
    expectNamed(engiai(home, ['render', '--design', id, '--out', path], { timeoutMs: 30_000 }), path.startsWith(home) ? home : path.split('/').slice(0, 2).join('/'), what);
  });

  it.each(cases)('export-stl --out %s', (out, what) => {
    const path = real(out === '/proc/x' ? '/proc/x.stl' : out);
    expectNamed(engiai(home, ['export-stl', '--design', id, '--out', path], { timeoutMs: 30_000 }), path.startsWith(home) ? home : path.split('/').slice(0, 2).join('/'), what);
  });

  it('optimize --out /proc/x fails before optimizing instead of hanging', () => {
    const t0 = performance.now();
    const r = engiai(home, ['optimize', 'beams2d', '--nelx', '20', '--nely', '10', '--max-iter', '3', '--out', '/proc/x'], { timeoutMs: 20_000 });
    expectNamed(r, '/proc/x', /nothing can be created in \/proc/);
    expect(performance.now() - t0).toBeLessThan(15_000);
  });

  it('an ENGIAI_HOME that cannot exist is a named error, not a hang', () => {
    const r = engiai('/proc/engiai-home', ['optimize', 'beams2d', '--nelx', '20', '--nely', '10', '--max-iter', '3'], { timeoutMs: 20_000 });
    expectNamed(r, '/proc/engiai-home', /ENGIAI_HOME/);
  });
});

describe('designs named by path', () => {
  it('/dev/zero, a FIFO and an oversized file fail at once with exit 2', () => {
    const fifo = join(home, 'pipe.npy');
    execFileSync('mkfifo', [fifo]);
    const big = join(home, 'big.npy');
    writeFileSync(big, '');
    truncateSync(big, 65 * 1024 * 1024); // sparse: costs no disk
    for (const [ref, what] of [['/dev/zero', /not a regular file/], [fifo, /not a regular file/], [big, /at most \d+ bytes/]] as const) {
      const t0 = performance.now();
      const r = engiai(home, ['simulate', 'beams2d', '--design', ref], { timeoutMs: 20_000 });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(what);
      expect(performance.now() - t0).toBeLessThan(10_000);
    }
  });

  it('a missing design id exits 2 with how to find one', () => {
    const r = engiai(home, ['simulate', '--design', 'beams2d-0000000000000000']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no stored design matches/);
  });
});

describe('damaged stores', () => {
  const chatHome = () => {
    const h = tempHome('engiai-faults-db-');
    return h;
  };

  it('a garbage threads.sqlite: chat names the file and how to start over', () => {
    const h = chatHome();
    writeFileSync(join(h, 'threads.sqlite'), Buffer.alloc(8192, 0x5a));
    expectNamed(engiai(h, ['chat', 'hello']), join(h, 'threads.sqlite'), /damaged or not a SQLite database[\s\S]*mv /);
    rmSync(h, { recursive: true, force: true });
  });

  it('a truncated threads.sqlite: continuing its thread names the file', () => {
    const h = chatHome();
    const first = engiai(h, ['chat', 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 20x10 grid with max_iter 3', '--json']);
    expect(first.code).toBe(0);
    const thread = (JSON.parse(first.stdout) as { threadId: string }).threadId;
    const db = join(h, 'threads.sqlite');
    truncateSync(db, Math.floor(statSync(db).size / 2));
    rmSync(`${db}-wal`, { force: true });
    rmSync(`${db}-shm`, { force: true });
    expectNamed(engiai(h, ['chat', '--thread', thread, 'again']), db, /damaged or not a SQLite database/);
    rmSync(h, { recursive: true, force: true });
  });

  it('a garbage or truncated web.sqlite: serve names the file and exits 2', () => {
    const h = chatHome();
    const web = join(h, 'web.sqlite');
    writeFileSync(web, Buffer.alloc(4096, 0x42));
    expectNamed(engiai(h, ['serve', '--port', '0'], { timeoutMs: 60_000 }), web, /web thread index .* damaged/);
    rmSync(web);
    const db = new Database(web);
    db.exec('CREATE TABLE filler (x TEXT)');
    const insert = db.prepare('INSERT INTO filler VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run('x'.repeat(200));
    })();
    db.close();
    truncateSync(web, Math.floor(statSync(web).size / 2));
    expectNamed(engiai(h, ['serve', '--port', '0'], { timeoutMs: 60_000 }), web, /damaged or not a SQLite database/);
    rmSync(h, { recursive: true, force: true });
  });

  it('a folder where threads.sqlite should be is named too', () => {
    const h = chatHome();
    mkdirSync(join(h, 'threads.sqlite'));
    const r = engiai(h, ['chat', 'hello']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(join(h, 'threads.sqlite'));
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    rmSync(h, { recursive: true, force: true });
  });
});
