/**
 * What to draw for a Beams3D design [nely, nelx, nelz]: 2-D panels for export/render.ts, the three
 * maximum projections (top: max over z, an image [y, x]; front: max over y, [z, x] with the top
 * face z = nelz in row 0; side: max over x, [z, y]) and three horizontal slices (bottom, middle and
 * top layer, [y, x]). A minimal 3-D view until an isosurface render exists.
 */
import type { Design, RenderPanel } from '../problem.ts';

export function projectionPanels(design: Design): RenderPanel[] {
  const [ny, nx, nz] = design.shape as [number, number, number];
  const at = (y: number, x: number, z: number) => design.data[(y * nx + x) * nz + z];
  const top = new Float64Array(ny * nx);
  const front = new Float64Array(nz * nx);
  const side = new Float64Array(nz * ny);
  for (let y = 0; y < ny; y++) {
    for (let x = 0; x < nx; x++) {
      for (let z = 0; z < nz; z++) {
        const v = at(y, x, z);
        const r = nz - 1 - z;
        if (v > top[y * nx + x]) top[y * nx + x] = v;
        if (v > front[r * nx + x]) front[r * nx + x] = v;
        if (v > side[r * ny + y]) side[r * ny + y] = v;
      }
    }
  }
  const slice = (z: number) => {
    const s = new Float64Array(ny * nx);
    for (let y = 0; y < ny; y++) for (let x = 0; x < nx; x++) s[y * nx + x] = at(y, x, z);
    return s;
  };
  const panel = (title: string, shape: [number, number], data: Float64Array): RenderPanel => ({ title, field: { shape, data }, colormap: 'coolwarm', vmin: 0, vmax: 1 });
  const layers = [...new Set([0, Math.floor((nz - 1) / 2), nz - 1])];
  return [
    panel('top: max over z', [ny, nx], top),
    panel('front: max over y', [nz, nx], front),
    panel('side: max over x', [nz, ny], side),
    ...layers.map((z) => panel(`layer z = ${z}`, [ny, nx] as [number, number], slice(z))),
  ];
}
