/**
 * `engiai chat` killed with SIGKILL in the middle of a long optimization, then an unrelated message
 * on the same thread in a new process: the killed call is not run again silently. The turn asks
 * first (an approval bound to the interrupted call): free text is refused, "no" drops the call
 * and the message runs on its own; nothing of the killed optimization runs again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, engiai, tempHome } from '../cli/helpers.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
let home: string;
beforeAll(() => {
  home = tempHome('engiai-killed-');
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

function start(args: string[]): { child: ChildProcess; output: () => string; done: Promise<number | null> } {
  const child = spawn(process.execPath, [BIN, 'chat', ...args], { cwd: ROOT, env: { ...process.env, ENGIAI_HOME: home, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  return { child, output: () => out, done: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
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

interface Trace {
  status: string;
  answer: string | null;
  interrupt: { kind: string; interrupted?: boolean; tool?: string; args?: unknown; question: string } | null;
  events: { type: string; name?: string }[];
}

describe('a message after a killed tool call', () => {
  it('asks before running the killed call again; "no" drops it and the new message runs alone', async () => {
    const first = start(['Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 400x200 grid with max_iter 2000']);
    const [, thread] = await waitFor(first.output, /▶ thread (\S+)/, 60_000);
    await waitFor(first.output, /optimize_design step \d+\//, 120_000);
    first.child.kill('SIGKILL');
    await first.done;

    const asked = engiai(home, ['chat', '--json', '--thread', thread, 'list my designs']);
    expect(asked.code, asked.stderr).toBe(0);
    const t1 = JSON.parse(asked.stdout) as Trace;
    expect(t1.status).toBe('interrupted');
    expect(t1.interrupt).toMatchObject({ kind: 'approval', interrupted: true, question: expect.stringMatching(/^The last turn did not finish \(its process stopped or it failed\) while running .*400x200 grid with max_iter 2000.*Run it again\? \(no drops it\)$/) });
    // nothing ran: neither the killed optimization nor the new message
    expect(t1.events.filter((e) => e.type === 'tool_call')).toEqual([]);

    const wrong = engiai(home, ['chat', '--thread', thread, 'list my designs', '--answer', 'ok then']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/an approval is answered yes or no/);

    const dropped = engiai(home, ['chat', '--json', '--thread', thread, 'list my designs', '--answer', 'no']);
    expect(dropped.code, dropped.stderr).toBe(0);
    const t2 = JSON.parse(dropped.stdout) as Trace;
    expect(t2.status).toBe('done');
    const calls = t2.events.filter((e) => e.type === 'tool_call').map((e) => e.name);
    expect(calls).not.toContain('optimize_design');
    expect(calls).toContain('list_designs');
    expect(t2.events.some((e) => e.type === 'answer' && /Dropped the interrupted/.test(String((e as { content?: string }).content)))).toBe(true);

    // the thread moved on: nothing is pending, the next message is an ordinary turn
    const after = engiai(home, ['chat', '--json', '--thread', thread, 'list my designs']);
    expect(JSON.parse(after.stdout) as Trace).toMatchObject({ status: 'done', interrupt: null });
  }, 300_000);
});
