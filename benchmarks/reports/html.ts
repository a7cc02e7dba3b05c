/**
 * HTML report (string in, string out), a self-contained page usable as the run's dashboard: the
 * provenance block, per grouping a bar chart of the metrics' means and the full table, the count
 * tables and notes. Only a trace directory feeds it (through the suite's scoring).
 */
import { provenanceLines } from './markdown.ts';
import { formatSummary, groupRows, type ReportSpec, type ScoredTrial } from './reportModel.ts';
import { groupedBars } from './svgBars.ts';

const PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#b07aa1'];
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function htmlTable(header: string[], rows: string[][]): string {
  return `<table><thead><tr>${header.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
}

export function renderHtml(spec: ReportSpec, trials: readonly ScoredTrial[]): string {
  const body: string[] = [`<h1>${esc(spec.title)}</h1>`, '<h2>Provenance</h2>', `<ul>${provenanceLines(spec).map((l) => `<li>${esc(l.replace(/^- /, ''))}</li>`).join('')}</ul>`];
  body.push('<p class="note">Cells: mean ± sample std (n − 1) [95 % interval: Wilson for proportions, bootstrap for means].</p>');
  for (const g of spec.groups) {
    const rows = groupRows(trials, g, spec.metrics, spec.seed);
    body.push(`<h2>${esc(g.label)}</h2>`);
    if (g.key) {
      const series = spec.metrics.map((m, i) => ({ label: m.label, color: PALETTE[i % PALETTE.length], values: rows.map((r) => r.metrics[m.key].mean) }));
      body.push(`<div class="chart">${groupedBars(g.label, rows.map((r) => r.group), series)}</div>`);
    }
    body.push(htmlTable([g.key ? g.label.replace(/^By /, '') : 'scope', 'n', ...spec.metrics.map((m) => `${m.label}${m.percent ? ' (%)' : ''}`)], rows.map((r) => [r.group, String(r.n), ...spec.metrics.map((m) => formatSummary(r.metrics[m.key], m.percent))])));
  }
  for (const t of spec.countTables ?? []) {
    body.push(`<h2>${esc(t.title)}</h2>`, htmlTable([t.rowLabel, ...t.columns, 'Total'], t.rows.map((r) => [r.label, ...r.counts.map(String), String(r.counts.reduce((s, c) => s + c, 0))])));
  }
  if (spec.notes?.length) body.push('<h2>Notes</h2>', `<ul>${spec.notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>`);
  const style = 'body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}table{border-collapse:collapse;margin:0.5em 0 1.5em}th,td{border:1px solid #ccc;padding:3px 8px;font-size:13px;text-align:left}th{background:#f3f3f3}.note{color:#555;font-size:13px}.chart{max-width:100%}.chart svg{max-width:100%;height:auto;display:block}';
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${esc(spec.title)}</title><style>${style}</style></head><body>${body.join('\n')}</body></html>\n`;
}
