/**
 * Dense kernels of the multifrontal complex-symmetric LDLᵀ (no pivoting). Complex numbers are stored
 * interleaved: a[2q] = Re, a[2q+1] = Im.
 *
 * Legend: a front has k eliminated rows and m update rows (s = k + m). L is the s×k panel, row-major
 * (row i holds L[i][0..k)); its top k×k block is unit lower triangular, d holds the k pivots and
 * G[j][q] = d_q·L[j][q]. Crout form: L[i][j] = (F[i][j] − Σ_{q<j} L[i][q]·G[j][q]) / d_j.
 * S is the m×m Schur complement F22 − L21·D·L21ᵀ (lower triangle, row-major), passed to the parent.
 */

export interface FrontFactor {
  k: number;
  m: number;
  /** s×k panel, interleaved complex. */
  l: Float64Array;
  /** k pivots, interleaved complex. */
  d: Float64Array;
}

/**
 * Factors the panel in place (Crout, dot-product form) and fills g (s×k, interleaved) with L·D.
 * Returns the index of the first zero pivot, or −1.
 */
export function factorPanel(f: FrontFactor, g: Float64Array): number {
  const { k, m, l, d } = f;
  const s = k + m;
  const k2 = 2 * k;
  for (let j = 0; j < k; j++) {
    const gj = j * k2;
    const jj = gj + 2 * j;
    let dr = l[jj], di = l[jj + 1];
    for (let q = 0; q < 2 * j; q += 2) {
      const ar = l[gj + q], ai = l[gj + q + 1], br = g[gj + q], bi = g[gj + q + 1];
      dr -= ar * br - ai * bi;
      di -= ar * bi + ai * br;
    }
    const den = dr * dr + di * di;
    if (!(den > 0) || !Number.isFinite(den)) return j;
    d[2 * j] = dr;
    d[2 * j + 1] = di;
    l[jj] = 1;
    l[jj + 1] = 0;
    const ir = dr / den, ii = -di / den;
    for (let i = j + 1; i < s; i++) {
      const li = i * k2;
      let ar = l[li + 2 * j], ai = l[li + 2 * j + 1];
      for (let q = 0; q < 2 * j; q += 2) {
        const xr = l[li + q], xi = l[li + q + 1], br = g[gj + q], bi = g[gj + q + 1];
        ar -= xr * br - xi * bi;
        ai -= xr * bi + xi * br;
      }
      const vr = ar * ir - ai * ii, vi = ar * ii + ai * ir;
      l[li + 2 * j] = vr;
      l[li + 2 * j + 1] = vi;
      g[li + 2 * j] = vr * dr - vi * di;
      g[li + 2 * j + 1] = vr * di + vi * dr;
    }
  }
  return -1;
}

/** S ← S − L21·G21ᵀ on the lower triangle (2×2 register blocking). */
export function schurUpdate(f: FrontFactor, g: Float64Array, S: Float64Array): void {
  const { k, m, l } = f;
  const k2 = 2 * k;
  const base = k * k2;
  for (let i = 0; i < m; i += 2) {
    const i1 = i + 1 < m ? i + 1 : i;
    const la = base + i * k2, lb = base + i1 * k2;
    for (let j = 0; j <= i; j += 2) {
      const j1 = j + 1 < m ? j + 1 : j;
      const ga = base + j * k2, gb = base + j1 * k2;
      let aaR = 0, aaI = 0, abR = 0, abI = 0, baR = 0, baI = 0, bbR = 0, bbI = 0;
      for (let q = 0; q < k2; q += 2) {
        const xr = l[la + q], xi = l[la + q + 1], yr = l[lb + q], yi = l[lb + q + 1];
        const ur = g[ga + q], ui = g[ga + q + 1], vr = g[gb + q], vi = g[gb + q + 1];
        aaR += xr * ur - xi * ui;
        aaI += xr * ui + xi * ur;
        abR += xr * vr - xi * vi;
        abI += xr * vi + xi * vr;
        baR += yr * ur - yi * ui;
        baI += yr * ui + yi * ur;
        bbR += yr * vr - yi * vi;
        bbI += yr * vi + yi * vr;
      }
      S[2 * (i * m + j)] -= aaR;
      S[2 * (i * m + j) + 1] -= aaI;
      if (j1 !== j && j1 <= i) {
        S[2 * (i * m + j1)] -= abR;
        S[2 * (i * m + j1) + 1] -= abI;
      }
      if (i1 !== i) {
        S[2 * (i1 * m + j)] -= baR;
        S[2 * (i1 * m + j) + 1] -= baI;
        if (j1 !== j) {
          S[2 * (i1 * m + j1)] -= bbR;
          S[2 * (i1 * m + j1) + 1] -= bbI;
        }
      }
    }
  }
}

/** Forward step: x_e ← L11⁻¹ x_e, x_u ← x_u − L21·x_e, then x_e ← D⁻¹ x_e (xe, xu interleaved). */
export function forwardFront(f: FrontFactor, xe: Float64Array, xu: Float64Array): void {
  const { k, m, l, d } = f;
  const k2 = 2 * k;
  for (let i = 0; i < k + m; i++) {
    const row = i * k2;
    const end = i < k ? 2 * i : k2;
    let accR = 0, accI = 0;
    for (let q = 0; q < end; q += 2) {
      const ar = l[row + q], ai = l[row + q + 1], br = xe[q], bi = xe[q + 1];
      accR += ar * br - ai * bi;
      accI += ar * bi + ai * br;
    }
    if (i < k) {
      xe[2 * i] -= accR;
      xe[2 * i + 1] -= accI;
    } else {
      xu[2 * (i - k)] -= accR;
      xu[2 * (i - k) + 1] -= accI;
    }
  }
  for (let p = 0; p < k2; p += 2) {
    const dr = d[p], di = d[p + 1], den = dr * dr + di * di;
    const xr = xe[p], xi = xe[p + 1];
    xe[p] = (xr * dr + xi * di) / den;
    xe[p + 1] = (xi * dr - xr * di) / den;
  }
}

/** Backward step: x_e ← L11⁻ᵀ (x_e − L21ᵀ x_u). */
export function backwardFront(f: FrontFactor, xe: Float64Array, xu: Float64Array): void {
  const { k, m, l } = f;
  const k2 = 2 * k;
  for (let i = k + m - 1; i > 0; i--) {
    const row = i * k2;
    const br = i < k ? xe[2 * i] : xu[2 * (i - k)];
    const bi = i < k ? xe[2 * i + 1] : xu[2 * (i - k) + 1];
    if (br === 0 && bi === 0) continue;
    const end = i < k ? 2 * i : k2;
    for (let q = 0; q < end; q += 2) {
      const ar = l[row + q], ai = l[row + q + 1];
      xe[q] -= ar * br - ai * bi;
      xe[q + 1] -= ar * bi + ai * br;
    }
  }
}
