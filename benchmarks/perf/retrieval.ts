/**
 * Retrieval: a generated corpus of 1,000 technical notes with planted facts and distractors that
 * share the vocabulary (lib/noteCorpus.ts). Measures recall@5 (a hit among the first five holds the
 * planted sentence) for BM25 alone and for hybrid BM25 + vectors (the deterministic fake
 * embedding, `fake:512`), query latency p50/p95 in ms (in-process, the engine's whole search(); per
 * query the fastest of `--repeats` runs, and the first run's p95 as well), indexing throughput in pages/s (Markdown notes; generated multi-page PDFs through
 * unpdf), and how BM25 latency grows from 1k to `--large` documents (default 10,000).
 * Also a public relevance collection (Cranfield 1400, tests/fixtures/cranfield): nDCG@10, MAP,
 * P@10, MRR and recall@100 of the engine and of plain BM25 over the same index, and the engine's
 * query latency at k = 100 on its 1,400 documents.
 * And vectors at scale: `--vectors` dense vectors (default 10,000; seeded, around 200 topic
 * centres, as text embeddings cluster) of `--dim` dimensions (default 1,536) straight into a
 * store, searched (k = 10, fastest of `--repeats`) by sqlite-vec's exact scan and by the store's
 * quantised search (sign bits, re-ranked by exact distance): p50/p95 of each and the recall@10 of
 * the second against the first.
 * Targets: recall@5 ≥ 0.95 in both modes; p95 ≤ 20 ms for BM25 at 1k; p95 ≤ 20 ms at k = 100 on
 * Cranfield; the engine above plain BM25 on nDCG@10 and MAP; quantised vector p95 ≤ 50 ms at
 * 10k × 1,536 with recall@10 ≥ 0.95.
 *
 *   npm run bench:perf -- retrieval [--notes 1000] [--queries 300] [--large 10000] [--pdfs 60] [--repeats 3] [--cranfield 1] [--vectors 10000] [--dim 1536]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeEmbedder, Retrieval, writePdf, type Embedder } from '../../tools/retrieval/index.ts';
import { loadCollection } from '../../tools/retrieval/relevance/collection.ts';
import { evaluate, indexCollection } from '../../tools/retrieval/relevance/evaluate.ts';
import type { QueryMetrics } from '../../tools/retrieval/relevance/metrics.ts';
import { RetrievalStore } from '../../tools/retrieval/store.ts';
import { numberFlag, parseFlags } from './lib/flags.ts';
import { commonQueries, noteOf, plantedQueries, type PlantedQuery } from './lib/noteCorpus.ts';
import { median, round } from './lib/stats.ts';
import type { RunLog } from './lib/discover.ts';

export const description = 'retrieval: recall@5 (BM25, hybrid), query p50/p95 ms, indexing pages/s, latency growth 1k → 10k notes';

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(0.95 * xs.length) - 1)];

function writeNotes(dir: string, from: number, to: number, total: number): void {
  mkdirSync(dir, { recursive: true });
  for (let i = from; i < to; i++) {
    const n = noteOf(i, total);
    writeFileSync(join(dir, n.name), n.text);
  }
}

/**
 * Recall@5 and latency. Each query runs `repeats` times in a row; `p50`/`p95` are over the queries'
 * fastest run (what the engine costs, with the shared machine's scheduling noise taken out), `firstP95`
 * over their first run (cold caches for that query's words, plus the noise).
 */
async function measure(r: Retrieval, queries: PlantedQuery[], repeats: number): Promise<{ recall: number; p50: number; p95: number; firstP95: number }> {
  for (const q of queries.slice(0, 20)) await r.search(q.query, { k: 5 }); // warm-up
  const best: number[] = [];
  const first: number[] = [];
  let found = 0;
  for (const q of queries) {
    let min = Infinity;
    for (let i = 0; i < repeats; i++) {
      const t0 = performance.now();
      const hits = await r.search(q.query, { k: 5 });
      const ms = performance.now() - t0;
      if (i === 0) {
        first.push(ms);
        if (hits.some((h) => h.text.includes(q.fact))) found++;
      }
      min = Math.min(min, ms);
    }
    best.push(min);
  }
  return { recall: found / queries.length, p50: median(best), p95: p95(best), firstP95: p95(first) };
}

/** Latency of queries with no rare word (fastest of `repeats` per query). */
async function commonLatency(r: Retrieval, queries: string[], repeats: number): Promise<{ p50: number; p95: number }> {
  const best: number[] = [];
  for (const q of queries) {
    let min = Infinity;
    for (let i = 0; i < repeats; i++) {
      const t0 = performance.now();
      await r.search(q, { k: 5 });
      min = Math.min(min, performance.now() - t0);
    }
    best.push(min);
  }
  return { p50: median(best), p95: p95(best) };
}

async function indexed(dir: string, folder: string, name: string, embedder: Embedder | null, log: RunLog): Promise<{ r: Retrieval; pagesPerS: number; seconds: number }> {
  const r = new Retrieval({ path: join(dir, `${name}.sqlite`), embedder });
  const t0 = performance.now();
  const report = await r.index([folder]);
  const seconds = (performance.now() - t0) / 1000;
  log(`${name}: ${report.counts.indexed} documents, ${report.pages} pages, ${report.chunks} chunks in ${seconds.toFixed(1)} s`);
  return { r, pagesPerS: report.pages / seconds, seconds };
}

const CRANFIELD = new URL('../../tests/fixtures/cranfield/cranfield.json.gz', import.meta.url).pathname;
const rounded = (m: QueryMetrics) => ({ ndcg10: round(m.ndcg10, 4), map: round(m.ap, 4), p10: round(m.p10, 4), mrr: round(m.rr, 4), recall100: round(m.recall100, 4) });

/** Cranfield 1400: the engine and plain BM25 scored on the judged queries, and the engine's latency at k = 100 (fastest of `repeats` per query). */
async function cranfield(repeats: number, log: RunLog): Promise<{ fields: object; meets: boolean }> {
  const c = loadCollection(CRANFIELD);
  const ix = await indexCollection(c);
  try {
    const engine = await evaluate(c, ix.engine);
    const plain = await evaluate(c, ix.plainBm25);
    log(`cranfield: engine nDCG@10 ${engine.ndcg10.toFixed(4)} MAP ${engine.ap.toFixed(4)}; plain BM25 nDCG@10 ${plain.ndcg10.toFixed(4)} MAP ${plain.ap.toFixed(4)}`);
    const best: number[] = [];
    for (const q of c.queries) {
      let min = Infinity;
      for (let i = 0; i < repeats; i++) {
        const t0 = performance.now();
        await ix.retrieval.search(q.text, { k: 100 });
        min = Math.min(min, performance.now() - t0);
      }
      best.push(min);
    }
    log(`cranfield: k = 100 query p50 ${median(best).toFixed(2)} ms, p95 ${p95(best).toFixed(2)} ms`);
    return {
      fields: { cranfield_docs: c.docs.length, cranfield_queries: engine.queries, cranfield_engine: rounded(engine), cranfield_plain_bm25: rounded(plain), cranfield_k100_p50_ms: round(median(best)), cranfield_k100_p95_ms: round(p95(best)) },
      meets: p95(best) <= 20 && engine.ndcg10 > plain.ndcg10 && engine.ap > plain.ap,
    };
  } finally {
    ix.close();
  }
}

/** Exact and quantised vector search over `n` dense vectors of `dim` dimensions, k = 10 (fastest of `repeats` per query), with recall@10 against the exact scan. */
function vectorsAtScale(dir: string, n: number, dim: number, nQueries: number, repeats: number, log: RunLog): { fields: object; meets: boolean } {
  let seed = 20_251_201;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const centres = Array.from({ length: 200 }, () => Float32Array.from({ length: dim }, () => rnd() - 0.5));
  const near = (i: number) => Float32Array.from(centres[i % 200], (x) => x + (rnd() - 0.5) * 1.2);
  const store = new RetrievalStore(join(dir, 'vectors.sqlite'));
  try {
    store.setEmbeddingModel(`synthetic-dense:${dim}`, dim, true);
    store.db.transaction(() => {
      for (let i = 0; i < n; i++) store.replaceDocument({ collection: 'default', source: `/v/${i}`, title: `v${i}`, kind: 'text', contentHash: String(i), bytes: 1, mtimeMs: 0, pages: 1 }, [{ ord: 0, page: 1, section: '', text: `v${i}` }], [near(i)]);
    })();
    const exact: number[] = [];
    const fast: number[] = [];
    let found = 0;
    for (let j = 0; j < nQueries; j++) {
      const v = near(j * 37);
      let a = Infinity;
      let b = Infinity;
      let ex: { distance: number }[] = [];
      let got: { distance: number }[] = [];
      for (let i = 0; i < repeats; i++) {
        let t0 = performance.now();
        ex = store.searchVector(v, 10, 'default', { exact: true });
        a = Math.min(a, performance.now() - t0);
        t0 = performance.now();
        got = store.searchVector(v, 10, 'default');
        b = Math.min(b, performance.now() - t0);
      }
      exact.push(a);
      fast.push(b);
      const tenth = (ex[ex.length - 1]?.distance ?? 0) + 1e-6;
      found += got.filter((r) => r.distance <= tenth).length / Math.max(1, ex.length);
    }
    const recall = found / nQueries;
    log(`vectors ${n} x ${dim}: exact p50 ${median(exact).toFixed(2)} ms, p95 ${p95(exact).toFixed(2)} ms; quantised p50 ${median(fast).toFixed(2)} ms, p95 ${p95(fast).toFixed(2)} ms, recall@10 ${recall.toFixed(3)}`);
    return {
      fields: { vectors: n, vector_dim: dim, vector_exact_p50_ms: round(median(exact)), vector_exact_p95_ms: round(p95(exact)), vector_quantised_p50_ms: round(median(fast)), vector_quantised_p95_ms: round(p95(fast)), vector_quantised_recall_at_10: round(recall) },
      meets: p95(fast) <= 50 && recall >= 0.95,
    };
  } finally {
    store.close();
  }
}

export async function run(argv: string[], log: RunLog): Promise<object> {
  const { flags } = parseFlags(argv);
  const notes = numberFlag(flags, 'notes', 1000, { integer: true, min: 10 });
  const nQueries = numberFlag(flags, 'queries', 300, { integer: true, min: 1 });
  const large = numberFlag(flags, 'large', 10_000, { integer: true, min: 0 });
  const pdfs = numberFlag(flags, 'pdfs', 60, { integer: true, min: 0 });
  const repeats = numberFlag(flags, 'repeats', 3, { integer: true, min: 1 });
  const withCranfield = numberFlag(flags, 'cranfield', 1, { integer: true, min: 0 }) > 0;
  const nVectors = numberFlag(flags, 'vectors', 10_000, { integer: true, min: 0 });
  const dim = numberFlag(flags, 'dim', 1536, { integer: true, min: 8 });
  const dir = mkdtempSync(join(tmpdir(), 'engiai-perf-retrieval-'));
  try {
    const folder = join(dir, 'notes');
    writeNotes(folder, 0, notes, notes);
    const queries = plantedQueries(nQueries, notes);

    const bm25 = await indexed(dir, folder, 'bm25', null, log);
    const b = await measure(bm25.r, queries, repeats);
    const common = commonQueries(60);
    const bc = await commonLatency(bm25.r, common, repeats);
    log(`bm25, common-word queries: p50 ${bc.p50.toFixed(2)} ms, p95 ${bc.p95.toFixed(2)} ms`);
    log(`bm25: recall@5 ${b.recall.toFixed(3)}, p50 ${b.p50.toFixed(2)} ms, p95 ${b.p95.toFixed(2)} ms (first runs: p95 ${b.firstP95.toFixed(2)} ms)`);
    const hybrid = await indexed(dir, folder, 'hybrid', fakeEmbedder(512), log);
    const h = await measure(hybrid.r, queries, repeats);
    log(`hybrid: recall@5 ${h.recall.toFixed(3)}, p50 ${h.p50.toFixed(2)} ms, p95 ${h.p95.toFixed(2)} ms (first runs: p95 ${h.firstP95.toFixed(2)} ms)`);
    hybrid.r.close();

    let pdfPagesPerS: number | null = null;
    if (pdfs > 0) {
      const pdfDir = join(dir, 'pdfs');
      mkdirSync(pdfDir);
      for (let i = 0; i < pdfs; i++) {
        const pages = Array.from({ length: 5 }, (_, p) => ({ lines: noteOf(i * 5 + p, notes).text.split('\n').filter(Boolean) }));
        writeFileSync(join(pdfDir, `report-${i}.pdf`), writePdf(pages, { title: `Report ${i}` }));
      }
      const pdf = await indexed(dir, pdfDir, 'pdf', null, log);
      pdfPagesPerS = pdf.pagesPerS;
      pdf.r.close();
    }

    let growth: Record<string, number> = {};
    if (large > notes) {
      writeNotes(folder, notes, large, large);
      const t0 = performance.now();
      const more = await bm25.r.index([folder]);
      log(`bm25 at ${large}: +${more.counts.indexed} documents in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const l = await measure(bm25.r, queries, repeats);
      log(`bm25 at ${large}: recall@5 ${l.recall.toFixed(3)}, p50 ${l.p50.toFixed(2)} ms, p95 ${l.p95.toFixed(2)} ms`);
      const lc = await commonLatency(bm25.r, common, repeats);
      log(`bm25 at ${large}, common-word queries: p50 ${lc.p50.toFixed(2)} ms, p95 ${lc.p95.toFixed(2)} ms`);
      growth = { large_docs: large, bm25_large_p50_ms: round(l.p50), bm25_large_p95_ms: round(l.p95), bm25_large_first_run_p95_ms: round(l.firstP95), bm25_large_recall_at_5: round(l.recall), growth_p95_ratio: round(l.p95 / b.p95, 3), bm25_large_common_p50_ms: round(lc.p50), bm25_large_common_p95_ms: round(lc.p95), growth_common_p95_ratio: round(lc.p95 / bc.p95, 3), large_index_docs_per_s: round(more.counts.indexed / ((performance.now() - t0) / 1000)) };
    }
    bm25.r.close();
    const relevance = withCranfield ? await cranfield(repeats, log) : { fields: {}, meets: true };
    const vectors = nVectors > 0 ? vectorsAtScale(dir, nVectors, dim, Math.min(nQueries, 100), repeats, log) : { fields: {}, meets: true };
    return {
      docs: notes,
      queries: queries.length,
      bm25_recall_at_5: round(b.recall),
      hybrid_recall_at_5: round(h.recall),
      bm25_p50_ms: round(b.p50),
      bm25_p95_ms: round(b.p95),
      bm25_first_run_p95_ms: round(b.firstP95),
      bm25_common_p50_ms: round(bc.p50),
      bm25_common_p95_ms: round(bc.p95),
      hybrid_p50_ms: round(h.p50),
      hybrid_p95_ms: round(h.p95),
      hybrid_first_run_p95_ms: round(h.firstP95),
      repeats,
      index_pages_per_s_md: round(bm25.pagesPerS),
      index_pages_per_s_md_hybrid: round(hybrid.pagesPerS),
      index_pages_per_s_pdf: pdfPagesPerS === null ? null : round(pdfPagesPerS),
      ...growth,
      ...relevance.fields,
      ...vectors.fields,
      targets: { recall_at_5: 0.95, bm25_p95_ms: 20, cranfield_k100_p95_ms: 20, vector_quantised_p95_ms: 50, vector_quantised_recall_at_10: 0.95 },
      meets_targets: b.recall >= 0.95 && h.recall >= 0.95 && b.p95 <= 20 && relevance.meets && vectors.meets,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
