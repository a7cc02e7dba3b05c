/**
 * Design-quality sub-metrics (paper Appendix A.1, benchmarks.md §2.4), pure functions on designs:
 * IoU and pixel accuracy of the designs binarized at 0.5, 4-connectivity of the solid (3-D designs:
 * face, i.e. 6-, connectivity), and the smooth constraint score exp(−|v − v*| / τ).
 */
import type { Design } from '../../../tools/engineering/problem.ts';

export const BINARIZE_AT = 0.5;

const solid = (v: number) => v >= BINARIZE_AT;
/** Same rank and every side equal (a 2-D and a 3-D design, or two 3-D ones of different depth, differ). */
export const sameShape = (a: { shape: readonly number[] }, b: { shape: readonly number[] }) => a.shape.length === b.shape.length && a.shape.every((n, k) => n === b.shape[k]);

/** |A ∩ G| / |A ∪ G| of the binarized designs; 1 when both are empty; 0 when the shapes differ. */
export function iou(a: Design, g: Design): number {
  if (!sameShape(a, g)) return 0;
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.data.length; i++) {
    const x = solid(a.data[i]);
    const y = solid(g.data[i]);
    if (x && y) inter++;
    if (x || y) union++;
  }
  return union === 0 ? 1 : inter / union;
}

/** Fraction of pixels whose binarized values agree; 0 when the shapes differ. */
export function pixelAccuracy(a: Design, g: Design): number {
  if (!sameShape(a, g)) return 0;
  let same = 0;
  for (let i = 0; i < a.data.length; i++) if (solid(a.data[i]) === solid(g.data[i])) same++;
  return same / a.data.length;
}

/**
 * Neighbours of cell k sharing a side (2-D: 4; 3-D [ny, nx, nz]: the 6 sharing a face), or with
 * `corners` every touching cell (2-D: 8; 3-D: 26). Row-major over the shape, last axis fastest.
 */
export function forEachNeighbour(shape: readonly number[], k: number, corners: boolean, visit: (n: number) => void): void {
  const dims = shape.length;
  const stride = shape.map((_, a) => shape.slice(a + 1).reduce((p, q) => p * q, 1));
  const at = shape.map((n, a) => Math.floor(k / stride[a]) % n);
  const offsets = corners ? 3 ** dims : 0;
  if (corners) {
    for (let code = 0; code < offsets; code++) {
      let n = k, ok = code !== (offsets - 1) / 2;
      for (let a = 0, c = code; a < dims && ok; a++, c = Math.floor(c / 3)) {
        const d = (c % 3) - 1, to = at[a] + d;
        if (to < 0 || to >= shape[a]) ok = false;
        else n += d * stride[a];
      }
      if (ok) visit(n);
    }
    return;
  }
  for (let a = 0; a < dims; a++) {
    if (at[a] > 0) visit(k - stride[a]);
    if (at[a] < shape[a] - 1) visit(k + stride[a]);
  }
}

/** Share of the solid cells in the largest side-connected solid component (0 without solid). */
export function largestComponentShare(d: Design): number {
  const size = d.data.length;
  const seen = new Uint8Array(size);
  const stack = new Int32Array(size);
  let total = 0;
  let largest = 0;
  for (let start = 0; start < size; start++) {
    if (!solid(d.data[start])) continue;
    total++;
    if (seen[start]) continue;
    let count = 0;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    const push = (n: number) => {
      if (!seen[n] && solid(d.data[n])) {
        seen[n] = 1;
        stack[top++] = n;
      }
    };
    while (top > 0) {
      count++;
      forEachNeighbour(d.shape, stack[--top], false, push);
    }
    if (count > largest) largest = count;
  }
  return total === 0 ? 0 : largest / total;
}

/** Conn: 1 when the largest side-connected (2-D 4-, 3-D 6-connected) solid component holds at least 99 % of the solid cells. */
export function connectivity(d: Design): number {
  return largestComponentShare(d) >= 0.99 ? 1 : 0;
}

/** Smooth partial credit for one constraint: exp(−|actual − target| / τ). */
export function constraintCredit(actual: number, target: number, tau: number): number {
  return Number.isFinite(actual) ? Math.exp(-Math.abs(actual - target) / tau) : 0;
}

export function meanDensity(d: Design): number {
  let s = 0;
  for (const v of d.data) s += v;
  return s / d.data.length;
}

/** How far a design leaves [0, 1] (0 inside). */
export function boundsExcess(d: Design): number {
  let worst = 0;
  for (const v of d.data) worst = Math.max(worst, v - 1, -v);
  return worst;
}
