/**
 * A file's bytes → its text, page by page, with a title. PDF through unpdf (its bundled pdf.js,
 * page by page within the page, time and character limits of limits.ts; a metadata title that is
 * empty or "about:blank" gives way to the first line of text),
 * Markdown and plain text as UTF-8, HTML through htmlToText. Anything that cannot be read is an
 * InputError naming the reason (encrypted, corrupt, empty, binary, no text), so a batch reports
 * the file and goes on.
 */
import { basename, extname } from 'node:path';
import { InputError } from '../../errors.ts';
import type { DocumentKind, ExtractedDocument } from '../types.ts';
import { htmlTitle, htmlToText } from './html.ts';
import { checkDeadline, DEFAULT_EXTRACT_LIMITS, ExtractLimitError, type ExtractLimits } from './limits.ts';

const KINDS: Record<string, DocumentKind> = {
  '.pdf': 'pdf',
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.txt': 'text',
  '.text': 'text',
  '.html': 'html',
  '.htm': 'html',
};

export const SUPPORTED_EXTENSIONS = Object.keys(KINDS);

/** The kind of document a file name names, or null when it is not a supported format. */
export function kindOf(path: string): DocumentKind | null {
  return KINDS[extname(path).toLowerCase()] ?? null;
}

const fileTitle = (path: string) => basename(path).replace(/\.[^.]+$/, '').replace(/[_-]+/g, ' ').trim() || basename(path);

/** UTF-8 text, or an InputError when the bytes are binary (NUL bytes, invalid UTF-8). */
function decodeText(bytes: Uint8Array, path: string): string {
  if (bytes.subarray(0, 65536).includes(0)) throw new InputError(`${basename(path)} holds binary data, not text`, { field: 'path', hint: 'only PDF, Markdown, plain text and HTML files are indexed' });
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new InputError(`${basename(path)} is not valid UTF-8 text`, { field: 'path', hint: 'save it as UTF-8, or convert it to PDF or Markdown' });
  }
}

/** Where a front-matter block that opens the text ends (the index past its closing `---` line), or -1 when there is none. */
function frontMatterEnd(text: string): number {
  if (!text.startsWith('---\n')) return -1;
  for (let at = text.indexOf('\n---', 3); at >= 0; at = text.indexOf('\n---', at + 4)) {
    const eol = text.indexOf('\n', at + 4);
    const rest = text.slice(at + 4, eol < 0 ? text.length : eol);
    if (!rest.trim()) return eol < 0 ? text.length : eol + 1;
  }
  return -1;
}

/** The front matter's `title:`, else the first `# ` heading, else null (one pass over the lines: linear in the text). */
function markdownTitle(text: string): string | null {
  const end = frontMatterEnd(text);
  if (end > 0) {
    const title = /^title:[ \t]*["']?(.+?)["']?[ \t]*$/m.exec(text.slice(4, end))?.[1]?.trim();
    if (title) return title;
  }
  for (const line of (end > 0 ? text.slice(end) : text).split('\n')) {
    const h = /^#[ \t]+(\S.*)$/.exec(line);
    if (h) return h[1].trim();
  }
  return null;
}

const stripFrontMatter = (text: string) => {
  const end = frontMatterEnd(text);
  return end > 0 ? text.slice(end) : text;
};

/** Metadata titles that name no document (what some PDF printers write). */
const NO_TITLE = new Set(['', 'about:blank', 'untitled', 'untitled document', 'microsoft word - document1']);

/** The first line of the first page with text, as a title (PDFs carry no heading markup), or null. */
function firstHeading(pages: { text: string }[]): string | null {
  for (const p of pages) {
    const line = p.text.split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).find((l) => /[\p{L}\p{N}]/u.test(l));
    if (line) return line.slice(0, 120);
  }
  return null;
}

/** The text of one PDF page, its items joined as pdf.js lays them out (a line break where an item ends a line). */
async function pageText(pdf: PdfDocument, n: number): Promise<string> {
  const page = await pdf.getPage(n);
  try {
    const content = await page.getTextContent();
    return (content.items as { str?: string; hasEOL?: boolean }[]).filter((it) => typeof it.str === 'string').map((it) => it.str + (it.hasEOL ? '\n' : '')).join('');
  } finally {
    page.cleanup();
  }
}

type PdfDocument = Awaited<ReturnType<(typeof import('unpdf'))['getDocumentProxy']>>;

async function extractPdf(bytes: Uint8Array, path: string, limits: ExtractLimits, deadline: number): Promise<ExtractedDocument> {
  const { getDocumentProxy, getMeta } = await import('unpdf');
  const name = basename(path);
  let pdf: PdfDocument;
  try {
    // pdf.js takes ownership of (and detaches) the buffer it is given: pass a copy
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false, password: '' } as Parameters<typeof getDocumentProxy>[1]);
  } catch (err) {
    const errName = (err as Error)?.name ?? '';
    if (errName === 'PasswordException') throw new InputError(`${name} is an encrypted PDF (a password is required)`, { field: 'path', hint: 'save an unencrypted copy to index it', cause: err });
    throw new InputError(`${name} is not a readable PDF (${(err as Error)?.message ?? String(err)})`, { field: 'path', hint: 'the file may be corrupt or truncated', cause: err });
  }
  try {
    if (pdf.numPages > limits.maxPages) throw new ExtractLimitError(`${name} has ${pdf.numPages} pages, more than the ${limits.maxPages} a document may have`, 'pages', { hint: 'split it into smaller files' });
    const pages: { page: number; text: string }[] = [];
    let chars = 0;
    for (let n = 1; n <= pdf.numPages; n++) {
      checkDeadline(deadline, name, limits.timeoutMs);
      const text = await pageText(pdf, n);
      chars += text.length;
      if (chars > limits.maxChars) throw new ExtractLimitError(`${name} holds more than ${limits.maxChars} characters of text`, 'chars', { hint: 'split it into smaller files' });
      pages.push({ page: n, text });
    }
    const info = (await getMeta(pdf).catch(() => ({ info: {} }))).info as { Title?: unknown };
    const meta = typeof info.Title === 'string' ? info.Title.replace(/\s+/g, ' ').trim() : '';
    const title = !NO_TITLE.has(meta.toLowerCase()) ? meta : (firstHeading(pages) ?? fileTitle(path));
    return { kind: 'pdf', title, pages };
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(`${name}: the PDF's text could not be read (${(err as Error)?.message ?? String(err)})`, { field: 'path', cause: err });
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

/** Extracts a document's pages. `kind` defaults to the one its name says. */
export async function extractDocument(bytes: Uint8Array, path: string, kind: DocumentKind | null = kindOf(path), limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS): Promise<ExtractedDocument> {
  if (!kind) throw new InputError(`${basename(path)}: unsupported file type`, { field: 'path', hint: `supported: ${SUPPORTED_EXTENSIONS.join(', ')}` });
  if (bytes.length === 0) throw new InputError(`${basename(path)} is empty`, { field: 'path' });
  const deadline = performance.now() + limits.timeoutMs;
  let doc: ExtractedDocument;
  if (kind === 'pdf') doc = await extractPdf(bytes, path, limits, deadline);
  else {
    const text = decodeText(bytes, path);
    if (text.length > limits.maxChars) throw new ExtractLimitError(`${basename(path)} holds more than ${limits.maxChars} characters of text`, 'chars', { hint: 'split it into smaller files' });
    if (kind === 'html') doc = { kind, title: htmlTitle(text) ?? fileTitle(path), pages: [{ page: 1, text: htmlToText(text) }] };
    else if (kind === 'markdown') doc = { kind, title: markdownTitle(text) ?? fileTitle(path), pages: [{ page: 1, text: stripFrontMatter(text) }] };
    else doc = { kind, title: text.split('\n').find((l) => l.trim())?.trim().slice(0, 120) ?? fileTitle(path), pages: [{ page: 1, text }] };
  }
  // form feeds split plain-text pages (pdftotext output, printed reports)
  if (kind === 'text' && doc.pages[0].text.includes('\f')) doc.pages = doc.pages[0].text.split('\f').map((text, i) => ({ page: i + 1, text }));
  if (!doc.pages.some((p) => p.text.trim())) {
    throw new InputError(`${basename(path)} has no extractable text${kind === 'pdf' ? ' (a scanned PDF needs OCR first)' : ''}`, { field: 'path' });
  }
  return doc;
}
