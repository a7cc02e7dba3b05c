/**
 * Element-by-element assembly straight into the factor's panels, for matrices K = Σ_e E_e·Ke (one
 * element matrix scaled per element, as in SIMP): skips the CSR values and their scatter into the
 * fronts. Each entry k of element e lands at the panel position where the factorization reads the
 * CSR slot it would be added to (scatterSrc → scatterDst of the symbolic analysis); entries whose
 * slot is never read (the mirrored triangle) or absent (a fixed DOF) are dropped. The kept
 * contributions are listed per supernode, so each panel is assembled just before it is factored
 * (while it is in cache), in element order: every panel entry receives the same products in the
 * same order as the CSR values would, so the factor is bitwise equal to assembling CSR values and
 * calling factorize().
 *
 * Legend: nk = entries per element matrix (64 for 8 DOFs, at most 256); scatter[e·nk + k] = CSR
 * slot of entry k of element e (-1: none); contribution t of supernode s (t in contribPtr[s] …
 * contribPtr[s+1]) adds E[ek >> 8]·Ke[ek & 255] to Lx[contribDst[t]], ek = contribEK[t].
 * With the element's rows (nd = √nk DOFs per element, -1 for a fixed DOF) the plan also gives the
 * element energies ce_e = u_eᵀ Ke u_e of a solution: rowsP[e·nd + i] = permuted row of DOF i.
 */
import { InputError } from '../../errors.ts';
import type { CholeskySymbolic } from './choleskySymbolic.ts';

export interface ElementAssembly {
  nel: number;
  nk: number;
  Ke: Float64Array;
  scatter: Int32Array;
  contribPtr: Int32Array;
  contribDst: Int32Array;
  contribEK: Int32Array;
  /** DOFs per element (√nk). */
  nd: number;
  /** Permuted row of each element DOF (-1: fixed), when planned with rows; else empty. */
  rowsP: Int32Array;
}

export function planElementAssembly(sym: CholeskySymbolic, Ke: Float64Array, scatter: Int32Array, rows?: Int32Array): ElementAssembly {
  const nk = Ke.length;
  const nd = Math.round(Math.sqrt(nk));
  if (nk === 0 || nk > 256 || scatter.length % nk !== 0) {
    throw new InputError(`scatter (${scatter.length} entries) must hold ${nk} (1 … 256) entries per element`, { field: 'scatter' });
  }
  const nel = scatter.length / nk;
  if (nel >= 2 ** 23) throw new InputError(`at most ${2 ** 23 - 1} elements, got ${nel}`, { field: 'scatter' });
  // slot → (panel position, supernode) for the slots the factorization reads
  const slotDst = new Int32Array(sym.nnzA).fill(-1);
  const slotSuper = new Int32Array(sym.nnzA);
  for (let s = 0; s < sym.nSuper; s++) {
    for (let t = sym.scatterPtr[s]; t < sym.scatterPtr[s + 1]; t++) {
      slotDst[sym.scatterSrc[t]] = sym.scatterDst[t];
      slotSuper[sym.scatterSrc[t]] = s;
    }
  }
  const contribPtr = new Int32Array(sym.nSuper + 1);
  for (let q = 0; q < scatter.length; q++) {
    const slot = scatter[q];
    if (slot >= sym.nnzA) throw new InputError(`scatter entry ${q} points at slot ${slot}, past the pattern's ${sym.nnzA}`, { field: 'scatter' });
    if (slot >= 0 && slotDst[slot] >= 0) contribPtr[slotSuper[slot] + 1]++;
  }
  for (let s = 0; s < sym.nSuper; s++) contribPtr[s + 1] += contribPtr[s];
  const next = contribPtr.slice(0, sym.nSuper);
  const contribDst = new Int32Array(contribPtr[sym.nSuper]);
  const contribEK = new Int32Array(contribPtr[sym.nSuper]);
  // q ascending = element order, so each panel entry's products keep their CSR order
  for (let q = 0; q < scatter.length; q++) {
    const slot = scatter[q];
    if (slot < 0 || slotDst[slot] < 0) continue;
    const t = next[slotSuper[slot]]++;
    contribDst[t] = slotDst[slot];
    contribEK[t] = (Math.floor(q / nk) << 8) | q % nk;
  }
  let rowsP = new Int32Array(0);
  if (rows) {
    if (nd * nd !== nk || rows.length !== nel * nd) throw new InputError(`rows must hold ${nd} rows per element (${nel * nd}), got ${rows.length}`, { field: 'rows' });
    rowsP = Int32Array.from(rows, (r) => (r >= 0 ? sym.iperm[r] : -1));
  }
  return { nel, nk, Ke: Float64Array.from(Ke), scatter, contribPtr, contribDst, contribEK, nd, rowsP };
}

/** CSR values Σ_e E_e·Ke on the pattern, elements in order (the JS kernels' path and a cross-check). */
export function assembleCsr(a: Pick<ElementAssembly, 'nel' | 'nk' | 'Ke' | 'scatter'>, E: Float64Array, values: Float64Array): Float64Array {
  const { nel, nk, Ke, scatter } = a;
  values.fill(0);
  for (let e = 0; e < nel; e++) {
    const Ee = E[e];
    const base = e * nk;
    for (let k = 0; k < nk; k++) {
      const s = scatter[base + k];
      if (s >= 0) values[s] += Ee * Ke[k];
    }
  }
  return values;
}

/** True when the plan was made with the elements' rows (needed for element energies). */
export const hasElementRows = (a: ElementAssembly): boolean => a.rowsP.length === a.nel * a.nd;

/**
 * ce_e = u_eᵀ Ke u_e = Σ_j (Σ_i u_i Ke_ij) u_j for every element, from the permuted solution y
 * (u_i = 0 at a fixed DOF), summed in exactly that order (the WebAssembly kernel's twin).
 */
export function elementEnergiesFrom(a: ElementAssembly, y: Float64Array, ce: Float64Array): Float64Array {
  const { nel, nd, Ke, rowsP } = a;
  if (!hasElementRows(a)) throw new InputError('the element assembly was planned without element rows', { field: 'rows' });
  const u = new Float64Array(nd);
  for (let e = 0; e < nel; e++) {
    for (let i = 0; i < nd; i++) {
      const r = rowsP[e * nd + i];
      u[i] = r >= 0 ? y[r] : 0;
    }
    let s = 0;
    for (let j = 0; j < nd; j++) {
      let t = u[0] * Ke[j];
      for (let i = 1; i < nd; i++) t += u[i] * Ke[i * nd + j];
      s += t * u[j];
    }
    ce[e] = s;
  }
  return ce;
}
