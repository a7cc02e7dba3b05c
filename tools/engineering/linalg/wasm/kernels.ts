/**
 * The sparse Cholesky's WebAssembly kernels (multifrontalWat.ts), assembled once per thread with
 * wabt when this module is first imported (top-level await, ≈ 70 ms). Nothing is downloaded or
 * written: the WAT text is part of the source, the binary lives only in memory.
 *
 * Each factor gets its own shared memory sized for it, and an instance of this module on it
 * (instantiate); a helper thread instantiates the same module on the same memory.
 */
import wabtInit from 'wabt';
import { KERNELS_WAT } from './multifrontalWat.ts';
import { attach } from './wasmSweep.ts';

/** What an instance exports (addresses in bytes; see multifrontalWat.ts). */
export interface KernelExports {
  factor(s0: number, s1: number, lx: number, w: number, vals: number, f: number): number;
  badColumn(): number;
  forward(nSuper: number, lx: number, y: number): void;
  backward(nSuper: number, lx: number, y: number): void;
}

async function assemble(): Promise<WebAssembly.Module> {
  const wabt = await wabtInit();
  const parsed = wabt.parseWat('linalg-kernels.wat', KERNELS_WAT, { simd: true, threads: true, bulk_memory: true });
  try {
    return new WebAssembly.Module(new Uint8Array(parsed.toBinary({}).buffer));
  } finally {
    parsed.destroy();
  }
}

/** The compiled kernels (a WebAssembly.Module can be posted to another thread). */
export const kernelModule: WebAssembly.Module = await assemble();

/** A shared memory of `bytes` (rounded up to whole 64 KiB pages) and the kernels instantiated on it. */
export function instantiate(bytes: number, module: WebAssembly.Module = kernelModule): { memory: WebAssembly.Memory; exports: KernelExports } {
  const pages = Math.max(1, Math.ceil(bytes / 65536));
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
  return { memory, exports: attach(memory, module) };
}
