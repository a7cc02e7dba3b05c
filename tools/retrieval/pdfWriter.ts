/**
 * A minimal PDF writer (PDF 1.4, the standard Helvetica font, one text line per row, no images):
 * enough for generated technical reports (benchmark documents, the arXiv fake's papers) that real
 * PDF readers open and extract. `encrypted: true` adds a Standard security handler whose user
 * password is not empty, so readers ask for a password (the encrypted-file case in tests).
 */

export interface PdfPage {
  /** Lines of text, top to bottom; long lines are wrapped at `wrap` characters. */
  lines: string[];
}

export interface PdfOptions {
  title?: string;
  author?: string;
  /** Characters per line before wrapping (default 90). */
  wrap?: number;
  /** Add an /Encrypt dictionary with a non-empty user password. */
  encrypted?: boolean;
}

const LINES_PER_PAGE = 50;

/** PDF string literal: Latin-1 only, with (, ) and \ escaped; other characters become '?'. */
function pdfString(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 63;
    const b = c < 32 || c > 255 ? '?' : ch;
    out += b === '(' || b === ')' || b === '\\' ? `\\${b}` : b;
  }
  return `(${out})`;
}

function wrapLine(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const out: string[] = [];
  let cur = '';
  for (const word of line.split(/\s+/)) {
    if (cur && cur.length + 1 + word.length > width) {
      out.push(cur);
      cur = word;
    } else cur = cur ? `${cur} ${word}` : word;
  }
  if (cur) out.push(cur);
  return out;
}

/** The bytes of a PDF with the given pages (a page with more than 50 lines continues on the next). */
export function writePdf(pages: PdfPage[], opts: PdfOptions = {}): Buffer {
  const width = opts.wrap ?? 90;
  const physical: string[][] = [];
  for (const p of pages) {
    const lines = p.lines.flatMap((l) => wrapLine(l, width));
    for (let i = 0; i < Math.max(lines.length, 1); i += LINES_PER_PAGE) physical.push(lines.slice(i, i + LINES_PER_PAGE));
  }
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1; // object numbers start at 1
  const catalog = add('');
  const pagesObj = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const lines of physical) {
    const text = lines.map((l, i) => `${i ? 'T* ' : ''}${pdfString(l)} Tj`).join('\n');
    const stream = `BT\n/F1 11 Tf\n14 TL\n56 790 Td\n${text}\nET`;
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`));
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const info = add(`<< /Producer (EngiAI pdfWriter)${opts.title ? ` /Title ${pdfString(opts.title)}` : ''}${opts.author ? ` /Author ${pdfString(opts.author)}` : ''} >>`);
  const encrypt = opts.encrypted ? add(`<< /Filter /Standard /V 1 /R 2 /O <${'7a'.repeat(32)}> /U <${'3c'.repeat(32)}> /P -44 >>`) : 0;

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  const id = `<${'0123456789abcdef'.repeat(2)}>`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R${encrypt ? ` /Encrypt ${encrypt} 0 R /ID [${id} ${id}]` : ''} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
