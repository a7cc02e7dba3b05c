/**
 * The ThermoElastic2D sensitivity filter (engibench.md §3.1; a sensitivity filter, not a density
 * filter, whatever the EngiBench docs say):  df ← H·(x ⊙ df) / Hs / max(1e-3, x).
 *
 * Legend: H_ef = max(0, rmin − dist(e, f)) over elements f with |Δelx|, |Δely| ≤ ⌈rmin⌉ − 1,
 * dist the Euclidean distance between element indices; Hs_e = Σ_f H_ef. With rmin = 1.1 (fixed by
 * EngiBench) the stencil is 1.1 at the centre, 0.1 at the four edge neighbours and 0 at the diagonals.
 * Elements in image order e = ely·nelx + elx; H is stored as CSR.
 */
export interface FilterMatrix {
  rowPtr: Int32Array;
  colIdx: Int32Array;
  H: Float64Array;
  Hs: Float64Array;
}

export function buildFilter(nelx: number, nely: number, rmin: number): FilterMatrix {
  const r = Math.ceil(rmin) - 1;
  const rowPtr = new Int32Array(nelx * nely + 1);
  const cols: number[] = [];
  const vals: number[] = [];
  const Hs = new Float64Array(nelx * nely);
  for (let ely = 0; ely < nely; ely++) {
    for (let elx = 0; elx < nelx; elx++) {
      const e = ely * nelx + elx;
      for (let fy = Math.max(ely - r, 0); fy <= Math.min(ely + r, nely - 1); fy++) {
        for (let fx = Math.max(elx - r, 0); fx <= Math.min(elx + r, nelx - 1); fx++) {
          const h = Math.max(0, rmin - Math.hypot(elx - fx, ely - fy));
          cols.push(fy * nelx + fx);
          vals.push(h);
          Hs[e] += h;
        }
      }
      rowPtr[e + 1] = cols.length;
    }
  }
  return { rowPtr, colIdx: Int32Array.from(cols), H: Float64Array.from(vals), Hs };
}

/** H·(x ⊙ df) / Hs / max(1e-3, x). */
export function filterSensitivities(F: FilterMatrix, x: Float64Array, df: Float64Array): Float64Array {
  const out = new Float64Array(x.length);
  for (let e = 0; e < x.length; e++) {
    let s = 0;
    for (let q = F.rowPtr[e]; q < F.rowPtr[e + 1]; q++) {
      const f = F.colIdx[q];
      s += F.H[q] * x[f] * df[f];
    }
    out[e] = s / F.Hs[e] / Math.max(1e-3, x[e]);
  }
  return out;
}
