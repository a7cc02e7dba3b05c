import { describe, expect, it } from 'vitest';
import { chooseParallel, createThreadChooser, recordTime } from '../../../tools/engineering/linalg/threadChooser.ts';

/** Runs n calls on chooser c where the serial path takes serialMs and the two-thread path parallelMs; returns the share of two-thread calls. */
function simulate(serialMs: number, parallelMs: number, n: number, c = createThreadChooser()): number {
  let par = 0;
  for (let i = 0; i < n; i++) {
    const p = chooseParallel(c);
    if (p) par++;
    recordTime(c, p, p ? parallelMs : serialMs);
  }
  return par / n;
}

describe('thread chooser', () => {
  it('tries both modes first, then mostly uses the faster one while still probing the other', () => {
    const c = createThreadChooser();
    const first = Array.from({ length: 6 }, () => {
      const p = chooseParallel(c);
      recordTime(c, p, p ? 8 : 15);
      return p;
    });
    expect(first).toEqual([true, true, true, false, false, false]);
    expect(simulate(15, 8, 200)).toBeGreaterThan(0.8);
    expect(simulate(15, 8, 200)).toBeLessThan(1);
    expect(simulate(10, 14, 200)).toBeLessThan(0.2);
    expect(simulate(10, 14, 200)).toBeGreaterThan(0);
  });

  it('follows a change of load', () => {
    const c = createThreadChooser();
    const run = (serialMs: number, parallelMs: number, n: number): number => simulate(serialMs, parallelMs, n, c);
    expect(run(15, 8, 100)).toBeGreaterThan(0.8);
    run(10, 20, 50);
    expect(run(10, 20, 100)).toBeLessThan(0.2);
  });
});
