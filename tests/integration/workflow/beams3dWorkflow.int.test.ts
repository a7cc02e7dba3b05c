/**
 * The workflow benchmark on Beams3D (8³, 30 MMA iterations: the small preset): the offline model on
 * the real supervisor graph and the registered engineering specialist runs Full and W-Rand and is
 * scored under both protocols (the W-Rand export is the design's watertight surface STL); scripted
 * agents that ignore the requested export or change the conditions fail the trial.
 */
import { describe, expect, it } from 'vitest';
import { benchHome } from './helpers.ts';

describe('workflow on Beams3D', () => {
  const { run } = benchHome();

  it('the offline model completes Full and W-Rand: TC 1, a 3-D design scored against its ground truth, a watertight STL', async () => {
    const r = await run({ model: 'offline', problems: ['beams3d'], styles: ['Full', 'W-Rand'], seeds: [0], samples: 1 });
    expect(r.run.failed).toEqual([]);
    expect(r.trials.map((t) => t.sample.style)).toEqual(['Full', 'W-Rand']);
    for (const t of r.trials) {
      expect(t.sample.problem).toBe('beams3d');
      expect(t.sample.prompt).toMatch(/Beams3D/);
      expect(t.sample.config).toMatchObject({ nelx: 8, nely: 8, nelz: 8, max_iter: 30 });
      const s = t.scores.engiai;
      expect(s.s_completion, `${t.trialId}: ${s.failure}`).toBe(1);
      expect(s.failure).toBe('');
      // the design is compared voxel by voxel with the ground truth (same conditions, same optimizer: close, not scored 0 for shape)
      expect(s.iou).toBeGreaterThan(0.5);
      expect(s.obj).toBeGreaterThan(0.8);
      expect(s.constr).toBeGreaterThan(0.5);
      expect(s.co).toBeGreaterThan(0.5);
      expect(t.scores.paper.s_completion).toBe(1);
    }
    const wrand = r.trials.find((t) => t.sample.style === 'W-Rand')!;
    expect(wrand.scores.engiai.wt).toBe(1);
    expect(wrand.scores.engiai.toolCounts.convert_design_to_stl).toBe(1);
    const full = r.trials.find((t) => t.sample.style === 'Full')!;
    expect(full.scores.engiai.toolCounts.render_design).toBe(1);
  }, 600_000);

  it('an agent that changes the conditions, and one that steps off the requested export, fail W-Rand', async () => {
    const wrong = await run({ agent: 'wrong-design', problems: ['beams3d'], styles: ['W-Rand'], seeds: [0], samples: 1 });
    expect(wrong.run.failed).toEqual([]);
    expect(wrong.trials[0].scores.engiai.s_completion).toBe(0);
    expect(wrong.trials[0].scores.engiai.failure).toMatch(/optimize_design used volfrac/);
    const step = await run({ agent: 'tolerance-step', problems: ['beams3d'], styles: ['W-Rand'], seeds: [0], samples: 1 });
    expect(step.trials[0].scores.engiai.s_completion).toBe(0);
    expect(step.trials[0].scores.engiai.failure).toMatch(/match no requested set/);
    // the reference agent, same sample, completes it
    const ref = await run({ agent: 'reference', problems: ['beams3d'], styles: ['W-Rand'], seeds: [0], samples: 1 });
    expect(ref.trials[0].scores.engiai.s_completion).toBe(1);
    expect(ref.trials[0].scores.engiai.co).toBeGreaterThan(step.trials[0].scores.engiai.co);
  }, 600_000);
});
