/**
 * run_command's guard against a corpus of hostile command lines (tests/unit/cli/hostileCommands.ts):
 * none runs — checked by a marker script that would leave a file if any shell or exec reached it —
 * each refusal names its rule, none asks the person; and the commands that are allowed run argv-only
 * with real paths, a time limit, an output cap, and window applications left running detached.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandSettingsSchema } from '../../../config/commandSettings.ts';
import { CommandRefused } from '../../../tools/cli/commandLine.ts';
import { commandContext, commandNeedsApproval, runCommandTool, type CommandContext } from '../../../tools/cli/runCommandTool.ts';
import { bindTool } from '../../../tools/tool.ts';
import { HOSTILE } from './hostileCommands.ts';

let root: string;
let work: string;
let marker: string;
let ctx: CommandContext;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'engiai-guard-'));
  work = join(root, 'work');
  mkdirSync(join(work, 'sub'), { recursive: true });
  writeFileSync(join(work, 'model.stl'), 'solid x\nendsolid x\n');
  writeFileSync(join(work, 'notes.txt'), 'one\ntwo\nthree\n');
  writeFileSync(join(work, 'render.png'), 'png');
  symlinkSync('/etc/passwd', join(work, 'passwd-link'));
  symlinkSync('/etc', join(work, 'etc-link'));
  symlinkSync(join(work, 'notes.txt'), join(work, 'notes-link.txt'));
  // a program that leaves a file behind when it runs: whitelisted only in the tests that want it
  marker = join(root, 'marker.sh');
  writeFileSync(marker, `#!/bin/sh\necho "ran $*" >> "${join(root, 'PWNED')}"\n`);
  chmodSync(marker, 0o755);
  const defaults = commandSettingsSchema.parse({});
  ctx = commandContext(
    commandSettingsSchema.parse({
      workdir: work,
      timeoutMs: 2000,
      maxOutputBytes: 1000,
      guiStartMs: 300,
      programs: [
        ...defaults.programs.filter((p) => ['ls', 'wc', 'sha256sum', 'head', 'prusa-slicer', 'xdg-open', 'eog'].includes(p.name)).map((p) => ({ ...p, path: p.name === 'xdg-open' || p.name === 'eog' ? '/usr/bin/true' : p.path })),
        { name: 'seq', path: '/usr/bin/seq', args: ['{int}'], safe: true },
        { name: 'sleep', path: '/usr/bin/sleep', args: ['{number}'], safe: true },
        { name: 'viewer', path: '/usr/bin/sleep', args: ['{number}'], gui: true },
        { name: 'stamp', path: marker, args: ['{int}'] },
      ],
    }),
    root,
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const tool = () => bindTool(runCommandTool, ctx);
const runtime = { askHuman: async () => 'no' };

describe('run_command guard: hostile corpus', () => {
  it(`has at least 40 hostile inputs (${HOSTILE.length})`, () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(HOSTILE.map(([input, rule], i) => ({ i, shown: JSON.stringify(input).slice(0, 60), input, rule })))('#$i $shown is refused by $rule', async ({ input, rule }) => {
    let refusal: unknown = null;
    try {
      await tool().run({ command: input }, runtime);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(CommandRefused);
    expect((refusal as CommandRefused).rule).toBe(rule);
    expect((refusal as CommandRefused).message).toMatch(new RegExp(`^refused by rule ${rule}: \\S`));
    // a refused command never asks the person (there is nothing to approve)
    expect(commandNeedsApproval(input, ctx)).toBe(false);
  });

  it('nothing ran: the marker script left no file, no redirect target appeared', () => {
    expect(existsSync(join(root, 'PWNED'))).toBe(false);
    expect(existsSync('/tmp/engiai-pwned')).toBe(false);
  });
});

describe('run_command: what is allowed', () => {
  it('runs argv-only in the working folder, with real paths for file arguments', async () => {
    const out = await tool().run({ command: 'wc -l notes-link.txt' }, runtime);
    expect(out.result).toMatchObject({ program: 'wc', args: ['-l', join(work, 'notes.txt')], exit_code: 0, timed_out: false });
    expect(String(out.result.stdout)).toMatch(/^3 /);
    const quoted = await tool().run({ command: `sha256sum '${join(work, 'notes.txt')}'` }, runtime);
    expect(quoted.result.exit_code).toBe(0);
  });

  it('asks for approval unless the program is marked safe', () => {
    expect(commandNeedsApproval('wc -l notes.txt', ctx)).toBe(false);
    expect(commandNeedsApproval('xdg-open model.stl', ctx)).toBe(true);
    expect(commandNeedsApproval('stamp 1', ctx)).toBe(true);
    expect(tool().needsApproval).toBeTypeOf('function');
  });

  it('an unsafe program runs only as approved: never on a fresh check without an approval', async () => {
    await expect(tool().run({ command: 'stamp 1' }, runtime)).rejects.toThrow(/refused by rule approval: stamp needs the person's approval and this call was not approved/);
    expect(existsSync(join(root, 'PWNED'))).toBe(false);
  });

  it('caps the output and kills a command past its time limit', async () => {
    const big = await tool().run({ command: 'seq 100000' }, runtime);
    expect(big.result.truncated).toBe(true);
    expect(String(big.result.stdout).length).toBe(1000);
    const t0 = performance.now();
    const slow = await tool().run({ command: 'sleep 30' }, runtime);
    expect(slow.result).toMatchObject({ timed_out: true, signal: 'SIGKILL' });
    expect(performance.now() - t0).toBeLessThan(10_000);
  });

  it('a window application is left running on its own after its start window', async () => {
    // what the person approved, resolved once: exactly that runs
    const approved = tool().approvalSubject!({ command: 'viewer 5' })!;
    expect(approved).toEqual({ program: 'viewer', path: '/usr/bin/sleep', argv: ['5'] });
    const out = await tool().run({ command: 'viewer 5' }, { ...runtime, approved });
    expect(String(out.result.window)).toMatch(/^viewer opened \(pid \d+\)/);
    const pid = Number(/pid (\d+)/.exec(String(out.result.window))![1]);
    expect(() => process.kill(pid, 0)).not.toThrow();
    process.kill(-pid, 'SIGKILL');
  });

  it('a whitelisted program that is not installed is refused by name', async () => {
    const missing = commandContext(commandSettingsSchema.parse({ workdir: work, programs: [{ name: 'meshlab', path: '/nonexistent/meshlab', args: ['{file:stl}'] }] }), root);
    await expect(bindTool(runCommandTool, missing).run({ command: 'meshlab model.stl' }, runtime)).rejects.toThrow(/refused by rule not-installed: meshlab is whitelisted but not installed at \/nonexistent\/meshlab/);
  });
});
