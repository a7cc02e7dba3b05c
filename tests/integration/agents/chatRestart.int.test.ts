/**
 * `engiai chat` killed in the middle of a turn, then continued with `--thread ID` in a new process:
 * the conversation and the finished tool calls survive in SQLite, the interrupted step runs again
 * and the turn completes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const script = fileURLToPath(new URL('./chatProcess.ts', import.meta.url));
let home: string;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'engiai-restart-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

function start(args: string[]): { child: ChildProcess; output: () => string; done: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', script, 'chat', ...args], {
    cwd: root,
    env: { ...process.env, ENGIAI_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const done = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, done };
}

async function waitFor(get: () => string, re: RegExp, ms: number): Promise<RegExpExecArray> {
  const t0 = Date.now();
  for (;;) {
    const m = re.exec(get());
    if (m) return m;
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${re}; output:\n${get()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('engiai chat across a killed process', () => {
  it('continues the turn with --thread after SIGKILL during optimize_design', async () => {
    const first = start(['Optimize a beams2d beam with volfrac 0.35, forcedist 0.2 and rmin 2 on a 160x80 grid, then render it']);
    const [, threadId] = await waitFor(first.output, /▶ thread (\S+)/, 60_000);
    // killed at the optimizer's first progress line (steps print as 1, 11, 21, …: one-based)
    await waitFor(first.output, /optimize_design step \d+\//, 90_000);
    first.child.kill('SIGKILL');
    await first.done;
    expect(first.output()).toMatch(/✓ create_problem/);
    expect(first.output()).not.toMatch(/✓ optimize_design/);

    const second = start(['--thread', threadId]);
    expect(await second.done).toBe(0);
    const out = second.output();
    expect(out).toMatch(/▶ resuming thread|▶ thread/);
    expect(out).not.toMatch(/create_problem/); // finished before the kill: not run again
    expect(out).toMatch(/✓ optimize_design/);
    expect(out).toMatch(/✓ render_design/);
    expect(out).toMatch(/render\.png/);
    expect(out).toMatch(/■ done/);
  }, 240_000);
});
