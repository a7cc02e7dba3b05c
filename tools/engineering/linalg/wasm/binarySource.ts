/**
 * Where the kernels' binary comes from. Assembling the WAT costs ≈ 0.2 s (loading wabt), so a
 * built binary is kept between processes — but the numeric core does no I/O: the keeping is done
 * by a BinaryStore that the tool layer installs (tools/engineering/registry.ts installs one under
 * ENGIAI_HOME/cache before any engine loads). Without one, the binary is assembled in memory.
 */
export interface BinaryStore {
  /** The bytes kept for `name` built from `source`, or null. */
  get(name: string, source: string): Uint8Array<ArrayBuffer> | null;
  /** Keeps bytes built from `source` (failures are the store's to swallow: the next start rebuilds). */
  put(name: string, source: string, bytes: Uint8Array<ArrayBuffer>): void;
}

let installed: BinaryStore | null = null;

/** Installs (or, with null, removes) the store later builds read from and write to. */
export function useBinaryStore(store: BinaryStore | null): void {
  installed = store;
}

/** The bytes built from `source`: the store's when valid, else build()'s, kept in the store for next time. */
export async function cachedBinary(
  name: string,
  source: string,
  build: () => Promise<Uint8Array<ArrayBuffer>>,
  valid: (bytes: Uint8Array<ArrayBuffer>) => boolean = () => true,
  store: BinaryStore | null = installed,
): Promise<Uint8Array<ArrayBuffer>> {
  const kept = store?.get(name, source);
  if (kept && valid(kept)) return kept;
  const bytes = await build();
  store?.put(name, source, bytes);
  return bytes;
}
