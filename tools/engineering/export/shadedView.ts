/**
 * A triangle surface → a shaded picture (RGBA), our own software rasterizer: an orthographic view
 * from the front-right and above (z up), a depth buffer, and Lambert shading of each triangle's
 * normal by a light over the viewer's shoulder plus an ambient term. Faces seen from behind (inside
 * a cut-open part) are drawn darker. The domain box's edges are drawn first as thin grey lines, so
 * the part's place in its box shows. Pure: no files, no canvas.
 * Legend: d = view direction (towards the scene), L = light direction, n = unit triangle normal.
 */

export interface ShadedViewInput {
  /** Flat vertex coordinates, 3 per vertex. */
  vertices: ArrayLike<number>;
  /** Three vertex indices per triangle (counter-clockwise seen from outside). */
  triangles: ArrayLike<number>;
  /** The domain box [min, max], drawn as a frame. */
  box: { min: [number, number, number]; max: [number, number, number] };
  /** Picture size in pixels. */
  width: number;
  height: number;
  /** Surface colour (RGB, 0–255). */
  color?: [number, number, number];
}

export interface ShadedView {
  width: number;
  height: number;
  rgba: Uint8Array;
  /** Pixels covered by the surface. */
  covered: number;
}

const BACKGROUND = [255, 255, 255];
const FRAME = [170, 170, 170];
const AMBIENT = 0.28;

type V3 = [number, number, number];
const norm = (v: V3): V3 => {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
};
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

export function shadedView(input: ShadedViewInput): ShadedView {
  const { width: W, height: H } = input;
  const color = input.color ?? [70, 130, 200];
  // camera: looking from (+x·0.9, −y, +z·0.8) towards the box centre; screen right = r, up = u
  const d = norm([-0.9, 1, -0.8]);
  const r = norm(cross(d, [0, 0, 1]));
  const u = cross(r, d);
  const light = norm([-0.4, 0.8, -1]);
  const { min, max } = input.box;
  const centre: V3 = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
  // scale so the box's eight corners fit with a margin
  let ext = 1e-12;
  for (let m = 0; m < 8; m++) {
    const c: V3 = [m & 1 ? max[0] : min[0], m & 2 ? max[1] : min[1], m & 4 ? max[2] : min[2]];
    const p: V3 = [c[0] - centre[0], c[1] - centre[1], c[2] - centre[2]];
    ext = Math.max(ext, Math.abs(dot(p, r)) / (W / 2), Math.abs(dot(p, u)) / (H / 2));
  }
  const scale = 0.92 / ext;
  const project = (x: number, y: number, z: number): V3 => {
    const p: V3 = [x - centre[0], y - centre[1], z - centre[2]];
    return [W / 2 + dot(p, r) * scale, H / 2 - dot(p, u) * scale, dot(p, d)];
  };

  const rgba = new Uint8Array(W * H * 4);
  for (let k = 0; k < W * H; k++) rgba.set([BACKGROUND[0], BACKGROUND[1], BACKGROUND[2], 255], 4 * k);
  const depth = new Float64Array(W * H).fill(Infinity);
  drawFrame(rgba, W, H, min, max, project);

  const v = input.vertices, t = input.triangles;
  let covered = 0;
  for (let k = 0; k < t.length; k += 3) {
    const a = 3 * t[k], b = 3 * t[k + 1], c = 3 * t[k + 2];
    const A: V3 = [v[a], v[a + 1], v[a + 2]], B: V3 = [v[b], v[b + 1], v[b + 2]], C: V3 = [v[c], v[c + 1], v[c + 2]];
    const n = norm(cross([B[0] - A[0], B[1] - A[1], B[2] - A[2]], [C[0] - A[0], C[1] - A[1], C[2] - A[2]]));
    const facing = dot(n, d) < 0;
    const lambert = Math.max(0, -dot(facing ? n : ([-n[0], -n[1], -n[2]] as V3), light));
    const shade = (facing ? 1 : 0.45) * (AMBIENT + (1 - AMBIENT) * lambert);
    const rgb = [Math.round(color[0] * shade + 40 * lambert * lambert), Math.round(color[1] * shade + 40 * lambert * lambert), Math.round(color[2] * shade + 40 * lambert * lambert)].map((x) => Math.min(255, x));
    const P = project(...A), Q = project(...B), R = project(...C);
    const x0 = Math.max(0, Math.floor(Math.min(P[0], Q[0], R[0]))), x1 = Math.min(W - 1, Math.ceil(Math.max(P[0], Q[0], R[0])));
    const y0 = Math.max(0, Math.floor(Math.min(P[1], Q[1], R[1]))), y1 = Math.min(H - 1, Math.ceil(Math.max(P[1], Q[1], R[1])));
    const area = (Q[0] - P[0]) * (R[1] - P[1]) - (Q[1] - P[1]) * (R[0] - P[0]);
    if (area === 0) continue;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5, py = y + 0.5;
        const w0 = ((Q[0] - px) * (R[1] - py) - (Q[1] - py) * (R[0] - px)) / area;
        const w1 = ((R[0] - px) * (P[1] - py) - (R[1] - py) * (P[0] - px)) / area;
        const w2 = 1 - w0 - w1;
        if (w0 < 0 || w1 < 0 || w2 < 0) continue;
        const z = w0 * P[2] + w1 * Q[2] + w2 * R[2];
        const o = y * W + x;
        if (z >= depth[o]) continue;
        if (depth[o] === Infinity) covered++;
        depth[o] = z;
        rgba[4 * o] = rgb[0];
        rgba[4 * o + 1] = rgb[1];
        rgba[4 * o + 2] = rgb[2];
      }
    }
  }
  return { width: W, height: H, rgba, covered };
}

/** The box's 12 edges as 1-px grey lines (drawn under the surface). */
function drawFrame(rgba: Uint8Array, W: number, H: number, min: V3, max: V3, project: (x: number, y: number, z: number) => V3): void {
  const corner = (m: number): V3 => project(m & 1 ? max[0] : min[0], m & 2 ? max[1] : min[1], m & 4 ? max[2] : min[2]);
  for (let a = 0; a < 8; a++) {
    for (const bit of [1, 2, 4]) {
      if (a & bit) continue;
      const P = corner(a), Q = corner(a | bit);
      const steps = Math.ceil(Math.hypot(Q[0] - P[0], Q[1] - P[1])) + 1;
      for (let s = 0; s <= steps; s++) {
        const x = Math.round(P[0] + ((Q[0] - P[0]) * s) / steps), y = Math.round(P[1] + ((Q[1] - P[1]) * s) / steps);
        if (x >= 0 && x < W && y >= 0 && y < H) rgba.set(FRAME, 4 * (y * W + x));
      }
    }
  }
}
