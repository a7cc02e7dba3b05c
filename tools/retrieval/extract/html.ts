/**
 * HTML → Markdown-like text for indexing: headings become `#` lines, list items `- ` lines, table
 * rows `| a | b |` lines, <pre> a fenced block; scripts, styles and comments are dropped and
 * character references decoded. Deliberately small: a reader for documents, not a browser.
 *
 * One pass from left to right, in time linear in the input whatever it holds: every search for a
 * closing tag or `>` goes through a Finder that remembers its last answer, so a thousand unclosed
 * `<!--`, `<pre>`, `<script>` or `<h1>` cost one scan to the end, not one each. An unclosed
 * comment runs to the end of the document (as in a browser); an unclosed element is dropped as a
 * tag and its text kept; a `<` with no `>` after it is text.
 */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', hellip: '…', deg: '°', micro: 'µ', times: '×', plusmn: '±', le: '≤', ge: '≥' };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,8}|#\d{1,9}|[a-z]{1,32});/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return Object.hasOwn(NAMED, e.toLowerCase()) ? NAMED[e.toLowerCase()] : m;
  });
}

/** indexOf over the lower-cased document for a forward-moving reader: a needle's last position is reused until the reader passes it, and a miss stays a miss. */
class Finder {
  private readonly last = new Map<string, number>();
  constructor(readonly lower: string) {}
  find(needle: string, from: number): number {
    const prev = this.last.get(needle);
    if (prev !== undefined && (prev === -1 || prev >= from)) return prev;
    const at = this.lower.indexOf(needle, from);
    this.last.set(needle, at);
    return at;
  }
}

/** Text with its tags replaced by `sep` (linear: a `<` without a later `>` ends the tags). */
function stripTags(s: string, sep = ''): string {
  const out: string[] = [];
  let i = 0;
  while (i < s.length) {
    const lt = s.indexOf('<', i);
    if (lt < 0) break;
    const gt = s.indexOf('>', lt + 1);
    if (gt < 0) break;
    out.push(s.slice(i, lt), sep);
    i = gt + 1;
  }
  out.push(s.slice(i));
  return out.join('');
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The text of the first <title> (else the first <h1>), or null. */
export function htmlTitle(html: string): string | null {
  const lower = html.toLowerCase();
  for (const name of ['title', 'h1']) {
    const open = lower.indexOf(`<${name}`);
    if (open < 0) continue;
    const gt = lower.indexOf('>', open);
    const close = gt < 0 ? -1 : lower.indexOf(`</${name}>`, gt);
    if (close < 0) continue;
    const text = squash(decodeEntities(stripTags(html.slice(gt + 1, close))));
    if (text) return text;
    if (name === 'title') continue;
  }
  return null;
}

/** Elements whose content is never text. */
const DROPPED = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg']);
/** Elements that start or end a paragraph. */
const BLOCKS = new Set(['p', 'div', 'section', 'article', 'main', 'header', 'footer', 'blockquote', 'figure', 'figcaption', 'table', 'ul', 'ol', 'dl', 'dt', 'dd', 'nav', 'aside']);

export function htmlToText(html: string): string {
  const f = new Finder(html.toLowerCase());
  const out: string[] = [];
  let row: string[] | null = null;
  const emit = (s: string) => {
    if (row) {
      if (row.length) row[row.length - 1] += s;
    } else out.push(s);
  };
  const endRow = () => {
    if (row?.length) out.push(`\n| ${row.map(squash).join(' | ')} |\n`);
    row = null;
  };
  /** Index just past the `>` of the tag that starts at `at`, or the end. */
  const pastTag = (at: number) => {
    const gt = f.find('>', at);
    return gt < 0 ? html.length : gt + 1;
  };
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      emit(html.slice(i));
      break;
    }
    if (lt > i) emit(html.slice(i, lt));
    if (f.lower.startsWith('<!--', lt)) {
      const end = f.find('-->', lt + 4);
      emit(' ');
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    const gt = html[lt + 1] === '>' ? -1 : f.find('>', lt + 1);
    if (gt < 0) {
      // "<>" or a "<" with no ">" anywhere after it: text
      emit('<');
      i = lt + 1;
      continue;
    }
    const m = /^(\/?)\s*([a-z][a-z0-9]*)/.exec(f.lower.slice(lt + 1, Math.min(gt, lt + 40)));
    i = gt + 1;
    if (!m) {
      emit(' ');
      continue;
    }
    const closing = m[1] === '/';
    const name = m[2];
    if (!closing && (DROPPED.has(name) || name === 'pre' || /^h[1-6]$/.test(name))) {
      const close = f.find(`</${name}`, gt + 1);
      if (close < 0) {
        emit(' ');
        continue;
      }
      const body = html.slice(gt + 1, close);
      i = pastTag(close);
      if (name === 'pre') emit(`\n\n\`\`\`\n${stripTags(body)}\n\`\`\`\n\n`);
      else if (name[0] === 'h' && name.length === 2) emit(`\n\n${'#'.repeat(Number(name[1]))} ${squash(stripTags(body, ' '))}\n\n`);
      else emit(' ');
      continue;
    }
    if (name === 'tr') {
      endRow();
      if (!closing) row = [];
    } else if ((name === 'td' || name === 'th') && row) {
      if (!closing) row.push('');
    } else if (closing && (name === 'table' || name === 'ul' || name === 'ol' || name === 'dl')) {
      endRow();
      out.push('\n\n');
    } else if (name === 'li' && !closing) emit('\n- ');
    else if (name === 'br') emit('\n');
    else if (BLOCKS.has(name)) {
      if (name === 'table') endRow();
      emit('\n\n');
    } else emit(' ');
  }
  endRow();
  const lines = decodeEntities(out.join(''))
    .split('\n')
    .map((l) => (l.trimStart().startsWith('```') ? l.trim() : l.replace(/[ \t\u00a0]+/g, ' ').trim()));
  return lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}
