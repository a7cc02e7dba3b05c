/** The 3-D render: the rasterizer draws what is there, where it is, shaded by its normals; Beams3D's render carries the picture. */
import pngjs from 'pngjs';
import { describe, expect, it } from 'vitest';
import { isosurfacePicture } from '../../../tools/engineering/export/solidRender.ts';
import { isosurface } from '../../../tools/engineering/export/isosurface.ts';
import { renderLayout, renderPng } from '../../../tools/engineering/export/render.ts';
import { shadedView } from '../../../tools/engineering/export/shadedView.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';
import { optimize, type Design } from '../../../tools/engineering/problem.ts';

const { PNG } = pngjs;
const vol = (ny: number, nx: number, nz: number, f: (y: number, x: number, z: number) => number): Design => ({
  shape: [ny, nx, nz],
  data: Float64Array.from({ length: ny * nx * nz }, (_, k) => f(Math.floor(k / (nx * nz)), Math.floor(k / nz) % nx, k % nz)),
});

function view(d: Design) {
  const [ny, nx, nz] = d.shape as [number, number, number];
  const s = isosurface({ data: d.data, nx, ny, nz, threshold: 0.5, size: [1, 1, 1] });
  return shadedView({ vertices: s.vertices, triangles: s.triangles, box: { min: [0, 0, 0], max: [nx, ny, nz] }, width: 200, height: 200 });
}

/** Surface pixels (not white background, not the grey frame) and their centroid and distinct colours. */
function stats(v: { width: number; height: number; rgba: Uint8Array }) {
  let n = 0, cx = 0, cy = 0;
  const colours = new Set<number>();
  for (let y = 0; y < v.height; y++) {
    for (let x = 0; x < v.width; x++) {
      const o = 4 * (y * v.width + x);
      const [r, g, b] = [v.rgba[o], v.rgba[o + 1], v.rgba[o + 2]];
      if (r === g && g === b) continue; // background and frame are grey levels; the surface is blue
      n++;
      cx += x;
      cy += y;
      colours.add((r << 16) | (g << 8) | b);
    }
  }
  return { n, cx: cx / n, cy: cy / n, colours: colours.size };
}

describe('shaded 3-D view', () => {
  it('draws a block where it is: left half on the left, top layer high, nothing for an empty design', () => {
    // the view is from +x, −y, above: +x runs to the lower right of the picture, +z up
    const low = stats(view(vol(8, 8, 8, (_y, x) => (x < 3 ? 1 : 0))));
    const high = stats(view(vol(8, 8, 8, (_y, x) => (x >= 5 ? 1 : 0))));
    expect(low.n).toBeGreaterThan(1000);
    expect(high.cx).toBeGreaterThan(low.cx + 20);
    const bottom = stats(view(vol(8, 8, 8, (_y, _x, z) => (z < 2 ? 1 : 0))));
    const top = stats(view(vol(8, 8, 8, (_y, _x, z) => (z >= 6 ? 1 : 0))));
    expect(top.cy).toBeLessThan(bottom.cy - 20);
    const empty = view(vol(4, 4, 4, () => 0.1));
    expect(empty.covered).toBe(0);
    expect(stats(empty).n).toBe(0);
  });

  it('shades faces by their normals: a cube shows three visibly different faces', () => {
    const v = view(vol(6, 6, 6, (y, x, z) => (y > 0 && y < 5 && x > 0 && x < 5 && z > 0 && z < 5 ? 1 : 0)));
    const s = stats(v);
    expect(v.covered).toBe(s.n);
    // three big faces (top, front, right) in three brightness levels, plus bevel shades
    const lum = new Map<number, number>();
    for (let o = 0; o < v.rgba.length; o += 4) {
      if (v.rgba[o] === v.rgba[o + 1] && v.rgba[o + 1] === v.rgba[o + 2]) continue;
      const l = Math.round((v.rgba[o] + v.rgba[o + 1] + v.rgba[o + 2]) / 30);
      lum.set(l, (lum.get(l) ?? 0) + 1);
    }
    const big = [...lum.values()].filter((c) => c > s.n * 0.08);
    expect(big.length).toBeGreaterThanOrEqual(3);
  });

  it("Beams3D's render: an optimized design's isosurface picture comes first in the PNG, non-trivial", async () => {
    const p = await getProblem('beams3d');
    const cfg = p.resolveConfig({ nelx: 12, nely: 8, nelz: 8, max_iter: 15 });
    const r = optimize(p, cfg);
    const spec = p.render(r.design, cfg);
    expect(spec.pictures).toHaveLength(1);
    const pic = spec.pictures![0];
    expect(pic.title).toMatch(/^isosurface ρ = 0\.5 \(\d+ triangles\), z up$/);
    const png = renderPng(spec);
    const img = PNG.sync.read(Buffer.from(png));
    const layout = renderLayout(spec);
    expect([img.width, img.height]).toEqual([layout.width, layout.height]);
    const box = layout.pictures[0];
    expect(box.x).toBeLessThan(layout.panels[0].x);
    let surface = 0;
    const colours = new Set<number>();
    for (let y = box.y; y < box.y + box.h; y++) {
      for (let x = box.x; x < box.x + box.w; x++) {
        const o = 4 * (y * img.width + x);
        const [rr, g, b] = [img.data[o], img.data[o + 1], img.data[o + 2]];
        if (rr === g && g === b) continue;
        surface++;
        colours.add((rr << 16) | (g << 8) | b);
      }
    }
    expect(surface / (box.w * box.h)).toBeGreaterThan(0.1);
    expect(surface / (box.w * box.h)).toBeLessThan(0.8);
    expect(colours.size).toBeGreaterThan(30);
    // an empty design says so in the picture's title
    expect(isosurfacePicture(vol(4, 6, 4, () => 0.3)).title).toBe('isosurface ρ = 0.5: empty (largest ρ 0.3)');
  }, 60_000);

  it('refuses a picture of an impossible size', () => {
    const png = new Uint8Array(8);
    const panel = { title: 'f', field: { shape: [2, 2] as [number, number], data: new Float64Array(4) }, colormap: 'greys' as const };
    expect(() => renderLayout({ title: 't', pictures: [{ title: 'p', width: 0, height: 10, png }], panels: [panel] })).toThrow(/size 0x10 is not whole pixels/);
    expect(() => renderLayout({ title: 't', pictures: [{ title: 'p', width: 4096, height: 10, png }], panels: [panel] })).toThrow(/in \[1, 2048\]/);
  });
});
