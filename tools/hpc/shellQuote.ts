/**
 * Remote command lines are built only from validated values, and every value is still quoted:
 * POSIX single quotes, with an embedded ' written as '\''. No text from a model is ever placed in
 * a command unvalidated (the tools' zod schemas restrict each field to a pattern first).
 */
import { InputError } from '../errors.ts';

export function quote(value: string | number): string {
  const s = String(value);
  if (s.includes('\0')) throw new InputError('a shell argument cannot contain NUL', { field: 'argument' });
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** A command line from words, each quoted. */
export const commandLine = (...words: Array<string | number>): string => words.map(quote).join(' ');

/** Job ids as SLURM prints them (`123`, `123_4` for array tasks) or our local ones (`local-<hex>`). */
export const JOB_ID = /^(?:\d{1,12}(?:_\d{1,9})?|local-[0-9a-f]{8,32})$/;
/** Pipeline keys: 16 lowercase hex digits. */
export const PIPELINE_KEY = /^[0-9a-f]{16}$/;
/** A relative or absolute path of plain name segments (no `..`, no `~`, no shell metacharacters). */
export const SAFE_PATH = /^(?!.*(?:^|\/)\.\.(?:\/|$))[A-Za-z0-9_./-]{1,255}$/;
/** SLURM partitions, account names. */
export const SLURM_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
/** SLURM time limits: MM, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS. */
export const TIME_LIMIT = /^(?:\d{1,4}|\d{1,4}:\d{2}|\d{1,3}:\d{2}:\d{2}|\d{1,3}-\d{1,2}(?::\d{2}(?::\d{2})?)?)$/;

export function assertMatches(field: string, value: string, pattern: RegExp, what: string): string {
  if (!pattern.test(value)) throw new InputError(`${field} must be ${what}, got ${JSON.stringify(value.slice(0, 80))}`, { field });
  return value;
}
