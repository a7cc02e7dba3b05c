/**
 * What to draw for a 3-D solid block [ny, nx, nz] (solidBlock.ts: a problem's design in the order
 * its solidAxes declare): a shaded picture of its isosurface at ρ = 0.5 (the STL export's surface,
 * one unit per voxel, z up, inside its domain box), and 2-D panels for render.ts: the three maximum
 * projections (top: max over z, an image [y, x]; front: max over y, [z, x] with the top face
 * z = nz in row 0; side: max over x, [z, y]) and three horizontal slices (bottom, middle and top
 * layer, [y, x]).
 */
import { encodePng } from './heatmapImage.ts';
import { isosurface } from './isosurface.ts';
import { shadedView } from './shadedView.ts';
import type { Design, RenderPanel, RenderPicture } from '../problem.ts';

/** The density the picture's surface is drawn at (the STL export's default threshold). */
export const PICTURE_THRESHOLD = 0.5;
const PICTURE_PX = 512;

export function isosurfacePicture(design: Design): RenderPicture {
  const [ny, nx, nz] = design.shape as [number, number, number];
  const surf = isosurface({ data: design.data, nx, ny, nz, threshold: PICTURE_THRESHOLD, size: [1, 1, 1] });
  const view = shadedView({ vertices: surf.vertices, triangles: surf.triangles, box: { min: [0, 0, 0], max: [nx, ny, nz] }, width: PICTURE_PX, height: PICTURE_PX });
  let max = -Infinity;
  for (const v of design.data) if (v > max) max = v;
  const title = surf.insideVoxels
    ? `isosurface ρ = ${PICTURE_THRESHOLD} (${surf.triangles.length / 3} triangles), z up`
    : `isosurface ρ = ${PICTURE_THRESHOLD}: empty (largest ρ ${Number(max.toPrecision(4))})`;
  return { title, width: view.width, height: view.height, png: encodePng(view.width, view.height, view.rgba) };
}

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
