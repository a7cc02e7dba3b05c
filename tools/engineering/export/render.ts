/**
 * RenderSpec → PNG (pure: bytes in memory, no files). Pictures (a 3-D problem's shaded view) come
 * first, as drawn, each under its title. Each panel is a heatmap of its field with
 * the panel's colormap and vmin/vmax, a colorbar with tick labels, the panel title and optional
 * overlay segments; panels sit side by side under the spec's title. Built as SVG (heatmap and
 * colorbar embedded as nearest-neighbour PNGs made with pngjs) and rasterized with resvg.
 *
 * Overlay coordinates follow matplotlib's imshow: (row, col) with integer values at cell
 * centres, so cell (r, c) spans [r − ½, r + ½] × [c − ½, c + ½]. Row 0 is drawn at the top.
 */
import type { RenderPanel, RenderPicture, RenderSpec } from '../problem.ts';
import { InputError } from '../../errors.ts';
import { colorbarPng, dataUri, heatmapPng, valueRange } from './heatmapImage.ts';
import { formatTick, linearTicks } from './ticks.ts';
import { fx, svgDocument, svgText, svgToPng, type RasterOptions } from './svg.ts';

export { convergencePng, convergenceSvg, type ConvergenceOptions } from './convergenceChart.ts';

export interface RenderOptions extends RasterOptions {
  /** Pixels per design cell; default: the most that keeps the longer side ≤ targetPx (1…32). */
  cellPx?: number;
  /** Target length in pixels of a heatmap's longer side (default 560). */
  targetPx?: number;
}

const PAD = 16;
const TITLE_H = 34;
const PANEL_TITLE_H = 22;
const BAR_GAP = 10;
const BAR_W = 14;
const BAR_LABELS_W = 62;

/** Where everything goes, in output pixels (also used by tests to find cells and colorbars). */
export interface PanelLayout {
  panel: RenderPanel;
  cellPx: number;
  /** Heatmap box. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Colorbar box. */
  bar: { x: number; y: number; w: number; h: number };
  /** Panel width including colorbar and its labels. */
  width: number;
}

export interface PictureLayout {
  picture: RenderPicture;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface RenderLayout {
  width: number;
  height: number;
  pictures: PictureLayout[];
  panels: PanelLayout[];
}

/** Largest picture side accepted (a picture is embedded as is). */
const PICTURE_MAX_PX = 2048;

export function cellPxFor(shape: [number, number], opts: RenderOptions = {}): number {
  if (opts.cellPx !== undefined) {
    if (!(Number.isInteger(opts.cellPx) && opts.cellPx >= 1 && opts.cellPx <= 64)) {
      throw new InputError(`cellPx must be an integer in [1, 64], got ${opts.cellPx}`, { field: 'cellPx' });
    }
    return opts.cellPx;
  }
  const target = opts.targetPx ?? 560;
  return Math.max(1, Math.min(32, Math.floor(target / Math.max(shape[0], shape[1], 1))));
}

export function renderLayout(spec: RenderSpec, opts: RenderOptions = {}): RenderLayout {
  if (!spec.panels.length) throw new InputError('a render spec needs at least one panel', { field: 'panels' });
  const y = TITLE_H + PANEL_TITLE_H;
  let x = PAD;
  const pictures = (spec.pictures ?? []).map((picture): PictureLayout => {
    const { width: w, height: h } = picture;
    if (!(Number.isInteger(w) && Number.isInteger(h) && w > 0 && h > 0 && w <= PICTURE_MAX_PX && h <= PICTURE_MAX_PX)) {
      throw new InputError(`picture "${picture.title}": size ${w}x${h} is not whole pixels in [1, ${PICTURE_MAX_PX}]`, { field: 'pictures' });
    }
    const p = { picture, x, y, w, h };
    x += w + PAD;
    return p;
  });
  const panels = spec.panels.map((panel): PanelLayout => {
    const { shape } = panel.field;
    if (shape.length !== 2) throw new InputError(`panel "${panel.title}": field shape [${shape}] is not a 2-D image (draw slices or projections of a 3-D design)`, { field: 'field' });
    const [rows, cols] = shape;
    if (!(rows > 0 && cols > 0) || panel.field.data.length !== rows * cols) {
      throw new InputError(`panel "${panel.title}": field shape [${panel.field.shape}] does not fit ${panel.field.data.length} values`, { field: 'field' });
    }
    const cellPx = cellPxFor(shape, opts);
    const w = cols * cellPx, h = rows * cellPx;
    const p = { panel, cellPx, x, y, w, h, bar: { x: x + w + BAR_GAP, y, w: BAR_W, h }, width: w + BAR_GAP + BAR_W + BAR_LABELS_W };
    x += p.width + PAD;
    return p;
  });
  return { width: x, height: y + Math.max(...panels.map((p) => p.h), ...pictures.map((p) => p.h)) + PAD + 6, pictures, panels };
}

/** The SVG document for a RenderSpec (what renderPng rasterizes). */
export function renderSvg(spec: RenderSpec, opts: RenderOptions = {}): string {
  const { width, height, pictures, panels } = renderLayout(spec, opts);
  const body = [svgText(width / 2, 23, spec.title, { size: 16, anchor: 'middle', weight: 'bold' })];
  for (const p of pictures) {
    body.push(
      svgText(p.x + p.w / 2, p.y - 7, p.picture.title, { size: 13, anchor: 'middle' }),
      `<image x="${p.x}" y="${p.y}" width="${p.w}" height="${p.h}" preserveAspectRatio="none" xlink:href="${dataUri(p.picture.png)}"/>`,
      `<rect x="${p.x - 0.5}" y="${p.y - 0.5}" width="${p.w + 1}" height="${p.h + 1}" fill="none" stroke="#444" stroke-width="1"/>`,
    );
  }
  for (const p of panels) body.push(...panelSvg(p));
  return svgDocument(width, height, body);
}

function panelSvg(p: PanelLayout): string[] {
  const { panel, x: x0, y: y0, w, h, cellPx } = p;
  const range = valueRange(panel.field, panel.vmin, panel.vmax);
  const out = [
    svgText(x0 + w / 2, y0 - 7, panel.title, { size: 13, anchor: 'middle' }),
    `<image x="${x0}" y="${y0}" width="${w}" height="${h}" preserveAspectRatio="none" image-rendering="optimizeSpeed" xlink:href="${dataUri(heatmapPng(panel.field, panel.colormap, range, cellPx))}"/>`,
    `<rect x="${x0 - 0.5}" y="${y0 - 0.5}" width="${w + 1}" height="${h + 1}" fill="none" stroke="#444" stroke-width="1"/>`,
  ];
  for (const line of panel.lines ?? []) {
    const [r0, c0] = line.from, [r1, c1] = line.to;
    out.push(
      `<line x1="${fx(x0 + (c0 + 0.5) * cellPx)}" y1="${fx(y0 + (r0 + 0.5) * cellPx)}" x2="${fx(x0 + (c1 + 0.5) * cellPx)}" y2="${fx(y0 + (r1 + 0.5) * cellPx)}" stroke="${safeColor(line.color)}" stroke-width="1.5" stroke-linecap="round"/>`,
    );
  }
  out.push(...colorbarSvg(panel, range, p.bar.x, p.bar.y, h));
  return out;
}

function colorbarSvg(panel: RenderPanel, range: { vmin: number; vmax: number }, x: number, y: number, h: number): string[] {
  const out = [
    `<image x="${x}" y="${y}" width="${BAR_W}" height="${h}" preserveAspectRatio="none" image-rendering="optimizeSpeed" xlink:href="${dataUri(colorbarPng(panel.colormap, BAR_W, h))}"/>`,
    `<rect x="${x - 0.5}" y="${y - 0.5}" width="${BAR_W + 1}" height="${h + 1}" fill="none" stroke="#444" stroke-width="1"/>`,
  ];
  const ticks = linearTicks(range.vmin, range.vmax, h >= 200 ? 5 : 3);
  for (const t of ticks) {
    const ty = y + (1 - (t - range.vmin) / (range.vmax - range.vmin)) * h;
    out.push(`<line x1="${x + BAR_W}" y1="${fx(ty)}" x2="${x + BAR_W + 4}" y2="${fx(ty)}" stroke="#444" stroke-width="1"/>`);
    out.push(svgText(x + BAR_W + 7, ty, formatTick(t), { size: 11, baseline: 'middle' }));
  }
  return out;
}

/** Keeps overlay colours to CSS names, #hex and rgb()/rgba() forms. */
function safeColor(c: string): string {
  return /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]+|rgba?\([\d\s.,%]+\))$/.test(c) ? c : '#ffffff';
}

/** Draws a RenderSpec as a PNG (side-by-side panels under the title). */
export function renderPng(spec: RenderSpec, opts: RenderOptions = {}): Uint8Array {
  return svgToPng(renderSvg(spec, opts), opts);
}
