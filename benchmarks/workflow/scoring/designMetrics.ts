/**
 * Design-quality sub-metrics (paper Appendix A.1, benchmarks.md §2.4), pure functions on designs:
 * IoU and pixel accuracy of the designs binarized at 0.5, 4-connectivity of the solid, and the
 * smooth constraint score exp(−|v − v*| / τ).
 */
import type { Design } from '../../../tools/engineering/problem.ts';

export const BINARIZE_AT = 0.5;

const solid = (v: number) => v >= BINARIZE_AT;
const sameShape = (a: Design, b: Design) => a.shape[0] === b.shape[0] && a.shape[1] === b.shape[1];

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

/** Share of the solid pixels in the largest 4-connected solid component (0 without solid). */
export function largestComponentShare(d: Design): number {
  const [rows, cols] = d.shape;
  const seen = new Uint8Array(rows * cols);
  const stack = new Int32Array(rows * cols);
  let total = 0;
  let largest = 0;
  for (let start = 0; start < rows * cols; start++) {
    if (!solid(d.data[start])) continue;
    total++;
    if (seen[start]) continue;
    let size = 0;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    while (top > 0) {
      const k = stack[--top];
      size++;
      const r = Math.floor(k / cols);
      const c = k - r * cols;
      const push = (n: number) => {
        if (!seen[n] && solid(d.data[n])) {
          seen[n] = 1;
          stack[top++] = n;
        }
      };
      if (r > 0) push(k - cols);
      if (r < rows - 1) push(k + cols);
      if (c > 0) push(k - 1);
      if (c < cols - 1) push(k + 1);
    }
    if (size > largest) largest = size;
  }
  return total === 0 ? 0 : largest / total;
}

/** Conn: 1 when the largest 4-connected solid component holds at least 99 % of the solid pixels. */
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
