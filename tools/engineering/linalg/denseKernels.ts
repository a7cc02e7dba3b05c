/**
 * Dense kernels on supernode panels, the inner loops where the factorization spends its time.
 *
 * Panels are column-major in one Float64Array: entry (i, j) of a panel at offset `off` with
 * leading dimension h is a[off + j*h + i]. Loops are unrolled over 4 source columns so each
 * target element is loaded and stored once per 4 multiply-adds.
 *
 * Legend: panel = [L11; L21] (h×k, L11 is k×k lower triangular); U = m×m update matrix (m = h-k),
 * lower triangle used.
 */

/**
 * In-place left-looking Cholesky of an h×k panel: L11 = chol(A11), L21 = A21 L11⁻ᵀ.
 * Returns -1 on success, or the panel column whose pivot was not positive (or not finite).
 */
export function panelCholesky(a: Float64Array, off: number, h: number, k: number): number {
  for (let j = 0; j < k; j++) {
    const cj = off + j * h;
    let p = 0;
    for (; p + 4 <= j; p += 4) {
      const c0 = off + p * h;
      const c1 = c0 + h;
      const c2 = c1 + h;
      const c3 = c2 + h;
      const a0 = a[c0 + j], a1 = a[c1 + j], a2 = a[c2 + j], a3 = a[c3 + j];
      for (let i = j; i < h; i++) a[cj + i] -= a0 * a[c0 + i] + a1 * a[c1 + i] + a2 * a[c2 + i] + a3 * a[c3 + i];
    }
    for (; p < j; p++) {
      const c0 = off + p * h;
      const a0 = a[c0 + j];
      for (let i = j; i < h; i++) a[cj + i] -= a0 * a[c0 + i];
    }
    const d = a[cj + j];
    if (!(d > 0 && d < Infinity)) return j;
    const r = Math.sqrt(d);
    a[cj + j] = r;
    const inv = 1 / r;
    for (let i = j + 1; i < h; i++) a[cj + i] *= inv;
  }
  return -1;
}

/** U -= L21 L21ᵀ (lower triangle of U), U m×m column-major at w[u…]. */
export function schurUpdate(a: Float64Array, off: number, h: number, k: number, w: Float64Array, u: number): void {
  const m = h - k;
  for (let jj = 0; jj < m; jj++) {
    const uc = u + jj * m;
    const row = off + k + jj;
    let p = 0;
    for (; p + 4 <= k; p += 4) {
      const c0 = off + p * h + k;
      const c1 = c0 + h;
      const c2 = c1 + h;
      const c3 = c2 + h;
      const base = row + p * h;
      const a0 = a[base], a1 = a[base + h], a2 = a[base + 2 * h], a3 = a[base + 3 * h];
      for (let i = jj; i < m; i++) w[uc + i] -= a0 * a[c0 + i] + a1 * a[c1 + i] + a2 * a[c2 + i] + a3 * a[c3 + i];
    }
    for (; p < k; p++) {
      const c0 = off + p * h + k;
      const a0 = a[row + p * h];
      for (let i = jj; i < m; i++) w[uc + i] -= a0 * a[c0 + i];
    }
  }
}
