/**
 * A minimal PDF writer for the RAG suite's generated reports (pure: text in, bytes out): one or more
 * US-letter pages of word-wrapped Helvetica text with a bold title, an uncompressed content stream
 * per page and a correct cross-reference table, so any PDF reader or text extractor can read it.
 */

const PAGE_W = 612;
const PAGE_H = 792;
const MARGIN = 64;
const SIZE = 11;
const LEADING = 15;
const CHARS_PER_LINE = 92;

/** PDF string literal escaping; non-Latin-1 characters become '?' (the base-14 fonts are Latin-1). */
function pdfString(s: string): string {
  const ascii = s.replace(/[×]/g, 'x').replace(/[µ]/g, 'u').replace(/[–—]/g, '-').replace(/[^\x20-\x7e]/g, '?');
  return `(${ascii.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)')})`;
}

export function wrap(text: string, width = CHARS_PER_LINE): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > width) {
        out.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    out.push(line);
  }
  return out;
}

export function textPdf(title: string, body: string): Uint8Array {
  const lines = wrap(body);
  const perPage = Math.floor((PAGE_H - 2 * MARGIN - 30) / LEADING);
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(1, lines.length); i += perPage) pages.push(lines.slice(i, i + perPage));
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1; // 1-based object number
  const catalog = add('<< /Type /Catalog /Pages 2 0 R >>');
  const pagesObj = add(''); // filled below
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  pages.forEach((pageLines, p) => {
    const ops = ['BT'];
    let y = PAGE_H - MARGIN;
    if (p === 0) {
      ops.push(`/F2 15 Tf ${MARGIN} ${y} Td ${pdfString(title)} Tj`);
      y -= 30;
      ops.push(`/F1 ${SIZE} Tf 0 -30 Td`);
    } else ops.push(`/F1 ${SIZE} Tf ${MARGIN} ${y} Td`);
    pageLines.forEach((l, i) => ops.push(`${i ? `0 -${LEADING} Td ` : ''}${pdfString(l)} Tj`));
    ops.push('ET');
    const stream = ops.join('\n');
    const content = add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 ${font} 0 R /F2 ${bold} 0 R >> >> /Contents ${content} 0 R >>`));
  });
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
