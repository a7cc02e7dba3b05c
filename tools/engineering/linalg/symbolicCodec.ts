/**
 * The symbolic analysis (CholeskySymbolic, without its two-thread plan and kernel choice) as bytes
 * and back, so it can be kept between processes (symbolicCache.ts).
 *
 * Layout: "ESYM", u32 format, u32 header length, the header as JSON (key, scalars, array lengths),
 * zero padding to 8 bytes, the Int32 arrays in ARRAYS order, then the SHA-256 of everything before
 * it. decodeSymbolic returns null for anything that is not exactly such a file for this key
 * (wrong magic, format or key, truncated, a length that does not fit the scalars, a checksum
 * mismatch), so a damaged file costs a new analysis, never a wrong factor.
 */
import { createHash } from 'node:crypto';
import type { CholeskySymbolic } from './choleskySymbolic.ts';

const MAGIC = 0x4d595345; // "ESYM" little-endian
const FORMAT = 1;
const DIGEST = 32;

/** The Int32Array fields, in file order. */
const ARRAYS = [
  'superStart', 'superParent', 'rowPtr', 'rowIdx', 'perm', 'iperm', 'panelOff', 'scatterPtr', 'scatterSrc', 'scatterDst',
  'relPtr', 'rel', 'uOff', 'uTmp', 'childPtr', 'childIdx',
] as const;
const SCALARS = ['n', 'nnzA', 'nSuper', 'stackSize', 'nnzL', 'flops'] as const;

type ArrayField = (typeof ARRAYS)[number];
type ScalarField = (typeof SCALARS)[number];
/** What is kept: everything analyze() computes once per pattern except the thread plan and the kernels. */
export type StoredSymbolic = Pick<CholeskySymbolic, ArrayField | ScalarField>;

interface Header {
  key: string;
  scalars: Record<ScalarField, number>;
  lengths: number[];
}

const pad8 = (x: number): number => (x + 7) & ~7;

export function encodeSymbolic(sym: StoredSymbolic, key: string): Uint8Array<ArrayBuffer> {
  const header: Header = {
    key,
    scalars: Object.fromEntries(SCALARS.map((f) => [f, sym[f]])) as Record<ScalarField, number>,
    lengths: ARRAYS.map((f) => sym[f].length),
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const start = pad8(12 + json.length);
  const body = header.lengths.reduce((a, b) => a + 4 * b, 0);
  const out = new Uint8Array(start + body + DIGEST);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, FORMAT, true);
  view.setUint32(8, json.length, true);
  out.set(json, 12);
  let off = start;
  for (const f of ARRAYS) {
    const a = sym[f];
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), off);
    off += a.byteLength;
  }
  out.set(createHash('sha256').update(out.subarray(0, off)).digest(), off);
  return out;
}

/** Lengths each array must have, from the scalars (null when they do not fit together). */
function expectedLengths(s: Record<ScalarField, number>, lengths: number[]): boolean {
  const { n, nSuper } = s;
  const fixed: Partial<Record<ArrayField, number>> = {
    superStart: nSuper + 1, superParent: nSuper, rowPtr: nSuper + 1, perm: n, iperm: n, panelOff: nSuper + 1,
    scatterPtr: nSuper + 1, relPtr: nSuper + 1, uOff: nSuper, uTmp: nSuper, childPtr: nSuper + 1,
  };
  return ARRAYS.every((f, i) => fixed[f] === undefined || fixed[f] === lengths[i]);
}

/** The analysis kept in bytes for key, or null when bytes are not a sound file for it. */
export function decodeSymbolic(bytes: Uint8Array, key: string): StoredSymbolic | null {
  if (bytes.length < 12 + DIGEST) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== FORMAT) return null;
  const jsonLength = view.getUint32(8, true);
  if (12 + jsonLength + DIGEST > bytes.length) return null;
  let header: Header;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + jsonLength))) as Header;
  } catch {
    return null;
  }
  if (header?.key !== key || !Array.isArray(header.lengths) || header.lengths.length !== ARRAYS.length) return null;
  if (!SCALARS.every((f) => Number.isSafeInteger(header.scalars?.[f]) && header.scalars[f] >= 0)) return null;
  if (!header.lengths.every((l) => Number.isSafeInteger(l) && l >= 0) || !expectedLengths(header.scalars, header.lengths)) return null;
  const start = pad8(12 + jsonLength);
  const end = start + header.lengths.reduce((a, b) => a + 4 * b, 0);
  if (end + DIGEST !== bytes.length) return null;
  const digest = createHash('sha256').update(bytes.subarray(0, end)).digest();
  if (!digest.equals(bytes.subarray(end))) return null;
  // one aligned copy of the arrays, viewed per field
  const data = new Uint8Array(bytes.subarray(start, end));
  const out: Record<string, unknown> = { ...header.scalars };
  let off = 0;
  ARRAYS.forEach((f, i) => {
    out[f] = new Int32Array(data.buffer, off, header.lengths[i]);
    off += 4 * header.lengths[i];
  });
  return out as unknown as StoredSymbolic;
}
