/**
 * A deterministic embedding with no model: each word (lower case, common words dropped, a crude
 * suffix strip so "densities" ≈ "density") and each adjacent word pair is hashed (FNV-1a) to a
 * signed dimension, weighted by a damped length prior (words with digits — ids, part numbers —
 * weigh 3), and the sum is scaled to unit length. Texts that share words
 * point the same way; no network, no download, same vectors on every machine.
 */
import type { Embedder } from './embedder.ts';
import { normalize } from './embedder.ts';

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const stem = (w: string) => w.replace(/(?:ies|es|s|ing|ed)$/, (m) => (m === 'ies' ? 'y' : '')).slice(0, 24);
const STOP = new Set('a an and are as at be by for from has have in is it its of on or that the this to was were what which with'.split(' '));
/** Words that name things (ids, part numbers, values) say more than common words. */
const weightOf = (w: string) => (/\d/.test(w) ? 3 : 1 + Math.min(w.length, 10) / 10);

export function fakeVector(text: string, dim: number): Float32Array {
  const v = new Float32Array(dim);
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP.has(w)).map(stem).filter((w) => w.length > 1 || /\d/.test(w));
  const add = (token: string, weight: number) => {
    const h = fnv1a(token);
    v[h % dim] += (h & 0x80000000 ? -1 : 1) * weight;
  };
  for (let i = 0; i < words.length; i++) {
    add(words[i], weightOf(words[i]));
    if (i + 1 < words.length) add(`${words[i]} ${words[i + 1]}`, 0.5 * Math.max(weightOf(words[i]), weightOf(words[i + 1])));
  }
  return normalize(v);
}

export function fakeEmbedder(dim = 256): Embedder {
  return {
    id: `fake:${dim}`,
    batchSize: 256,
    embed: async (texts) => texts.map((t) => fakeVector(t, dim)),
  };
}
