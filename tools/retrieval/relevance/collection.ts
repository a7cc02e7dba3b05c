/**
 * A relevance test collection as stored in the repository (gzip'd JSON: documents with a title and
 * text, queries, and graded judgements `[queryId, docId, gain]`), read into the shapes the
 * evaluation uses. Malformed files are an InputError naming what is wrong.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { InputError } from '../../errors.ts';
import type { Judgements } from './metrics.ts';

export interface TestCollection {
  name: string;
  docs: { id: string; title: string; text: string }[];
  queries: { id: string; text: string }[];
  /** Query id → (document id → gain). */
  qrels: Map<string, Judgements>;
}

export function loadCollection(path: string): TestCollection {
  let raw: { name?: unknown; docs?: unknown; queries?: unknown; qrels?: unknown };
  try {
    raw = JSON.parse(gunzipSync(readFileSync(path)).toString('utf8'));
  } catch (err) {
    throw new InputError(`${path} is not a gzip'd JSON test collection (${(err as Error).message})`, { field: 'path', cause: err });
  }
  if (typeof raw.name !== 'string' || !Array.isArray(raw.docs) || !Array.isArray(raw.queries) || !Array.isArray(raw.qrels)) {
    throw new InputError(`${path} lacks name, docs, queries or qrels`, { field: 'path' });
  }
  const qrels = new Map<string, Map<string, number>>();
  for (const j of raw.qrels as unknown[]) {
    if (!Array.isArray(j) || typeof j[0] !== 'string' || typeof j[1] !== 'string' || typeof j[2] !== 'number') throw new InputError(`${path}: judgement ${JSON.stringify(j)} is not [queryId, docId, gain]`, { field: 'qrels' });
    const m = qrels.get(j[0]) ?? qrels.set(j[0], new Map()).get(j[0])!;
    m.set(j[1], Math.max(m.get(j[1]) ?? 0, j[2]));
  }
  return { name: raw.name, docs: raw.docs as TestCollection['docs'], queries: raw.queries as TestCollection['queries'], qrels };
}
