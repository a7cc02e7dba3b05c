/**
 * `engiai report` as a person runs it: a real `engiai chat` turn in a child process (offline model),
 * then `engiai report --thread ID --out FILE.pdf|.html` in another; the PDF is rendered by pdftoppm.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { engiai, tempHome } from './helpers.ts';
import { inkedPixels, pdfText, renderPages } from '../../support/pdfPages.ts';

let home: string;
let threadId: string;

beforeAll(() => {
  home = tempHome('engiai-report-cli-');
  const chat = engiai(home, ['chat', '--model', 'offline', 'Optimize a Beams2D beam with volfrac 0.35, forcedist 0.5 and rmin 3, then render it']);
  expect(chat.code, chat.stderr).toBe(0);
  threadId = /thread ([0-9a-f-]{36})/.exec(chat.stdout)![1];
}, 120_000);

afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('engiai report', () => {
  it('writes the PDF of a chat thread: steps from the recorded events, the design and its render', () => {
    const out = join(home, 'out', 'report.pdf');
    const r = engiai(home, ['report', '--thread', threadId, '--out', out, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as { format: string; designs: number; steps: number; bytes: number };
    expect(summary).toMatchObject({ format: 'pdf', designs: 1 });
    expect(summary.steps).toBeGreaterThanOrEqual(4);
    const pdf = readFileSync(out);
    expect(pdf.length).toBe(summary.bytes);
    const pages = renderPages(pdf, 50);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(Math.min(...pages.map(inkedPixels))).toBeGreaterThan(300);
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('volfrac 0.35');
    expect(text).toContain('optimize_design');
    expect(text).toContain('render_design');
    expect(text).toMatch(/render: artifacts\/beams2d-[0-9a-f]{16}\/render\.png/);
    expect(text).not.toContain(home);
  });

  it('writes the HTML page, and refuses an unknown thread or an --out that is neither', () => {
    const out = join(home, 'report.html');
    expect(engiai(home, ['report', '--thread', threadId, '--out', out]).code).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('<!doctype html>');
    expect(html).toContain('data:image/png;base64,');
    expect(html).not.toContain(home);
    const unknown = engiai(home, ['report', '--thread', 'no-such-thread', '--out', join(home, 'x.pdf')]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no conversation no-such-thread/);
    const bad = engiai(home, ['report', '--thread', threadId, '--out', join(home, 'x.docx')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/FILE\.pdf or FILE\.html/);
  });
});
