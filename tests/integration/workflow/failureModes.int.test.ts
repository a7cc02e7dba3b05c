/**
 * Self-validation (benchmarks.md §6), the failure modes: each scripted agent that gets one thing
 * wrong is caught exactly as the spec says, through the real graph and tools.
 */
import { describe, expect, it } from 'vitest';
import { benchHome, byTrial } from './helpers.ts';

describe('workflow failure-mode agents are caught', () => {
  const { run } = benchHome();

  it('branch-inverter fails W-Cond with the common parameters right; distracted fails W-Distract; both keep the design', async () => {
    const inv = await run({ agent: 'branch-inverter', styles: ['W-Cond'], seeds: [0, 1, 2] });
    for (const t of inv.trials) {
      expect(t.score).toMatchObject({ s_completion: 0, s_tool: 1 });
      expect(t.score.iou).toBeGreaterThan(0);
      expect(t.score.failure).toMatch(/match no requested set/);
      expect(t.score.branch!.taken).not.toBe(t.score.branch!.expected);
      expect(t.score.branch!.taken).not.toBe('none');
    }
    const dis = await run({ agent: 'distracted', styles: ['W-Distract'], seeds: [0, 1, 2] });
    for (const t of dis.trials) {
      expect(t.score).toMatchObject({ s_completion: 0, s_tool: 1 });
      expect(t.score.iou).toBeGreaterThan(0);
    }
  });

  it('over-caller loses tool efficiency but not design quality; no-render fails Full; guesser fails Natural', async () => {
    const styles = ['Full', 'W-Rand'] as const;
    const ref = byTrial(await run({ agent: 'reference', styles: [...styles] }));
    const over = byTrial(await run({ agent: 'over-caller', styles: [...styles] }));
    for (const id of Object.keys(ref)) {
      expect(over[id].s_tool).toBeLessThan(1);
      expect(over[id].s_tool).toBeCloseTo(4 / 5, 12);
      expect(over[id].s_design).toBe(ref[id].s_design);
      expect(over[id].s_completion).toBe(1);
      expect(over[id].toolCounts.simulate_design).toBe(2);
    }
    const noRender = await run({ agent: 'no-render', styles: ['Full'] });
    expect(noRender.trials[0].score).toMatchObject({ s_completion: 0, failure: 'missing successful render_design' });
    const guesser = await run({ agent: 'guesser', styles: ['Natural'] });
    const g = guesser.trials[0].score;
    expect(g).toMatchObject({ s_completion: 0, s_tool: 0, failure: 'did not ask for the missing values' });
    expect(g.s_design).toBeLessThan(1);
    expect(g.toolCounts.ask_human_for_clarification).toBeUndefined();
  });
});
