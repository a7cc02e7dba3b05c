/** The report's PDF writer, read back by poppler: text where it was put, PNG pixels (with alpha), links, page count. */
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { PdfDocument, textWidth, winAnsi } from '../../../agents/report/pdfDocument.ts';
import { wrapText } from '../../../agents/report/reportPdf.ts';
import { pdfText, pixel, renderPages } from '../../support/pdfPages.ts';

/** A w×h PNG: left half red, right half blue; the bottom row transparent. */
function twoColours(w: number, h: number): Buffer {
  const png = new PNG({ width: w, height: h });
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = 4 * (y * w + x);
      const left = x < w / 2;
      png.data[i] = left ? 255 : 0;
      png.data[i + 1] = 0;
      png.data[i + 2] = left ? 0 : 255;
      png.data[i + 3] = y === h - 1 ? 0 : 255;
    }
  return PNG.sync.write(png);
}

describe('PdfDocument', () => {
  it('puts text, an image with a transparent row and a link where asked, on two pages', () => {
    const doc = new PdfDocument({ title: 'Test — report' });
    const p1 = doc.addPage();
    p1.text(50, 50, 'Hello report (1) \\ done', { size: 14, bold: true });
    const img = doc.addPng(twoColours(4, 4));
    p1.image(img, 100, 200, 200, 200); // 50 pt per source pixel
    p1.link(50, 50, 100, 14, 'http://127.0.0.1:9/artifacts/x/design.stl');
    p1.link(50, 80, 100, 14, 'javascript:alert(1)');
    const p2 = doc.addPage();
    p2.text(50, 50, 'Second page: volfrac ≤ 0.4 → ok…');
    const pdf = doc.toBuffer();
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');

    const pages = renderPages(pdf, 72);
    expect(pages).toHaveLength(2);
    expect([pages[0].width, pages[0].height]).toEqual([595, 842]);
    // 72 dpi: one pixel per point. Inside the image's left half red, right half blue
    expect(pixel(pages[0], 150, 250)).toEqual([255, 0, 0]);
    expect(pixel(pages[0], 250, 250)).toEqual([0, 0, 255]);
    // the last source row is transparent: the page's white shows through
    expect(pixel(pages[0], 150, 390)).toEqual([255, 255, 255]);
    // outside the image: white
    expect(pixel(pages[0], 90, 250)).toEqual([255, 255, 255]);

    const text = pdfText(pdf);
    expect(text).toContain('Hello report (1) \\ done');
    expect(text).toContain('Second page: volfrac <= 0.4 -> ok…');
    // only the http link became an annotation
    expect(pdf.toString('latin1').match(/\/Subtype \/Link/g)).toHaveLength(1);
    expect(pdf.toString('latin1')).toContain(Buffer.from('http://127.0.0.1:9/artifacts/x/design.stl', 'latin1').toString('hex'));
  });

  it('refuses what is not a PNG, or one too large, before decoding it', () => {
    const doc = new PdfDocument();
    expect(() => doc.addPng(Buffer.from('GIF89a not a png at all, really'))).toThrow(/not a PNG/);
    const huge = twoColours(2, 2);
    huge.writeUInt32BE(100_000, 16); // IHDR width
    huge.writeUInt32BE(100_000, 20);
    expect(() => doc.addPng(huge)).toThrow(/larger than/);
  });

  it('measures with the fonts\' metrics and wraps to the width', () => {
    expect(textWidth('iiii', 10)).toBeCloseTo(8.88, 2);
    expect(textWidth('MMMM', 10)).toBeCloseTo(33.32, 2);
    expect(textWidth('ab', 10, true)).toBeGreaterThan(textWidth('ab', 10));
    const lines = wrapText('one two three four five six seven eight nine ten '.repeat(5), 120, 10);
    expect(lines.length).toBeGreaterThan(3);
    for (const l of lines) expect(textWidth(l, 10)).toBeLessThanOrEqual(120);
    // a word wider than the line is cut, never overflows
    for (const l of wrapText('x'.repeat(200), 100, 10)) expect(textWidth(l, 10)).toBeLessThanOrEqual(100);
    expect(winAnsi('a\u0007—😀')).toEqual([97, 32, 0x97, 63]);
  });
});
