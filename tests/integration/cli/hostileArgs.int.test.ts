/**
 * Flags a careless person (or a script) gets wrong, through the real `engiai` command: numbers in
 * other notations are refused (`--volfrac 0x1` was read as 1), and `--thread` names a
 * conversation the store holds (an unknown or wiped one used to start a new one silently).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engiai, tempHome } from './helpers.ts';

let home: string;
beforeAll(() => {
  home = tempHome('engiai-args-');
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('numbers', () => {
  it.each(['0x1', '0b1', '0o1', 'Infinity', '1e', '', ' ', '1_0', '+-1'])('--volfrac %j is refused with exit 2', (raw) => {
    const r = engiai(home, ['optimize', 'beams2d', '--volfrac', raw, '--nelx', '20', '--nely', '10', '--max-iter', '2']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/--volfrac (must be a decimal number|needs a value)/);
  });

  it('--n 0x10 and --threshold 0x1 are refused; ordinary decimals still work', () => {
    expect(engiai(home, ['dataset', 'generate', 'beams2d', '--n', '0x10']).code).toBe(2);
    expect(engiai(home, ['export-stl', '--design', 'x.npy', '--threshold', '0x1']).stderr).toMatch(/--threshold must be a number/);
    const ok = engiai(home, ['optimize', 'beams2d', '--volfrac', '.4', '--rmin', '2e0', '--nelx', '20', '--nely', '10', '--max-iter', '2', '--no-render', '--json']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).conditions).toMatchObject({ volfrac: 0.4, rmin: 2 });
  });
});

describe('--thread', () => {
  it('an unknown thread is an error (exit 2), not a new conversation', () => {
    const r = engiai(home, ['chat', '--thread', 'no-such-thread', 'hello']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/no conversation no-such-thread in the thread store/);
    expect(r.stderr).toMatch(/hint: /);
  });

  it('a thread whose store was wiped is an error too', () => {
    const first = engiai(home, ['chat', 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 20x10 grid with max_iter 3', '--json']);
    expect(first.code, first.stderr).toBe(0);
    const thread = (JSON.parse(first.stdout) as { threadId: string }).threadId;
    expect(engiai(home, ['chat', '--thread', thread, 'thanks']).code).toBe(0);
    for (const f of ['threads.sqlite', 'threads.sqlite-wal', 'threads.sqlite-shm']) rmSync(join(home, f), { force: true });
    const r = engiai(home, ['chat', '--thread', thread, 'and again']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`no conversation ${thread}`);
  });
});
