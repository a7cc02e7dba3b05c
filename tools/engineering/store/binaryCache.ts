/**
 * A BinaryStore (linalg/wasm/binarySource.ts) in files under ENGIAI_HOME/cache/<kind>, keyed by a
 * hash of the source: the WebAssembly kernels are assembled from their WAT text once per
 * installation instead of on every start (assembling ≈ 0.2 s; reading the kept file ≈ 1 ms).
 * A file is written to a temporary name and renamed, so readers never see a partial one; a cache
 * that cannot be read or written (read-only home) only costs the rebuild.
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from '../../../config/paths.ts';
import type { BinaryStore } from '../linalg/wasm/binarySource.ts';
import { makeDirsSync } from '../../fileFaults.ts';

const fileOf = (dir: string, name: string, source: string) => join(dir, `${name}-${createHash('sha256').update(source).digest('hex').slice(0, 20)}.bin`);

/** Kept binaries in `<cache>/<kind>` (the cache folder is looked up at each call: ENGIAI_HOME may change). */
export function fileBinaryStore(kind = 'wasm'): BinaryStore {
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
      } catch {
        // not writable: the next start builds again
      }
    },
  };
}
