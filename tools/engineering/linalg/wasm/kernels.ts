/**
 * The sparse Cholesky's WebAssembly kernels (multifrontalWat.ts), compiled when this module is
 * first imported (top-level await). The WAT text is part of the source; wabt assembles it to a
 * binary (≈ 0.2 s, mostly loading wabt), which the installed BinaryStore keeps (binarySource.ts;
 * the tool layer keeps it in ENGIAI_HOME/cache/wasm keyed by the text's hash), so later starts
 * only read ≈ 9 KB. Nothing is downloaded.
 *
 * Each factor gets its own shared memory sized for it, and an instance of this module on it
 * (instantiate); a helper thread instantiates the same module on the same memory.
 */
import { cachedBinary } from './binarySource.ts';
import { KERNELS_WAT } from './multifrontalWat.ts';
import { attach } from './wasmSweep.ts';

/** What an instance exports (addresses in bytes; see multifrontalWat.ts). */
export interface KernelExports {
  factor(s0: number, s1: number, lx: number, w: number, vals: number, f: number, y: number): number;
  badColumn(): number;
  energies(nel: number, nd: number, y: number): void;
  forward(nSuper: number, lx: number, y: number): void;
  backward(nSuper: number, lx: number, y: number): void;
}

/** The binary of KERNELS_WAT, assembled by wabt (loaded only when the cache misses). */
async function assemble(): Promise<Uint8Array<ArrayBuffer>> {
  const wabt = await (await import('wabt')).default();
  const parsed = wabt.parseWat('linalg-kernels.wat', KERNELS_WAT, { simd: true, threads: true, bulk_memory: true });
  try {
    return new Uint8Array(parsed.toBinary({}).buffer);
  } finally {
    parsed.destroy();
  }
}

/** The compiled kernels (a WebAssembly.Module can be posted to another thread). */
export const kernelModule: WebAssembly.Module = new WebAssembly.Module(
  await cachedBinary('linalg-kernels', KERNELS_WAT, assemble, (bytes) => WebAssembly.validate(bytes)),
);

/** A shared memory of `bytes` (rounded up to whole 64 KiB pages) and the kernels instantiated on it. */
export function instantiate(bytes: number): { memory: WebAssembly.Memory; exports: KernelExports } {
  const pages = Math.max(1, Math.ceil(bytes / 65536));
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
  return { memory, exports: attach(memory, kernelModule) };
}
