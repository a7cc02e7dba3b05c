/**
 * The RAG suite through the real supervisor graph and the registry's rag specialist (indexing each
 * corpus through its own index_document tool): generated per-seed corpora (Markdown and PDF), the
 * paper protocol's corpus of the two papers' stated values, every trial scored under both
 * protocols, the scripted agents scored as designed — default-guess (search, then remembered
 * defaults) scores P0 1.0 under the paper's corpus and fails under engiai's — and a clear refusal
 * when retrieval is off.
 */
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCorpus, paperCorpusDocs, PAPER_TARGETS, RAG_PROMPTS, runRag, scoreRag, scoreRagDir, textPdf, type RagRunOptions, type RagSample } from '../../../benchmarks/rag/index.ts';
import { adapter as ragAdapter } from '../../../benchmarks/rag/adapter.ts';
import { loadConfig } from '../../../config/load.ts';

function setup() {
  const home = mkdtempSync(join(tmpdir(), 'rag-int-'));
  const config = loadConfig({ env: { ENGIAI_HOME: home }, cwd: home });
  let n = 0;
  const run = (o: Partial<RagRunOptions>) => runRag({ seeds: [3], config, out: join(home, `run-${n++}`), ...o } as RagRunOptions);
  return { home, config, run };
}

type Cell = { prompt: string; condition: string; s_rag: number; paper: { s_rag: number; tc: number }; engiai: { s_rag: number; tc: number } };
const cell = (summary: Record<string, unknown>, prompt: string, condition: string) => (summary.cells as Cell[]).find((c) => c.prompt === prompt && c.condition === condition)!;

describe('RAG corpora', () => {
  it('generates per-seed documents whose values differ between seeds and keep clear of the defaults, P0 included', () => {
    const a = generateCorpus(1, { distractors: 3, corpusSize: 20 });
    const b = generateCorpus(2);
    expect(a.docs).toHaveLength(20);
    expect(a.docs.filter((d) => d.kind === 'filler')).toHaveLength(14);
    expect(a.values).not.toEqual(b.values);
    expect(generateCorpus(1, { distractors: 3, corpusSize: 20 })).toEqual(a);
    for (let s = 0; s < 200; s++) {
      const v = generateCorpus(s).values;
      expect(Math.abs(v.A.volfrac - 0.35)).toBeGreaterThan(0.05);
      expect(Math.abs(v.B.volfrac - 0.35)).toBeGreaterThan(0.05);
      // P0's target is no longer Beams2D's default (the paper's is): searching once and using 0.35 fails
      expect(Math.abs(v.reference.volfrac - 0.35)).toBeGreaterThan(0.05);
      expect(Math.abs(v.reference.volfrac - v.A.volfrac)).toBeGreaterThan(0.05);
      expect(Math.abs(v.reference.volfrac - v.B.volfrac)).toBeGreaterThan(0.05);
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

  it('the paper corpus states the reference targets of every prompt', () => {
    const text = paperCorpusDocs().map((d) => d.markdown).join('\n');
    for (const t of Object.values(PAPER_TARGETS)) for (const v of Object.values(t)) expect(text).toContain(v === 6 ? '6.0' : String(v));
    expect(text).toContain('arXiv:2505.02438');
  });

  it('paper scoring reads the first optimize_design arguments; engiai the last resolved conditions', () => {
    const sample = { id: 'x', prompt: 'P1', condition: 'on', seed: 0, protocol: 'paper', text: '', expected: { volfrac: 0.7, forcedist: 0.3 }, distractors: 0, corpusSize: 0, documents: [] } as RagSample;
    const c = (name: string, args: Record<string, unknown>, result: Record<string, unknown> | null = {}) => ({ agent: 'x', name, args, ok: true, result });
    const search = c('search_documents', { query: 'q' });
    // first call right, second (the design kept) wrong: the reference credits the first
    const s = scoreRag(sample, [search, c('optimize_design', { problem: 'beams2d', conditions: { volfrac: 0.7, forcedist: 0.3 } }, { conditions: { volfrac: 0.7, forcedist: 0.3 } }), c('optimize_design', { conditions: { volfrac: 0.35 } }, { conditions: { volfrac: 0.35, forcedist: 0 } })]);
    expect(s.paper).toMatchObject({ s_rag: 1, tc: 1 });
    expect(s.engiai.s_rag).toBeCloseTo(0.2, 12);
    expect(s.engiai.tc).toBe(0);
    expect(s.s_rag).toBe(1); // the trial ran under paper
    // a design that relied on the defaults states no value to the reference; the resolved ones do to engiai
    const d = scoreRag({ ...sample, prompt: 'P0', expected: { volfrac: 0.35 }, protocol: 'engiai' }, [search, c('optimize_design', { problem: 'beams2d' }, { conditions: { volfrac: 0.35, forcedist: 0 } })]);
    expect(d.paper.s_rag).toBeCloseTo(0.4, 12);
    expect(d.engiai.s_rag).toBeCloseTo(1, 12);
    // the reference's aliases, flat or in problem_config
    expect(scoreRag(sample, [search, c('optimize_design', { volume_fraction: 0.72, problem_config: { force_distribution: 0.28 } })]).paper.s_rag).toBeCloseTo(1, 12);
  });
});

describe('RAG suite on the real rag agent', () => {
  it('engiai protocol: reference, first-hit, no-search and default-guess scored as designed under both protocols', async () => {
    const { run } = setup();
    const ref = await run({ agent: 'reference', distractors: 3 });
    expect(ref.run.failed).toEqual([]);
    for (const p of RAG_PROMPTS) {
      expect(cell(ref.summary, p, 'on').engiai).toMatchObject({ s_rag: expect.closeTo(1, 12), tc: 1 });
      expect(cell(ref.summary, p, 'on').paper).toMatchObject({ s_rag: expect.closeTo(1, 12), tc: 1 });
      expect(cell(ref.summary, p, 'off').s_rag).toBe(0);
    }
    // empty index: nothing to find, and P0's target is not the default any more
    expect(cell(ref.summary, 'P0', 'empty').engiai.s_rag).toBeCloseTo(0.4, 12);
    expect(cell(ref.summary, 'P1', 'empty').engiai.s_rag).toBeCloseTo(0.2, 12);
    expect(cell(ref.summary, 'P3', 'empty').engiai.s_rag).toBeCloseTo(0.1, 12);
    const files = readFileSync(join(ref.run.dir, 'traces', 'rag.P1.on.seed3.jsonl'), 'utf8');
    expect(files).toContain('search_documents');
    const doc = JSON.parse(files.split('\n')[1]).sample.documents.find((d: { kind: string }) => d.kind === 'A');
    expect(readFileSync(join(ref.run.dir, doc.markdown), 'utf8')).toContain('# Technical report');
    expect(readFileSync(join(ref.run.dir, doc.pdf)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(scoreRagDir(ref.run.dir).summary.s_rag).toBe(ref.summary.s_rag);

    const guess = await run({ agent: 'default-guess', prompts: ['P0'], conditions: ['on', 'empty'] });
    for (const cond of ['on', 'empty']) {
      const g = cell(guess.summary, 'P0', cond);
      expect(g.engiai).toMatchObject({ tc: 0, s_rag: expect.closeTo(0.4, 12) }); // w_rag only: the volume fraction is wrong
    }
    const firstHit = await run({ agent: 'first-hit', distractors: 3, conditions: ['on'], prompts: ['P3'] });
    expect(cell(firstHit.summary, 'P3', 'on').s_rag).toBeLessThan(1);
    const noSearch = await run({ agent: 'no-search', conditions: ['on'], prompts: ['P0', 'P2'] });
    for (const p of ['P0', 'P2']) expect(cell(noSearch.summary, p, 'on')).toMatchObject({ s_rag: 0, paper: { s_rag: 0, tc: 0 }, engiai: { s_rag: 0, tc: 0 } });
  }, 300_000);

  it("paper protocol: the two papers' values, found by the reference; default-guess scores the paper's P0 1.0 even on an empty index (flagged memorisable)", async () => {
    const { run } = setup();
    const ref = await run({ agent: 'reference', protocol: 'paper', conditions: ['on'] });
    expect(ref.run.failed).toEqual([]);
    for (const p of RAG_PROMPTS) expect(cell(ref.summary, p, 'on')).toMatchObject({ s_rag: expect.closeTo(1, 12), paper: { tc: 1 }, engiai: { s_rag: expect.closeTo(1, 12), tc: 1 } });
    expect(ref.trials.find((t) => t.sample.prompt === 'P3')!.sample.expected).toEqual({ volfrac: 0.7, forcedist: 0.3, rmin: 6 });
    const guess = await run({ agent: 'default-guess', protocol: 'paper', prompts: ['P0'], conditions: ['empty'] });
    expect(cell(guess.summary, 'P0', 'empty')).toMatchObject({ memorisable: true, paper: { s_rag: expect.closeTo(1, 12), tc: 1 } });
    const report = readFileSync(guess.files.markdown, 'utf8');
    expect(report).toContain('memorisable; target = Beams2D default (memorisation probe)');
    expect(report).toMatch(/S_RAG paper \(mean ± population std\)/);
    // bench report over these runs and a copy of one: one cell per configuration, the copy's trial counted once
    const copy = `${guess.run.dir}-copy`;
    cpSync(guess.run.dir, copy, { recursive: true });
    const { blocks } = await ragAdapter.report([ref.run.dir, guess.run.dir, copy], '');
    const rows = (blocks.find((b) => b.kind === 'table') as { rows: string[][] }).rows;
    expect(rows.filter((r) => r[0] === 'default-guess')).toEqual([expect.arrayContaining(['default-guess', 'paper', 'P0', 'RAG-empty', '1'])]);
    expect(rows.filter((r) => r[0] === 'reference')).toHaveLength(4);
  }, 300_000);

  it('refuses when retrieval is off, and the paper corpus with distractors', async () => {
    const { config, home } = setup();
    const off = loadConfig({ env: { ENGIAI_HOME: home, ENGIAI_RETRIEVAL_MODE: 'off' }, cwd: home });
    await expect(runRag({ agent: 'reference', seeds: [0], config: off, out: join(home, 'x') })).rejects.toThrow(/the rag specialist is not available: retrieval is off/);
    await expect(runRag({ agent: 'reference', seeds: [0], config, protocol: 'paper', distractors: 2, out: join(home, 'y') })).rejects.toThrow(/the paper protocol indexes the two papers only/);
  });
});
