/**
 * Reading a document is bounded: a PDF with more pages than the limit fails fast with an
 * ExtractLimitError naming the limit, a file that takes too long has its extraction thread
 * terminated (and the next file is still read, by a fresh thread), errors keep their class across
 * the thread, and a batch reports the file and goes on. Large PDFs are read page by page in time
 * linear in their pages. A PDF titled "about:blank" or untitled is named by its first line.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../../tools/errors.ts';
import { extractDocument } from '../../../tools/retrieval/extract/extractDocument.ts';
import { ExtractionThread } from '../../../tools/retrieval/extract/extractionThread.ts';
import { DEFAULT_EXTRACT_LIMITS, ExtractLimitError } from '../../../tools/retrieval/extract/limits.ts';
import { DEFAULT_CHUNKING } from '../../../tools/retrieval/chunker.ts';
import { Retrieval, writePdf } from '../../../tools/retrieval/index.ts';

const pagesOf = (n: number) => Array.from({ length: n }, (_, i) => ({ lines: [`Page ${i + 1} of the loads report`, `The load on beam ${i} is ${i * 3} kN.`] }));
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'engiai-extract-limits-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('extraction limits', () => {
  it('a PDF with more pages than the limit is an ExtractLimitError (pages), before its text is read', async () => {
    const pdf = writePdf(pagesOf(30));
    const t0 = performance.now();
    const err = await extractDocument(pdf, '/docs/big.pdf', 'pdf', { ...DEFAULT_EXTRACT_LIMITS, maxPages: 20 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExtractLimitError);
    expect(err).toBeInstanceOf(InputError);
    expect((err as ExtractLimitError).limit).toBe('pages');
    expect((err as Error).message).toMatch(/30 pages, more than the 20/);
    expect(performance.now() - t0).toBeLessThan(5000);
  });

  it('too much text is an ExtractLimitError (chars)', async () => {
    const err = await extractDocument(new TextEncoder().encode('word '.repeat(2000)), '/docs/a.md', 'markdown', { ...DEFAULT_EXTRACT_LIMITS, maxChars: 5000 }).catch((e: unknown) => e);
    expect((err as ExtractLimitError).limit).toBe('chars');
  });

  it('1,000 pages read in time linear in the pages (a page at a time)', async () => {
    const small = writePdf(pagesOf(100));
    const large = writePdf(pagesOf(1000));
    const time = async (b: Buffer) => {
      const t0 = performance.now();
      const doc = await extractDocument(b, '/docs/r.pdf');
      return { ms: performance.now() - t0, pages: doc.pages.length };
    };
    const a = await time(small);
    const b = await time(large);
    expect(b.pages).toBe(1000);
    expect(b.ms).toBeLessThan(Math.max(30 * a.ms, 20_000)); // ten times the pages, well under a hundred times the time
  });

  it('off the thread: a file past the time limit is stopped and the next file is read by a fresh thread; errors keep their class', async () => {
    const thread = new ExtractionThread(DEFAULT_CHUNKING, { ...DEFAULT_EXTRACT_LIMITS, timeoutMs: 300 });
    try {
      const ok = await thread.prepare(new TextEncoder().encode('# Gear notes\n\nThe module is 2 mm.\n'), '/docs/gear.md');
      expect(ok).toMatchObject({ kind: 'markdown', title: 'Gear notes', pages: 1 });
      const slow = await thread.prepare(writePdf(pagesOf(3000)), '/docs/slow.pdf').catch((e: unknown) => e);
      expect(slow).toBeInstanceOf(ExtractLimitError);
      expect((slow as ExtractLimitError).limit).toBe('time');
      const bad = await thread.prepare(new Uint8Array([0, 1, 2]), '/docs/x.md').catch((e: unknown) => e);
      expect(bad).toBeInstanceOf(InputError);
      expect((bad as Error).message).toMatch(/binary data/);
      const after = await thread.prepare(new TextEncoder().encode('# After\n\ntext\n'), '/docs/after.md');
      expect(after.title).toBe('After');
    } finally {
      await thread.close();
    }
  });

  it('an engine indexing off the thread reports a file over a limit and indexes the rest', async () => {
    const docs = join(dir, 'docs');
    mkdirSync(docs);
    writeFileSync(join(docs, 'big.pdf'), writePdf(pagesOf(12)));
    writeFileSync(join(docs, 'notes.md'), '# Notes\n\nThe fin spacing is 4 mm.\n');
    const r = new Retrieval({ path: join(dir, 'index.sqlite'), embedder: null, offThread: true, extractLimits: { ...DEFAULT_EXTRACT_LIMITS, maxPages: 10 } });
    try {
      const report = await r.index([docs]);
      const by = Object.fromEntries(report.files.map((f) => [f.path.split('/').pop(), f]));
      expect(by['notes.md'].status).toBe('indexed');
      expect(by['big.pdf'].status).toBe('failed');
      expect(by['big.pdf'].reason).toMatch(/12 pages, more than the 10/);
      expect((await r.search('fin spacing'))[0].title).toBe('Notes');
    } finally {
      r.close();
    }
  });
});

describe('PDF titles', () => {
  it('a metadata title of "about:blank" or none gives way to the first line of text', async () => {
    const pages = [{ lines: ['', 'Report M-6: Bracket optimization', 'The volume fraction was 0.36.'] }];
    expect((await extractDocument(writePdf(pages, { title: 'about:blank' }), '/docs/m6.pdf')).title).toBe('Report M-6: Bracket optimization');
    expect((await extractDocument(writePdf(pages, { title: '  ' }), '/docs/m6.pdf')).title).toBe('Report M-6: Bracket optimization');
    expect((await extractDocument(writePdf(pages), '/docs/m6.pdf')).title).toBe('Report M-6: Bracket optimization');
    expect((await extractDocument(writePdf(pages, { title: 'Bracket study' }), '/docs/m6.pdf')).title).toBe('Bracket study');
  });
});
