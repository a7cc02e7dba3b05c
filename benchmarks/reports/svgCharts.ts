/**
 * Standalone SVG charts for the reports (no dependencies): a heatmap (rows × columns of values,
 * e.g. mean tool calls per trial), distributions (box plot with the points over it, per category and
 * series), and a scatter plot. Strings out, deterministic (points are jittered by index, not at random).
 */

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const f1 = (v: number) => v.toFixed(1);

export const PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#b07aa1', '#edc948', '#9c755f'];

function header(width: number, height: number, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11"><rect width="100%" height="100%" fill="#fff"/><text x="8" y="16" font-size="13" font-weight="bold">${esc(title)}</text>`;
}

/** Blue scale from white (0) to dark (max). */
function shade(v: number, max: number): string {
  const t = max > 0 ? Math.max(0, Math.min(1, v / max)) : 0;
  const c = (a: number, b: number) => Math.round(a + (b - a) * t);
  return `rgb(${c(247, 8)},${c(251, 69)},${c(255, 148)})`;
}

export function heatmap(title: string, rowLabels: readonly string[], colLabels: readonly string[], values: readonly (readonly number[])[], opts: { digits?: number } = {}): string {
  const left = Math.round(Math.min(260, 12 + 6.2 * Math.max(...rowLabels.map((r) => r.length), 4)));
  const cell = 54;
  const top = 110;
  // room on the right for the last column's slanted label
  const width = left + cell * colLabels.length + 130;
  const height = top + 22 * rowLabels.length + 16;
  const max = Math.max(1e-9, ...values.flat().filter(Number.isFinite));
  const parts = [header(width, height, title)];
  colLabels.forEach((c, j) => parts.push(`<text transform="translate(${left + j * cell + cell / 2},${top - 6}) rotate(-40)">${esc(c)}</text>`));
  rowLabels.forEach((r, i) => {
    const y = top + i * 22;
    parts.push(`<text x="${left - 6}" y="${y + 15}" text-anchor="end">${esc(r)}</text>`);
    colLabels.forEach((_, j) => {
      const v = values[i]?.[j] ?? NaN;
      const dark = Number.isFinite(v) && v / max > 0.55;
      parts.push(
        `<rect x="${left + j * cell}" y="${y}" width="${cell - 2}" height="20" fill="${Number.isFinite(v) ? shade(v, max) : '#eee'}"><title>${esc(`${r} · ${colLabels[j]}: ${Number.isFinite(v) ? v.toFixed(2) : '–'}`)}</title></rect>`,
        `<text x="${left + j * cell + cell / 2 - 1}" y="${y + 14}" text-anchor="middle" fill="${dark ? '#fff' : '#222'}">${Number.isFinite(v) ? v.toFixed(opts.digits ?? 1) : '–'}</text>`,
      );
    });
  });
  parts.push('</svg>');
  return parts.join('');
}

export interface DistributionSeries {
  label: string;
  color: string;
  /** values[i]: the values of category i. */
  values: readonly (readonly number[])[];
}

function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  return sorted[lo] + (sorted[Math.ceil(pos)] - sorted[lo]) * (pos - lo);
}

/** Box plots (quartiles, whiskers at min/max) with the points over them; y in [0, max]. */
export function distributions(title: string, categories: readonly string[], series: readonly DistributionSeries[], opts: { max?: number; yLabel?: string } = {}): string {
  const max = opts.max ?? 1;
  const box = 22;
  const group = Math.max(60, series.length * (box + 8) + 16);
  const left = 48;
  const top = 30;
  const bottom = 230;
  const width = left + group * categories.length + 20;
  const height = bottom + 40 + 16 * Math.ceil(series.length / 4);
  const y = (v: number) => bottom - ((bottom - top) * Math.max(0, Math.min(max, v))) / max;
  const parts = [header(width, height, title)];
  for (let k = 0; k <= 4; k++) {
    const v = (max * k) / 4;
    parts.push(`<line x1="${left}" x2="${width - 10}" y1="${f1(y(v))}" y2="${f1(y(v))}" stroke="#ddd"/><text x="${left - 4}" y="${f1(y(v) + 4)}" text-anchor="end">${v.toFixed(2)}</text>`);
  }
  if (opts.yLabel) parts.push(`<text transform="translate(12,${(top + bottom) / 2}) rotate(-90)" text-anchor="middle">${esc(opts.yLabel)}</text>`);
  categories.forEach((cat, i) => {
    const x0 = left + i * group + (group - series.length * (box + 8)) / 2;
    series.forEach((s, j) => {
      const vals = [...(s.values[i] ?? [])].filter(Number.isFinite).sort((a, b) => a - b);
      if (!vals.length) return;
      const x = x0 + j * (box + 8);
      const [q1, med, q3] = [0.25, 0.5, 0.75].map((q) => quantile(vals, q));
      parts.push(
        `<line x1="${x + box / 2}" x2="${x + box / 2}" y1="${f1(y(vals[0]))}" y2="${f1(y(vals[vals.length - 1]))}" stroke="${s.color}"/>`,
        `<rect x="${x}" y="${f1(y(q3))}" width="${box}" height="${f1(Math.max(1, y(q1) - y(q3)))}" fill="${s.color}" fill-opacity="0.25" stroke="${s.color}"><title>${esc(`${cat} · ${s.label}: n ${vals.length}, median ${med.toFixed(3)}`)}</title></rect>`,
        `<line x1="${x}" x2="${x + box}" y1="${f1(y(med))}" y2="${f1(y(med))}" stroke="${s.color}" stroke-width="2"/>`,
      );
      vals.forEach((v, k) => parts.push(`<circle cx="${f1(x + 4 + ((k * 7) % (box - 8)))}" cy="${f1(y(v))}" r="2" fill="${s.color}"/>`));
    });
    parts.push(`<text x="${left + i * group + group / 2}" y="${bottom + 16}" text-anchor="middle">${esc(cat)}</text>`);
  });
  series.forEach((s, j) => {
    const x = left + (j % 4) * 180;
    const yy = bottom + 34 + 16 * Math.floor(j / 4);
    parts.push(`<rect x="${x}" y="${yy - 9}" width="10" height="10" fill="${s.color}"/><text x="${x + 14}" y="${yy}">${esc(s.label)}</text>`);
  });
  parts.push('</svg>');
  return parts.join('');
}

export interface ScatterSeries {
  label: string;
  color: string;
  points: readonly { x: number; y: number; title?: string }[];
}

export function scatter(title: string, series: readonly ScatterSeries[], opts: { xLabel: string; yLabel: string; yMax?: number }): string {
  const left = 52;
  const top = 30;
  const width = 560;
  const bottom = 260;
  const height = bottom + 44 + 16 * Math.ceil(series.length / 3);
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const xMax = Math.max(1, ...xs) + 1;
  const yMax = opts.yMax ?? 1;
  const X = (v: number) => left + ((width - left - 16) * v) / xMax;
  const Y = (v: number) => bottom - ((bottom - top) * Math.max(0, Math.min(yMax, v))) / yMax;
  const parts = [header(width, height, title)];
  for (let k = 0; k <= 4; k++) {
    const v = (yMax * k) / 4;
    parts.push(`<line x1="${left}" x2="${width - 16}" y1="${f1(Y(v))}" y2="${f1(Y(v))}" stroke="#ddd"/><text x="${left - 4}" y="${f1(Y(v) + 4)}" text-anchor="end">${v.toFixed(2)}</text>`);
  }
  const step = Math.max(1, Math.ceil(xMax / 10));
  for (let v = 0; v <= xMax; v += step) parts.push(`<text x="${f1(X(v))}" y="${bottom + 14}" text-anchor="middle">${v}</text>`);
  parts.push(`<text x="${(left + width) / 2}" y="${bottom + 30}" text-anchor="middle">${esc(opts.xLabel)}</text>`, `<text transform="translate(12,${(top + bottom) / 2}) rotate(-90)" text-anchor="middle">${esc(opts.yLabel)}</text>`);
  series.forEach((s, j) => {
    s.points.forEach((p, k) => parts.push(`<circle cx="${f1(X(p.x) + ((k % 5) - 2) * 1.5 + (j - series.length / 2) * 2)}" cy="${f1(Y(p.y))}" r="3" fill="${s.color}" fill-opacity="0.7"><title>${esc(p.title ?? `${s.label}: (${p.x}, ${p.y.toFixed(3)})`)}</title></circle>`));
    const x = left + (j % 3) * 170;
    const yy = bottom + 48 + 16 * Math.floor(j / 3);
    parts.push(`<rect x="${x}" y="${yy - 9}" width="10" height="10" fill="${s.color}"/><text x="${x + 14}" y="${yy}">${esc(s.label)}</text>`);
  });
  parts.push('</svg>');
  return parts.join('');
}

export interface StackPart {
  label: string;
  color: string;
}

/** Stacked bars: one bar per category, each split into the parts' values (e.g. weighted score components). */
export function stackedBars(title: string, categories: readonly string[], parts: readonly StackPart[], values: readonly (readonly number[])[], opts: { max?: number } = {}): string {
  const max = opts.max ?? 1;
  const bar = 26;
  const gap = 14;
  const left = 44;
  const top = 30;
  const bottom = 230;
  const width = Math.max(left + parts.length * 130 + 20, left + categories.length * (bar + gap) + 80);
  const height = bottom + 96;
  const y = (v: number) => bottom - ((bottom - top) * Math.max(0, Math.min(max, v))) / max;
  const out = [header(width, height, title)];
  for (let k = 0; k <= 4; k++) {
    const v = (max * k) / 4;
    out.push(`<line x1="${left}" x2="${width - 10}" y1="${f1(y(v))}" y2="${f1(y(v))}" stroke="#ddd"/><text x="${left - 4}" y="${f1(y(v) + 4)}" text-anchor="end">${v.toFixed(2)}</text>`);
  }
  categories.forEach((cat, i) => {
    const x = left + gap / 2 + i * (bar + gap);
    let acc = 0;
    parts.forEach((p, j) => {
      const v = Math.max(0, values[i]?.[j] ?? 0);
      if (v > 0) out.push(`<rect x="${x}" y="${f1(y(acc + v))}" width="${bar}" height="${f1(y(acc) - y(acc + v))}" fill="${p.color}"><title>${esc(`${cat} · ${p.label}: ${v.toFixed(3)}`)}</title></rect>`);
      acc += v;
    });
    out.push(`<text transform="translate(${x + bar / 2},${bottom + 10}) rotate(40)" text-anchor="start">${esc(cat)}</text>`);
  });
  parts.forEach((p, j) => {
    const x = left + j * 130;
    out.push(`<rect x="${x}" y="${height - 16}" width="10" height="10" fill="${p.color}"/><text x="${x + 14}" y="${height - 7}">${esc(p.label)}</text>`);
  });
  out.push('</svg>');
  return out.join('');
}
