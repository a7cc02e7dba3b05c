/**
 * The offline planner on the phrasing corpus (tests/unit/agents/phrasings/corpus/): every phrasing
 * runs through a chat session — offline supervisor, offline engineering planner, the real graph and
 * tool schemas, the real create_problem checks — and is scored on its tool calls, questions and
 * "not applied" reports; per-class accuracy is printed. This file runs the phrasings written with
 * the planner; phrasingsBlind.test.ts the sets written blind. `npx tsx
 * tests/unit/agents/phrasings/report.ts [file]` prints the same report for any phrasing set.
 */
import { describe, expect, it } from 'vitest';
import { CORPUS, WRITTEN } from './phrasings/corpus/index.ts';
import { scoreSet } from './phrasings/scoreSet.ts';

describe('the phrasing corpus', () => {
  it('has at least 150 phrasings with unique ids, covering every failure class of issue 9', () => {
    expect(WRITTEN.length).toBeGreaterThanOrEqual(150);
    expect(new Set(CORPUS.map((p) => p.id)).size).toBe(CORPUS.length);
    for (const c of ['booleans', 'grids', 'numberWords', 'units', 'json', 'typos', 'synonyms', 'mesh', 'unavailable', 'clarification', 'followUps', 'notApplied']) {
      expect(WRITTEN.filter((p) => p.cls === c).length, c).toBeGreaterThanOrEqual(5);
    }
    expect(WRITTEN.filter((p) => p.turns.length > 2).length).toBeGreaterThanOrEqual(5);
  });

  scoreSet('written', WRITTEN, 0.95);
});
