/**
 * A report as a list of blocks (headings, paragraphs, tables, lists, figures), rendered to Markdown
 * (figures as linked SVG files) and to a self-contained HTML page (figures inline, scaled down to the
 * page's width by their viewBox; wide tables scroll in their own box). Pure: strings in, strings
 * out; the caller writes the figure files next to the report.
 */
import type { Provenance } from './reportModel.ts';

export type Block =
  | { kind: 'h2' | 'h3'; text: string }
  | { kind: 'p'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'table'; header: string[]; rows: string[][]; caption?: string }
  | { kind: 'figure'; file: string; svg: string; caption: string };

export interface ReportDoc {
  title: string;
  blocks: Block[];
}

export interface Figure {
  file: string;
  svg: string;
}

const escHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escCell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function figuresOf(doc: ReportDoc): Figure[] {
  return doc.blocks.filter((b): b is Extract<Block, { kind: 'figure' }> => b.kind === 'figure').map((b) => ({ file: b.file, svg: b.svg }));
}

export function docMarkdown(doc: ReportDoc): string {
  const out: string[] = [`# ${doc.title}`, ''];
  for (const b of doc.blocks) {
    if (b.kind === 'h2' || b.kind === 'h3') out.push(`${b.kind === 'h2' ? '##' : '###'} ${b.text}`, '');
    else if (b.kind === 'p') out.push(b.text, '');
    else if (b.kind === 'list') out.push(...b.items.map((i) => `- ${i}`), '');
    else if (b.kind === 'table') {
      if (b.caption) out.push(b.caption, '');
      out.push(`| ${b.header.map(escCell).join(' | ')} |`, `|${b.header.map(() => '---').join('|')}|`, ...b.rows.map((r) => `| ${r.map(escCell).join(' | ')} |`), '');
    } else if (b.kind === 'figure') out.push(`![${b.caption}](${b.file})`, '', `*${b.caption}*`, '');
  }
  return out.join('\n');
}

const STYLE =
  'body{font-family:sans-serif;max-width:1200px;margin:2em auto;padding:0 1em;color:#222}table{border-collapse:collapse;margin:0.5em 0 1.5em}' +
  'th,td{border:1px solid #ccc;padding:3px 8px;font-size:13px;text-align:left}th{background:#f3f3f3}td.ref,th.ref{color:#666;background:#fafafa}' +
  '.caption{color:#555;font-size:13px}figure{margin:1em 0 2em;max-width:100%}figure svg{max-width:100%;height:auto;display:block}figcaption{color:#555;font-size:13px}' +
  '.table-wrap{overflow-x:auto;max-width:100%}';

export function docHtml(doc: ReportDoc): string {
  const body: string[] = [`<h1>${escHtml(doc.title)}</h1>`];
  for (const b of doc.blocks) {
    if (b.kind === 'h2' || b.kind === 'h3') body.push(`<${b.kind}>${escHtml(b.text)}</${b.kind}>`);
    else if (b.kind === 'p') body.push(`<p>${escHtml(b.text)}</p>`);
    else if (b.kind === 'list') body.push(`<ul>${b.items.map((i) => `<li>${escHtml(i)}</li>`).join('')}</ul>`);
    else if (b.kind === 'table') {
      const ref = (h: string) => (/\(paper\)/.test(h) ? ' class="ref"' : '');
      body.push(
        `${b.caption ? `<p class="caption">${escHtml(b.caption)}</p>` : ''}<div class="table-wrap"><table><thead><tr>${b.header.map((h) => `<th${ref(h)}>${escHtml(h)}</th>`).join('')}</tr></thead><tbody>${b.rows
          .map((r) => `<tr>${r.map((c, i) => `<td${ref(b.header[i] ?? '')}>${escHtml(c)}</td>`).join('')}</tr>`)
          .join('')}</tbody></table></div>`,
      );
    } else if (b.kind === 'figure') body.push(`<figure>${b.svg}<figcaption>${escHtml(b.caption)}</figcaption></figure>`);
  }
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escHtml(doc.title)}</title><style>${STYLE}</style></head><body>${body.join('\n')}</body></html>\n`;
}

/** Top-level settings of each run's configuration whose values differ between runs of its suite ("key=value; …"). */
export function configDifferences(runs: readonly Pick<Provenance, 'suite' | 'config'>[]): string[] {
  const entries = (c: unknown) => (c && typeof c === 'object' && !Array.isArray(c) ? Object.entries(c as Record<string, unknown>) : []);
  return runs.map((r) => {
    const peers = runs.filter((x) => x.suite === r.suite);
    if (peers.length < 2) return '';
    const keys = [...new Set(peers.flatMap((x) => entries(x.config).map(([k]) => k)))].sort();
    const value = (x: (typeof peers)[number], k: string) => JSON.stringify(entries(x.config).find(([y]) => y === k)?.[1] ?? null);
    const differing = keys.filter((k) => new Set(peers.map((x) => value(x, k))).size > 1);
    return differing.map((k) => `${k}=${value(r, k).length > 60 ? `${value(r, k).slice(0, 57)}…` : value(r, k)}`).join('; ');
  });
}

/** The provenance block of one or more runs (git SHA, dirty flag, models, seeds, config hash, what sets its configuration apart). */
export function provenanceBlocks(runs: readonly (Provenance & { dir?: string })[]): Block[] {
  const differs = configDifferences(runs);
  const rows = runs.map((p, i) => [
    p.suite,
    p.dir ?? '',
    p.configHash,
    `${p.gitSha.slice(0, 12)}${p.gitDirty ? ' (dirty)' : ''}`,
    p.models.join(', '),
    p.seeds.length > 6 ? `${p.seeds.slice(0, 6).join(', ')}, … (${p.seeds.length})` : p.seeds.join(', '),
    `${p.traces} (${p.failed} failed)`,
    ...(differs.some(Boolean) ? [differs[i] || '–'] : []),
  ]);
  const header = ['suite', 'run directory', 'config hash', 'git', 'agents / models', 'seeds', 'traces', ...(differs.some(Boolean) ? ['settings that differ between runs'] : [])];
  return [{ kind: 'h2', text: 'Provenance' }, { kind: 'table', header, rows }];
}
