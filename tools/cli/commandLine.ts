/**
 * Splitting a command line into argv without a shell, refusing anything a shell would have given a
 * meaning to. Quotes ('…' or "…") only group words with spaces; nothing is expanded, so `;`, `&`,
 * `|`, redirections, `$`, backticks, globs, braces, `~`, `!`, `#` and `\` are refused outright:
 * a command that needs them is not one this agent runs. Every refusal names its rule.
 */
import { InputError } from '../errors.ts';

/** A command refused by the guard: `rule` names which check refused it. */
export class CommandRefused extends InputError {
  constructor(
    readonly rule: string,
    message: string,
    hint?: string,
  ) {
    super(`refused by rule ${rule}: ${message}`, { field: 'command', hint });
  }
}

export const LIMITS = { lineChars: 4096, argChars: 1024, args: 32 } as const;

const SHELL = /[;&|<>()$`\\*?[\]{}~!#]/;
const NAMES: Record<string, string> = {
  ';': 'a command separator',
  '&': 'a background/AND operator',
  '|': 'a pipe/OR operator',
  '<': 'a redirection',
  '>': 'a redirection',
  '(': 'a subshell',
  ')': 'a subshell',
  $: 'a variable or command substitution',
  '`': 'a command substitution',
  '\\': 'an escape',
  '*': 'a glob',
  '?': 'a glob',
  '[': 'a glob',
  ']': 'a glob',
  '{': 'a brace expansion',
  '}': 'a brace expansion',
  '~': 'a home-folder expansion',
  '!': 'a history expansion',
  '#': 'a comment',
};

const codePoint = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Character-level checks, before any splitting. */
function checkCharacters(line: string): void {
  if (!line.trim()) throw new CommandRefused('empty', 'the command line is empty', 'give a program name and its arguments');
  if (line.length > LIMITS.lineChars) throw new CommandRefused('too-long', `the command line has ${line.length} characters, more than ${LIMITS.lineChars}`);
  for (const ch of line) {
    const c = ch.codePointAt(0)!;
    if (c === 0) throw new CommandRefused('nul-byte', 'the command line contains a NUL byte');
    if (c === 10 || c === 13) throw new CommandRefused('control-character', 'the command line contains a line break (a second command)');
    if ((c < 32 && c !== 9) || c === 127) throw new CommandRefused('control-character', `the command line contains the control character ${codePoint(ch)}`);
    if (c > 126) {
      throw new CommandRefused('non-ascii', `the command line contains ${codePoint(ch)} ("${ch}"), which is not plain ASCII (look-alike characters can disguise an option or a separator)`, 'type program names, options and file names in plain ASCII');
    }
    if (SHELL.test(ch)) {
      throw new CommandRefused('shell-syntax', `"${ch}" is ${NAMES[ch]}; commands run without a shell, so it is never needed`, 'give one program with plain arguments; quote a file name with spaces');
    }
  }
}

export function tokenize(line: string): string[] {
  checkCharacters(line);
  const args: string[] = [];
  let current: string | null = null;
  let quote: '"' | "'" | null = null;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = null;
      else current += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      current ??= '';
    } else if (ch === ' ' || ch === '\t') {
      if (current !== null) args.push(current);
      current = null;
    } else current = (current ?? '') + ch;
  }
  if (quote) throw new CommandRefused('unbalanced-quote', `a ${quote === '"' ? 'double' : 'single'} quote is not closed`);
  if (current !== null) args.push(current);
  if (args.length > LIMITS.args + 1) throw new CommandRefused('too-many-arguments', `${args.length - 1} arguments, more than ${LIMITS.args}`);
  const long = args.find((a) => a.length > LIMITS.argChars);
  if (long !== undefined) throw new CommandRefused('argument-too-long', `an argument has ${long.length} characters, more than ${LIMITS.argChars}`);
  return args;
}
