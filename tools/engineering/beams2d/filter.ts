/**
 * Linear hat density filter (top88 "ft = 2"), stored as CSR over elements.
 *
 * Legend: rmin filter radius (element units), H_ij = max(0, rmin − dist(i, j)) over the
 * (2⌈rmin⌉−1)² neighbourhood clipped to the domain, Hs_i = Σ_j H_ij.
 * Forward: xPhys = H·x / Hs.  Transpose (H is symmetric): g ← H·(g / Hs).
 */

export interface DensityFilter {
  readonly nel: number;
  readonly rowPtr: Int32Array;
  readonly colIdx: Int32Array;
  readonly H: Float64Array;
  readonly Hs: Float64Array;
}

/** Hat weight max(0, rmin − dist) between elements (i, j) and (k, l). */
function hatWeight(i: number, j: number, k: number, l: number, rmin: number): number {
  return Math.max(0, rmin - Math.sqrt((i - k) * (i - k) + (j - l) * (j - l)));
}

/**
 * Build H and Hs for a nelx × nely grid (element e = elx·nely + ely); two passes (count, fill),
 * typed arrays only, each row's weights in column order.
 */
export function createFilter(nelx: number, nely: number, rmin: number): DensityFilter {
  const nel = nelx * nely;
  const reach = Math.ceil(rmin) - 1;
  const rowPtr = new Int32Array(nel + 1);
  let count = 0;
  for (let i = 0; i < nelx; i++) {
    for (let j = 0; j < nely; j++) {
      for (let k = Math.max(i - reach, 0); k <= Math.min(i + reach, nelx - 1); k++) {
        for (let l = Math.max(j - reach, 0); l <= Math.min(j + reach, nely - 1); l++) if (hatWeight(i, j, k, l, rmin) > 0) count++;
      }
      rowPtr[i * nely + j + 1] = count;
    }
  }
  const colIdx = new Int32Array(count);
  const H = new Float64Array(count);
  const Hs = new Float64Array(nel);
  let p = 0;
  for (let i = 0; i < nelx; i++) {
    for (let j = 0; j < nely; j++) {
      let s = 0;
      for (let k = Math.max(i - reach, 0); k <= Math.min(i + reach, nelx - 1); k++) {
        for (let l = Math.max(j - reach, 0); l <= Math.min(j + reach, nely - 1); l++) {
          const w = hatWeight(i, j, k, l, rmin);
          if (w > 0) {
            colIdx[p] = k * nely + l;
            H[p++] = w;
            s += w;
          }
        }
      }
      Hs[i * nely + j] = s;
    }
  }
  return { nel, rowPtr, colIdx, H, Hs };
}

/** xPhys = H·x / Hs. */
export function applyFilter(F: DensityFilter, x: Float64Array, out: Float64Array): Float64Array {
  const { rowPtr, colIdx, H, Hs } = F;
  for (let e = 0; e < F.nel; e++) {
    let s = 0;
    for (let p = rowPtr[e]; p < rowPtr[e + 1]; p++) s += H[p] * x[colIdx[p]];
    out[e] = s / Hs[e];
  }
  return out;
}

/** Chain rule through the filter: out = H·(g / Hs); `tmp` is scratch of length nel. */
export function applyFilterTranspose(F: DensityFilter, g: Float64Array, out: Float64Array, tmp: Float64Array): Float64Array {
  const { rowPtr, colIdx, H, Hs } = F;
  for (let e = 0; e < F.nel; e++) tmp[e] = g[e] / Hs[e];
  for (let e = 0; e < F.nel; e++) {
    let s = 0;
    for (let p = rowPtr[e]; p < rowPtr[e + 1]; p++) s += H[p] * tmp[colIdx[p]];
    out[e] = s;
  }
  return out;
}
