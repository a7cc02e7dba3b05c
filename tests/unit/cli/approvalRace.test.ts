/**
 * run_command against a file that another process keeps creating and deleting: the approval and
 * the run see one resolution of the command. A call the approval check found refused (the file
 * was missing) or never asked about cannot run an approval-gated program when the file reappears;
 * an approved call runs exactly the approved program path and argv. Bounded: at most 2,000 calls
 * and 25 s against a real child process toggling the file.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToolCall } from '../../../agents/supervisor/runToolCall.ts';
import { commandSettingsSchema } from '../../../config/commandSettings.ts';
import { commandContext, runCommandTool } from '../../../tools/cli/runCommandTool.ts';
import { bindTool, type ApprovalSubject } from '../../../tools/tool.ts';

let root: string;
let work: string;
let log: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'engiai-race-'));
  work = join(root, 'work');
  mkdirSync(work);
  log = join(root, 'ran.log');
  const marker = join(root, 'mark.sh');
  writeFileSync(marker, `#!/bin/sh\necho "$*" >> "${log}"\n`);
  chmodSync(marker, 0o755);
  writeFileSync(join(root, 'config.json'), JSON.stringify({ marker }));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function toggler(file: string) {
  // a real second process: creates and deletes the file as fast as it can until killed
  const child = spawn(process.execPath, ['-e', `const fs=require('fs');for(;;){try{fs.writeFileSync(${JSON.stringify(file)},'x')}catch{}try{fs.unlinkSync(${JSON.stringify(file)})}catch{}}`], { stdio: 'ignore' });
  return { stop: () => child.kill('SIGKILL') };
}

describe('run_command approval race', () => {
  it('a file that appears after the approval check never lets an approval-gated program run unasked', async () => {
    const { marker } = JSON.parse(readFileSync(join(root, 'config.json'), 'utf8')) as { marker: string };
    const ctx = commandContext(commandSettingsSchema.parse({ workdir: work, timeoutMs: 2000, programs: [{ name: 'mark', path: marker, args: ['{file:txt}'] }] }), root);
    const tools = [bindTool(runCommandTool, ctx)];
    const runtime = { askHuman: async () => 'no' };
    const t = toggler(join(work, 'race.txt'));
    let asked = 0;
    let approvedRuns = 0;
    const approvedSubjects: ApprovalSubject[] = [];
    let calls = 0;
    let ranOk = 0;
    const deadline = Date.now() + 25_000;
    try {
      for (; calls < 2000 && Date.now() < deadline; calls++) {
        // every other call is approved: an approved one must run exactly what was shown
        const approve = calls % 2 === 1;
        const out = await runToolCall({ id: `c${calls}`, name: 'run_command', args: { command: 'mark race.txt' } }, tools, runtime, async (_tool, _args, subject) => {
          asked++;
          if (approve) {
            approvedRuns++;
            approvedSubjects.push(subject);
          }
          return approve;
        });
        if (out.ok) ranOk++;
      }
    } finally {
      t.stop();
    }
    const runs = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
    // nothing ran without an approval: every run is one of the approved ones, with the approved argv
    expect(runs.length).toBeLessThanOrEqual(approvedRuns);
    expect(ranOk).toBe(runs.length);
    for (const s of approvedSubjects) expect(s).toEqual({ program: 'mark', path: marker, argv: [join(work, 'race.txt')] });
    for (const r of runs) expect(r).toBe(join(work, 'race.txt'));
    expect(calls).toBeGreaterThan(200);
    expect(asked).toBeGreaterThan(0);
  }, 60_000);
});
