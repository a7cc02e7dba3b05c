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
  precondition(r, z);
  p.set(z);
  let rz = dot(r, z);
  for (let it = 1; it <= maxIter; it++) {
    matvec(p, q);
    const alpha = rz / dot(p, q);
    const rr = step(x, r, p, q, alpha);
    if (Math.sqrt(rr) <= rtol * bnorm) return it;
    precondition(r, z);
    const rzNew = dot(r, z);
    const beta = rzNew / rz;
    rz = rzNew;
    direction(p, z, beta);
  }
  return 0;
}

// The vector loops are functions of their own, not loops inside pcgIterate: V8 (Node 20) first optimized
// pcgIterate by on-stack replacement in its first loop, before the code after it had run, and that code then
// deoptimized ("insufficient type feedback", a soft deopt that keeps the code) on every later solve.

/** Σ a_i·b_i in index order. */
function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/** x += α·p, r −= α·q; returns ‖r‖² (summed in index order). */
function step(x: Float64Array, r: Float64Array, p: Float64Array, q: Float64Array, alpha: number): number {
  let rr = 0;
  for (let i = 0; i < x.length; i++) {
    x[i] += alpha * p[i];
    r[i] -= alpha * q[i];
    rr += r[i] * r[i];
  }
  return rr;
}

/** p = z + β·p. */
function direction(p: Float64Array, z: Float64Array, beta: number): void {
  for (let i = 0; i < p.length; i++) p[i] = z[i] + beta * p[i];
}
