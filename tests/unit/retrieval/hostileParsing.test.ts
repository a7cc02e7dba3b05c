/**
 * Parsing is linear in the input: a megabyte of the patterns that made the old regular
 * expressions quadratic (128 KB took 10–20 s) is extracted and chunked within a generous linear
 * bound, and the scanner still reads what an unclosed element leaves behind sensibly.
 */
import { describe, expect, it } from 'vitest';
import { chunkPages } from '../../../tools/retrieval/chunker.ts';
import { extractDocument } from '../../../tools/retrieval/extract/extractDocument.ts';
import { htmlTitle, htmlToText } from '../../../tools/retrieval/extract/html.ts';

const MB = 1 << 20;
const fill = (unit: string, size = MB) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
/** Generous: the old code took minutes per megabyte; linear code takes well under a second here. */
const BOUND_MS = 4000;

const HOSTILE: [string, string][] = [
  ['comments.html', fill('<!--')],
  ['pre.html', fill('<pre>')],
  ['script.html', fill('<script>')],
  ['headings.html', fill('<h1>')],
  ['titles.html', fill('<title>')],
  ['lt.html', fill('<')],
  ['cells.html', `<table><tr>${fill('<td>x')}`],
  ['entities.html', fill('&aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')],
  ['rules.md', fill('---\n')],
  ['frontmatter.md', `---\ntitle: x\n${fill('---x\n')}`],
  ['hashes.md', fill('#  \n')],
  ['fences.md', fill('```\n')],
  ['equations.md', fill('$$\n')],
  ['numbered.txt', fill('1.1 Abc\n')],
];

describe('hostile inputs finish in linear time', () => {
  for (const [name, text] of HOSTILE) {
    it(`1 MB of ${name}`, async () => {
      const t0 = performance.now();
      const doc = await extractDocument(new TextEncoder().encode(text), `/docs/${name}`).catch((err: Error) => err);
      if (!(doc instanceof Error)) chunkPages(doc.pages);
      else expect(doc.message).toMatch(/no extractable text/);
      expect(performance.now() - t0).toBeLessThan(BOUND_MS);
    });
  }
});

describe('the HTML scanner', () => {
  it('drops an unclosed comment to the end, keeps the text of an unclosed element, and reads a lone "<" as text', () => {
    expect(htmlToText('<p>kept</p><!-- never closed <p>gone</p>')).toBe('kept');
    expect(htmlToText('<h2>Loads<p>The load is 3 kN.</p>')).toContain('The load is 3 kN.');
    expect(htmlToText('<pre>code without end')).toBe('code without end');
    expect(htmlToText('x <<< y')).toBe('x <<< y');
    expect(htmlToText('<script>alert(1)</script><p>a &amp; b</p><pre><b>k</b> = 2</pre>')).toBe('a & b\n\n```\nk = 2\n```');
  });

  it('titles: the first <title>, else the first <h1>, entities decoded', () => {
    expect(htmlTitle('<title>  Beam &amp; <i>Co</i> </title>')).toBe('Beam & Co');
    expect(htmlTitle('<title></title><h1>Report K-77</h1>')).toBe('Report K-77');
    expect(htmlTitle(fill('<title>', 4096))).toBeNull();
  });
});
