/**
 * A cache of build products under ENGIAI_HOME/cache/<kind>, keyed by a hash of their source: the
 * WebAssembly kernels are assembled from their WAT text once per installation instead of on every
 * start (assembling costs ≈ 0.2 s: loading wabt and parsing; reading the cached file ≈ 1 ms).
 * A file is written to a temporary name and renamed, so readers never see a partial one; a cache
 * that cannot be read or written (read-only home) only costs the rebuild.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from '../../../config/paths.ts';

/** The bytes built from source (by build) the last time, or build(source)'s result, stored for next time. */
export async function cachedBuild(
  kind: string,
  name: string,
  source: string,
  build: () => Promise<Uint8Array<ArrayBuffer>>,
  valid: (bytes: Uint8Array<ArrayBuffer>) => boolean = () => true,
): Promise<Uint8Array<ArrayBuffer>> {
  const key = createHash('sha256').update(source).digest('hex').slice(0, 20);
  const dir = join(cacheDir(), kind);
  const file = join(dir, `${name}-${key}.bin`);
  try {
    const bytes = new Uint8Array(readFileSync(file));
    if (valid(bytes)) return bytes;
  } catch {
    // absent or unreadable: build it
  }
  const bytes = await build();
  try {
    mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(tmp, bytes);
    renameSync(tmp, file);
  } catch {
    // not writable: the next start builds again
  }
  return bytes;
}
