/**
 * Standalone SVG charts for the reports (no dependencies): a heatmap (rows × columns of values,
 * e.g. mean tool calls per trial), distributions (box plot with the points over it, per category and
 * series), and a scatter plot. Strings out, deterministic (points are jittered by index, not at random).
 * Every chart is as wide as its content (title, labels, legend: the legend wraps into rows), so
 * nothing is drawn outside its viewBox; pages scale them down to fit (max-width: 100%).
 */

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const f1 = (v: number) => v.toFixed(1);

export const PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#b07aa1', '#edc948', '#9c755f'];

/** Width of a text in the charts' 11 px sans-serif, rounded up (a generous 6.4 px per character). */
export const textWidth = (s: string, px = 11) => Math.ceil(s.length * px * 0.58);

/** Room for the title (13 px bold) from x = 8. */
const titleWidth = (title: string) => 16 + textWidth(title, 13.5);

export interface LegendItem {
  label: string;
  color: string;
  /** Drawn as a line (dashed or solid) instead of a swatch. */
  line?: 'solid' | 'dashed';
}

/** Legend items laid out left to right from x0, wrapping before maxX; rows are 16 px apart. */
export function legendLayout(items: readonly LegendItem[], x0: number, maxX: number): { rows: number; at: { x: number; row: number }[] } {
  let x = x0;
  let row = 0;
  const at = items.map((it) => {
    const w = 22 + textWidth(it.label) + 14;
    if (x > x0 && x + w > maxX) {
      x = x0;
      row++;
    }
    const pos = { x, row };
    x += w;
    return pos;
  });
  return { rows: items.length ? row + 1 : 0, at };
}

/** The legend's SVG, its first row's baseline at y. */
export function legendSvg(items: readonly LegendItem[], layout: ReturnType<typeof legendLayout>, y: number): string {
  return items
    .map((it, i) => {
      const { x, row } = layout.at[i];
      const yy = y + 16 * row;
      const mark = it.line
        ? `<line x1="${x}" x2="${x + 16}" y1="${yy - 4}" y2="${yy - 4}" stroke="${it.color}" stroke-width="2"${it.line === 'dashed' ? ' stroke-dasharray="5,3"' : ''}/>`
        : `<rect x="${x}" y="${yy - 9}" width="10" height="10" fill="${it.color}"/>`;
      return `${mark}<text x="${x + (it.line ? 20 : 14)}" y="${yy}">${esc(it.label)}</text>`;
    })
    .join('');
}

/** The widest legend row any chart needs before it wraps. */
const LEGEND_MAX = 720;
const legendWidth = (items: readonly LegendItem[]) => Math.min(LEGEND_MAX, items.reduce((s, it) => s + 36 + textWidth(it.label), 0));

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

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
  const rows = rowLabels.map((r) => clip(r, 44));
  const left = Math.min(12 + textWidth('x'.repeat(44)), 12 + Math.max(...rows.map((r) => textWidth(r)), 24));
  const cell = 54;
  const top = 110;
  // room on the right for the last column's slanted label (rotated 40°: cos 40° of its length)
  const width = Math.max(titleWidth(title), left + cell * colLabels.length + Math.max(40, ...colLabels.map((c) => Math.ceil(textWidth(c) * 0.77) - cell / 2 + 10)));
  const height = top + 22 * rowLabels.length + 16;
  const max = Math.max(1e-9, ...values.flat().filter(Number.isFinite));
  const parts = [header(width, height, title)];
  colLabels.forEach((c, j) => parts.push(`<text transform="translate(${left + j * cell + cell / 2},${top - 6}) rotate(-40)">${esc(c)}</text>`));
  rows.forEach((r, i) => {
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
  const legend: LegendItem[] = series.map((s) => ({ label: s.label, color: s.color }));
  const width = Math.max(titleWidth(title), left + group * categories.length + 20, left + legendWidth(legend) + 10, left + Math.max(0, ...categories.map((c) => textWidth(c))) + 10);
  const lay = legendLayout(legend, left, width - 10);
  const height = bottom + 40 + 16 * lay.rows;
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
  parts.push(legendSvg(legend, lay, bottom + 34), '</svg>');
  return parts.join('');
}

export interface ScatterSeries {
  label: string;
  color: string;
  points: readonly { x: number; y: number; title?: string }[];
}

export interface ScatterLine {
  label: string;
  color: string;
  dashed?: boolean;
  /** Joined in x order. */
  points: readonly { x: number; y: number }[];
}

export function scatter(title: string, series: readonly ScatterSeries[], opts: { xLabel: string; yLabel: string; yMax?: number; lines?: readonly ScatterLine[] }): string {
  const left = 52;
  const top = 30;
  const lines = opts.lines ?? [];
  const legend: LegendItem[] = [...series.map((s) => ({ label: s.label, color: s.color })), ...lines.map((l) => ({ label: l.label, color: l.color, line: l.dashed ? ('dashed' as const) : ('solid' as const) }))];
  const width = Math.max(560, titleWidth(title), left + legendWidth(legend) + 10);
  const bottom = 260;
  const lay = legendLayout(legend, left, width - 10);
  const height = bottom + 44 + 16 * lay.rows;
  const xs = [...series.flatMap((s) => s.points.map((p) => p.x)), ...lines.flatMap((l) => l.points.map((p) => p.x))];
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
  });
  for (const l of lines) {
    const pts = [...l.points].filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y)).sort((a, b) => a.x - b.x);
    if (!pts.length) continue;
    const d = pts.map((p) => `${f1(X(p.x))},${f1(Y(p.y))}`).join(' ');
    parts.push(
      `<polyline points="${d}" fill="none" stroke="${l.color}" stroke-width="2"${l.dashed ? ' stroke-dasharray="5,3"' : ''}><title>${esc(`${l.label}: ${pts.map((p) => `${p.x} → ${p.y.toFixed(3)}`).join(', ')}`)}</title></polyline>`,
      ...pts.map((p) => `<circle cx="${f1(X(p.x))}" cy="${f1(Y(p.y))}" r="2.5" fill="${l.color}"/>`),
    );
  }
  parts.push(legendSvg(legend, lay, bottom + 48), '</svg>');
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
  const legend: LegendItem[] = parts.map((p) => ({ label: p.label, color: p.color }));
  // the last category's label is rotated 40° from the bar's centre: cos 40° of its length to the right
  const width = Math.max(titleWidth(title), left + legendWidth(legend) + 10, left + categories.length * (bar + gap) + Math.max(80, ...categories.map((c) => Math.ceil(textWidth(c) * 0.77) + 10)));
  const lay = legendLayout(legend, left, width - 10);
  const labelDrop = Math.max(60, ...categories.map((c) => Math.ceil(textWidth(c) * 0.65) + 16));
  const height = bottom + labelDrop + 16 * lay.rows + 8;
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
  out.push(legendSvg(legend, lay, bottom + labelDrop + 8), '</svg>');
  return out.join('');
}
