/** File helpers for the store: atomic writes (temp file + rename) and reads with NotFoundError. */
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { NotFoundError } from '../../errors.ts';

export const isMissing = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'ENOENT';

export async function atomicWrite(target: string, bytes: Uint8Array | string): Promise<void> {
  const tmp = join(resolve(target, '..'), `.tmp-${randomBytes(6).toString('hex')}-${basename(target)}`);
  try {
    await writeFile(tmp, bytes);
    await rename(tmp, target);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

export async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

export async function readBytes(path: string, what: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (e) {
    if (isMissing(e)) throw new NotFoundError(`${what}: no such file ${path}`);
    throw e;
  }
}

export async function readJson<T>(path: string): Promise<T> {
  return JSON.parse(await readFile(path, 'utf8')) as T;
}
