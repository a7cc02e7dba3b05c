/**
 * A field as a PNG image: each cell a cellPx × cellPx block (nearest neighbour) coloured through a
 * colormap between vmin and vmax; row 0 at the top. Non-finite cells are drawn light grey.
 * Also the colorbar strip (vmax at the top). Returned as data URIs for embedding in SVG.
 */
import pngjs from 'pngjs';
import type { Design } from '../problem.ts';
import { colorAt, lut, type ColormapName, type Rgb } from './colormaps.ts';

const { PNG } = pngjs;
const NAN_COLOR: Rgb = [208, 208, 208];

export interface ValueRange {
  vmin: number;
  vmax: number;
}

/** vmin/vmax given, or the finite data range (widened when flat). */
export function valueRange(field: Design, vmin?: number, vmax?: number): ValueRange {
  let lo = Infinity, hi = -Infinity;
  for (const v of field.data) {
    if (Number.isFinite(v)) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  if (lo === Infinity) [lo, hi] = [0, 1];
  let a = vmin ?? lo, b = vmax ?? hi;
  if (a === b) [a, b] = a === 0 ? [0, 1] : [a - Math.abs(a) / 2, b + Math.abs(b) / 2];
  if (a > b) [a, b] = [b, a];
  return { vmin: a, vmax: b };
}

export function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array {
  const png = new PNG({ width, height });
  png.data.set(rgba);
  return new Uint8Array(PNG.sync.write(png));
}

export const dataUri = (png: Uint8Array) => `data:image/png;base64,${Buffer.from(png).toString('base64')}`;

/** The heatmap PNG: cols·cellPx wide, rows·cellPx tall. */
export function heatmapPng(field: Design, colormap: ColormapName, range: ValueRange, cellPx: number): Uint8Array {
  const [rows, cols] = field.shape;
  const table = lut(colormap);
  const w = cols * cellPx, h = rows * cellPx;
  const rgba = new Uint8Array(w * h * 4);
  const span = range.vmax - range.vmin;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const v = field.data[r * cols + c];
      let rgb: ArrayLike<number> = NAN_COLOR;
      if (Number.isFinite(v)) {
        const i = Math.round(Math.min(1, Math.max(0, (v - range.vmin) / span)) * 255);
        rgb = table.subarray(3 * i, 3 * i + 3);
      }
      for (let dy = 0; dy < cellPx; dy++) {
        let o = ((r * cellPx + dy) * w + c * cellPx) * 4;
        for (let dx = 0; dx < cellPx; dx++, o += 4) {
          rgba[o] = rgb[0];
          rgba[o + 1] = rgb[1];
          rgba[o + 2] = rgb[2];
          rgba[o + 3] = 255;
        }
      }
    }
  }
  return encodePng(w, h, rgba);
}

/** Vertical colorbar strip, `height` px tall: vmax colour at the top, vmin at the bottom. */
export function colorbarPng(colormap: ColormapName, width: number, height: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const rgb = colorAt(colormap, height === 1 ? 1 : 1 - y / (height - 1));
    for (let x = 0; x < width; x++) rgba.set([rgb[0], rgb[1], rgb[2], 255], (y * width + x) * 4);
  }
  return encodePng(width, height, rgba);
}
