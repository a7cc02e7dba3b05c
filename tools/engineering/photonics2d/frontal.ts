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

/** Pivot j: d_j = F[j][j] − Σ_{q<j} L[j][q]·G[j][q]; stores d_j, sets L[j][j] = 1. Returns false on a zero pivot. */
function pivot(f: FrontFactor, g: Float64Array, j: number): boolean {
  const { k, l, d } = f;
  const rj = j * 2 * k;
  let dr = l[rj + 2 * j], di = l[rj + 2 * j + 1];
  for (let q = 0; q < 2 * j; q += 2) {
    const ar = l[rj + q], ai = l[rj + q + 1], br = g[rj + q], bi = g[rj + q + 1];
    dr -= ar * br - ai * bi;
    di -= ar * bi + ai * br;
  }
  const den = dr * dr + di * di;
  if (!(den > 0) || !Number.isFinite(den)) return false;
  d[2 * j] = dr;
  d[2 * j + 1] = di;
  l[rj + 2 * j] = 1;
  l[rj + 2 * j + 1] = 0;
  g[rj + 2 * j] = dr;
  g[rj + 2 * j + 1] = di;
  return true;
}

/** Row i of column j, given a = F[i][j] − Σ L[i][q]·G[j][q]: G[i][j] = a, L[i][j] = a / d_j. */
function setEntry(f: FrontFactor, g: Float64Array, i: number, j: number, ar: number, ai: number): void {
  const { k, l, d } = f;
  const at = i * 2 * k + 2 * j;
  const dr = d[2 * j], di = d[2 * j + 1], den = dr * dr + di * di;
  g[at] = ar;
  g[at + 1] = ai;
  l[at] = (ar * dr + ai * di) / den;
  l[at + 1] = (ai * dr - ar * di) / den;
}

/**
 * Factors the panel in place (Crout, dot-product form, two columns × two rows at a time) and fills g
 * (s×k, interleaved) with L·D. Returns the index of the first zero pivot, or −1.
 */
export function factorPanel(f: FrontFactor, g: Float64Array): number {
  const { k, m, l } = f;
  const s = k + m;
  const k2 = 2 * k;
  for (let j = 0; j < k; j += 2) {
    const pair = j + 1 < k;
    const j1 = j + 1;
    if (!pivot(f, g, j)) return j;
    const first = pair ? j + 2 : j + 1;
    if (pair) {
      // Row j1 of column j, then the pivot j1.
      const r = j1 * k2;
      let ar = l[r + 2 * j], ai = l[r + 2 * j + 1];
      for (let q = 0; q < 2 * j; q += 2) {
        const xr = l[r + q], xi = l[r + q + 1], br = g[j * k2 + q], bi = g[j * k2 + q + 1];
        ar -= xr * br - xi * bi;
        ai -= xr * bi + xi * br;
      }
      setEntry(f, g, j1, j, ar, ai);
      if (!pivot(f, g, j1)) return j1;
    }
    const gj = j * k2, gk = j1 * k2;
    for (let i = first; i < s; i += 2) {
      const two = i + 1 < s;
      const la = i * k2, lb = two ? la + k2 : la;
      let aR = l[la + 2 * j], aI = l[la + 2 * j + 1], bR = l[lb + 2 * j], bI = l[lb + 2 * j + 1];
      let cR = 0, cI = 0, eR = 0, eI = 0;
      if (pair) {
        cR = l[la + 2 * j1];
        cI = l[la + 2 * j1 + 1];
        eR = l[lb + 2 * j1];
        eI = l[lb + 2 * j1 + 1];
      }
      for (let q = 0; q < 2 * j; q += 2) {
        const xr = l[la + q], xi = l[la + q + 1], yr = l[lb + q], yi = l[lb + q + 1];
        const ur = g[gj + q], ui = g[gj + q + 1], vr = g[gk + q], vi = g[gk + q + 1];
        aR -= xr * ur - xi * ui;
        aI -= xr * ui + xi * ur;
        bR -= yr * ur - yi * ui;
        bI -= yr * ui + yi * ur;
        cR -= xr * vr - xi * vi;
        cI -= xr * vi + xi * vr;
        eR -= yr * vr - yi * vi;
        eI -= yr * vi + yi * vr;
      }
      setEntry(f, g, i, j, aR, aI);
      if (two) setEntry(f, g, i + 1, j, bR, bI);
      if (!pair) continue;
      // Column j1 also needs the q = j term: L[i][j]·G[j1][j].
      const wr = g[gk + 2 * j], wi = g[gk + 2 * j + 1];
      let xr = l[la + 2 * j], xi = l[la + 2 * j + 1];
      setEntry(f, g, i, j1, cR - (xr * wr - xi * wi), cI - (xr * wi + xi * wr));
      if (two) {
        xr = l[lb + 2 * j];
        xi = l[lb + 2 * j + 1];
        setEntry(f, g, i + 1, j1, eR - (xr * wr - xi * wi), eI - (xr * wi + xi * wr));
      }
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
