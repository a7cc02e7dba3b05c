/**
 * Deterministic fake text embeddings for the loopback fakes: a 64-dimensional hashed bag of
 * lower-cased words (FNV-1a buckets), so related texts get a high cosine and unrelated ones a low
 * one, with no model. Sent as float arrays or, when asked (the OpenAI SDK's default), as base64
 * little-endian float32.
 */
const DIMS = 64;

export function fakeEmbedding(text: string): number[] {
  const v = new Array<number>(DIMS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}]+/gu) ?? []) {
    let h = 0x811c9dc5;
    for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
    v[(h >>> 0) % DIMS] += 1;
  }
  return v;
}

export function encodeEmbedding(vector: number[], format: unknown): number[] | string {
  return format === 'base64' ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
}
