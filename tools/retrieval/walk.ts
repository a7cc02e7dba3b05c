/**
 * Which files an indexing run may read, and reading them safely. Roots are the paths given (files
 * or folders); a folder is walked without following symbolic links (a link is reported and
 * skipped, never read), hidden names are skipped, and only supported formats are listed. With
 * `allowed` folders (the agents' tools, the web server), every root must lie inside one of them
 * (a root outside is reported as outside whether or not it exists).
 * A file is opened with O_NOFOLLOW and checked again (a regular file, inside its root, within the
 * size limit) before a byte is read.
 */
import { constants } from 'node:fs';
import { lstat, open, readdir, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { InputError } from '../errors.ts';
import { kindOf } from './extract/extractDocument.ts';
import type { FileReport } from './types.ts';

export interface Candidate {
  path: string;
  /** The real path of the root it was found under (a file root is its own root). */
  root: string;
  /** Set when the root is a folder: documents under it that are no longer there can be removed. */
  folder?: string;
}

export interface WalkResult {
  files: Candidate[];
  /** Roots and entries that were not listed, with why. */
  skipped: FileReport[];
  /** Folder roots that were walked completely. */
  folders: string[];
}

export const isInside = (dir: string, path: string) => {
  const rel = relative(dir, path);
  return rel === '' || (!!rel && !rel.startsWith('..') && !isAbsolute(rel));
};

async function walkFolder(dir: string, root: string, out: WalkResult, depth: number): Promise<void> {
  if (depth > 32) return;
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const path = join(dir, e.name);
    if (e.isSymbolicLink()) out.skipped.push({ path, status: 'skipped', reason: 'symbolic link (not followed)' });
    else if (e.isDirectory()) await walkFolder(path, root, out, depth + 1);
    else if (e.isFile() && kindOf(e.name)) out.files.push({ path, root, folder: root });
  }
}

/** Lists the files under the roots. `allowed`: folders the roots must lie in (checked on real paths). */
export async function listFiles(roots: string[], allowed?: string[]): Promise<WalkResult> {
  const out: WalkResult = { files: [], skipped: [], folders: [] };
  const allowedReal = allowed ? await Promise.all(allowed.map((a) => realpath(a).catch(() => resolve(a)))) : null;
  const inAllowed = (p: string) => !allowedReal || allowedReal.some((a) => isInside(a, p)) || allowed!.some((a) => isInside(resolve(a), p));
  const outside = (path: string): FileReport => ({ path, status: 'skipped', reason: `outside the folders documents may be read from (${allowed!.join(', ')})` });
  for (const given of roots) {
    const path = resolve(given);
    // outside is told before anything is looked at, so the answer is the same whether or not something is there
    if (!inAllowed(path)) {
      out.skipped.push(outside(path));
      continue;
    }
    const info = await lstat(path).catch(() => null);
    if (!info) {
      // a missing name under a linked folder that leads out is outside too
      const parent = await realpath(dirname(path)).catch(() => null);
      out.skipped.push(allowedReal && parent && !allowedReal.some((a) => isInside(a, parent)) ? outside(path) : { path, status: 'failed', reason: 'not found' });
      continue;
    }
    if (info.isSymbolicLink()) {
      out.skipped.push({ path, status: 'skipped', reason: 'symbolic link (not followed)' });
      continue;
    }
    const real = await realpath(path);
    if (allowedReal && !allowedReal.some((a) => isInside(a, real))) {
      out.skipped.push(outside(path));
      continue;
    }
    if (info.isDirectory()) {
      await walkFolder(real, real, out, 0);
      out.folders.push(real);
    } else if (info.isFile()) {
      if (kindOf(real)) out.files.push({ path: real, root: real });
      else out.skipped.push({ path, status: 'skipped', reason: 'unsupported file type (PDF, Markdown, text and HTML are indexed)' });
    } else out.skipped.push({ path, status: 'skipped', reason: 'not a regular file' });
  }
  return out;
}

export interface ReadFile {
  bytes: Buffer;
  size: number;
  mtimeMs: number;
}

/** The size and modification time of a listed file, without following links. */
export async function statFile(c: Candidate): Promise<{ size: number; mtimeMs: number }> {
  const info = await lstat(c.path);
  if (!info.isFile()) throw new InputError(`${basename(c.path)} is not a regular file`, { field: 'path' });
  return { size: info.size, mtimeMs: info.mtimeMs };
}

/** Reads a listed file: no link followed, still inside its root, at most `maxBytes`. */
export async function readCandidate(c: Candidate, maxBytes: number): Promise<ReadFile> {
  const real = await realpath(c.path);
  if (!isInside(c.root, real)) throw new InputError(`${c.path} resolves outside ${c.root}; not read`, { field: 'path' });
  const handle = await open(c.path, constants.O_RDONLY | constants.O_NOFOLLOW).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ELOOP') throw new InputError(`${basename(c.path)} is a symbolic link; not read`, { field: 'path' });
    throw err;
  });
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new InputError(`${basename(c.path)} is not a regular file`, { field: 'path' });
    if (info.size > maxBytes) throw tooLarge(c.path, info.size, maxBytes);
    const bytes = await handle.readFile();
    if (bytes.length > maxBytes) throw tooLarge(c.path, bytes.length, maxBytes);
    return { bytes, size: bytes.length, mtimeMs: info.mtimeMs };
  } finally {
    await handle.close();
  }
}

export function tooLarge(path: string, size: number, maxBytes: number): InputError {
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  return new InputError(`${basename(path)} is too large (${mb(size)}; the limit is ${mb(maxBytes)})`, { field: 'path', hint: 'raise retrieval.maxFileBytes or split the file' });
}
