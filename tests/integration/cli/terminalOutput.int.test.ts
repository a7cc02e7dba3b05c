/**
 * What the real `engiai` prints (its launcher, a child process, its own ENGIAI_HOME) carries no
 * control character from others' text: a document whose title and text hold `ESC[2J`, BEL and a
 * window-title sequence is searched and listed cleanly, and an error quoting a hostile argument
 * is printed cleanly on stderr. --json keeps the text (JSON escapes the controls).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engiai, tempHome } from './helpers.ts';

const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/; // eslint-disable-line no-control-regex -- what must not be printed
let home: string;
beforeAll(() => {
  home = tempHome('engiai-cli-term-');
  mkdirSync(join(home, 'docs'));
  writeFileSync(join(home, 'docs', 'evil.md'), '# Bracket \x1b[2Jreport\x07\n\nThe bracket\x1b]0;owned\x07 load is 1200 N.\x1b[2J\x07\n');
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('engiai prints others text without control characters', () => {
  it('search and collections', () => {
    expect(engiai(home, ['index', join(home, 'docs')], { cwd: home }).code).toBe(0);
    const search = engiai(home, ['search', 'bracket load'], { cwd: home });
    expect(search.code).toBe(0);
    expect(search.stdout).toMatch(/1200 N/);
    expect(search.stdout.replace(/[\n\t]/g, '')).not.toMatch(CONTROLS);
    const json = engiai(home, ['search', 'bracket load', '--json'], { cwd: home });
    expect(JSON.parse(json.stdout).hits[0].text).toContain('\x1b[2J');
    const list = engiai(home, ['collections', '--documents'], { cwd: home });
    expect(list.code).toBe(0);
    expect(list.stdout.replace(/[\n\t]/g, '')).not.toMatch(CONTROLS);
  });

  it('an error quoting a hostile argument', () => {
    const r = engiai(home, ['chat', '--thread', '\x1b[2J\x07\x1b]0;owned\x07', 'hello'], { cwd: home });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --thread "" is not a thread id/m);
    expect(r.stderr.replace(/[\n\t]/g, '')).not.toMatch(CONTROLS);
  });
});
