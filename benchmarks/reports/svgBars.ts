/** A grouped bar chart as a standalone SVG string (no dependencies): categories × series, 0–1 scale. */

export interface BarSeries {
  label: string;
  values: number[];
  color: string;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function groupedBars(title: string, categories: readonly string[], series: readonly BarSeries[], options: { width?: number; height?: number; max?: number } = {}): string {
  const width = options.width ?? Math.max(360, 80 + categories.length * (series.length * 18 + 24));
  const height = options.height ?? 260;
  const max = options.max ?? 1;
  const left = 44;
  const bottom = height - 70;
  const top = 34;
  const plotH = bottom - top;
  const groupW = (width - left - 10) / Math.max(1, categories.length);
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
    parts.push(`<text transform="translate(${(left + i * groupW + groupW / 2).toFixed(1)},${bottom + 12}) rotate(30)" text-anchor="start">${escape(cat.length > 22 ? cat.slice(0, 21) + '…' : cat)}</text>`);
  });
  series.forEach((s, j) => {
    const x = left + j * 130;
    parts.push(`<rect x="${x}" y="${height - 14}" width="10" height="10" fill="${s.color}"/><text x="${x + 14}" y="${height - 5}">${escape(s.label)}</text>`);
  });
  parts.push('</svg>');
  return parts.join('');
}
