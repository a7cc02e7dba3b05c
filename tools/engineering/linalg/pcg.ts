/**
 * The preconditioned conjugate-gradient iteration every iterative solver here shares: Beams3D's
 * block-Jacobi and multigrid CG, ThermoElastic3D's thermal multigrid CG and HeatConduction's Jacobi
 * CG. Each caller owns its vectors, its operator and its preconditioner; this is only Hestenes–Stiefel
 * CG on them, in one fixed order of operations (so every caller's iterates are the same bits as
 * when each had its own copy of the loop).
 *
 * The caller sets the start: x, and r = b − A·x (x = 0 and r = b in most). Stops at the first
 * iteration with ‖r‖ ≤ rtol·bnorm.
 */

/** The five work vectors of one CG run, all of the system's size. */
export interface PcgVectors {
  x: Float64Array;
  r: Float64Array;
  z: Float64Array;
  p: Float64Array;
  q: Float64Array;
}

/** ‖v‖₂, summed in index order. */
export function norm2(v: Float64Array): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return Math.sqrt(s);
}

/**
 * Runs CG from the caller's x and r: `matvec(p, q)` sets q = A·p, `precondition(r, z)` sets
 * z = M⁻¹·r. Returns the iteration count (≥ 1) at convergence, or 0 when maxIter iterations did not
 * get there (the caller names its own error).
 */
export function pcgIterate(
  v: PcgVectors,
  matvec: (p: Float64Array, q: Float64Array) => void,
  precondition: (r: Float64Array, z: Float64Array) => void,
  bnorm: number,
  rtol: number,
  maxIter: number,
): number {
  const { x, r, z, p, q } = v;
  const n = x.length;
  precondition(r, z);
  p.set(z);
  let rz = 0;
  for (let i = 0; i < n; i++) rz += r[i] * z[i];
  for (let it = 1; it <= maxIter; it++) {
    matvec(p, q);
    let pq = 0;
    for (let i = 0; i < n; i++) pq += p[i] * q[i];
    const alpha = rz / pq;
    let rr = 0;
    for (let i = 0; i < n; i++) {
      x[i] += alpha * p[i];
      r[i] -= alpha * q[i];
      rr += r[i] * r[i];
    }
    if (Math.sqrt(rr) <= rtol * bnorm) return it;
    precondition(r, z);
    let rzNew = 0;
    for (let i = 0; i < n; i++) rzNew += r[i] * z[i];
    const beta = rzNew / rz;
    rz = rzNew;
    for (let i = 0; i < n; i++) p[i] = z[i] + beta * p[i];
  }
  return 0;
}
