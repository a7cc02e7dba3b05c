/** Chunking keeps tables, lists, fenced blocks and display equations whole, tracks sections, and splits only oversized blocks. */
import { describe, expect, it } from 'vitest';
import { chunkPages, toBlocks } from '../../../tools/retrieval/chunker.ts';
import { htmlTitle, htmlToText } from '../../../tools/retrieval/extract/html.ts';

const para = (n: number, word = 'lorem') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ') + '.';

describe('toBlocks', () => {
  it('reads headings, paragraphs, lists, tables, code and equations as blocks', () => {
    const text = [
      '# Report',
      'Intro line one',
      'continues here.',
      '',
      '- item one',
      '  continued',
      '- item two',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '$$',
      'c = U^T K U',
      '$$',
      '',
      '```',
      'code()',
      '```',
      '2.1 Boundary conditions',
      'Fixed at the left.',
    ].join('\n');
    expect(toBlocks(text).map((b) => b.kind)).toEqual(['heading', 'paragraph', 'list', 'table', 'equation', 'code', 'heading', 'paragraph']);
  });
});

describe('chunkPages', () => {
  it('never cuts a table, list or equation that fits, and starts a new chunk at each section', () => {
    const table = ['| parameter | value |', '|---|---|', ...Array.from({ length: 12 }, (_, i) => `| p${i} | ${i / 10} |`)].join('\n');
    const list = Array.from({ length: 8 }, (_, i) => `- step ${i}: ${para(6)}`).join('\n');
    const eq = '$$\n\\min_x c(x) = U^T K U\n\\text{s.t. } V(x) = f V_0\n$$';
    const text = `# A\n\n${para(60)}\n\n${table}\n\n## B\n\n${para(40)}\n\n${list}\n\n${eq}\n\n${para(50)}`;
    const chunks = chunkPages([{ page: 3, text }], { targetChars: 500, maxChars: 1200 });
    const joined = chunks.map((c) => c.text);
    expect(joined.filter((t) => t.includes(table))).toHaveLength(1);
    expect(joined.filter((t) => t.includes(list))).toHaveLength(1);
    expect(joined.filter((t) => t.includes(eq))).toHaveLength(1);
    expect(chunks.every((c) => c.page === 3)).toBe(true);
    expect(chunks.find((c) => c.text.includes(table))?.section).toBe('A');
    expect(chunks.find((c) => c.text.includes(list))?.section).toBe('A > B');
    expect(chunks.map((c) => c.ord)).toEqual(chunks.map((_, i) => i));
    // a chunk under B never holds text of A
    expect(chunks.filter((c) => c.section === 'A > B').some((c) => c.text.includes('| p0 |'))).toBe(false);
  });

  it('splits an oversized table by rows with its header repeated, and a long paragraph at sentences', () => {
    const rows = Array.from({ length: 200 }, (_, i) => `| row${i} | ${i} |`);
    const table = ['| name | value |', '|---|---|', ...rows].join('\n');
    const long = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const chunks = chunkPages([{ page: 1, text: `${table}\n\n${long}` }], { targetChars: 800, maxChars: 1000 });
    const tableChunks = chunks.filter((c) => c.text.includes('| row'));
    expect(tableChunks.length).toBeGreaterThan(2);
    for (const c of tableChunks) {
      expect(c.text.startsWith('| name | value |\n|---|---|')).toBe(true);
      expect(c.text.length).toBeLessThanOrEqual(1000);
    }
    expect(tableChunks.flatMap((c) => c.text.match(/\| row\d+ \|/g) ?? [])).toHaveLength(200);
    const prose = chunks.filter((c) => c.text.includes('Sentence'));
    expect(prose.every((c) => c.text.length <= 1000 && /\.$/.test(c.text))).toBe(true);
    expect(prose.map((c) => c.text).join(' ')).toBe(long);
  });

  it('carries the section across pages and numbers chunks through the document', () => {
    const chunks = chunkPages([
      { page: 1, text: '# Method\n\nFirst page text.' },
      { page: 2, text: 'Second page text.' },
    ]);
    expect(chunks.map((c) => [c.page, c.section, c.ord])).toEqual([
      [1, 'Method', 0],
      [2, 'Method', 1],
    ]);
  });
});

describe('htmlToText', () => {
  it('keeps headings, list items and table rows; drops scripts, styles and comments; decodes entities', () => {
    const html = `<html><head><title>Beam &amp; Co</title><style>p{}</style></head><body>
      <h1>Results</h1><script>alert('x')</script><!-- hidden -->
      <p>Volume fraction&nbsp;=&nbsp;0.4 &lt;final&gt;</p>
      <ul><li>one</li><li>two</li></ul>
      <table><tr><th>name</th><th>value</th></tr>
      <tr>
        <td>rmin</td>
        <td>2.5</td>
      </tr></table></body></html>`;
    expect(htmlTitle(html)).toBe('Beam & Co');
    const text = htmlToText(html);
    expect(text).toContain('# Results');
    expect(text).toContain('Volume fraction = 0.4 <final>');
    expect(text).toMatch(/^- one$/m);
    expect(text).toMatch(/^\| rmin \| 2\.5 \|$/m);
    expect(text).not.toMatch(/alert|hidden|p\{\}/);
  });
});
