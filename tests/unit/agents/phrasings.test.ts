/**
 * The offline planner on the phrasing corpus (tests/unit/agents/phrasings/corpus/): every phrasing
 * runs through a chat session — offline supervisor, offline engineering planner, the real graph and
 * tool schemas, the real create_problem checks — and is scored on its tool calls, questions and
 * "not applied" reports. Per-class accuracy is printed; `npx tsx tests/unit/agents/phrasings/report.ts
 * [file]` prints the same for any phrasing set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatSession } from '../../../agents/index.ts';
import { CORPUS } from './phrasings/corpus/index.ts';
import { report, type Outcome } from './phrasings/harness.ts';
import { phrasingSession, runAll } from './phrasings/session.ts';

let session: ChatSession;
let close: () => void;
let outcomes: Outcome[];
beforeAll(async () => {
  ({ session, close } = await phrasingSession());
  outcomes = await runAll(session, CORPUS);
  process.stdout.write(`\nOffline planner on ${CORPUS.length} phrasings, by class:\n${report(outcomes)}\n`);
});
afterAll(() => close());

describe('the phrasing corpus', () => {
  it('has at least 150 phrasings with unique ids, covering every failure class of issue 9', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(150);
    expect(new Set(CORPUS.map((p) => p.id)).size).toBe(CORPUS.length);
    for (const c of ['booleans', 'grids', 'numberWords', 'units', 'json', 'typos', 'synonyms', 'mesh', 'unavailable', 'clarification', 'followUps', 'notApplied']) {
      expect(CORPUS.filter((p) => p.cls === c).length, c).toBeGreaterThanOrEqual(5);
    }
    expect(CORPUS.filter((p) => p.turns.length > 2).length).toBeGreaterThanOrEqual(5);
  });

  it('passes no value on wrong without saying so', () => {
    expect(outcomes.filter((o) => o.silent.length).map((o) => `${o.id}: ${o.silent.join('; ')}`)).toEqual([]);
  });

  it('reads at least 95 % of the phrasings right', () => {
    const ok = outcomes.filter((o) => o.ok).length / outcomes.length;
    expect(ok, report(outcomes)).toBeGreaterThanOrEqual(0.95);
  });
});
