/**
 * Side-by-side metric panels as one standalone SVG (no dependencies): per metric a small bar chart
 * of a few bars (e.g. agent-trained models and a published baseline), the bar the mean and dots the
 * values it averages, an arrow in the panel's title for the better direction, on a linear or a log10
 * scale (for metrics spanning decades; values ≤ 0 cannot be drawn there and are written instead).
 * As wide as its content; deterministic.
 */
import { legendLayout, legendSvg, textWidth, type LegendItem } from './svgCharts.ts';

export interface PanelBar {
  label: string;
  color: string;
  /** The bar's height: the mean of `points` (NaN: nothing to draw). */
  value: number;
  points?: readonly number[];
}

export interface MetricPanel {
  title: string;
  better: 'lower' | 'higher';
  log?: boolean;
  bars: readonly PanelBar[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const f1 = (v: number) => v.toFixed(1);

/** Compact number for axis ticks and labels: 3 significant digits, exponent form beyond 1e4 or below 1e-3. */
export function short(v: number): string {
  if (!Number.isFinite(v)) return '–';
  if (v === 0) return '0';
  const a = Math.abs(v);
  return a >= 1e4 || a < 1e-3 ? v.toExponential(2).replace('e+', 'e') : Number(v.toPrecision(3)).toString();
}

/** The y mapping of one panel: [lo, hi] of the values shown, linear from 0 or log10 in whole decades. */
function scaleOf(p: MetricPanel): { y: (v: number) => number; ticks: number[]; drawable: (v: number) => boolean } {
  const vals = p.bars.flatMap((b) => [b.value, ...(b.points ?? [])]).filter(Number.isFinite);
  if (p.log) {
    const pos = vals.filter((v) => v > 0);
    // a decade below the smallest value (so its bar shows) and room above the largest for its label
    const lo = pos.length ? Math.floor(Math.log10(Math.min(...pos))) - 1 : 0;
    const hi = pos.length ? Math.max(lo + 2, Math.ceil(Math.log10(Math.max(...pos)) + 0.3)) : 1;
    const step = Math.max(1, Math.ceil((hi - lo) / 5));
    const ticks: number[] = [];
    for (let e = lo; e <= hi; e += step) ticks.push(10 ** e);
    return { y: (v) => (Math.log10(v) - lo) / (hi - lo), ticks, drawable: (v) => Number.isFinite(v) && v > 0 };
  }
  const max = Math.max(0, ...vals) * 1.12;
  const min = Math.min(0, ...vals) * 1.12;
  const span = max - min || 1;
  return { y: (v) => (v - min) / span, ticks: [0, 0.25, 0.5, 0.75, 1].map((k) => min + k * span), drawable: Number.isFinite };
}

export function metricPanels(title: string, panels: readonly MetricPanel[], opts: { caption?: string } = {}): string {
  const bar = 34;
  const gap = 10;
  const nBars = Math.max(1, ...panels.map((p) => p.bars.length));
  const panelW = Math.max(150, 58 + nBars * (bar + gap));
  const left = 12;
  const top = 58;
  const plotH = 170;
  const legend: LegendItem[] = [];
  for (const p of panels) for (const b of p.bars) if (!legend.some((l) => l.label === b.label)) legend.push({ label: b.label, color: b.color });
  const width = Math.max(left + panels.length * panelW + 10, 16 + textWidth(title, 13.5), left + Math.min(720, legend.reduce((s, it) => s + 36 + textWidth(it.label), 0)) + 10, opts.caption ? 16 + textWidth(opts.caption) : 0);
  const lay = legendLayout(legend, left, width - 10);
  const bottom = top + plotH;
  const height = bottom + 30 + 16 * lay.rows + (opts.caption ? 16 : 0);
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11"><rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="8" y="16" font-size="13" font-weight="bold">${esc(title)}</text>`,
  ];
  panels.forEach((p, i) => {
    const x0 = left + i * panelW;
    const axis = x0 + 50;
    const s = scaleOf(p);
    const Y = (v: number) => bottom - plotH * Math.max(0, Math.min(1, s.y(v)));
    out.push(`<text x="${x0 + panelW / 2}" y="${top - 24}" text-anchor="middle" font-weight="bold">${esc(`${p.title} ${p.better === 'lower' ? '↓' : '↑'}`)}</text>`);
    if (p.log) out.push(`<text x="${x0 + panelW / 2}" y="${top - 12}" text-anchor="middle" fill="#666">log scale</text>`);
    for (const t of s.ticks) out.push(`<line x1="${axis}" x2="${x0 + panelW - 8}" y1="${f1(Y(t))}" y2="${f1(Y(t))}" stroke="#ddd"/><text x="${axis - 3}" y="${f1(Y(t) + 4)}" text-anchor="end">${esc(short(t))}</text>`);
    p.bars.forEach((b, j) => {
      const x = axis + 6 + j * (bar + gap);
      if (s.drawable(b.value)) {
        const base = p.log ? bottom : Y(0);
        const yv = Y(b.value);
        out.push(`<rect x="${x}" y="${f1(Math.min(yv, base))}" width="${bar}" height="${f1(Math.max(1, Math.abs(base - yv)))}" fill="${b.color}" fill-opacity="0.8"><title>${esc(`${p.title} · ${b.label}: ${b.value}`)}</title></rect>`);
        out.push(`<text x="${x + bar / 2}" y="${f1(Math.min(yv, base) - 3)}" text-anchor="middle" font-size="9">${esc(short(b.value))}</text>`);
      } else out.push(`<text x="${x + bar / 2}" y="${bottom - 4}" text-anchor="middle" font-size="9">${esc(Number.isFinite(b.value) ? `${short(b.value)} (≤ 0)` : 'n/a')}</text>`);
      (b.points ?? []).filter(s.drawable).forEach((v, k) => out.push(`<circle cx="${f1(x + 6 + ((k * 7) % (bar - 12)))}" cy="${f1(Y(v))}" r="2" fill="#222" fill-opacity="0.6"><title>${esc(`${b.label}: ${v}`)}</title></circle>`));
    });
  });
  out.push(legendSvg(legend, lay, bottom + 24));
  if (opts.caption) out.push(`<text x="8" y="${height - 6}" fill="#555">${esc(opts.caption)}</text>`);
  out.push('</svg>');
  return out.join('');
}
