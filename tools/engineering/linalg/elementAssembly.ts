/**
 * Element-by-element assembly straight into the factor's panels, for matrices K = Σ_e E_e·Ke (one
 * element matrix scaled per element, as in SIMP): skips the CSR values and their scatter into the
 * fronts. Each entry k of element e maps to the panel position where the factorization reads the
 * CSR slot it would be added to (scatterSrc → scatterDst of the symbolic analysis), or -1 when the
 * slot is never read (the mirrored triangle) or absent (a fixed DOF). Every panel entry receives the
 * same products in the same element order as the CSR values would, so the factor is bitwise equal
 * to assembling CSR values and calling factorize().
 *
 * Legend: nk = entries per element matrix (64 for 8 DOFs); scatter[e·nk + k] = CSR slot of entry k
 * of element e (-1: none); lxMap[e·nk + k] = index into Lx (-1: skipped).
 */
import { InputError } from '../../errors.ts';
import type { CholeskySymbolic } from './choleskySymbolic.ts';

export interface ElementAssembly {
  nel: number;
  nk: number;
  Ke: Float64Array;
  scatter: Int32Array;
  lxMap: Int32Array;
}

export function planElementAssembly(sym: CholeskySymbolic, Ke: Float64Array, scatter: Int32Array): ElementAssembly {
  const nk = Ke.length;
  if (nk === 0 || scatter.length % nk !== 0) {
    throw new InputError(`scatter (${scatter.length} entries) must hold ${nk} entries per element`, { field: 'scatter' });
  }
  const slotToLx = new Int32Array(sym.nnzA).fill(-1);
  for (let t = 0; t < sym.scatterSrc.length; t++) slotToLx[sym.scatterSrc[t]] = sym.scatterDst[t];
  const lxMap = new Int32Array(scatter.length);
  for (let q = 0; q < scatter.length; q++) {
    const s = scatter[q];
    if (s >= sym.nnzA) throw new InputError(`scatter entry ${q} points at slot ${s}, past the pattern's ${sym.nnzA}`, { field: 'scatter' });
    lxMap[q] = s >= 0 ? slotToLx[s] : -1;
  }
  return { nel: scatter.length / nk, nk, Ke: Float64Array.from(Ke), scatter, lxMap };
}

/** CSR values Σ_e E_e·Ke on the pattern (the JS kernels' path and a cross-check). */
export function assembleCsr(a: ElementAssembly, E: Float64Array, values: Float64Array): Float64Array {
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
