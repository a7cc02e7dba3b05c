/** Reads a binary STL back (tests check what the exporter wrote). */
import { InputError } from '../../tools/errors.ts';

export interface ParsedStl {
  header: string;
  /** 9 floats per triangle. */
  positions: Float32Array;
  /** 3 floats per triangle, as stored. */
  normals: Float32Array;
  triangles: number;
}

export function parseBinaryStl(bytes: Uint8Array): ParsedStl {
  if (bytes.length < 84) throw new InputError(`binary STL too short: ${bytes.length} bytes (at least 84)`, { field: 'stl' });
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = view.getUint32(80, true);
  if (bytes.length !== 84 + 50 * n) {
    throw new InputError(`binary STL says ${n} triangles (${84 + 50 * n} bytes) but has ${bytes.length} bytes`, { field: 'stl' });
  }
  const positions = new Float32Array(9 * n);
  const normals = new Float32Array(3 * n);
  for (let t = 0; t < n; t++) {
    const base = 84 + 50 * t;
    for (let k = 0; k < 3; k++) normals[t * 3 + k] = view.getFloat32(base + 4 * k, true);
    for (let k = 0; k < 9; k++) positions[t * 9 + k] = view.getFloat32(base + 12 + 4 * k, true);
  }
  let header = '';
  for (let i = 0; i < 80 && bytes[i] !== 0; i++) header += String.fromCharCode(bytes[i]);
  return { header, positions, normals, triangles: n };
}
