/**
 * The local-command agent end to end: `engiai run-command` from a shell (a refusal exits 2 and
 * names its rule, --yes stands for approval only, --json), and through the supervisor with the
 * offline model: a denied approval runs nothing, an approved one runs once; "open the STL in the
 * viewer" picks the whitelisted viewer and the conversation's STL.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemorySaver } from '@langchain/langgraph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineModel, createRuntime, type Runtime } from '../../../agents/index.ts';
import { loadConfig } from '../../../config/load.ts';
import { BIN } from './helpers.ts';
import { decisionFor } from '../../../agents/supervisor/approvalDecision.ts';

let root: string;
let home: string;
let log: string;
let configPath: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'engiai-cmd-'));
  home = join(root, 'home');
  mkdirSync(join(home, 'artifacts', 'part'), { recursive: true });
  writeFileSync(join(home, 'artifacts', 'part', 'beam.stl'), 'solid b\nendsolid b\n');
  log = join(root, 'ran.log');
  const stamp = join(root, 'stamp.sh');
  writeFileSync(stamp, `#!/bin/sh\necho "stamp $*" >> "${log}"\n`);
  chmodSync(stamp, 0o755);
  const viewer = join(root, 'viewer.sh');
  writeFileSync(viewer, `#!/bin/sh\necho "viewer $*" >> "${log}"\nsleep 3\n`);
  chmodSync(viewer, 0o755);
  configPath = join(root, 'engiai.yaml');
  writeFileSync(
    configPath,
    [
      'commands:',
      '  guiStartMs: 300',
      '  programs:',
      '    - { name: wc, path: /usr/bin/wc, args: ["-l", "{file}"], safe: true }',
      `    - { name: stamp, path: ${stamp}, args: ["{int}"] }`,
      `    - { name: stlview, path: ${viewer}, args: ["{file:stl}"], gui: true, opens: [stl] }`,
    ].join('\n'),
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function cli(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { env: { ...process.env, ENGIAI_HOME: home, ENGIAI_CONFIG: configPath }, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const ran = () => (existsSync(log) ? readFileSync(log, 'utf8') : '');

describe('engiai run-command', () => {
  it('refusals exit 2 and name the rule; nothing runs', () => {
    for (const [line, rule] of [
      ['stamp 1; stamp 2', 'shell-syntax'],
      ['stamp $(id)', 'shell-syntax'],
      ['wc -l /etc/passwd', 'outside-workdir'],
      ['sh -c "stamp 1"', 'not-whitelisted'],
      ['wc --files0-from=x', 'option-not-allowed'],
    ]) {
      const r = cli(['run-command', '--yes', '--', line]);
      expect(r.code, line).toBe(2);
      expect(r.stderr).toContain(`refused by rule ${rule}:`);
      expect(r.stdout).toBe('');
    }
    expect(ran()).toBe('');
  });

  it('a program that is not safe needs --yes (the approval), and runs once with it', () => {
    const no = cli(['run-command', '--', 'stamp 7']);
    expect(no.code).toBe(2);
    expect(no.stderr).toContain('refused by rule approval:');
    expect(ran()).toBe('');
    const yes = cli(['run-command', '--yes', '--json', '--', 'stamp 7']);
    expect(yes.code).toBe(0);
    expect(JSON.parse(yes.stdout)).toMatchObject({ command: 'stamp 7', program: 'stamp', args: ['7'], exit_code: 0, timed_out: false });
    expect(ran()).toBe('stamp 7\n');
  });

  it('a safe program runs without asking; its output passes through', () => {
    const r = cli(['run-command', '--', 'wc -l part/beam.stl']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^2 .*beam\.stl/);
  });
});

describe('engiai chat --answer for an approval takes yes or no exactly', () => {
  it('anything else exits 2 and runs nothing (the approval stays pending); " YES " runs it once', () => {
    rmSync(log, { force: true });
    const asked = cli(['chat', '--json', 'run the command `stamp 5`']);
    expect(asked.code, asked.stderr).toBe(0);
    const trace = JSON.parse(asked.stdout) as { threadId: string; status: string; interrupt: { kind: string; tool: string } };
    expect(trace).toMatchObject({ status: 'interrupted', interrupt: { kind: 'approval', tool: 'run_command' } });
    for (const answer of ['ok no, do not run it', 'go away', 'sure not', 'y', '{"approved":"false"}']) {
      const r = cli(['chat', '--thread', trace.threadId, '--answer', answer]);
      expect([answer, r.code]).toEqual([answer, 2]);
      expect(r.stderr).toMatch(/an approval is answered yes or no, not .*; nothing ran/);
    }
    expect(ran()).toBe('');
    const yes = cli(['chat', '--json', '--thread', trace.threadId, '--answer', ' YES ']);
    expect(yes.code, yes.stderr).toBe(0);
    expect(JSON.parse(yes.stdout)).toMatchObject({ status: 'done' });
    expect(ran()).toBe('stamp 5\n');
  }, 120_000);
});

describe('the cli agent in a conversation (offline model)', () => {
  let runtime: Runtime;
  beforeAll(async () => {
    rmSync(log, { force: true });
    runtime = await createRuntime({ config: loadConfig({ env: { ENGIAI_HOME: home }, configPath }), saver: new MemorySaver() });
  });
  afterAll(() => runtime?.close());

  it('a denied approval runs nothing; an approved one runs the command once', async () => {
    const session = await runtime.session({ model: createOfflineModel() });
    let r = await session.runTurn({ threadId: 'deny', message: 'run the command `stamp 3`' });
    expect(r.status).toBe('interrupted');
    expect(r.interrupt).toMatchObject({ kind: 'approval', tool: 'run_command', agent: 'cli', args: { command: 'stamp 3' } });
    r = await session.runTurn({ threadId: 'deny', resume: decisionFor(r.interrupt!, 'deny') });
    expect(r.answer).toMatch(/did not approve the command, so nothing ran/);
    expect(ran()).toBe('');
    r = await session.runTurn({ threadId: 'approve', message: 'run the command `stamp 4`' });
    r = await session.runTurn({ threadId: 'approve', resume: decisionFor(r.interrupt!, 'approve') });
    expect(r.status).toBe('done');
    expect(r.answer).toMatch(/stamp exited with 0/);
    expect(ran()).toBe('stamp 4\n');
  });

  it('"open the STL in the viewer" opens the STL an earlier turn exported, in the whitelisted viewer, after approval', async () => {
    const session = await runtime.session({ model: createOfflineModel() });
    let r = await session.runTurn({ threadId: 'view', message: 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 30x15 grid with max_iter 5 and export an STL' });
    const stl = /(\/\S+\.stl)/.exec(r.answer ?? '')?.[1];
    expect(stl).toBeDefined();
    r = await session.runTurn({ threadId: 'view', message: 'open the STL in the viewer' });
    expect(r.interrupt, String(r.answer)).toMatchObject({ kind: 'approval', tool: 'run_command', args: { command: `stlview "${stl}"` } });
    r = await session.runTurn({ threadId: 'view', resume: decisionFor(r.interrupt!, 'approve') });
    expect(r.answer).toMatch(/^stlview opened \(pid \d+\)/);
    expect(ran()).toContain(`viewer ${stl}`);
  });

  it('for a person in a browser (the web UI) no window opens on the server: the answer points at the page\'s 3D viewer, and window programs are not offered', async () => {
    const web = await createRuntime({ config: loadConfig({ env: { ENGIAI_HOME: home }, configPath }), saver: new MemorySaver(), surface: 'browser' });
    try {
      const session = await web.session({ model: createOfflineModel() });
      let r = await session.runTurn({ threadId: 'web-view', message: 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 30x15 grid with max_iter 5 and export an STL' });
      const stl = /(\/\S+\.stl)/.exec(r.answer ?? '')?.[1];
      expect(stl).toBeDefined();
      const before = ran();
      r = await session.runTurn({ threadId: 'web-view', message: 'open the STL in the viewer' });
      expect(r.interrupt).toBeNull();
      expect(r.answer).toContain(`In the web UI the file opens here, not in a window on the server: ${stl}`);
      expect(r.answer).toContain('View in 3D');
      // a window program named outright is not whitelisted here, and nothing ran
      r = await session.runTurn({ threadId: 'web-view2', message: `run the command stlview "${stl}"` });
      expect(r.interrupt).toBeNull();
      expect(ran()).toBe(before);
    } finally {
      await web.close();
    }
  });

  it('a path given in the request is the one opened', async () => {
    const session = await runtime.session({ model: createOfflineModel() });
    const stl = join(home, 'artifacts', 'part', 'beam.stl');
    const r = await session.runTurn({ threadId: 'view2', message: `open ${stl} in the viewer` });
    expect(r.interrupt).toMatchObject({ tool: 'run_command', args: { command: `stlview "${stl}"` } });
  });
});
