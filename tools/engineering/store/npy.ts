/**
 * NumPy `.npy` encode/decode (format versions 1.0, 2.0 and 3.0).
 *
 * Layout: magic "\x93NUMPY", major, minor, header length (uint16 LE for v1, uint32 LE for v2/v3),
 * then a Python dict literal `{'descr': '<f8', 'fortran_order': False, 'shape': (r, c), }`
 * padded with spaces and a final '\n' so the data starts on a 64-byte boundary.
 * We write designs as little-endian float64 in C (row-major) order. We read the common numeric
 * dtypes (float32/64, signed/unsigned ints, bool; either byte order), 1-D (only with a caller
 * shape) and 2-D arrays in C or Fortran order, and return a row-major Design.
 */
import { InputError } from '../../errors.ts';
import type { Design, DesignShape } from '../problem.ts';

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY
const ALIGN = 64;

export interface NpyHeader {
  descr: string;
  fortranOrder: boolean;
  shape: number[];
  /** Byte offset where the data starts. */
  dataOffset: number;
  version: [number, number];
}

export interface DecodeOptions {
  /** Required for 1-D arrays; checked against the stored shape for 2-D and 3-D arrays. */
  shape?: DesignShape;
  /** Name used in error messages (a file path, say). */
  source?: string;
}

/** Encodes a design as a `.npy` file: '<f8', fortran_order False, shape (rows, cols) or (n0, n1, n2). */
export function encodeNpy(design: Design): Uint8Array {
  const { shape } = design;
  if ((shape.length !== 2 && shape.length !== 3) || !shape.every((v) => Number.isInteger(v) && v >= 0)) {
    throw new InputError(`design shape must be two or three non-negative integers, got [${shape.join(', ')}]`, { field: 'design.shape' });
  }
  return encodeNpyArray(shape, design.data);
}

/** Encodes any C-order float64 array of 1 to 6 dimensions as a `.npy` file (e.g. a stack of per-step fields). */
export function encodeNpyArray(shape: readonly number[], data: Float64Array): Uint8Array {
  if (shape.length < 1 || shape.length > 6 || !shape.every((v) => Number.isInteger(v) && v >= 0)) {
    throw new InputError(`array shape must be one to six non-negative integers, got [${shape.join(', ')}]`, { field: 'shape' });
  }
  const count = shape.reduce((p, v) => p * v, 1);
  if (data.length !== count) {
    throw new InputError(`design data has ${data.length} values but shape [${shape.join(', ')}] needs ${count}`, { field: 'design.data' });
  }
  const dict = `{'descr': '<f8', 'fortran_order': False, 'shape': (${shape.join(', ')}${shape.length === 1 ? ',' : ''}), }`;
  const padded = (preamble: number) => Math.ceil((preamble + dict.length + 1) / ALIGN) * ALIGN;
  const v1 = padded(10) - 10 <= 0xffff;
  const preamble = v1 ? 10 : 12;
  const total = padded(preamble);
  const headerLen = total - preamble;
  const out = new Uint8Array(total + count * 8);
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  out[6] = v1 ? 1 : 2;
  out[7] = 0;
  if (v1) view.setUint16(8, headerLen, true);
  else view.setUint32(8, headerLen, true);
  const header = dict.padEnd(headerLen - 1, ' ') + '\n';
  for (let i = 0; i < header.length; i++) out[preamble + i] = header.charCodeAt(i);
  for (let i = 0; i < data.length; i++) view.setFloat64(total + i * 8, data[i], true);
  return out;
}

/** Reads and validates the header; throws InputError on anything malformed. */
export function readNpyHeader(bytes: Uint8Array, source = 'npy data'): NpyHeader {
  if (bytes.length < 10 || MAGIC.some((b, i) => bytes[i] !== b)) {
    throw new InputError(`${source} is not a NumPy .npy file (bad magic; expected "\\x93NUMPY")`, { field: 'npy' });
  }
  const major = bytes[6];
  const minor = bytes[7];
  if (major < 1 || major > 3) {
    throw new InputError(`${source}: unsupported .npy format version ${major}.${minor} (allowed 1.0, 2.0, 3.0)`, { field: 'npy.version' });
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const preamble = major === 1 ? 10 : 12;
  if (bytes.length < preamble) throw new InputError(`${source}: truncated .npy header`, { field: 'npy.header' });
  const headerLen = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  if (preamble + headerLen > bytes.length) {
    throw new InputError(`${source}: truncated .npy header (needs ${preamble + headerLen} bytes, file has ${bytes.length})`, { field: 'npy.header' });
  }
  const raw = bytes.subarray(preamble, preamble + headerLen);
  const text = major === 3 ? new TextDecoder('utf-8').decode(raw) : latin1(raw);
  const dict = parseHeaderDict(text, source);
  return { ...dict, dataOffset: preamble + headerLen, version: [major, minor] };
}

function latin1(raw: Uint8Array): string {
  let s = '';
  for (const b of raw) s += String.fromCharCode(b);
  return s;
}

/** Parses the header dict literal; only the three keys NumPy writes are accepted. */
function parseHeaderDict(text: string, source: string): Omit<NpyHeader, 'dataOffset' | 'version'> {
  const bad = (why: string) => new InputError(`${source}: malformed .npy header (${why}): ${text.trim()}`, { field: 'npy.header' });
  const descrM = /'descr'\s*:\s*('([^']*)'|\[)/.exec(text);
  if (!descrM) throw bad("no 'descr'");
  if (descrM[1] === '[') {
    throw new InputError(`${source}: structured dtypes are not supported (descr is a list); save a plain numeric 2-D array`, { field: 'npy.descr' });
  }
  const orderM = /'fortran_order'\s*:\s*(True|False)/.exec(text);
  if (!orderM) throw bad("no 'fortran_order'");
  const shapeM = /'shape'\s*:\s*\(([^)]*)\)/.exec(text);
  if (!shapeM) throw bad("no 'shape'");
  const parts = shapeM[1].split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  const shape = parts.map((p) => {
    if (!/^\d+L?$/.test(p)) throw bad(`shape entry "${p}"`);
    return Number.parseInt(p, 10);
  });
  return { descr: descrM[2], fortranOrder: orderM[1] === 'True', shape };
}

type Reader = (view: DataView, offset: number) => number;

/** Maps a dtype descr to its item size and a reader, or explains why it is unsupported. */
function dtypeReader(descr: string, source: string): { size: number; read: Reader } {
  const m = /^([<>|=])([a-zA-Z])(\d*)$/.exec(descr);
  const reject = (why: string) =>
    new InputError(`${source}: unsupported dtype '${descr}' (${why}); allowed: float32/float64, int8-64, uint8-64, bool`, { field: 'npy.descr' });
  if (!m) throw reject('not a simple numeric dtype');
  const [, order, kind, sizeText] = m;
  if (kind === 'O') throw reject('object arrays cannot be read without pickle');
  if (kind === 'c') throw reject('complex values are not a design');
  const size = Number(sizeText);
  const le = order !== '>';
  const key = `${kind}${size}`;
  const readers: Record<string, Reader> = {
    f4: (v, o) => v.getFloat32(o, le),
    f8: (v, o) => v.getFloat64(o, le),
    i1: (v, o) => v.getInt8(o),
    i2: (v, o) => v.getInt16(o, le),
    i4: (v, o) => v.getInt32(o, le),
    i8: (v, o) => Number(v.getBigInt64(o, le)),
    u1: (v, o) => v.getUint8(o),
    u2: (v, o) => v.getUint16(o, le),
    u4: (v, o) => v.getUint32(o, le),
    u8: (v, o) => Number(v.getBigUint64(o, le)),
    b1: (v, o) => (v.getUint8(o) !== 0 ? 1 : 0),
  };
  const read = readers[key];
  if (!read) throw reject(`kind '${kind}' with ${size} bytes`);
  return { size, read };
}

/** Resolves the stored shape (and the caller's) to the design's shape, 2-D or 3-D. */
function resolveShape(stored: number[], opts: DecodeOptions, source: string): DesignShape {
  if (stored.length === 2 || stored.length === 3) {
    if (opts.shape && (opts.shape.length !== stored.length || opts.shape.some((v, d) => v !== stored[d]))) {
      throw new InputError(`${source}: array has shape (${stored.join(', ')}) but shape [${opts.shape.join(', ')}] was expected`, { field: 'shape' });
    }
    return stored.slice() as DesignShape;
  }
  if (stored.length === 1) {
    if (!opts.shape) {
      throw new InputError(`${source}: 1-D array of length ${stored[0]} needs an explicit shape [rows, cols]`, {
        field: 'shape',
        hint: 'pass the design shape, or save the array as 2-D with numpy.save(path, a.reshape(rows, cols))',
      });
    }
    if (opts.shape.reduce((p, v) => p * v, 1) !== stored[0]) {
      throw new InputError(`${source}: 1-D array of length ${stored[0]} cannot be reshaped to [${opts.shape.join(', ')}]`, { field: 'shape' });
    }
    return opts.shape.slice() as DesignShape;
  }
  throw new InputError(`${source}: ${stored.length}-D arrays are not designs (allowed: 2-D, 3-D, or 1-D with an explicit shape)`, { field: 'npy.shape' });
}

/** Decodes a `.npy` file into a row-major (C-order) float64 Design. */
export function decodeNpy(bytes: Uint8Array, opts: DecodeOptions = {}): Design {
  const source = opts.source ?? 'npy data';
  const header = readNpyHeader(bytes, source);
  const { size, read } = dtypeReader(header.descr, source);
  const shape = resolveShape(header.shape, opts, source);
  const n = shape.reduce((p, v) => p * v, 1);
  const needed = header.dataOffset + n * size;
  if (bytes.length < needed) {
    throw new InputError(`${source}: truncated data (needs ${n * size} bytes for ${n} values, has ${bytes.length - header.dataOffset})`, { field: 'npy.data' });
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const data = new Float64Array(n);
  const base = header.dataOffset;
  const fortran = header.fortranOrder && header.shape.length >= 2;
  for (let k = 0; k < n; k++) {
    // Fortran order stores the first index fastest: element k is (k % n0, (k / n0) % n1, …).
    let dst = k;
    if (fortran) {
      let rest = k;
      dst = 0;
      let stride = 1;
      const idx = shape.map((len) => {
        const i = rest % len;
        rest = Math.floor(rest / len);
        return i;
      });
      for (let d = shape.length - 1; d >= 0; d--) {
        dst += idx[d] * stride;
        stride *= shape[d];
      }
    }
    data[dst] = read(view, base + k * size);
  }
  return { shape, data };
}
