/**
 * BFCL's irrelevance prompts (tests/fixtures/phrasings/bfcl-irrelevance.json, Apache-2.0, from
 * ShishirPatil/gorilla) through the real runtime with the offline model: none of them is work for
 * an EngiAI agent, so none may start a tool with an effect or leave a question or an approval
 * pending — each gets an answer (a plain decline is one).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scoreBlind, summary, type BlindItem } from './blindScore.ts';

const fixture = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'phrasings', 'bfcl-irrelevance.json'), 'utf8')) as { prompts: { id: string; prompt: string }[] };
const items: BlindItem[] = fixture.prompts.map((p) => ({ id: p.id, kind: 'bfcl', sealed: false, turns: [p.prompt], expect: { outcome: 'answer', question: true } }));

describe("BFCL's irrelevance prompts", () => {
  it('start no action: 0 false actions, every prompt answered', async () => {
    const home = mkdtempSync(join(tmpdir(), 'engiai-bfcl-'));
    try {
      const results = await scoreBlind(home, items, {});
      const misses = results.filter((r) => !r.ok).map((r) => `${r.id}: ${r.why.join('; ')}`);
      console.info([summary('BFCL irrelevance', results), ...misses].join('\n'));
      expect(results.length).toBeGreaterThanOrEqual(200);
      expect(results.filter((r) => r.falseAction).map((r) => r.id)).toEqual([]);
      expect(misses).toEqual([]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 900_000);
});
