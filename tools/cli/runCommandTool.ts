/**
 * run_command: runs one whitelisted local program (a viewer for an STL, PNG or G-code, or a
 * read-only helper) after the guard accepted it. Every run asks the person first unless the
 * settings mark the program safe; a refused command asks nothing and runs nothing. The command is
 * resolved once for the approval (program path and argv with real file paths) and exactly that
 * runs: a file that appears, disappears or changes its link between the check and the run cannot
 * turn a refused or safe-looking command into an unapproved run of another program.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { CommandSettings } from '../../config/commandSettings.ts';
import { toolsWith, type ApprovalSubject } from '../tool.ts';
import { CommandRefused, LIMITS } from './commandLine.ts';
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

/** What the person approves for a checked command: the program's path and the argv exactly as they will run. */
export interface ResolvedCommand extends ApprovalSubject {
  program: string;
  path: string;
  argv: string[];
}

export function resolvedCommand(c: CheckedCommand): ResolvedCommand {
  return { program: c.program.name, path: c.program.path, argv: [...c.argv] };
}

function isResolvedCommand(s: ApprovalSubject | undefined): s is ResolvedCommand {
  return !!s && typeof s.program === 'string' && typeof s.path === 'string' && Array.isArray(s.argv) && s.argv.every((a) => typeof a === 'string');
}

/**
 * The command a person must approve, resolved once, or null when nothing needs asking: refused
 * ones (they never run: `run` checks again and refuses) and safe ones.
 */
export function commandApprovalSubject(line: string, ctx: CommandContext): ResolvedCommand | null {
  let checked: CheckedCommand;
  try {
    checked = guardCommand(line, ctx);
  } catch {
    return null;
  }
  return checked.program.safe ? null : resolvedCommand(checked);
}

/** Whether a command needs the person's approval: refused ones do not (they never run), safe ones neither. */
export function commandNeedsApproval(line: string, ctx: CommandContext): boolean {
  return commandApprovalSubject(line, ctx) !== null;
}

/** The approved command as it was resolved for the approval; its program must still be whitelisted at that path. */
function approvedCommand(a: ResolvedCommand, ctx: CommandContext): CheckedCommand {
  const rule = ctx.settings.programs.find((p) => p.name === a.program && p.path === a.path);
  if (!rule) throw new CommandRefused('approval', `${a.program} at ${a.path} is not whitelisted any more; nothing ran`);
  return { program: rule, argv: [...a.argv] };
}

/**
 * What run_command runs: the approved resolution when the person approved one, else a fresh check
 * that must find a safe program (an unsafe one here was never shown to the person).
 */
export function commandToRun(line: string, ctx: CommandContext, approved: ApprovalSubject | undefined): CheckedCommand {
  if (isResolvedCommand(approved)) return approvedCommand(approved, ctx);
  const checked = guardCommand(line, ctx);
  if (!checked.program.safe) {
    throw new CommandRefused('approval', `${checked.program.name} needs the person's approval and this call was not approved (the command changed between the check and the run); nothing ran`, 'ask again: the person approves the command exactly as it will run');
  }
  return checked;
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
  approvalFor: (args, ctx) => commandApprovalSubject(args.command, ctx),
  async run(args, ctx) {
    const checked = commandToRun(args.command, ctx, ctx.approved);
    return { result: { command: args.command, ...commandResult(checked, await runChecked(checked, ctx)) } };
  },
});
