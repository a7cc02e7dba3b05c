/**
 * Binary STL: an 80-byte header, a uint32 triangle count, then per triangle a float32 normal,
 * three float32 vertices and a uint16 attribute (0), all little-endian: 84 + 50·n bytes.
 * Triangles are given as a flat Float32Array of 9 values each (x0 y0 z0 x1 ... z2), counter-clockwise
 * seen from outside.
 */
import { InputError } from '../../errors.ts';

const HEADER = 'EngiAI binary STL (units: design cells x scale_xy; z: scale_z)';

/** Unit normal of triangle t (zero vector for a degenerate triangle). */
export function triangleNormal(p: Float32Array, t: number): [number, number, number] {
  const o = t * 9;
  const ux = p[o + 3] - p[o], uy = p[o + 4] - p[o + 1], uz = p[o + 5] - p[o + 2];
  const vx = p[o + 6] - p[o], vy = p[o + 7] - p[o + 1], vz = p[o + 8] - p[o + 2];
  const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const len = Math.hypot(nx, ny, nz);
  return len > 0 ? [nx / len, ny / len, nz / len] : [0, 0, 0];
}

export function writeBinaryStl(positions: Float32Array): Uint8Array {
  if (positions.length % 9 !== 0) throw new InputError(`STL positions must come 9 per triangle, got ${positions.length}`, { field: 'positions' });
  const n = positions.length / 9;
  const out = new Uint8Array(84 + 50 * n);
  const view = new DataView(out.buffer);
  for (let i = 0; i < HEADER.length; i++) out[i] = HEADER.charCodeAt(i);
  view.setUint32(80, n, true);
  for (let t = 0; t < n; t++) {
    const base = 84 + 50 * t;
    const nrm = triangleNormal(positions, t);
    for (let k = 0; k < 3; k++) view.setFloat32(base + 4 * k, nrm[k], true);
    for (let k = 0; k < 9; k++) view.setFloat32(base + 12 + 4 * k, positions[t * 9 + k], true);
    view.setUint16(base + 48, 0, true);
  }
  return out;
}
