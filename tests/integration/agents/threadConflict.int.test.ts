/**
 * Two `engiai chat` processes on one thread at the same time: only one turn is stored. A turn
 * holds the thread's lease while it runs (agents/runtime/turnLeases.ts), and the SQLite checkpoint
 * store keeps a checkpoint only while its parent is still the thread's newest
 * (agents/runtime/checkpointer.ts); the process that lost the race exits 2 with a ConflictError
 * saying so, and the thread holds one turn more, not two.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime } from '../../../agents/index.ts';
import { loadConfig } from '../../../config/load.ts';
import { BIN, engiai, tempHome } from '../cli/helpers.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
let home: string;
beforeAll(() => {
  home = tempHome('engiai-conflict-');
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

function chat(args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [BIN, 'chat', ...args], { cwd: ROOT, env: { ...process.env, ENGIAI_HOME: home, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (out += String(d)));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

/** The person's messages in the thread's stored state. */
async function humanMessages(thread: string): Promise<string[]> {
  const runtime = await createRuntime({ config: loadConfig({ env: { ENGIAI_HOME: home }, cwd: home }) });
  try {
    const messages = await (await runtime.session()).messages(thread);
    return messages.filter((m) => m.getType() === 'human').map((m) => String(m.content));
  } finally {
    await runtime.close();
  }
}

describe('two processes on one thread', () => {
  it('store one turn; the other fails with a ConflictError (exit 2)', async () => {
    const first = engiai(home, ['chat', 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 20x10 grid with max_iter 3', '--json']);
    expect(first.code, first.stderr).toBe(0);
    const thread = (JSON.parse(first.stdout) as { threadId: string }).threadId;
    const before = await humanMessages(thread);
    // two turns long enough to overlap (a few seconds of optimizer work each)
    const message = 'Optimize a beams2d beam with volfrac 0.3, forcedist 0.5 and rmin 2 on a 100x50 grid with max_iter 150';
    const [a, b] = await Promise.all([chat(['--thread', thread, message]), chat(['--thread', thread, message])]);
    const codes = [a.code, b.code].sort();
    expect(codes, `${a.out}\n----\n${b.out}`).toEqual([0, 2]);
    const loser = a.code === 2 ? a : b;
    // the loser either found the thread busy (the winner's lease) or lost the optimistic check at a checkpoint
    expect(loser.out).toMatch(/error: thread \S+ (?:is busy: process \d+ on \S+ is running a turn on it|was changed by another process while this turn ran); this turn was not stored/);
    expect(loser.out).not.toMatch(/internal error|\n\s+at /);
    expect(await humanMessages(thread)).toEqual([...before, message]);
  }, 180_000);
});
