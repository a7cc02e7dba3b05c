/**
 * The design report as a PDF: the same sections as the HTML page (request and answers, the agents'
 * steps, each design's conditions, objectives, render, convergence chart and files, citations),
 * laid out top to bottom on A4 pages with text wrapped to the page and new pages as needed.
 */
import { PAGE_HEIGHT, PAGE_WIDTH, PdfDocument, textWidth, type PdfImage, type PdfPage, type Rgb } from './pdfDocument.ts';
import { chartPoints, fmtMs, fmtNumber, fmtValue } from './reportHtml.ts';
import type { ReportData, ReportDesign, ReportFile } from './reportData.ts';

const MARGIN = 50;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
const GREY: Rgb = { r: 0.45, g: 0.45, b: 0.45 };
const BLUE: Rgb = { r: 0.12, g: 0.37, b: 0.75 };
const RED: Rgb = { r: 0.7, g: 0, b: 0 };
const RULE: Rgb = { r: 0.8, g: 0.8, b: 0.8 };

/** Splits text into lines no wider than `width` points (long words are cut). */
export function wrapText(text: string, width: number, size: number, bold = false): string[] {
  const out: string[] = [];
  for (const para of text.split(/\r?\n/)) {
    let cur = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      let w = word;
      while (textWidth(w, size, bold) > width) {
        // a word wider than the line: cut it where it fits
        let n = w.length - 1;
        while (n > 1 && textWidth(w.slice(0, n), size, bold) > width) n--;
        if (cur) out.push(cur);
        out.push(w.slice(0, n));
        cur = '';
        w = w.slice(n);
      }
      const next = cur ? `${cur} ${w}` : w;
      if (textWidth(next, size, bold) > width) {
        out.push(cur);
        cur = w;
      } else cur = next;
    }
    out.push(cur);
  }
  return out;
}

class Layout {
  readonly doc: PdfDocument;
  page!: PdfPage;
  y = 0;

  constructor(title: string) {
    this.doc = new PdfDocument({ title, subject: 'EngiAI design report' });
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage();
    this.y = MARGIN;
  }

  /** Room for `h` points, or a new page. */
  need(h: number): void {
    if (this.y + h > PAGE_HEIGHT - MARGIN) this.newPage();
  }

  text(text: string, opts: { size?: number; bold?: boolean; color?: Rgb; indent?: number; gap?: number; href?: string | null } = {}): void {
    const size = opts.size ?? 10;
    const indent = opts.indent ?? 0;
    const lineH = size * 1.35;
    for (const line of wrapText(text, WIDTH - indent, size, opts.bold)) {
      this.need(lineH);
      this.page.text(MARGIN + indent, this.y, line, { size, bold: opts.bold, color: opts.color });
      if (opts.href) this.page.link(MARGIN + indent, this.y, textWidth(line, size, opts.bold), size, opts.href);
      this.y += lineH;
    }
    this.y += opts.gap ?? 0;
  }

  heading(text: string, level: 1 | 2 | 3): void {
    const size = level === 1 ? 18 : level === 2 ? 14 : 11.5;
    this.need(size * 3);
    this.y += level === 3 ? 4 : 10;
    this.text(text, { size, bold: true });
    if (level === 2) {
      this.page.line(MARGIN, this.y, MARGIN + WIDTH, this.y, { color: RULE });
      this.y += 6;
    }
  }

  table(rows: [string, unknown][]): void {
    if (!rows.length) return this.text('none', { color: GREY });
    const keyW = Math.min(170, Math.max(...rows.map(([k]) => textWidth(k, 9.5, true))) + 12);
    for (const [k, v] of rows) {
      const lines = wrapText(fmtValue(v), WIDTH - keyW - 8, 9.5);
      const h = lines.length * 13 + 4;
      this.need(h);
      this.page.rect(MARGIN, this.y, keyW, h, { fill: { r: 0.96, g: 0.96, b: 0.96 }, stroke: RULE });
      this.page.rect(MARGIN + keyW, this.y, WIDTH - keyW, h, { stroke: RULE });
      this.page.text(MARGIN + 4, this.y + 3, k, { size: 9.5, bold: true });
      lines.forEach((l, i) => this.page.text(MARGIN + keyW + 4, this.y + 3 + i * 13, l, { size: 9.5 }));
      this.y += h;
    }
    this.y += 4;
  }

  image(bytes: Uint8Array, maxW: number, maxH: number): void {
    let img: PdfImage;
    try {
      img = this.doc.addPng(bytes);
    } catch (err) {
      return this.text(`(not embedded: ${(err as Error).message})`, { color: GREY });
    }
    const scale = Math.min(maxW / img.width, maxH / img.height);
    const w = img.width * scale;
    const h = img.height * scale;
    this.need(h + 6);
    this.page.image(img, MARGIN, this.y, w, h);
    this.page.rect(MARGIN, this.y, w, h, { stroke: RULE });
    this.y += h + 6;
  }

  chart(d: ReportDesign): void {
    if (d.history.length < 2) return this.text('No convergence history recorded.', { color: GREY });
    const w = 360;
    const h = 140;
    this.need(h + 30);
    const x0 = MARGIN + 60;
    const y0 = this.y + 4;
    const { points, min, max, steps, log } = chartPoints(d.history, w, h);
    const caption = `${d.objectiveName} per step${log ? ' (log scale)' : ''}`;
    this.page.rect(x0, y0, w, h, { stroke: GREY });
    this.page.polyline(
      points.map(([x, y]) => [x0 + x, y0 + y]),
      { color: BLUE, width: 1.2 },
    );
    const label = (s: string, x: number, y: number, right = false) => this.page.text(right ? x - textWidth(s, 8) : x, y, s, { size: 8, color: GREY });
    label(fmtNumber(max), x0 - 4, y0 - 2, true);
    label(fmtNumber(min), x0 - 4, y0 + h - 8, true);
    label('0', x0, y0 + h + 3);
    label(`step ${steps}`, x0 + w, y0 + h + 3, true);
    label(caption, x0 + w / 2 - textWidth(caption, 8) / 2, y0 + h + 3);
    this.y = y0 + h + 20;
  }

  file(f: ReportFile): void {
    this.text(`${f.label}: ${f.shown}`, { size: 9.5, indent: 10, color: f.href ? BLUE : undefined, href: f.href });
  }
}

export function reportPdf(data: ReportData, images: ReadonlyMap<string, Uint8Array>): Buffer {
  const L = new Layout(data.title);
  const t = data.totals;
  L.text(data.title, { size: 18, bold: true, gap: 2 });
  L.text(`EngiAI design report · thread ${data.threadId}${data.model ? ` · model ${data.model}` : ''} · generated ${data.generatedAt}`, { size: 9, color: GREY, gap: 4 });
  L.text(`${t.modelCalls} model calls, ${t.toolCalls} tool calls, ${t.inputTokens} input + ${t.outputTokens} output tokens, ${fmtMs(t.durationMs)} in turns; ${data.designs.length} design${data.designs.length === 1 ? '' : 's'}.`, { size: 10 });

  L.heading('Request', 2);
  for (const turn of data.turns) {
    L.heading(`Turn ${turn.turn}`, 3);
    L.text(turn.request ?? '(an answer to a question)', { color: turn.request === null ? GREY : undefined, gap: 4 });
    if (turn.answer) {
      L.text('Answer', { bold: true });
      L.text(turn.answer, { size: 9.5, gap: 4 });
    }
  }

  L.heading("Agents' steps", 2);
  if (!data.steps.length) L.text('No steps recorded.', { color: GREY });
  for (const s of data.steps) {
    L.text(`${s.turn}. ${s.agent} ${s.kind}${s.ok === false ? ' (failed)' : ''}${s.durationMs !== undefined ? ` · ${fmtMs(s.durationMs)}` : ''}: ${s.text}`, { size: 9, color: s.ok === false ? RED : undefined, gap: 1 });
  }
  if (data.stepsLeftOut) L.text(`… ${data.stepsLeftOut} more steps not listed.`, { color: GREY });

  L.heading('Designs', 2);
  if (!data.designs.length) L.text('The conversation made no designs.', { color: GREY });
  for (const d of data.designs) {
    L.heading(`${d.problem} · ${d.id}`, 3);
    L.text('Conditions', { bold: true, size: 10 });
    L.table(Object.entries(d.conditions));
    L.text('Objectives', { bold: true, size: 10 });
    L.table([...Object.entries(d.objectives), ['iterations', d.iterations]]);
    if (d.warnings.length) {
      L.text('Warnings', { bold: true, size: 10 });
      for (const w of d.warnings) L.text(`• ${w}`, { size: 9.5, indent: 10 });
    }
    for (const f of d.files) {
      const bytes = images.get(f.source);
      if (!bytes || f.mediaType !== 'image/png' || f.label === 'convergence') continue;
      L.text(f.label, { bold: true, size: 10 });
      L.image(bytes, WIDTH, 260);
    }
    L.text('Convergence', { bold: true, size: 10 });
    L.chart(d);
    L.text('Files', { bold: true, size: 10 });
    if (!d.files.length) L.text('none', { color: GREY });
    for (const f of d.files) L.file(f);
  }
  if (data.files.length) {
    L.heading('Other files', 2);
    for (const f of data.files) L.file(f);
  }

  L.heading('Citations', 2);
  if (!data.citations.length) L.text('No documents were cited.', { color: GREY });
  data.citations.forEach((c, i) => L.text(`${i + 1}. ${c.text} (${c.href})${c.cited ? '' : ' — retrieved, not quoted in an answer'}`, { size: 9.5 }));

  // page numbers, once the count is known
  const n = L.doc.pages.length;
  L.doc.pages.forEach((p, i) => {
    const s = `${i + 1} / ${n}`;
    p.text(PAGE_WIDTH - MARGIN - textWidth(s, 8), PAGE_HEIGHT - MARGIN + 20, s, { size: 8, color: GREY });
  });
  return L.doc.toBuffer();
}
