/**
 * A BinaryStore (linalg/wasm/binarySource.ts) in files under ENGIAI_HOME/cache/<kind>, keyed by a
 * hash of the source: the WebAssembly kernels are assembled from their WAT text once per
 * installation instead of on every start (assembling ≈ 0.2 s; reading the kept file ≈ 1 ms).
 * A file is written to a temporary name and renamed, so readers never see a partial one; a cache
 * that cannot be read or written (read-only home) only costs the rebuild.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from '../../../config/paths.ts';
import type { BinaryStore } from '../linalg/wasm/binarySource.ts';
import { makeDirsSync } from '../../fileFaults.ts';

const fileOf = (dir: string, name: string, source: string) => join(dir, `${name}-${createHash('sha256').update(source).digest('hex').slice(0, 20)}.bin`);

/** Removes the least recently written `.bin` files of dir beyond the newest `keep`. */
function prune(dir: string, keep: number): void {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.bin'))
    .map((f) => {
      try {
        return { path: join(dir, f), t: statSync(join(dir, f)).mtimeMs };
      } catch {
        return null; // removed meanwhile
      }
    })
    .filter((f): f is { path: string; t: number } => f !== null)
    .sort((a, b) => b.t - a.t);
  for (const f of files.slice(keep)) {
    try {
      unlinkSync(f.path);
    } catch {
      // removed meanwhile
    }
  }
}

/**
 * Kept binaries in `<cache>/<kind>` (the cache folder is looked up at each call: ENGIAI_HOME may change);
 * with maxFiles, a put leaves at most that many files there (the most recently written).
 */
export function fileBinaryStore(kind = 'wasm', opts: { maxFiles?: number } = {}): BinaryStore {
  return {
    get(name, source) {
      try {
        return new Uint8Array(readFileSync(fileOf(join(cacheDir(), kind), name, source)));
      } catch {
        return null; // absent or unreadable: built again
      }
    },
    put(name, source, bytes) {
      const dir = join(cacheDir(), kind);
      const file = fileOf(dir, name, source);
      try {
        makeDirsSync(dir, 'store');
        const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
        writeFileSync(tmp, bytes);
        renameSync(tmp, file);
        if (opts.maxFiles !== undefined) prune(dir, opts.maxFiles);
      } catch {
        // not writable: the next start builds again
      }
    },
  };
}
