/**
 * Vector search for a dense model past EXACT_SCAN_MAX vectors scans sign bits and re-ranks by
 * exact cosine distance: its top 10 are as near as the exact scan's (recall@10 against it), removed
 * documents leave every vector table, and a sparse model (the fake embedding) is never quantised.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEmbedder, Retrieval } from '../../../tools/retrieval/index.ts';
import { EXACT_SCAN_MAX, quantisable, RetrievalStore } from '../../../tools/retrieval/store.ts';

const DIM = 256;
const N = EXACT_SCAN_MAX + 1000;
let seed = 11;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
/** Dense vectors around 100 topic centres, as text embeddings cluster by topic. */
const centres = Array.from({ length: 100 }, () => Float32Array.from({ length: DIM }, () => rnd() - 0.5));
const near = (c: number) => Float32Array.from(centres[c % 100], (x) => x + (rnd() - 0.5) * 1.2);

let dir: string;
let store: RetrievalStore;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'engiai-vec-scale-'));
  store = new RetrievalStore(join(dir, 'index.sqlite'));
  expect(quantisable(near(0))).toBe(true);
  store.setEmbeddingModel('dense-test', DIM, true);
  for (let i = 0; i < N; i++) store.replaceDocument({ collection: 'c', source: `/d/${i}.md`, title: `doc ${i}`, kind: 'markdown', contentHash: String(i), bytes: 1, mtimeMs: 0, pages: 1 }, [{ ord: 0, page: 1, section: '', text: `doc ${i}` }], [near(i)]);
});
afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('quantised vector search', () => {
  it('finds what the exact scan finds (recall@10 ≥ 0.95), best first by exact distance', () => {
    expect(store.quantised()).toBe(true);
    expect(store.vectorCount()).toBe(N);
    let found = 0;
    for (let j = 0; j < 30; j++) {
      const v = near(j * 7);
      const exact = store.searchVector(v, 10, 'c', { exact: true });
      const fast = store.searchVector(v, 10, 'c');
      expect(fast).toHaveLength(10);
      for (let i = 1; i < fast.length; i++) expect(fast[i].distance).toBeGreaterThanOrEqual(fast[i - 1].distance);
      const tenth = exact[9].distance + 1e-6;
      found += fast.filter((r) => r.distance <= tenth).length;
    }
    expect(found / 300).toBeGreaterThanOrEqual(0.95);
  });

  it('removed documents leave the bit and float tables too', () => {
    const n = (sql: string) => (store.db.prepare(sql).get() as { n: number }).n;
    const doc = store.listDocuments('c').find((d) => d.source === '/d/7.md')!;
    store.removeDocuments([doc.id]);
    expect(n('SELECT COUNT(*) AS n FROM vec_chunk_bits')).toBe(N - 1);
    expect(n('SELECT COUNT(*) AS n FROM vec_chunk_floats')).toBe(N - 1);
    expect(store.vectorCount()).toBe(N - 1);
  });

  it('the fake embedding is sparse: its store is not quantised', async () => {
    const [v] = await fakeEmbedder(256).embed(['beam stiffness and plate buckling'], 'document');
    expect(quantisable(v)).toBe(false);
    const r = new Retrieval({ path: join(dir, 'fake.sqlite'), embedder: fakeEmbedder(256) });
    try {
      await r.syncVectors();
      expect(r.store.quantised()).toBe(false);
    } finally {
      r.close();
    }
  });
});
