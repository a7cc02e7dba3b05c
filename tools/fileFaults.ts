/**
 * Filesystem and SQLite faults as named errors that say which path and what to do, and folder
 * creation that cannot hang: Node's `mkdir(…, { recursive: true })` loops forever on a path under
 * /proc (the kernel answers ENOENT for the child and EEXIST for the parent), so every folder we
 * create for a person's path or ENGIAI_HOME goes through makeDirs.
 *
 * Paths the person gave (--out) fail as InputError (field "out"); files EngiAI keeps under
 * ENGIAI_HOME fail as StorageError. Both are exit code 2: the person can fix them.
 */
import { constants, mkdirSync, statSync } from 'node:fs';
import { mkdir, open, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { EngiError, InfraError, InputError, NotFoundError, StorageError } from './errors.ts';

type Errno = NodeJS.ErrnoException;
const MAX_DEPTH = 256;

/** Whose path it is: the person's (an --out flag) or EngiAI's own store under ENGIAI_HOME. */
export type PathOwner = 'person' | 'store';

/** What went wrong with `path`, in words, and what to do about it. */
function explain(code: string | undefined, path: string): { what: string; hint: string } {
  switch (code) {
    case 'ENOENT':
      return { what: `nothing can be created in ${dirname(path)}`, hint: 'choose a path in a folder you can write to' };
    case 'EISDIR':
      return { what: 'it is a folder', hint: `give the path of a file, e.g. inside it: ${resolve(path, '<name>')}` };
    case 'ENOTDIR':
    case 'EEXIST':
      return { what: 'a part of the path is a file, not a folder', hint: 'choose a path whose folders are folders' };
    case 'EACCES':
    case 'EPERM':
      return { what: 'permission denied', hint: 'choose a path you can write to, or change its permissions' };
    case 'EROFS':
      return { what: 'the file system is read-only', hint: 'choose a path on a writable file system' };
    case 'ENOSPC':
    case 'EDQUOT':
      return { what: 'no space left on its device', hint: 'free some space or choose a path on another device' };
    case 'EFBIG':
      return { what: 'the file would be too large for its file system', hint: 'choose a path on another file system' };
    case 'ENAMETOOLONG':
      return { what: 'the path is too long', hint: 'choose a shorter path' };
    case 'ELOOP':
      return { what: 'the path has a symbolic-link loop', hint: 'choose a path without the loop' };
    case 'ENXIO':
    case 'ENODEV':
    case 'EINVAL':
    case 'ETXTBSY':
      return { what: 'it is not a file that can be written', hint: 'choose a regular file path' };
    default:
      return { what: code ?? 'an unknown error', hint: 'check the path and try again' };
  }
}

const KNOWN = new Set(['ENOENT', 'EISDIR', 'ENOTDIR', 'EEXIST', 'EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT', 'EFBIG', 'ENAMETOOLONG', 'ELOOP', 'ENXIO', 'ENODEV', 'EINVAL', 'ETXTBSY']);

/** The named error for a failed file operation (`action`: "write", "create the folder", …) on `path`. */
export function fileFault(err: unknown, path: string, action: string, owner: PathOwner = 'person'): EngiError {
  if (err instanceof EngiError) return err;
  const code = (err as Errno)?.code;
  const { what, hint } = explain(code, path);
  const message = `cannot ${action} ${path}: ${what}${code && KNOWN.has(code) ? ` (${code})` : ''}`;
  if (code === undefined || !KNOWN.has(code)) return new InfraError(message, { cause: err, hint });
  if (owner === 'store') return new StorageError(message, path, { cause: err, hint: `${hint}; ENGIAI_HOME sets where EngiAI keeps its files` });
  return new InputError(message, { field: 'out', cause: err, hint });
}

/** Creates `dir` and its missing parents (an existing folder is fine); never hangs. */
export async function makeDirs(dir: string, owner: PathOwner = 'person'): Promise<void> {
  const target = resolve(dir);
  const missing: string[] = [];
  let at = target;
  for (let depth = 0; ; depth++) {
    const info = await stat(at).catch((e: Errno) => (e.code === 'ENOENT' ? null : Promise.reject(fileFault(e, target, 'create the folder', owner))));
    if (info?.isDirectory()) break;
    if (info) throw fileFault(Object.assign(new Error('not a folder'), { code: 'ENOTDIR' }), target, 'create the folder', owner);
    const parent = dirname(at);
    if (parent === at || depth > MAX_DEPTH) throw fileFault(Object.assign(new Error('no root'), { code: 'ENOENT' }), target, 'create the folder', owner);
    missing.push(at);
    at = parent;
  }
  for (const d of missing.reverse()) {
    await mkdir(d).catch(async (e: Errno) => {
      if (e.code === 'EEXIST' && (await stat(d).catch(() => null))?.isDirectory()) return; // made meanwhile
      throw fileFault(e, d, 'create the folder', owner);
    });
  }
}

/** makeDirs for synchronous callers (opening a database). */
export function makeDirsSync(dir: string, owner: PathOwner = 'person'): void {
  const target = resolve(dir);
  const missing: string[] = [];
  let at = target;
  for (let depth = 0; ; depth++) {
    let info;
    try {
      info = statSync(at);
    } catch (e) {
      if ((e as Errno).code !== 'ENOENT') throw fileFault(e, target, 'create the folder', owner);
    }
    if (info?.isDirectory()) break;
    if (info) throw fileFault(Object.assign(new Error('not a folder'), { code: 'ENOTDIR' }), target, 'create the folder', owner);
    const parent = dirname(at);
    if (parent === at || depth > MAX_DEPTH) throw fileFault(Object.assign(new Error('no root'), { code: 'ENOENT' }), target, 'create the folder', owner);
    missing.push(at);
    at = parent;
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (e) {
      if ((e as Errno).code === 'EEXIST' && statSync(d, { throwIfNoEntry: false })?.isDirectory()) continue;
      throw fileFault(e, d, 'create the folder', owner);
    }
  }
}

/** Writes a file the person named (its folder created as needed); every failure a named error. */
export async function writeOutputFile(path: string, bytes: Uint8Array | string): Promise<string> {
  const target = resolve(path);
  await makeDirs(dirname(target));
  await writeFile(target, bytes).catch((e: unknown) => {
    throw fileFault(e, target, 'write');
  });
  return target;
}

export interface RegularFileRead {
  /** Largest file read, bytes; a larger one is refused before reading. */
  maxBytes: number;
  /** What such files are called in the size error ("designs", "artifacts"). */
  what: string;
  /** The field of the tool call or flag that named the file. */
  field?: string;
  /** What to give instead (a missing, unreadable or special file). */
  hint?: string;
}

/**
 * A regular file's bytes, refusing special files (devices, FIFOs) and files over `maxBytes` before
 * reading. The file is opened without blocking (a FIFO with no writer would hold a thread of the
 * pool forever) and checked on the open handle, so it cannot be swapped for another between the
 * check and the read. Every failure is a named error.
 */
export async function readRegularFile(path: string, o: RegularFileRead): Promise<Buffer> {
  const { field, hint } = o;
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK).catch((e: Errno) => {
    if (e.code === 'ENOENT') throw new NotFoundError(`no such file: ${path}`, { hint });
    if (e.code === 'EACCES' || e.code === 'EPERM') throw new InputError(`cannot read ${path}: permission denied`, { field, hint });
    if (e.code === 'ENOTDIR' || e.code === 'ENAMETOOLONG' || e.code === 'ELOOP') throw new InputError(`${path} is not a file path that exists (${e.code})`, { field });
    if (e.code === 'ENXIO' || e.code === 'EISDIR') throw new InputError(`${path} is not a regular file`, { field, hint });
    throw e;
  });
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new InputError(`${path} is not a regular file`, { field, hint });
    if (info.size > o.maxBytes) throw new InputError(`${path} is ${info.size} bytes; ${o.what} are at most ${o.maxBytes} bytes`, { field });
    const bytes = await handle.readFile();
    // it grew between the check and the read
    if (bytes.length > o.maxBytes) throw new InputError(`${path} is over ${o.maxBytes} bytes; ${o.what} are at most ${o.maxBytes} bytes`, { field });
    return bytes;
  } finally {
    await handle.close();
  }
}

/** SQLite's own fault codes (better-sqlite3's SqliteError.code) as a StorageError naming the database file. */
export function sqliteFault(err: unknown, path: string, what: string): unknown {
  const code = String((err as { code?: unknown })?.code ?? '');
  const aside = `move it aside (mv ${path} ${path}.broken) and EngiAI starts a new one; the old file is kept for recovery`;
  const named = (problem: string, hint: string) => new StorageError(`${what} ${path} ${problem} (${code})`, path, { cause: err, hint });
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) return named('is damaged or not a SQLite database', aside);
  if (code.startsWith('SQLITE_CANTOPEN')) return named('cannot be opened', 'check that its folder exists and is writable, or set ENGIAI_HOME to another folder');
  if (code.startsWith('SQLITE_READONLY')) return named('is read-only', 'make the file and its folder writable, or set ENGIAI_HOME to another folder');
  if (code === 'SQLITE_FULL') return named('cannot grow: the disk is full', 'free some space on its device');
  if (code.startsWith('SQLITE_IOERR')) return named('could not be read or written', 'check the disk; if the file is damaged, ' + aside);
  return err;
}
