/**
 * HTML → Markdown-like text for indexing: headings become `#` lines, list items `- ` lines, table
 * rows `| a | b |` lines, <pre> a fenced block; scripts, styles and comments are dropped and
 * character references decoded. Deliberately small: a reader for documents, not a browser.
 */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', hellip: '…', deg: '°', micro: 'µ', times: '×', plusmn: '±', le: '≤', ge: '≥' };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return Object.hasOwn(NAMED, e.toLowerCase()) ? NAMED[e.toLowerCase()] : m;
  });
}

export function htmlTitle(html: string): string | null {
  const t = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1];
  const text = t ? decodeEntities(t.replace(/<[^>]+>/g, '')).replace(/\s+/g, ' ').trim() : '';
  return text || null;
}

export function htmlToText(html: string): string {
  let s = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript|template|head|svg)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<pre[^>]*>([\s\S]*?)<\/pre>/gi, (_m, body: string) => `\n\n\`\`\`\n${body.replace(/<[^>]+>/g, '')}\n\`\`\`\n\n`);
  s = s
    .replace(/<h([1-6])[^>]*>([\s\S]*?)<\/h\1\s*>/gi, (_m, level: string, body: string) => `\n\n${'#'.repeat(Number(level))} ${body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()}\n\n`)
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<tr\b[^>]*>([\s\S]*?)(?:<\/tr\s*>|(?=<tr\b)|(?=<\/table))/gi, (_m, row: string) => {
      const cells = [...row.matchAll(/<t[dh][^>]*>([\s\S]*?)(?:<\/t[dh]\s*>|(?=<t[dh])|$)/gi)].map((c) => c[1].replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim());
      return `\n| ${cells.join(' | ')} |\n`;
    })
    .replace(/<\/(table|ul|ol|dl)\s*>/gi, '\n\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?(p|div|section|article|main|header|footer|blockquote|figure|figcaption|table|ul|ol|dl|dt|dd|nav|aside)\b[^>]*>/gi, '\n\n')
    .replace(/<[^>]+>/g, ' ');
  const lines = decodeEntities(s)
    .split('\n')
    .map((l) => (l.trimStart().startsWith('```') ? l.trim() : l.replace(/[ \t\u00a0]+/g, ' ').trim()));
  return lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}
