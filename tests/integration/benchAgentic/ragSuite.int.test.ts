/**
 * The RAG suite through the real supervisor graph: generated per-seed corpora (Markdown and PDF),
 * the gated score and the scripted agents scored as predicted with a stand-in specialist (a keyword
 * index), the same with the registry's rag specialist, and a clear refusal when retrieval is off.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCorpus, RAG_PROMPTS, runRag, scoreRagDir, textPdf, type RagRunOptions } from '../../../benchmarks/rag/index.ts';
import { loadConfig } from '../../../config/load.ts';
import { ragStandIn } from '../../fixtures/benchSpecialists/ragStandIn.ts';

function setup() {
  const home = mkdtempSync(join(tmpdir(), 'rag-int-'));
  const config = loadConfig({ env: { ENGIAI_HOME: home }, cwd: home });
  let n = 0;
  const run = (o: Partial<RagRunOptions>) => runRag({ seeds: [3], ragSpecialist: ragStandIn, config, out: join(home, `run-${n++}`), ...o } as RagRunOptions);
  return { home, config, run };
}

const cell = (summary: Record<string, unknown>, prompt: string, condition: string) => (summary.cells as { prompt: string; condition: string; s_rag: number }[]).find((c) => c.prompt === prompt && c.condition === condition)!.s_rag;

describe('RAG suite', () => {
  it('generates per-seed documents whose values differ between seeds and keep clear of the defaults', () => {
    const a = generateCorpus(1, { distractors: 3, corpusSize: 20 });
    const b = generateCorpus(2);
    expect(a.docs).toHaveLength(20);
    expect(a.docs.filter((d) => d.kind === 'filler')).toHaveLength(14);
    expect(a.values).not.toEqual(b.values);
    expect(generateCorpus(1, { distractors: 3, corpusSize: 20 })).toEqual(a);
    for (let s = 0; s < 50; s++) {
      const v = generateCorpus(s).values;
      expect(Math.abs(v.A.volfrac - 0.35)).toBeGreaterThan(0.05);
      expect(Math.abs(v.B.volfrac - 0.35)).toBeGreaterThan(0.05);
      expect(Math.abs(v.B.rmin - 2)).toBeGreaterThan(0.5);
      expect(v.A.forcedist).toBeGreaterThan(0.05);
    }
    const pdf = Buffer.from(textPdf('Title (x)', 'Body line with a value of 0.42.\nSecond paragraph.')).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    for (const m of pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)) expect(pdf.slice(Number(m[1])).match(/^\d+ 0 obj/)).not.toBeNull();
    expect(pdf).toContain('(Title \\(x\\)) Tj');
  });

  it('scores the reference, first-hit and no-search agents as predicted on every prompt and condition', async () => {
    const { run } = setup();
    const ref = await run({ agent: 'reference', distractors: 3 });
    expect(ref.run.failed).toEqual([]);
    for (const p of RAG_PROMPTS) {
      expect(cell(ref.summary, p, 'on')).toBeCloseTo(1, 12);
      expect(cell(ref.summary, p, 'off')).toBe(0);
    }
    // empty index: only P0's widely published default (0.35) is right without retrieval
    expect(cell(ref.summary, 'P0', 'empty')).toBeCloseTo(1, 12);
    expect(cell(ref.summary, 'P1', 'empty')).toBeCloseTo(0.2, 12);
    expect(cell(ref.summary, 'P3', 'empty')).toBeCloseTo(0.1, 12);
    const files = readFileSync(join(ref.run.dir, 'traces', 'rag.P1.on.seed3.jsonl'), 'utf8');
    expect(files).toContain('search_documents');
    const doc = JSON.parse(files.split('\n')[1]).sample.documents.find((d: { kind: string }) => d.kind === 'A');
    expect(readFileSync(join(ref.run.dir, doc.markdown), 'utf8')).toContain('# Technical report');
    expect(readFileSync(join(ref.run.dir, doc.pdf)).subarray(0, 5).toString()).toBe('%PDF-');

    const firstHit = await run({ agent: 'first-hit', distractors: 3, conditions: ['on'], prompts: ['P3'] });
    expect(cell(firstHit.summary, 'P3', 'on')).toBeLessThan(1);
    const noSearch = await run({ agent: 'no-search', conditions: ['on'] });
    for (const p of RAG_PROMPTS) expect(cell(noSearch.summary, p, 'on')).toBe(0);
    expect(scoreRagDir(ref.run.dir).summary.s_rag).toBe(ref.summary.s_rag);
  });

  it("runs the registry's rag specialist (indexing the corpus through index_document), and refuses when retrieval is off", async () => {
    const { config, home } = setup();
    const real = await runRag({ agent: 'reference', seeds: [5], prompts: ['P1', 'P3'], conditions: ['on', 'empty'], config, out: join(home, 'real') });
    expect(real.run.failed).toEqual([]);
    expect(cell(real.summary, 'P1', 'on')).toBeCloseTo(1, 12);
    expect(cell(real.summary, 'P3', 'on')).toBeCloseTo(1, 12);
    expect(cell(real.summary, 'P1', 'empty')).toBeCloseTo(0.2, 12);
    const off = loadConfig({ env: { ENGIAI_HOME: home, ENGIAI_RETRIEVAL_MODE: 'off' }, cwd: home });
    await expect(runRag({ agent: 'reference', seeds: [0], config: off, out: join(home, 'x') })).rejects.toThrow(/the rag specialist is not available: retrieval is off/);
  });
});
