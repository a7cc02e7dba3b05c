import pngjs from 'pngjs';
import { describe, expect, it } from 'vitest';
import { colorAt, COLORMAPS, lut } from '../../../tools/engineering/export/colormaps.ts';
import { convergencePng, convergenceSvg, renderLayout, renderPng, renderSvg } from '../../../tools/engineering/export/render.ts';
import { formatTick, linearTicks, logTicks } from '../../../tools/engineering/export/ticks.ts';
import type { Design, RenderSpec } from '../../../tools/engineering/problem.ts';

const { PNG } = pngjs;
const decode = (bytes: Uint8Array) => PNG.sync.read(Buffer.from(bytes));
const pixel = (img: InstanceType<typeof PNG>, x: number, y: number) => {
  const o = (Math.floor(y) * img.width + Math.floor(x)) * 4;
  return [img.data[o], img.data[o + 1], img.data[o + 2]];
};
const lutColor = (name: (typeof COLORMAPS)[number], t: number) => Array.from(lut(name).subarray(3 * Math.round(t * 255), 3 * Math.round(t * 255) + 3));
const grid = (rows: number, cols: number, f: (r: number, c: number) => number): Design => ({
  shape: [rows, cols],
  data: Float64Array.from({ length: rows * cols }, (_, k) => f(Math.floor(k / cols), k % cols)),
});
const luminance = ([r, g, b]: number[]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

describe('colormaps', () => {
  it('hit their published end and middle anchors', () => {
    expect(colorAt('viridis', 0)).toEqual([0x44, 0x01, 0x54]);
    expect(colorAt('viridis', 1)).toEqual([0xfd, 0xe7, 0x25]);
    expect(colorAt('viridis', 0.5)).toEqual([0x21, 0x91, 0x8c]);
    expect(colorAt('coolwarm', 0)).toEqual([59, 76, 192]);
    expect(colorAt('coolwarm', 0.5)).toEqual([221, 221, 221]);
    expect(colorAt('coolwarm', 1)).toEqual([180, 4, 38]);
    expect(colorAt('greys', 0)).toEqual([255, 255, 255]);
    expect(colorAt('greys', 1)).toEqual([0, 0, 0]);
    expect(colorAt('magma', 1)).toEqual([0xfc, 0xfd, 0xbf]);
    expect(colorAt('inferno', 1)).toEqual([0xfc, 0xff, 0xa4]);
    expect(colorAt('viridis', -3)).toEqual(colorAt('viridis', 0));
  });

  it('sequential maps change brightness monotonically; coolwarm is blue → grey → red', () => {
    for (const name of ['viridis', 'magma', 'inferno'] as const) {
      const L = Array.from({ length: 101 }, (_, i) => luminance(colorAt(name, i / 100)));
      for (let i = 1; i < L.length; i++) expect(L[i]).toBeGreaterThan(L[i - 1] - 1e-9);
    }
    const G = Array.from({ length: 101 }, (_, i) => luminance(colorAt('greys', i / 100)));
    for (let i = 1; i < G.length; i++) expect(G[i]).toBeLessThanOrEqual(G[i - 1]);
    const [lo, hi] = [colorAt('coolwarm', 0.1), colorAt('coolwarm', 0.9)];
    expect(lo[2]).toBeGreaterThan(lo[0]);
    expect(hi[0]).toBeGreaterThan(hi[2]);
  });
});

describe('ticks', () => {
  it('picks 1-2-5 steps, decades, and short labels', () => {
    expect(linearTicks(0, 1, 5)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(linearTicks(-0.07, 0.93, 4)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
    expect(logTicks(1, 1e5)).toEqual([1, 10, 100, 1000, 10000, 100000]);
    expect(logTicks(3, 40)).toEqual([5, 10, 20]);
    expect([formatTick(0.2), formatTick(1500), formatTick(2e6), formatTick(1.5e-5), formatTick(0)]).toEqual(['0.2', '1500', '2e6', '1.5e-5', '0']);
  });
});

describe('renderPng', () => {
  const field = grid(3, 4, (r, c) => (r === 0 ? 1 : r === 1 ? c / 3 : 0));
  const spec: RenderSpec = {
    title: 'Beam test',
    panels: [
      { title: 'density', field, colormap: 'coolwarm', vmin: 0, vmax: 1, lines: [{ from: [2, 0], to: [2, 3], color: '#00ff00' }] },
      { title: 'second', field: grid(2, 2, (r, c) => (r === 1 && c === 1 ? NaN : r + c)), colormap: 'viridis' },
    ],
  };
  const opts = { cellPx: 20 };
  const img = decode(renderPng(spec, opts));
  const layout = renderLayout(spec, opts);

  it('has the layout size, panels side by side', () => {
    expect([img.width, img.height]).toEqual([layout.width, layout.height]);
    const [a, b] = layout.panels;
    expect(b.x).toBeGreaterThan(a.x + a.width - 1);
    expect([a.w, a.h, b.w, b.h]).toEqual([80, 60, 40, 40]);
  });

  it('colours each cell through the colormap, row 0 at the top', () => {
    const p = layout.panels[0];
    const at = (r: number, c: number) => pixel(img, p.x + (c + 0.5) * p.cellPx + 5, p.y + (r + 0.5) * p.cellPx - 5);
    expect(at(0, 2)).toEqual(lutColor('coolwarm', 1)); // top row is 1 → red
    for (let c = 0; c < 4; c++) expect(at(1, c)).toEqual(lutColor('coolwarm', c / 3));
    // Second panel: auto range [0, 1] from finite values; NaN drawn grey.
    const q = layout.panels[1];
    expect(pixel(img, q.x + 5, q.y + 5)).toEqual(lutColor('viridis', 0));
    expect(pixel(img, q.x + q.w - 5, q.y + 5)).toEqual(lutColor('viridis', 1));
    expect(pixel(img, q.x + q.w - 5, q.y + q.h - 5)).toEqual([208, 208, 208]);
  });

  it('draws the overlay line through cell centres', () => {
    const p = layout.panels[0];
    const [r, g, b] = pixel(img, p.x + 1.5 * p.cellPx, p.y + 2.5 * p.cellPx);
    expect(g).toBeGreaterThan(200);
    expect(r + b).toBeLessThan(120);
  });

  it('draws a colorbar with vmax on top and vmin at the bottom', () => {
    const bar = layout.panels[0].bar;
    expect(pixel(img, bar.x + bar.w / 2, bar.y)).toEqual(colorAt('coolwarm', 1));
    expect(pixel(img, bar.x + bar.w / 2, bar.y + bar.h / 2)).toEqual(colorAt('coolwarm', 1 - bar.h / 2 / (bar.h - 1)));
    expect(pixel(img, bar.x + bar.w / 2, bar.y + bar.h - 1)).toEqual(colorAt('coolwarm', 0));
  });

  it('renders text (title, panel titles, tick labels) with real glyphs', () => {
    const dark = (x0: number, y0: number, x1: number, y1: number) => {
      let n = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (luminance(pixel(img, x, y)) < 100) n++;
      return n;
    };
    expect(dark(0, 0, img.width, 30)).toBeGreaterThan(40); // title
    const bar = layout.panels[0].bar;
    expect(dark(bar.x + bar.w + 6, bar.y, bar.x + bar.w + 60, bar.y + bar.h)).toBeGreaterThan(20); // tick labels
    const svg = renderSvg(spec, opts);
    expect(svg).toContain('>Beam test</text>');
    expect(svg).toContain('>0.5</text>');
  });

  it('escapes titles and rejects inconsistent fields', () => {
    expect(renderSvg({ title: 'a < b & "c"', panels: spec.panels.slice(0, 1) })).toContain('a &lt; b &amp; &quot;c&quot;');
    expect(() => renderPng({ title: 'x', panels: [] })).toThrow(/at least one panel/);
    expect(() => renderPng({ title: 'x', panels: [{ title: 'bad', field: { shape: [2, 2], data: new Float64Array(3) }, colormap: 'greys' }] })).toThrow(/does not fit/);
  });

  it('sizes a 50×100 beam to 5 px per cell by default', () => {
    const l = renderLayout({ title: 't', panels: [{ title: 'd', field: grid(50, 100, () => 0.5), colormap: 'coolwarm' }] });
    expect([l.panels[0].cellPx, l.panels[0].w, l.panels[0].h]).toEqual([5, 500, 250]);
  });
});

describe('convergence chart', () => {
  const hist = (f: (i: number) => number[], n = 30) => Array.from({ length: n }, (_, i) => ({ step: i, objectives: f(i) }));

  it('plots each objective against step, linear when the span is small', () => {
    const svg = convergenceSvg(hist((i) => [100 + 50 / (1 + i)]), [{ name: 'c', direction: 'minimize' }], 'Beams2D');
    expect(svg).toMatch(/data-objective="c" data-scale="linear" data-points="30"/);
    expect((svg.match(/<path d="M[^"]*"/)?.[0].match(/[ML]/g) ?? []).length).toBe(30);
    expect(svg).toContain('>step</text>');
    expect(svg).toContain('final 101.667 at step 29');
  });

  it('switches to a log axis when values span more than two decades (auto), unless told otherwise', () => {
    const h = hist((i) => [1e5 * Math.exp(-i / 3) + 1]);
    expect(convergenceSvg(h, ['c'], 't')).toContain('data-scale="log"');
    expect(convergenceSvg(h, ['c'], 't', { logY: false })).toContain('data-scale="linear"');
    expect(convergenceSvg(hist((i) => [2 + i]), ['c'], 't', { logY: true })).toContain('data-scale="log"');
    // Log is impossible with non-positive values.
    expect(convergenceSvg(hist((i) => [i - 5]), ['c'], 't', { logY: true })).toContain('data-scale="linear"');
  });

  it('stacks several objectives, breaks the line at non-finite values and survives empty input', () => {
    const svg = convergenceSvg(hist((i) => [i === 10 ? NaN : i, -i]), ['a', 'b'], 'two');
    expect(svg.match(/data-objective=/g)).toHaveLength(2);
    expect(svg).toContain('data-points="29"');
    expect((svg.match(/<path d="([^"]*)"/)?.[1].match(/M/g) ?? []).length).toBe(2);
    expect(() => convergenceSvg([], ['c'], 'empty')).not.toThrow();
    const img = decode(convergencePng(hist((i) => [1 / (1 + i)]), ['c'], 'png'));
    expect(img.width).toBe(680);
    expect(img.height).toBeGreaterThan(250);
  });
});
