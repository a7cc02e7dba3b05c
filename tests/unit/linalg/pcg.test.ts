/** The shared CG iteration (tools/engineering/linalg/pcg.ts) on small dense SPD systems. */
import { describe, expect, it } from 'vitest';
import { norm2, pcgIterate } from '../../../tools/engineering/linalg/pcg.ts';

function spd(n: number, seed: number): Float64Array {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648) - 0.5;
  const B = Float64Array.from({ length: n * n }, rnd);
  const A = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
    let v = i === j ? n : 0;
    for (let k = 0; k < n; k++) v += B[i * n + k] * B[j * n + k];
    A[i * n + j] = v;
  }
  return A;
}
const mul = (A: Float64Array, n: number) => (p: Float64Array, q: Float64Array) => {
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += A[i * n + j] * p[j];
    q[i] = s;
  }
};
const vectors = (b: Float64Array) => ({ x: new Float64Array(b.length), r: b.slice(), z: new Float64Array(b.length), p: new Float64Array(b.length), q: new Float64Array(b.length) });

describe('pcgIterate', () => {
  const n = 40;
  const A = spd(n, 3);
  const b = Float64Array.from({ length: n }, (_, i) => Math.sin(i + 1));
  const jacobi = (r: Float64Array, z: Float64Array) => {
    for (let i = 0; i < n; i++) z[i] = r[i] / A[i * n + i];
  };

  it('reaches ‖b − A·x‖ ≤ rtol·‖b‖ and says in how many iterations', () => {
    const v = vectors(b);
    const it = pcgIterate(v, mul(A, n), jacobi, norm2(b), 1e-10, 200);
    expect(it).toBeGreaterThan(1);
    expect(it).toBeLessThanOrEqual(n + 5);
    const Ax = new Float64Array(n);
    mul(A, n)(v.x, Ax);
    expect(norm2(Ax.map((y, i) => b[i] - y))).toBeLessThanOrEqual(1e-10 * norm2(b) * 10);
    // the residual it kept is the true one, to round-off
    expect(norm2(v.r.map((y, i) => y - (b[i] - Ax[i])))).toBeLessThan(1e-8 * norm2(b));
  });

  it('returns 0 when maxIter iterations do not get there, and an exact preconditioner needs one', () => {
    expect(pcgIterate(vectors(b), mul(A, n), jacobi, norm2(b), 1e-12, 2)).toBe(0);
    // M = A: z = A⁻¹ r by a dense CG to round-off, so the outer CG converges at once
    const exact = (r: Float64Array, z: Float64Array) => {
      const w = vectors(r);
      pcgIterate(w, mul(A, n), jacobi, norm2(r), 1e-15, 10 * n);
      z.set(w.x);
    };
    expect(pcgIterate(vectors(b), mul(A, n), exact, norm2(b), 1e-9, 10)).toBe(1);
  });
});
