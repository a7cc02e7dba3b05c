/**
 * A grouped bar chart as a standalone SVG string (no dependencies): categories × series, 0–1 scale;
 * as wide as its title, slanted labels and legend (which wraps), so nothing falls outside its viewBox.
 */
import { legendLayout, legendSvg, textWidth, type LegendItem } from './svgCharts.ts';

export interface BarSeries {
  label: string;
  values: number[];
  color: string;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function groupedBars(title: string, categories: readonly string[], series: readonly BarSeries[], options: { width?: number; height?: number; max?: number } = {}): string {
  const legend: LegendItem[] = series.map((s) => ({ label: s.label, color: s.color }));
  const shown = categories.map((c) => (c.length > 22 ? c.slice(0, 21) + '…' : c));
  // a label is rotated 30° from its group's centre: cos 30° of its length to the right
  const lastLabel = Math.ceil(textWidth(shown.at(-1) ?? '') * 0.87);
  const plotW = categories.length * (series.length * 18 + 24);
  const width = options.width ?? Math.max(360, 44 + plotW + Math.max(10, lastLabel - (series.length * 18 + 24) / 2 + 10), 16 + textWidth(title, 13.5), 44 + Math.min(720, legend.reduce((s, it) => s + 36 + textWidth(it.label), 0)) + 10);
  const left = 44;
  const lay = legendLayout(legend, left, width - 10);
  const labelDrop = Math.max(40, ...shown.map((c) => Math.ceil(textWidth(c) * 0.5) + 18));
  const height = options.height ?? 190 + labelDrop + 16 * lay.rows;
  const max = options.max ?? 1;
  const bottom = height - labelDrop - 16 * lay.rows;
  const top = 34;
  const plotH = bottom - top;
  const groupW = Math.min(series.length * 18 + 24 + 40, (width - left - 10) / Math.max(1, categories.length));
  const barW = Math.min(18, (groupW - 10) / Math.max(1, series.length));
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<text x="${left}" y="16" font-size="13" font-weight="bold">${escape(title)}</text>`,
  ];
  for (let k = 0; k <= 4; k++) {
    const y = bottom - (plotH * k) / 4;
    parts.push(`<line x1="${left}" x2="${width - 10}" y1="${y}" y2="${y}" stroke="#ddd"/><text x="${left - 4}" y="${y + 4}" text-anchor="end">${((max * k) / 4).toFixed(2)}</text>`);
  }
  categories.forEach((cat, i) => {
    const x0 = left + i * groupW + (groupW - barW * series.length) / 2;
    series.forEach((s, j) => {
      const v = Number.isFinite(s.values[i]) ? Math.max(0, Math.min(max, s.values[i])) : 0;
      const h = (plotH * v) / max;
      parts.push(`<rect x="${(x0 + j * barW).toFixed(1)}" y="${(bottom - h).toFixed(1)}" width="${(barW - 2).toFixed(1)}" height="${h.toFixed(1)}" fill="${s.color}"><title>${escape(`${cat} · ${s.label}: ${(s.values[i] ?? NaN).toFixed(3)}`)}</title></rect>`);
    });
    parts.push(`<text transform="translate(${(left + i * groupW + groupW / 2).toFixed(1)},${bottom + 12}) rotate(30)" text-anchor="start">${escape(shown[i])}</text>`);
  });
  parts.push(legendSvg(legend, lay, bottom + labelDrop + 4), '</svg>');
  return parts.join('');
}
