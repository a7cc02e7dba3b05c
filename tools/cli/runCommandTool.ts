/**
 * run_command: runs one whitelisted local program (a viewer for an STL, PNG or G-code, or a
 * read-only helper) after the guard accepted it. Every run asks the person first unless the
 * settings mark the program safe; a refused command asks nothing and runs nothing.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { CommandSettings } from '../../config/commandSettings.ts';
import { toolsWith } from '../tool.ts';
import { LIMITS } from './commandLine.ts';
import { checkCommand, type CheckedCommand } from './guard.ts';
import { runProgram, type RunResult } from './runProgram.ts';

export interface CommandContext {
  settings: CommandSettings;
  /** The working folder (resolved). */
  workdir: string;
}

export function commandContext(settings: CommandSettings, home: string): CommandContext {
  return { settings, workdir: settings.workdir ?? join(home, 'artifacts') };
}

/** The guard with this context's whitelist (the working folder is created when missing). */
export function guardCommand(line: string, ctx: CommandContext): CheckedCommand {
  mkdirSync(ctx.workdir, { recursive: true });
  return checkCommand(line, { programs: ctx.settings.programs, workdir: ctx.workdir });
}

/** Whether a command needs the person's approval: refused ones do not (they never run), safe ones neither. */
export function commandNeedsApproval(line: string, ctx: CommandContext): boolean {
  try {
    return !guardCommand(line, ctx).program.safe;
  } catch {
    return false;
  }
}

export function runChecked(c: CheckedCommand, ctx: CommandContext): Promise<RunResult> {
  const s = ctx.settings;
  return runProgram(c.program.path, c.argv, { cwd: ctx.workdir, timeoutMs: s.timeoutMs, maxOutputBytes: s.maxOutputBytes, gui: c.program.gui, guiStartMs: s.guiStartMs, display: s.display });
}

export function commandResult(c: CheckedCommand, r: RunResult): Record<string, unknown> {
  return {
    program: c.program.name,
    args: c.argv,
    exit_code: r.exitCode,
    ...(r.signal ? { signal: r.signal } : {}),
    timed_out: r.timedOut,
    stdout: r.stdout,
    stderr: r.stderr,
    truncated: r.truncated,
    duration_ms: r.durationMs,
    ...(r.window ? { window: `${c.program.name} opened (pid ${r.window.pid})` } : {}),
  };
}

const define = toolsWith<CommandContext>();

export const runCommandTool = define({
  name: 'run_command',
  description:
    'Run one whitelisted local program, e.g. open an STL/PNG/G-code in a viewer window or read a file: a program name and plain arguments, no shell syntax. ' +
    'File arguments must be inside the artifact folder. The person approves each run unless the program is marked safe.',
  keyFields: ['program', 'args', 'exit_code', 'timed_out', 'window', 'stdout', 'stderr'],
  schema: z.strictObject({
    command: z.string().min(1).max(LIMITS.lineChars).describe('The command line: a whitelisted program name, then its arguments separated by spaces; quote a file name that has spaces'),
  }),
  approvalFor: (args, ctx) => commandNeedsApproval(args.command, ctx),
  async run(args, ctx) {
    const checked = guardCommand(args.command, ctx);
    return { result: { command: args.command, ...commandResult(checked, await runChecked(checked, ctx)) } };
  },
});
