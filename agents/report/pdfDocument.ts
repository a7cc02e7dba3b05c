/**
 * A small PDF 1.4 writer for generated reports: A4 pages with text in the standard Helvetica fonts
 * (WinAnsi), lines, rectangles, PNG images (decoded with pngjs, re-compressed with zlib, alpha as a
 * soft mask) and link annotations. Coordinates are in points from the page's top-left corner.
 * Text widths come from the fonts' published metrics, so callers can wrap and align exactly.
 */
import { deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { InputError } from '../../tools/errors.ts';

export const PAGE_WIDTH = 595;
export const PAGE_HEIGHT = 842;

/** The largest image embedded (pixels): a bigger one is refused, not decoded. */
export const MAX_IMAGE_PIXELS = 4096 * 4096;

// Helvetica and Helvetica-Bold advance widths (1/1000 em) for ASCII 32..126, from the fonts' AFM files.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
  611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
  222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667,
  611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556,
  278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

/** Characters outside Latin-1 that WinAnsi has, and a few that have a plain-text stand-in. */
const WIN_ANSI: Record<string, number | string> = {
  '€': 0x80, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '™': 0x99,
  '→': '->', '←': '<-', '✓': 'ok', '✗': 'x', '≤': '<=', '≥': '>=', '≈': '~', '×': 0xd7, '²': 0xb2, '³': 0xb3,
};

/** The WinAnsi bytes of a string: unknown characters become '?', control characters a space. */
export function winAnsi(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 63;
    const mapped = WIN_ANSI[ch];
    if (typeof mapped === 'number') out.push(mapped);
    else if (typeof mapped === 'string') for (const m of mapped) out.push(m.charCodeAt(0));
    else if (c < 32 || (c >= 127 && c < 160)) out.push(32);
    else if (c <= 255) out.push(c);
    else out.push(63);
  }
  return out;
}

/** Width of `text` in points at `size`. */
export function textWidth(text: string, size: number, bold = false): number {
  const table = bold ? HELVETICA_BOLD : HELVETICA;
  let w = 0;
  for (const b of winAnsi(text)) w += b >= 32 && b <= 126 ? table[b - 32] : bold ? 611 : 556;
  return (w * size) / 1000;
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const rgb = (c: Rgb) => `${num(c.r)} ${num(c.g)} ${num(c.b)}`;
const num = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(3).replace(/\.?0+$/, ''));
const hex = (bytes: number[]) => `<${bytes.map((b) => b.toString(16).padStart(2, '0')).join('')}>`;

/** An image registered with the document, drawn on any page. */
export interface PdfImage {
  readonly name: string;
  readonly width: number;
  readonly height: number;
}

interface ImageObject extends PdfImage {
  rgb: Buffer;
  alpha: Buffer | null;
}

export class PdfPage {
  readonly ops: string[] = [];
  readonly links: { x: number; y: number; w: number; h: number; uri: string }[] = [];
  readonly images = new Set<string>();

  text(x: number, y: number, text: string, opts: { size?: number; bold?: boolean; color?: Rgb } = {}): void {
    const size = opts.size ?? 10;
    const c = opts.color ?? { r: 0, g: 0, b: 0 };
    // y is the top of the line; the baseline sits at 80% of the font size below it
    this.ops.push(`BT /${opts.bold ? 'F2' : 'F1'} ${num(size)} Tf ${rgb(c)} rg ${num(x)} ${num(PAGE_HEIGHT - y - size * 0.8)} Td ${hex(winAnsi(text))} Tj ET`);
  }

  line(x1: number, y1: number, x2: number, y2: number, opts: { width?: number; color?: Rgb } = {}): void {
    this.ops.push(`${num(opts.width ?? 0.5)} w ${rgb(opts.color ?? { r: 0, g: 0, b: 0 })} RG ${num(x1)} ${num(PAGE_HEIGHT - y1)} m ${num(x2)} ${num(PAGE_HEIGHT - y2)} l S`);
  }

  /** A polyline through the points (page coordinates). */
  polyline(points: [number, number][], opts: { width?: number; color?: Rgb } = {}): void {
    if (points.length < 2) return;
    const path = points.map(([x, y], i) => `${num(x)} ${num(PAGE_HEIGHT - y)} ${i ? 'l' : 'm'}`).join(' ');
    this.ops.push(`${num(opts.width ?? 1)} w 1 j ${rgb(opts.color ?? { r: 0, g: 0, b: 0 })} RG ${path} S`);
  }

  rect(x: number, y: number, w: number, h: number, opts: { fill?: Rgb; stroke?: Rgb; width?: number }): void {
    const path = `${num(x)} ${num(PAGE_HEIGHT - y - h)} ${num(w)} ${num(h)} re`;
    if (opts.fill && opts.stroke) this.ops.push(`${num(opts.width ?? 0.5)} w ${rgb(opts.fill)} rg ${rgb(opts.stroke)} RG ${path} B`);
    else if (opts.fill) this.ops.push(`${rgb(opts.fill)} rg ${path} f`);
    else if (opts.stroke) this.ops.push(`${num(opts.width ?? 0.5)} w ${rgb(opts.stroke)} RG ${path} S`);
  }

  image(img: PdfImage, x: number, y: number, w: number, h: number): void {
    this.images.add(img.name);
    this.ops.push(`q ${num(w)} 0 0 ${num(h)} ${num(x)} ${num(PAGE_HEIGHT - y - h)} cm /${img.name} Do Q`);
  }

  /** A clickable area opening `uri` (http(s) only; anything else is not linked). */
  link(x: number, y: number, w: number, h: number, uri: string): void {
    if (/^https?:\/\//i.test(uri)) this.links.push({ x, y, w, h, uri });
  }
}

export class PdfDocument {
  readonly pages: PdfPage[] = [];
  private readonly imageObjects: ImageObject[] = [];

  constructor(private readonly info: { title?: string; subject?: string } = {}) {}

  addPage(): PdfPage {
    const p = new PdfPage();
    this.pages.push(p);
    return p;
  }

  /** Registers a PNG (any bit depth or colour type pngjs reads); InputError when it is not one or is too large. */
  addPng(bytes: Uint8Array): PdfImage {
    let png: PNG;
    try {
      const head = Buffer.from(bytes.subarray(0, 24));
      if (head.length < 24 || head.readUInt32BE(12) !== 0x49484452) throw new Error('not a PNG file');
      if (head.readUInt32BE(16) * head.readUInt32BE(20) > MAX_IMAGE_PIXELS) throw new Error(`larger than ${MAX_IMAGE_PIXELS} pixels`);
      png = PNG.sync.read(Buffer.from(bytes));
    } catch (err) {
      throw new InputError(`cannot embed the image: ${(err as Error).message}`, { field: 'image' });
    }
    const n = png.width * png.height;
    const rgbBytes = Buffer.alloc(n * 3);
    const alpha = Buffer.alloc(n);
    let opaque = true;
    for (let i = 0; i < n; i++) {
      rgbBytes[3 * i] = png.data[4 * i];
      rgbBytes[3 * i + 1] = png.data[4 * i + 1];
      rgbBytes[3 * i + 2] = png.data[4 * i + 2];
      alpha[i] = png.data[4 * i + 3];
      if (alpha[i] !== 255) opaque = false;
    }
    const img: ImageObject = { name: `Im${this.imageObjects.length + 1}`, width: png.width, height: png.height, rgb: deflateSync(rgbBytes), alpha: opaque ? null : deflateSync(alpha) };
    this.imageObjects.push(img);
    return img;
  }

  /** The file's bytes. */
  toBuffer(): Buffer {
    const chunks: Buffer[] = [];
    const offsets: number[] = [];
    let size = 0;
    const push = (b: Buffer) => {
      chunks.push(b);
      size += b.length;
    };
    const objects: (string | { dict: string; data: Buffer })[] = [];
    const add = (o: string | { dict: string; data: Buffer }) => objects.push(o); // object numbers start at 1
    const catalog = add('');
    const pagesObj = add('');
    const font1 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
    const font2 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
    const imageRefs = new Map<string, number>();
    for (const img of this.imageObjects) {
      const smask = img.alpha ? add({ dict: `<< /Type /XObject /Subtype /Image /Width ${img.width} /Height ${img.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${img.alpha.length} >>`, data: img.alpha }) : 0;
      imageRefs.set(
        img.name,
        add({ dict: `<< /Type /XObject /Subtype /Image /Width ${img.width} /Height ${img.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode${smask ? ` /SMask ${smask} 0 R` : ''} /Length ${img.rgb.length} >>`, data: img.rgb }),
      );
    }
    const kids: number[] = [];
    for (const page of this.pages) {
      const content = deflateSync(Buffer.from(page.ops.join('\n'), 'latin1'));
      const contentObj = add({ dict: `<< /Filter /FlateDecode /Length ${content.length} >>`, data: content });
      const annots = page.links.map((l) =>
        add(`<< /Type /Annot /Subtype /Link /Rect [${num(l.x)} ${num(PAGE_HEIGHT - l.y - l.h)} ${num(l.x + l.w)} ${num(PAGE_HEIGHT - l.y)}] /Border [0 0 0] /A << /S /URI /URI ${hex(winAnsi(l.uri))} >> >>`),
      );
      const xobjects = [...page.images].map((name) => `/${name} ${imageRefs.get(name)} 0 R`).join(' ');
      kids.push(
        add(
          `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 ${font1} 0 R /F2 ${font2} 0 R >>${xobjects ? ` /XObject << ${xobjects} >>` : ''} >> /Contents ${contentObj} 0 R${annots.length ? ` /Annots [${annots.map((a) => `${a} 0 R`).join(' ')}]` : ''} >>`,
        ),
      );
    }
    objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
    objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
    const meta = [this.info.title && `/Title ${hex(winAnsi(this.info.title))}`, this.info.subject && `/Subject ${hex(winAnsi(this.info.subject))}`].filter(Boolean).join(' ');
    const info = add(`<< /Producer (EngiAI report) ${meta} >>`);

    push(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'));
    objects.forEach((o, i) => {
      offsets.push(size);
      if (typeof o === 'string') push(Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`, 'latin1'));
      else {
        push(Buffer.from(`${i + 1} 0 obj\n${o.dict}\nstream\n`, 'latin1'));
        push(o.data);
        push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
      }
    });
    const xref = size;
    push(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`, 'latin1'));
    push(Buffer.from(`trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`, 'latin1'));
    return Buffer.concat(chunks);
  }
}
