/**
 * The whitelist guard of run_command: a command line becomes (program, argv) only when the program
 * is whitelisted by name, installed at its configured absolute path, and every argument matches one
 * of that program's patterns. File arguments must exist inside the working folder — no `..`, no
 * absolute path elsewhere, no symlink that leads out — and are passed on as their real paths.
 * An argument starting with `-` is always an option and must be listed literally. Synchronous, so
 * the tool's approval rule can use it before asking the person.
 */
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { extname, isAbsolute, resolve, sep } from 'node:path';
import type { ProgramRule } from '../../config/commandSettings.ts';
import { CommandRefused, tokenize } from './commandLine.ts';

export interface GuardSettings {
  programs: readonly ProgramRule[];
  /** The folder commands run in and cannot leave (must exist). */
  workdir: string;
}

export interface CheckedCommand {
  program: ProgramRule;
  /** Arguments as they will be passed (file arguments as real paths). */
  argv: string[];
}

const PATH_PATTERN = /^\{(file(?::([a-z0-9,]+))?|dir|path)\}$/;

function inside(root: string, p: string): boolean {
  return p === root || p.startsWith(root + sep);
}

/** Checks one path argument against a {file…}/{dir}/{path} pattern; returns the real path or throws. */
function checkPath(arg: string, pattern: string, workdir: string, rootReal: string, program: string): string {
  const [, kind, exts] = PATH_PATTERN.exec(pattern)!;
  if (arg.split('/').includes('..')) throw new CommandRefused('path-traversal', `"${arg}" contains a ".." segment`, `name files inside ${workdir} without ".."`);
  const abs = isAbsolute(arg) ? arg : resolve(workdir, arg);
  if (!inside(resolve(workdir), abs) && !inside(rootReal, abs)) throw new CommandRefused('outside-workdir', `"${arg}" is outside the working folder ${workdir}`);
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    throw new CommandRefused('file-missing', `"${arg}" does not exist in the working folder`);
  }
  if (!inside(rootReal, real)) throw new CommandRefused('symlink-escape', `"${arg}" is a link to ${real}, outside the working folder`);
  const st = statSync(real);
  const base = kind.startsWith('file') ? 'file' : kind;
  if (base === 'file' && !st.isFile()) throw new CommandRefused('file-type', `"${arg}" is not a regular file`);
  if (base === 'dir' && !st.isDirectory()) throw new CommandRefused('file-type', `"${arg}" is not a folder`);
  if (base === 'path' && !st.isFile() && !st.isDirectory()) throw new CommandRefused('file-type', `"${arg}" is neither a file nor a folder`);
  if (exts) {
    const ext = extname(real).slice(1).toLowerCase();
    if (!exts.split(',').includes(ext)) throw new CommandRefused('file-type', `${program} accepts .${exts.split(',').join(', .')} files here, not "${arg}"`);
  }
  return real;
}

function checkArg(arg: string, rule: ProgramRule, workdir: string, rootReal: string): string {
  if (rule.args.includes(arg) && !arg.startsWith('{')) return arg;
  if (arg.startsWith('-')) {
    const options = rule.args.filter((a) => a.startsWith('-'));
    throw new CommandRefused('option-not-allowed', `"${arg}" is not an allowed option of ${rule.name}${options.length ? ` (allowed: ${options.join(' ')})` : ' (it takes no options)'}`);
  }
  if (rule.args.includes('{int}') && /^\d{1,9}$/.test(arg)) return arg;
  if (rule.args.includes('{number}') && /^\d{1,9}(?:\.\d{1,9})?$/.test(arg)) return arg;
  const pathPatterns = rule.args.filter((a) => PATH_PATTERN.test(a));
  let last: CommandRefused | null = null;
  for (const p of pathPatterns) {
    try {
      return checkPath(arg, p, workdir, rootReal, rule.name);
    } catch (err) {
      if (!(err instanceof CommandRefused)) throw err;
      last = err;
    }
  }
  throw last ?? new CommandRefused('argument-not-allowed', `"${arg}" is not an allowed argument of ${rule.name} (allowed: ${rule.args.join(' ') || 'none'})`);
}

export function checkCommand(line: string, s: GuardSettings): CheckedCommand {
  const [name, ...args] = tokenize(line);
  if (name.includes('=')) throw new CommandRefused('env-assignment', `"${name}" sets an environment variable; commands run with a fixed environment`, 'start the command line with the program name');
  if (name.includes('/')) throw new CommandRefused('program-path', `"${name}" is a path; name a whitelisted program instead`, `whitelisted: ${s.programs.map((p) => p.name).join(', ')}`);
  const rule = s.programs.find((p) => p.name === name);
  if (!rule) throw new CommandRefused('not-whitelisted', `"${name}" is not a whitelisted program`, `whitelisted: ${s.programs.map((p) => p.name).join(', ')} (settings: commands.programs)`);
  try {
    accessSync(rule.path, constants.X_OK);
  } catch {
    throw new CommandRefused('not-installed', `${rule.name} is whitelisted but not installed at ${rule.path}`, 'install it, or fix its path in commands.programs');
  }
  let rootReal: string;
  try {
    rootReal = realpathSync(s.workdir);
  } catch {
    throw new CommandRefused('file-missing', `the working folder ${s.workdir} does not exist`);
  }
  const argv = args.map((a) => checkArg(a, rule, s.workdir, rootReal));
  if (args.length > rule.maxArgs) throw new CommandRefused('too-many-arguments', `${rule.name} takes at most ${rule.maxArgs} arguments, got ${args.length}`);
  for (const r of rule.required) if (!args.includes(r)) throw new CommandRefused('missing-argument', `${rule.name} must be run with ${r}`);
  return { program: rule, argv };
}
