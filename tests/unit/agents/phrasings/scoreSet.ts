/** The shared body of the phrasing tests: run a set through a session, print per-class accuracy, assert. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { report, type Outcome, type Phrasing } from './harness.ts';
import { phrasingSession, runAll } from './session.ts';

export function scoreSet(name: string, phrasings: readonly Phrasing[], minAccuracy: number): void {
  let outcomes: Outcome[] = [];
  let close = () => {};
  beforeAll(async () => {
    const s = await phrasingSession();
    close = s.close;
    outcomes = await runAll(s.session, phrasings);
    process.stdout.write(`\nOffline planner on ${phrasings.length} ${name} phrasings, by class:\n${report(outcomes)}\n`);
  });
  afterAll(() => close());

  it(`${name}: passes no value on wrong without saying so`, () => {
    expect(outcomes.filter((o) => o.silent.length).map((o) => `${o.id}: ${o.silent.join('; ')}`)).toEqual([]);
  });

  it(`${name}: reads at least ${minAccuracy * 100} % of the phrasings right`, () => {
    expect(outcomes.filter((o) => o.ok).length / outcomes.length, report(outcomes)).toBeGreaterThanOrEqual(minAccuracy);
  });
}
