/**
 * Dense kernels on supernode panels, the inner loops where the factorization spends its time.
 *
 * Panels are column-major in one Float64Array: entry (i, j) of a panel at offset `off` with
 * leading dimension h is a[off + j*h + i]. Most of the work is the register-blocked rank update
 * (rankUpdate.ts); the rest is 4- or 2-column diagonal blocks solved in one pass over the rows.
 *
 * Legend: panel = [L11; L21] (h×k, L11 lower triangular k×k); U = m×m update matrix (m = h-k,
 * lower triangle used).
 */
import { rankUpdate } from './rankUpdate.ts';

/**
 * In-place Cholesky of an h×k panel: L11 = chol(A11), L21 = A21 L11⁻ᵀ, left-looking in blocks of
 * 4 columns. Returns -1 on success, or the panel column whose pivot was not positive or finite.
 */
export function panelCholesky(a: Float64Array, off: number, h: number, k: number): number {
  for (let j0 = 0; j0 < k; j0 += 4) {
    const nb = Math.min(4, k - j0);
    rankUpdate(a, off, h, j0, a, off, h, j0, nb, h);
    const b = off + j0 * h + j0;
    const bad = nb === 4 ? factorBlock4(a, b, h, h - j0) : nb === 2 ? factorBlock2(a, b, h, h - j0) : factorColumns(a, off, h, j0, nb);
    if (bad >= 0) return j0 + bad;
  }
  return -1;
}

/** Unblocked column Cholesky of columns j0 … j0+nb-1 (already updated by the columns before j0). */
function factorColumns(a: Float64Array, off: number, h: number, j0: number, nb: number): number {
  for (let j = j0; j < j0 + nb; j++) {
    const cj = off + j * h;
    for (let p = j0; p < j; p++) {
      const c = off + p * h;
      const f = a[c + j];
      for (let i = j; i < h; i++) a[cj + i] -= f * a[c + i];
    }
    const d = a[cj + j];
    if (!(d > 0 && d < Infinity)) return j - j0;
    const r = Math.sqrt(d);
    a[cj + j] = r;
    const inv = 1 / r;
    for (let i = j + 1; i < h; i++) a[cj + i] *= inv;
  }
  return -1;
}

const badPivot = (d: number): boolean => !(d > 0 && d < Infinity);

/** factorBlock4 for a 2-column block. */
function factorBlock2(a: Float64Array, b: number, h: number, n: number): number {
  const c0 = b, c1 = b + h;
  let d = a[c0];
  if (badPivot(d)) return 0;
  const d0 = Math.sqrt(d);
  const l10 = a[c0 + 1] / d0;
  d = a[c1 + 1] - l10 * l10;
  if (badPivot(d)) {
    a[c1 + 1] = d;
    return 1;
  }
  const d1 = Math.sqrt(d);
  a[c0] = d0;
  a[c0 + 1] = l10;
  a[c1 + 1] = d1;
  const i0 = 1 / d0, i1 = 1 / d1;
  for (let i = 2; i < n; i++) {
    const y0 = a[c0 + i] * i0;
    a[c1 + i] = (a[c1 + i] - l10 * y0) * i1;
    a[c0 + i] = y0;
  }
  return -1;
}

/**
 * Factors a 4-column block whose diagonal entry (0,0) is at a[b] (n rows from the diagonal down):
 * the 4×4 diagonal block first, then one pass over the rows below solving x L11ᵀ = row.
 */
function factorBlock4(a: Float64Array, b: number, h: number, n: number): number {
  const c0 = b, c1 = b + h, c2 = c1 + h, c3 = c2 + h;
  let d = a[c0];
  if (badPivot(d)) {
    a[c0] = d;
    return 0;
  }
  const d0 = Math.sqrt(d);
  const l10 = a[c0 + 1] / d0, l20 = a[c0 + 2] / d0, l30 = a[c0 + 3] / d0;
  d = a[c1 + 1] - l10 * l10;
  if (badPivot(d)) {
    a[c1 + 1] = d;
    return 1;
  }
  const d1 = Math.sqrt(d);
  const l21 = (a[c1 + 2] - l20 * l10) / d1, l31 = (a[c1 + 3] - l30 * l10) / d1;
  d = a[c2 + 2] - l20 * l20 - l21 * l21;
  if (badPivot(d)) {
    a[c2 + 2] = d;
    return 2;
  }
  const d2 = Math.sqrt(d);
  const l32 = (a[c2 + 3] - l30 * l20 - l31 * l21) / d2;
  d = a[c3 + 3] - l30 * l30 - l31 * l31 - l32 * l32;
  if (badPivot(d)) {
    a[c3 + 3] = d;
    return 3;
  }
  const d3 = Math.sqrt(d);
  a[c0] = d0; a[c0 + 1] = l10; a[c0 + 2] = l20; a[c0 + 3] = l30;
  a[c1 + 1] = d1; a[c1 + 2] = l21; a[c1 + 3] = l31;
  a[c2 + 2] = d2; a[c2 + 3] = l32;
  a[c3 + 3] = d3;
  const i0 = 1 / d0, i1 = 1 / d1, i2 = 1 / d2, i3 = 1 / d3;
  for (let i = 4; i < n; i++) {
    const y0 = a[c0 + i] * i0;
    const y1 = (a[c1 + i] - l10 * y0) * i1;
    const y2 = (a[c2 + i] - l20 * y0 - l21 * y1) * i2;
    a[c3 + i] = (a[c3 + i] - l30 * y0 - l31 * y1 - l32 * y2) * i3;
    a[c0 + i] = y0;
    a[c1 + i] = y1;
    a[c2 + i] = y2;
  }
  return -1;
}

/** U -= L21 L21ᵀ (lower triangle of U), with U m×m column-major at w[u…]. */
export function schurUpdate(a: Float64Array, off: number, h: number, k: number, w: Float64Array, u: number): void {
  const m = h - k;
  for (let t0 = 0; t0 < m; t0 += 4) rankUpdate(a, off + k, h, k, w, u, m, t0, Math.min(4, m - t0), m);
}
