/**
 * The symbolic analysis kept between processes. On a fresh process the analysis runs cold (the JIT
 * has not warmed up yet): ≈ 0.13–0.16 s of CPU at Beams2D 100×50 (n = 10,250), where reading it
 * back costs a few ms. Like the kernels' binary (wasm/binarySource.ts) the numeric core does no
 * I/O: the tool layer installs a BinaryStore (tools/engineering/registry.ts, ENGIAI_HOME/cache),
 * and without one every analysis is computed.
 *
 * The key is a SHA-256 of everything the analysis depends on: the pattern, the coordinates, the
 * options that change the result, and ANALYSIS_VERSION, the version of the analysis code. A change
 * to the ordering, the elimination tree, the supernodes or the index maps that changes their
 * output must bump ANALYSIS_VERSION (tests/unit/linalg/symbolicCache.test.ts holds the
 * fingerprint of a fixed analysis and fails until it is bumped), so a kept analysis is always the
 * one this code computes: factors stay bitwise equal to those of a fresh analysis.
 *
 * Patterns under MIN_CACHED_ROWS rows are analysed in a few ms and are not kept.
 */
import { createHash } from 'node:crypto';
import type { AnalyzeOptions, CholeskySymbolic } from './choleskySymbolic.ts';
import type { CsrPattern } from './csrPattern.ts';
import { decodeSymbolic, encodeSymbolic, type StoredSymbolic } from './symbolicCodec.ts';
import type { BinaryStore } from './wasm/binarySource.ts';

/** Bump whenever the symbolic analysis computes anything different for the same input. */
export const ANALYSIS_VERSION = 1;
export const MIN_CACHED_ROWS = 4096;
const NAME = 'cholesky-symbolic';

let installed: BinaryStore | null = null;

/** Installs (or, with null, removes) the store analyses are kept in. */
export function useSymbolicStore(store: BinaryStore | null): void {
  installed = store;
}

const bytesOf = (a: Int32Array | Float64Array): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** Hex SHA-256 of the analysis' inputs (pattern, coordinates, ordering and amalgamation options). */
export function analysisKey(pattern: CsrPattern, opts: AnalyzeOptions): string {
  const h = createHash('sha256');
  const settings = { v: ANALYSIS_VERSION, n: pattern.n, dims: opts.coordDims ?? 2, leaf: opts.leafSize ?? null, relax: opts.relax ?? null, coords: opts.coords?.length ?? -1 };
  h.update(JSON.stringify(settings));
  h.update(bytesOf(pattern.rowPtr));
  h.update(bytesOf(pattern.colIdx));
  if (opts.coords) h.update(bytesOf(opts.coords));
  return h.digest('hex');
}

/**
 * build(pattern, opts) through the installed store: the kept analysis for these inputs when there
 * is a sound one, else a new one (then kept). Same result either way.
 */
export function cachedSymbolic(
  pattern: CsrPattern,
  opts: AnalyzeOptions,
  build: (pattern: CsrPattern, opts: AnalyzeOptions) => CholeskySymbolic,
  store: BinaryStore | null = installed,
): CholeskySymbolic {
  if (!store || !(pattern.n >= MIN_CACHED_ROWS)) return build(pattern, opts);
  // a pattern whose arrays are not Int32Arrays is left to build() to refuse
  if (!(pattern.rowPtr instanceof Int32Array) || !(pattern.colIdx instanceof Int32Array)) return build(pattern, opts);
  const key = analysisKey(pattern, opts);
  const kept = store.get(NAME, key);
  const stored = kept ? decodeSymbolic(kept, key) : null;
  if (stored) return { ...stored, parallel: null };
  const sym = build(pattern, opts);
  store.put(NAME, key, encodeSymbolic(sym satisfies StoredSymbolic, key));
  return sym;
}
