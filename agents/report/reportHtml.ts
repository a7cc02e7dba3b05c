/**
 * The design report as one self-contained HTML page: every text escaped, images embedded as data
 * URIs, each design's convergence chart drawn as inline SVG from its recorded history, files as
 * links where the caller could serve them (else as their path under the artifact folder).
 */
import type { ReportData, ReportDesign, ReportFile } from './reportData.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const fmtNumber = (v: number) => (Number.isInteger(v) ? String(v) : Math.abs(v) >= 1e5 || Math.abs(v) < 1e-3 ? v.toExponential(4) : String(Number(v.toPrecision(6))));
export const fmtValue = (v: unknown) => (typeof v === 'number' ? fmtNumber(v) : typeof v === 'string' ? v : JSON.stringify(v));
export const fmtMs = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`);

/** Chart geometry shared by the HTML and PDF writers: points scaled into a w×h box (y down). */
/** Values spanning more than this ratio (all positive) are drawn on a log scale. */
const LOG_RATIO = 20;

export function chartPoints(history: ReportDesign['history'], w: number, h: number): { points: [number, number][]; min: number; max: number; steps: number; log: boolean } {
  const values = history.map((p) => p.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const log = min > 0 && max / min > LOG_RATIO;
  const f = (v: number) => (log ? Math.log10(v) : v);
  const first = history[0]?.step ?? 0;
  const last = history[history.length - 1]?.step ?? 0;
  const span = last - first || 1;
  const range = f(max) - f(min) || Math.abs(f(max)) || 1;
  return { points: history.map((p) => [((p.step - first) / span) * w, h - ((f(p.value) - f(min)) / range) * h]), min, max, steps: last, log };
}

function chartSvg(d: ReportDesign): string {
  if (d.history.length < 2) return '<p class="muted">No convergence history recorded.</p>';
  const W = 420;
  const H = 160;
  const { points, min, max, steps, log } = chartPoints(d.history, W - 60, H - 30);
  const path = points.map(([x, y], i) => `${i ? 'L' : 'M'}${(x + 50).toFixed(1)},${(y + 10).toFixed(1)}`).join(' ');
  return `<svg class="chart" role="img" aria-label="convergence of ${esc(d.objectiveName)}" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect x="50" y="10" width="${W - 60}" height="${H - 30}" fill="none" stroke="#999"/>
<path d="${path}" fill="none" stroke="#1f5fbf" stroke-width="1.5"/>
<text x="46" y="18" text-anchor="end" font-size="10">${esc(fmtNumber(max))}</text>
<text x="46" y="${H - 20}" text-anchor="end" font-size="10">${esc(fmtNumber(min))}</text>
<text x="50" y="${H - 6}" font-size="10">0</text>
<text x="${W - 10}" y="${H - 6}" text-anchor="end" font-size="10">step ${steps}</text>
<text x="${W / 2}" y="${H - 6}" text-anchor="middle" font-size="10">${esc(d.objectiveName)} per step${log ? ' (log scale)' : ''}</text>
</svg>`;
}

function fileLink(f: ReportFile): string {
  const name = `${esc(f.label)}: <code>${esc(f.shown)}</code>`;
  return f.href ? `<a href="${esc(f.href)}">${name}</a>` : name;
}

function table(rows: [string, unknown][]): string {
  if (!rows.length) return '<p class="muted">none</p>';
  return `<table>${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(fmtValue(v))}</td></tr>`).join('')}</table>`;
}

export function reportHtml(data: ReportData, images: ReadonlyMap<string, Uint8Array>): string {
  const t = data.totals;
  const parts: string[] = [];
  parts.push(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(data.title)} · EngiAI design report</title>
<style>body{font:14px/1.45 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}h1{font-size:1.5rem}h2{border-bottom:1px solid #ddd;padding-bottom:.2rem;margin-top:2rem}
table{border-collapse:collapse;margin:.5rem 0}th,td{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}th{background:#f5f5f5;font-weight:600}
.muted{color:#777}.step{margin:.15rem 0}.fail{color:#b00}.design{border:1px solid #ddd;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}img.render{max-width:100%;image-rendering:pixelated;border:1px solid #eee}
pre{white-space:pre-wrap;background:#f8f8f8;padding:.5rem;border-radius:4px}code{font-size:.9em}</style></head><body>`);
  parts.push(`<h1>${esc(data.title)}</h1><p class="muted">EngiAI design report · thread <code>${esc(data.threadId)}</code>${data.model ? ` · model ${esc(data.model)}` : ''} · generated ${esc(data.generatedAt)}</p>`);
  parts.push(
    `<p>${t.modelCalls} model calls, ${t.toolCalls} tool calls, ${t.inputTokens} input + ${t.outputTokens} output tokens, ${esc(fmtMs(t.durationMs))} in turns; ${data.designs.length} design${data.designs.length === 1 ? '' : 's'}.</p>`,
  );

  parts.push('<h2>Request</h2>');
  for (const turn of data.turns) {
    parts.push(`<h3>Turn ${turn.turn}</h3>${turn.request !== null ? `<pre>${esc(turn.request)}</pre>` : '<p class="muted">(an answer to a question)</p>'}`);
    if (turn.answer) parts.push(`<p><strong>Answer</strong></p><pre>${esc(turn.answer)}</pre>`);
  }

  parts.push('<h2>Agents\' steps</h2>');
  if (!data.steps.length) parts.push('<p class="muted">No steps recorded.</p>');
  for (const s of data.steps) {
    parts.push(`<div class="step${s.ok === false ? ' fail' : ''}">${s.turn}. <strong>${esc(s.agent)}</strong> ${esc(s.kind)}${s.ok === false ? ' (failed)' : ''}${s.durationMs !== undefined ? ` · ${esc(fmtMs(s.durationMs))}` : ''}: ${esc(s.text)}</div>`);
  }
  if (data.stepsLeftOut) parts.push(`<p class="muted">… ${data.stepsLeftOut} more steps not listed.</p>`);

  parts.push('<h2>Designs</h2>');
  if (!data.designs.length) parts.push('<p class="muted">The conversation made no designs.</p>');
  for (const d of data.designs) {
    parts.push(`<section class="design"><h3>${esc(d.problem)} · <code>${esc(d.id)}</code></h3>`);
    parts.push(`<h4>Conditions</h4>${table(Object.entries(d.conditions))}`);
    parts.push(`<h4>Objectives</h4>${table([...Object.entries(d.objectives), ['iterations', d.iterations]])}`);
    if (d.warnings.length) parts.push(`<h4>Warnings</h4><ul>${d.warnings.map((w) => `<li>${esc(w)}</li>`).join('')}</ul>`);
    for (const f of d.files) {
      const bytes = images.get(f.source);
      if (bytes && f.mediaType === 'image/png' && f.label !== 'convergence') parts.push(`<h4>${esc(f.label)}</h4><img class="render" alt="${esc(f.label)} of ${esc(d.id)}" src="data:image/png;base64,${Buffer.from(bytes).toString('base64')}">`);
    }
    parts.push(`<h4>Convergence</h4>${chartSvg(d)}`);
    parts.push(`<h4>Files</h4>${d.files.length ? `<ul>${d.files.map((f) => `<li>${fileLink(f)}</li>`).join('')}</ul>` : '<p class="muted">none</p>'}</section>`);
  }
  if (data.files.length) parts.push(`<h2>Other files</h2><ul>${data.files.map((f) => `<li>${fileLink(f)}</li>`).join('')}</ul>`);

  parts.push('<h2>Citations</h2>');
  if (!data.citations.length) parts.push('<p class="muted">No documents were cited.</p>');
  else parts.push(`<ol>${data.citations.map((c) => `<li>${esc(c.text)} <code>${esc(c.href)}</code>${c.cited ? '' : ' <span class="muted">(retrieved, not quoted in an answer)</span>'}</li>`).join('')}</ol>`);
  parts.push('</body></html>\n');
  return parts.join('\n');
}
