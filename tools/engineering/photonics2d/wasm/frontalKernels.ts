/**
 * The FDFD solver's WebAssembly front kernels (frontalWat.ts), compiled when this module is first
 * imported (top-level await), as the sparse Cholesky's (linalg/wasm/kernels.ts): wabt assembles the
 * WAT text once, the installed BinaryStore keeps the binary (ENGIAI_HOME/cache/wasm, keyed by the
 * text's hash), later starts only read it. Nothing is downloaded.
 */
import { cachedBinary } from '../../linalg/wasm/binarySource.ts';
import { FRONTAL_WAT } from './frontalWat.ts';

/** What an instance exports (byte addresses; see frontalWat.ts). */
export interface FrontalExports {
  factorPanel(l: number, d: number, g: number, gs: number, k: number, m: number): number;
  schurUpdate(l: number, g: number, gs: number, S: number, k: number, m: number): void;
  forwardFront(l: number, d: number, xe: number, xu: number, xs: number, k: number, m: number): void;
  backwardFront(l: number, xe: number, xu: number, k: number, m: number): void;
  forwardFront2(l: number, d: number, xe: number, xu: number, xs: number, xe2: number, xu2: number, xs2: number, k: number, m: number): void;
  backwardFront2(l: number, xe: number, xu: number, xe2: number, xu2: number, k: number, m: number): void;
  extendAdd(cs: number, mc: number, rel: number, l: number, S: number, k: number, m: number): void;
}

async function assemble(): Promise<Uint8Array<ArrayBuffer>> {
  const wabt = await (await import('wabt')).default();
  const parsed = wabt.parseWat('photonics-frontal.wat', FRONTAL_WAT, { simd: true });
  try {
    return new Uint8Array(parsed.toBinary({}).buffer);
  } finally {
    parsed.destroy();
  }
}

const frontalModule: WebAssembly.Module = new WebAssembly.Module(
  await cachedBinary('photonics-frontal', FRONTAL_WAT, assemble, (bytes) => WebAssembly.validate(bytes)),
);

/** A memory of `bytes` (whole 64 KiB pages, never grown, so views on it stay valid) and the kernels on it. */
export function instantiateFrontal(bytes: number): { memory: WebAssembly.Memory; exports: FrontalExports } {
  const pages = Math.max(1, Math.ceil(bytes / 65536));
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  const exports = new WebAssembly.Instance(frontalModule, { env: { memory } }).exports as unknown as FrontalExports;
  return { memory, exports };
}
