/** Reads a PDF the way a person would: its pages rendered to PNG by poppler's pdftoppm, its text by pdftotext. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';

/** Each page as a decoded PNG (RGBA), rendered at `dpi`; the PNG files are also kept in `keepDir` when given. */
export function renderPages(pdf: Uint8Array, dpi = 72, keepDir?: string): PNG[] {
  const dir = mkdtempSync(join(tmpdir(), 'engiai-pdf-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', join(dir, 'in.pdf'), join(dir, 'page')], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 60_000 });
    const files = readdirSync(dir).filter((f) => f.startsWith('page') && f.endsWith('.png')).sort();
    if (keepDir) for (const f of files) writeFileSync(join(keepDir, f), readFileSync(join(dir, f)));
    return files.map((f) => PNG.sync.read(readFileSync(join(dir, f))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's text in reading order (pdftotext -layout). */
export function pdfText(pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'engiai-pdf-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'in.pdf'), '-'], { encoding: 'utf8', timeout: 60_000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The RGB of one pixel. */
export function pixel(png: PNG, x: number, y: number): [number, number, number] {
  const i = 4 * (Math.round(y) * png.width + Math.round(x));
  return [png.data[i], png.data[i + 1], png.data[i + 2]];
}

/** How many pixels are far from white. */
export function inkedPixels(png: PNG): number {
  let n = 0;
  for (let i = 0; i < png.data.length; i += 4) if (png.data[i] + png.data[i + 1] + png.data[i + 2] < 600) n++;
  return n;
}
