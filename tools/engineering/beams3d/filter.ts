/**
 * The Beams3D sensitivity filter (Sigmund's, EngiBench `_apply_filter`): on the design grid
 * [nely, nelx, nelz], dc̃ = H(x ⊙ dc) / Hs / max(1e-3, x), with the cone weights
 * H_ij = rmin − ‖i − j‖ for offsets |d| ≤ ⌈rmin⌉ − 1 and a positive weight, clipped at the domain
 * edges, Hs = the row sums. Applied matrix-free, one shifted block per offset.
 */
export interface SensitivityFilter3D {
  shape: [number, number, number];
  /** (d0, d1, d2, weight) per active offset, in the order of a d0-major sweep. */
  offsets: Float64Array;
  hs: Float64Array;
}

export function buildSensitivityFilter(shape: [number, number, number], rmin: number): SensitivityFilter3D {
  const r = Math.ceil(rmin) - 1;
  const offs: number[] = [];
  for (let a = -r; a <= r; a++) {
    for (let b = -r; b <= r; b++) {
      for (let c = -r; c <= r; c++) {
        const w = rmin - Math.sqrt(a * a + b * b + c * c);
        if (w > 0 && Math.abs(a) < shape[0] && Math.abs(b) < shape[1] && Math.abs(c) < shape[2]) offs.push(a, b, c, w);
      }
    }
  }
  const filter = { shape, offsets: Float64Array.from(offs), hs: new Float64Array(shape[0] * shape[1] * shape[2]) };
  const ones = new Float64Array(filter.hs.length).fill(1);
  applyCone(filter, ones, filter.hs);
  return filter;
}

/** out = H·v (no normalisation). */
export function applyCone(f: Pick<SensitivityFilter3D, 'shape' | 'offsets'>, v: Float64Array, out: Float64Array): Float64Array {
  const [n0, n1, n2] = f.shape;
  out.fill(0);
  for (let o = 0; o < f.offsets.length; o += 4) {
    const d0 = f.offsets[o], d1 = f.offsets[o + 1], d2 = f.offsets[o + 2], w = f.offsets[o + 3];
    const i0 = Math.max(0, -d0), j0 = Math.min(n0, n0 - d0);
    const i1 = Math.max(0, -d1), j1 = Math.min(n1, n1 - d1);
    const i2 = Math.max(0, -d2), j2 = Math.min(n2, n2 - d2);
    for (let a = i0; a < j0; a++) {
      for (let b = i1; b < j1; b++) {
        const dst = (a * n1 + b) * n2;
        const src = ((a + d0) * n1 + (b + d1)) * n2 + d2;
        for (let c = i2; c < j2; c++) out[dst + c] += w * v[src + c];
      }
    }
  }
  return out;
}

export function filterSensitivities(f: SensitivityFilter3D, x: Float64Array, dc: Float64Array): Float64Array {
  const xdc = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) xdc[i] = x[i] * dc[i];
  const out = applyCone(f, xdc, new Float64Array(x.length));
  for (let i = 0; i < x.length; i++) out[i] = out[i] / f.hs[i] / Math.max(1e-3, x[i]);
  return out;
}
