/**
 * Density field → closed outline rings at a threshold (marching squares via d3-contour).
 *
 * Grid convention (d3-contour): pixel (r, c) covers [c, c+1] × [r, r+1] with its sample at the
 * centre. The field is padded with one ring of void so every outline closes. d3 gives the
 * topology (which edges the iso-line crosses, saddles resolved consistently); we place each
 * crossing by linear interpolation between the two samples, with the fraction t clamped to
 * [ε, 1 − ε]. The clamp keeps every crossing strictly between samples, so values equal to the
 * threshold and diagonal-touching pixels can never make two outlines meet at a point (which
 * would extrude to a non-manifold edge).
 * Legend: ρ = density, ρ_t = threshold, t = crossing fraction along a cell edge, ε = T_CLAMP.
 */
import { contours } from 'd3-contour';
import type { Design } from '../problem.ts';

/** Smallest crossing fraction from a sample: outlines stay ≥ ~ε·√2 cells apart. */
export const T_CLAMP = 0.05;

export type Ring = [number, number][];

/** The field to contour: the design, or with mirrorY its horizontal flip followed by itself. */
export function mirroredField(design: Design, mirrorY: boolean): Design {
  if (!mirrorY) return design;
  const [rows, cols] = design.shape;
  const data = new Float64Array(rows * 2 * cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const v = design.data[r * cols + c];
      data[r * 2 * cols + cols + c] = v;
      data[r * 2 * cols + cols - 1 - c] = v;
    }
  }
  return { shape: [rows, 2 * cols], data };
}

/**
 * Rings (unclosed: the first point is not repeated) in pixel units of the unpadded field:
 * x = column direction, y = row direction (row 0 at y ∈ [0, 1]). Holes and islands are separate
 * rings; fill them with the even-odd rule.
 */
export function contourRings(field: Design, threshold: number): Ring[] {
  const [rows, cols] = field.shape;
  const nx = cols + 2, ny = rows + 2;
  const pad = threshold > 0 ? 0 : threshold - 1;
  const rho = new Float64Array(nx * ny).fill(pad);
  const inside = new Float64Array(nx * ny);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const k = (r + 1) * nx + c + 1;
      rho[k] = field.data[r * cols + c];
      inside[k] = rho[k] >= threshold ? 1 : 0;
    }
  }
  const mp = contours().size([nx, ny]).thresholds([0.5]).smooth(false)(Array.from(inside))[0];
  const rings: Ring[] = [];
  for (const polygon of mp.coordinates) {
    for (const ring of polygon) {
      const pts = ring.slice(0, -1).map(([x, y]) => place(x, y, rho, nx, threshold));
      rings.push(pts.map(([x, y]) => [x - 1, y - 1]));
    }
  }
  return rings;
}

/** Moves a crossing point (one coordinate on a grid line, the other mid-cell) to the interpolated ρ_t. */
function place(x: number, y: number, rho: Float64Array, nx: number, threshold: number): [number, number] {
  if (Number.isInteger(x) && !Number.isInteger(y)) {
    const row = Math.floor(y);
    return [x - 0.5 + fraction(rho[row * nx + x - 1], rho[row * nx + x], threshold), y];
  }
  if (Number.isInteger(y) && !Number.isInteger(x)) {
    const col = Math.floor(x);
    return [x, y - 0.5 + fraction(rho[(y - 1) * nx + col], rho[y * nx + col], threshold)];
  }
  return [x, y];
}

/** Where ρ_t lies between samples a and b (one inside, one outside), clamped to [ε, 1 − ε]. */
function fraction(a: number, b: number, threshold: number): number {
  const t = (threshold - a) / (b - a);
  return Number.isFinite(t) ? Math.min(1 - T_CLAMP, Math.max(T_CLAMP, t)) : 0.5;
}
