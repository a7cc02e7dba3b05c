/** Markdown report (string in, string out): provenance, one table per grouping, count tables, notes. */
import { formatSummary, groupRows, type ReportSpec, type ScoredTrial } from './reportModel.ts';

function table(header: string[], rows: string[][]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  return [`| ${header.map(esc).join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`)].join('\n');
}

export function provenanceLines(spec: ReportSpec): string[] {
  const p = spec.provenance;
  return [
    `- suite: ${p.suite} (version ${p.suiteVersion})`,
    `- configuration hash: ${p.configHash}`,
    `- git: ${p.gitSha}${p.gitDirty ? ' (dirty)' : ''}`,
    `- agents/models: ${p.models.join(', ') || '–'}`,
    `- seeds: ${p.seeds.length > 8 ? `${p.seeds.slice(0, 8).join(', ')}, … (${p.seeds.length})` : p.seeds.join(', ')}`,
    `- traces: ${p.traces} (${p.failed} failed)`,
  ];
}

export function renderMarkdown(spec: ReportSpec, trials: readonly ScoredTrial[]): string {
  const out: string[] = [`# ${spec.title}`, '', '## Provenance', '', ...provenanceLines(spec), ''];
  out.push('Cells: mean ± sample std (n − 1) [95 % interval: Wilson for proportions, bootstrap for means].', '');
  for (const g of spec.groups) {
    const rows = groupRows(trials, g, spec.metrics, spec.seed);
    out.push(`## ${g.label}`, '');
    out.push(table([g.key ? g.label.replace(/^By /, '') : 'scope', 'n', ...spec.metrics.map((m) => `${m.label}${m.percent ? ' (%)' : ''}`)], rows.map((r) => [r.group, String(r.n), ...spec.metrics.map((m) => formatSummary(r.metrics[m.key], m.percent))])), '');
  }
  for (const t of spec.countTables ?? []) {
    out.push(`## ${t.title}`, '');
    out.push(table([t.rowLabel, ...t.columns, 'Total'], t.rows.map((r) => [r.label, ...r.counts.map(String), String(r.counts.reduce((s, c) => s + c, 0))])), '');
  }
  if (spec.notes?.length) out.push('## Notes', '', ...spec.notes.map((n) => `- ${n}`), '');
  return out.join('\n');
}
