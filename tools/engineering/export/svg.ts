/** Small SVG building blocks shared by the heatmap and chart renderers; SVG → PNG through resvg. */
import { Resvg } from '@resvg/resvg-js';

export const FONT_FAMILY = "'DejaVu Sans', 'Noto Sans', 'Liberation Sans', Arial, sans-serif";

export function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] as string);
}

export interface TextOptions {
  size?: number;
  anchor?: 'start' | 'middle' | 'end';
  weight?: 'normal' | 'bold';
  /** Rotation in degrees about (x, y). */
  rotate?: number;
  fill?: string;
  baseline?: 'auto' | 'middle' | 'hanging';
}

export function svgText(x: number, y: number, content: string, o: TextOptions = {}): string {
  const attrs = [
    `x="${fx(x)}"`,
    `y="${fx(y)}"`,
    `font-size="${o.size ?? 12}"`,
    `text-anchor="${o.anchor ?? 'start'}"`,
    o.weight === 'bold' ? 'font-weight="bold"' : '',
    o.rotate ? `transform="rotate(${o.rotate} ${fx(x)} ${fx(y)})"` : '',
    o.baseline && o.baseline !== 'auto' ? `dominant-baseline="${o.baseline}"` : '',
    `fill="${o.fill ?? '#222'}"`,
  ].filter(Boolean);
  return `<text ${attrs.join(' ')}>${escapeXml(content)}</text>`;
}

export function svgDocument(width: number, height: number, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT_FAMILY}">`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
    ...body,
    '</svg>',
  ].join('\n');
}

/** Fixed-point number for SVG attributes. */
export const fx = (v: number) => String(Math.round(v * 100) / 100);

export interface RasterOptions {
  /** Font files to load instead of the system fonts (e.g. a DejaVuSans.ttf path). */
  fontFiles?: string[];
  /** Output width in pixels (the SVG is scaled); default: the SVG's own width. */
  width?: number;
}

/** Rasterizes an SVG string to PNG bytes with resvg; text uses system fonts (DejaVu Sans). */
export function svgToPng(svg: string, opts: RasterOptions = {}): Uint8Array {
  const resvg = new Resvg(svg, {
    background: '#ffffff',
    fitTo: opts.width ? { mode: 'width', value: opts.width } : { mode: 'original' },
    font: opts.fontFiles?.length
      ? { loadSystemFonts: false, fontFiles: opts.fontFiles, defaultFontFamily: 'DejaVu Sans' }
      : { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    imageRendering: 1, // optimizeSpeed: nearest-neighbour for embedded images
  });
  return new Uint8Array(resvg.render().asPng());
}
