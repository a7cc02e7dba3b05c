/**
 * Retrieval quality on a public relevance collection (Cranfield 1400: 1,400 aeronautics abstracts,
 * 225 queries, graded judgements; tests/fixtures/cranfield/README.md). The collection is indexed by
 * the engine's own indexer into a real SQLite file; the engine's search must beat plain BM25 over
 * the same index on nDCG@10 and MAP (on all queries and on the held-out half its settings were not
 * chosen on), no metric may drop below the committed floors, and the first ten hits must not
 * depend on k.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCollection, type TestCollection } from '../../../tools/retrieval/relevance/collection.ts';
import { evaluate, indexCollection, type IndexedCollection } from '../../../tools/retrieval/relevance/evaluate.ts';
import { METRIC_NAMES } from '../../../tools/retrieval/relevance/metrics.ts';

const fixture = new URL('../../fixtures/cranfield/', import.meta.url);
type Floors = Record<'all' | 'heldOut', Record<(typeof METRIC_NAMES)[number], number>>;
const expected = JSON.parse(readFileSync(new URL('expected.json', fixture), 'utf8')) as { engine: Floors; plainBm25: Floors };
const heldOut = (id: string) => Number(id) % 2 === 0;

let c: TestCollection;
let ix: IndexedCollection;
beforeAll(async () => {
  c = loadCollection(new URL('cranfield.json.gz', fixture).pathname);
  ix = await indexCollection(c);
});
afterAll(() => ix?.close());

describe('Cranfield 1400', () => {
  it('is the whole collection: 1,400 documents indexed, 225 judged queries', () => {
    expect(c.docs).toHaveLength(1400);
    expect(c.queries).toHaveLength(225);
    expect(ix.retrieval.store.counts().documents).toBe(1400);
    expect([...c.qrels.values()].reduce((n, j) => n + j.size, 0)).toBe(1837);
  });

  it('the engine beats plain BM25 on nDCG@10 and MAP, on all queries and on the held-out half, and nothing drops below the committed floors', async () => {
    for (const part of ['all', 'heldOut'] as const) {
      const which = part === 'heldOut' ? heldOut : undefined;
      const engine = await evaluate(c, ix.engine, { which });
      const plain = await evaluate(c, ix.plainBm25, { which });
      expect(engine.queries).toBe(part === 'all' ? 225 : 112);
      expect(engine.ndcg10, `${part} nDCG@10`).toBeGreaterThan(plain.ndcg10 + 0.01);
      expect(engine.ap, `${part} MAP`).toBeGreaterThan(plain.ap + 0.01);
      for (const m of METRIC_NAMES) {
        expect(engine[m], `engine ${part} ${m}`).toBeGreaterThanOrEqual(expected.engine[part][m]);
        expect(plain[m], `plain BM25 ${part} ${m}`).toBeGreaterThanOrEqual(expected.plainBm25[part][m]);
      }
    }
  });

  it('the first ten hits are the same for k = 10 and k = 100', async () => {
    for (const q of c.queries) {
      const ten = (await ix.retrieval.search(q.text, { k: 10 })).map((h) => `${h.docId}:${h.text.slice(0, 40)}`);
      const hundred = (await ix.retrieval.search(q.text, { k: 100 })).slice(0, 10).map((h) => `${h.docId}:${h.text.slice(0, 40)}`);
      expect(hundred, q.text).toEqual(ten);
    }
  });
});
