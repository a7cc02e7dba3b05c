import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSymbolic, type AnalyzeOptions, type CholeskySymbolic } from '../../../tools/engineering/linalg/choleskySymbolic.ts';
import type { CsrPattern } from '../../../tools/engineering/linalg/csrPattern.ts';
import { factorize, solve } from '../../../tools/engineering/linalg/sparseCholesky.ts';
import { ANALYSIS_VERSION, analysisKey, cachedSymbolic, MIN_CACHED_ROWS } from '../../../tools/engineering/linalg/symbolicCache.ts';
import { decodeSymbolic, encodeSymbolic } from '../../../tools/engineering/linalg/symbolicCodec.ts';
import { fileBinaryStore } from '../../../tools/engineering/store/binaryCache.ts';
import { q4Grid, rng } from './testMatrices.ts';

const FIELDS = [
  'superStart', 'superParent', 'rowPtr', 'rowIdx', 'perm', 'iperm', 'panelOff', 'scatterPtr', 'scatterSrc', 'scatterDst',
  'relPtr', 'rel', 'uOff', 'uTmp', 'childPtr', 'childIdx', 'n', 'nnzA', 'nSuper', 'stackSize', 'nnzL', 'flops',
] as const;

/** Every kept field as plain values, for toEqual. */
const plain = (s: CholeskySymbolic) => Object.fromEntries(FIELDS.map((f) => [f, ArrayBuffer.isView(s[f]) ? Array.from(s[f] as Int32Array) : s[f]]));

/**
 * Fingerprints of the analysis of the 64×32 Q4 grid (n = 4,256) with coordinates (geometric
 * dissection) and without (graph dissection), for ANALYSIS_VERSION. When this test fails, the
 * analysis computes something else than before: bump ANALYSIS_VERSION in symbolicCache.ts (so
 * analyses kept by the old code are not used) and record the new fingerprints here.
 */
const FINGERPRINTS: Record<number, { geometric: string; graph: string }> = {
  1: { geometric: '241ce31fcf1bcb31c442516aa069fced9973534e4f6c648edde67c257b4e17cd', graph: 'a5f360cd7a1676d4a1861fc0301b8ae1eb9e073e07669f5089bb8d8cc8dd0a09' },
};

describe('symbolic analysis kept between processes', () => {
  const grid = q4Grid(64, 32);
  const pattern: CsrPattern = grid.A;
  const opts: AnalyzeOptions = { coords: grid.coords };
  let home: string;
  const saved = process.env.ENGIAI_HOME;
  let builds = 0;
  const counted = (p: CsrPattern, o: AnalyzeOptions): CholeskySymbolic => {
    builds++;
    return buildSymbolic(p, o);
  };
  const keptFiles = () => {
    try {
      return readdirSync(join(home, 'cache', 'symbolic')).filter((f) => f.endsWith('.bin'));
    } catch {
      return [];
    }
  };
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'engiai-symbolic-'));
    process.env.ENGIAI_HOME = home;
    builds = 0;
  });
  afterEach(() => {
    process.env.ENGIAI_HOME = saved;
    rmSync(home, { recursive: true, force: true });
  });

  it('the analyses of a fixed grid have the fingerprints recorded for ANALYSIS_VERSION', () => {
    expect(pattern.n).toBeGreaterThanOrEqual(MIN_CACHED_ROWS);
    const print = (o: AnalyzeOptions) => createHash('sha256').update(encodeSymbolic(buildSymbolic(pattern, o), 'fingerprint')).digest('hex');
    const now = { geometric: print(opts), graph: print({}) };
    expect(now, `the analysis changed: bump ANALYSIS_VERSION (now ${ANALYSIS_VERSION}) and record ${JSON.stringify(now)}`).toEqual(FINGERPRINTS[ANALYSIS_VERSION]);
  });

  it('round-trips every field through its bytes, and refuses them for another key', () => {
    const sym = buildSymbolic(pattern, opts);
    const bytes = encodeSymbolic(sym, 'k1');
    const back = decodeSymbolic(bytes, 'k1');
    expect(back).not.toBeNull();
    expect(plain({ ...back!, parallel: null })).toEqual(plain(sym));
    expect(decodeSymbolic(bytes, 'k2')).toBeNull();
    // at an odd offset in a bigger buffer (as a file read may give it)
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    expect(plain({ ...decodeSymbolic(shifted.subarray(3), 'k1')!, parallel: null })).toEqual(plain(sym));
  });

  it('analyses once, then reads the kept analysis: same fields, bitwise the same solution', () => {
    const store = fileBinaryStore('symbolic');
    const first = cachedSymbolic(pattern, opts, counted, store);
    expect(builds).toBe(1);
    expect(keptFiles()).toHaveLength(1);
    const second = cachedSymbolic(pattern, opts, counted, store);
    expect(builds).toBe(1);
    expect(plain(second)).toEqual(plain(first));
    const r = rng(7);
    const b = Float64Array.from({ length: pattern.n }, () => r() - 0.5);
    const fresh = solve(factorize({ ...first, kernels: 'wasm' }, grid.A.values), b);
    const kept = solve(factorize({ ...second, kernels: 'wasm' }, grid.A.values), b);
    expect(Array.from(kept)).toEqual(Array.from(fresh));
  });

  it('analyses again when the kept file is damaged or truncated, and keeps a sound one', () => {
    const store = fileBinaryStore('symbolic');
    const first = cachedSymbolic(pattern, opts, counted, store);
    const file = join(home, 'cache', 'symbolic', keptFiles()[0]);
    const good = readFileSync(file);
    const flipped = Buffer.from(good);
    flipped[Math.floor(flipped.length / 2)] ^= 1;
    writeFileSync(file, flipped);
    expect(plain(cachedSymbolic(pattern, opts, counted, store))).toEqual(plain(first));
    expect(builds).toBe(2);
    expect(readFileSync(file).equals(good)).toBe(true);
    writeFileSync(file, good.subarray(0, good.length - 100));
    expect(plain(cachedSymbolic(pattern, opts, counted, store))).toEqual(plain(first));
    expect(builds).toBe(3);
    cachedSymbolic(pattern, opts, counted, store);
    expect(builds).toBe(3);
  });

  it('keys on the pattern, the coordinates and the options', () => {
    const base = analysisKey(pattern, opts);
    const shiftedCoords = Float64Array.from(grid.coords, (c, i) => (i === 0 ? c + 1 : c));
    expect(analysisKey(pattern, { coords: shiftedCoords })).not.toBe(base);
    expect(analysisKey(pattern, {})).not.toBe(base);
    expect(analysisKey(pattern, { ...opts, leafSize: 16 })).not.toBe(base);
    expect(analysisKey(pattern, { ...opts, relax: { smallCols: 2, rules: [[Infinity, 0.1]] } })).not.toBe(base);
    const other = q4Grid(65, 32);
    expect(analysisKey(other.A, { coords: other.coords })).not.toBe(base);
    expect(analysisKey(q4Grid(64, 32).A, opts)).toBe(base);
    const store = fileBinaryStore('symbolic');
    cachedSymbolic(pattern, opts, counted, store);
    cachedSymbolic(pattern, { ...opts, leafSize: 16 }, counted, store);
    expect(builds).toBe(2);
    expect(keptFiles()).toHaveLength(2);
  });

  it('keeps nothing for small patterns or without a store', () => {
    const small = q4Grid(8, 4);
    cachedSymbolic(small.A, { coords: small.coords }, counted, fileBinaryStore('symbolic'));
    cachedSymbolic(pattern, opts, counted, null);
    cachedSymbolic(pattern, opts, counted, null);
    expect(builds).toBe(3);
    expect(keptFiles()).toHaveLength(0);
  });
});
