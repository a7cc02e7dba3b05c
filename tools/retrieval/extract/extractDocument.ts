/**
 * A file's bytes → its text, page by page, with a title. PDF through unpdf (its bundled pdf.js),
 * Markdown and plain text as UTF-8, HTML through htmlToText. Anything that cannot be read is an
 * InputError naming the reason (encrypted, corrupt, empty, binary, no text), so a batch reports
 * the file and goes on.
 */
import { basename, extname } from 'node:path';
import { InputError } from '../../errors.ts';
import type { DocumentKind, ExtractedDocument } from '../types.ts';
import { htmlTitle, htmlToText } from './html.ts';

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

async function extractPdf(bytes: Uint8Array, path: string): Promise<ExtractedDocument> {
  const { getDocumentProxy, extractText, getMeta } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of (and detaches) the buffer it is given: pass a copy
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false, password: '' } as Parameters<typeof getDocumentProxy>[1]);
  } catch (err) {
    const name = (err as Error)?.name ?? '';
    if (name === 'PasswordException') throw new InputError(`${basename(path)} is an encrypted PDF (a password is required)`, { field: 'path', hint: 'save an unencrypted copy to index it', cause: err });
    throw new InputError(`${basename(path)} is not a readable PDF (${(err as Error)?.message ?? String(err)})`, { field: 'path', hint: 'the file may be corrupt or truncated', cause: err });
  }
  try {
    const { text } = await extractText(pdf, { mergePages: false });
    const info = (await getMeta(pdf).catch(() => ({ info: {} }))).info as { Title?: unknown };
    const pages = text.map((t, i) => ({ page: i + 1, text: t }));
    const title = typeof info.Title === 'string' && info.Title.trim() ? info.Title.trim() : fileTitle(path);
    return { kind: 'pdf', title, pages };
  } catch (err) {
    throw new InputError(`${basename(path)}: the PDF's text could not be read (${(err as Error)?.message ?? String(err)})`, { field: 'path', cause: err });
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

/** Extracts a document's pages. `kind` defaults to the one its name says. */
export async function extractDocument(bytes: Uint8Array, path: string, kind: DocumentKind | null = kindOf(path)): Promise<ExtractedDocument> {
  if (!kind) throw new InputError(`${basename(path)}: unsupported file type`, { field: 'path', hint: `supported: ${SUPPORTED_EXTENSIONS.join(', ')}` });
  if (bytes.length === 0) throw new InputError(`${basename(path)} is empty`, { field: 'path' });
  let doc: ExtractedDocument;
  if (kind === 'pdf') doc = await extractPdf(bytes, path);
  else {
    const text = decodeText(bytes, path);
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
