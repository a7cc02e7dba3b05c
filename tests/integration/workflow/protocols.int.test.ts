/**
 * The two protocols through the real supervisor graph and the real registry engineering specialist:
 * the adversarial scripted agents that exploit the reference scorer's holes score TC 0 under engiai
 * (and what paper gives them is recorded beside), the reference agent under the paper protocol
 * completes every export style with design quality that carries signal (its optimizer starts from a
 * random dataset design), and `bench score --protocol` re-scores either.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scoreWorkflowDir } from '../../../benchmarks/workflow/index.ts';
import { benchHome } from './helpers.ts';

describe('workflow protocols', () => {
  const { home, run } = benchHome();

  it.each([
    ['cond-guess', 'W-Cond', /before simulating it/],
    ['skip-simulate', 'W-Cond', /missing successful simulate_design/],
    ['tolerance-step', 'W-Rand', /match no requested set/],
    ['wrong-design', 'W-Rand', /optimize_design used volfrac/],
  ] as const)('%s on %s: TC 0 under engiai in every trial', async (agent, style, reason) => {
    const r = await run({ agent, styles: [style], seeds: [0, 1], samples: 2, protocol: 'engiai' });
    expect(r.run.failed).toEqual([]);
    expect(r.trials).toHaveLength(4);
    for (const t of r.trials) {
      expect(t.scores.engiai.s_completion, t.trialId).toBe(0);
      expect(t.scores.engiai.failure).toMatch(reason);
      expect(t.score).toBe(t.scores.engiai);
    }
    // the holes are the paper scorer's: tolerance-step and wrong-design pass it
    if (agent === 'tolerance-step' || agent === 'wrong-design') for (const t of r.trials) expect(t.scores.paper.s_completion, t.trialId).toBe(1);
    const cells = r.summary.cells as { engiai: { tc: number }; paper: { tc: number }; protocol: string; configHash: string }[];
    expect(cells).toHaveLength(1);
    expect(cells[0]).toMatchObject({ protocol: 'engiai', engiai: { tc: 0 } });
  });

  it('reference under paper: TC 1 and CO below 0.9 in every export cell, both protocols in scores.jsonl and the cells; bench score --protocol re-scores', async () => {
    const r = await run({ agent: 'reference', styles: ['W-Rand', 'W-Cond', 'W-Multi'], seeds: [1], samples: 2, protocol: 'paper' });
    expect(r.run.failed).toEqual([]);
    const cells = r.summary.cells as { style: string; n: number; protocol: string; configHash: string; paper: { tc: number; co: number; iou: number }; engiai: { tc: number; co: number } }[];
    expect(cells.map((c) => c.style)).toEqual(['W-Rand', 'W-Cond', 'W-Multi']);
    for (const c of cells) {
      expect(c).toMatchObject({ n: 2, protocol: 'paper', paper: { tc: 1 }, engiai: { tc: 1 } });
      expect(c.paper.co).toBeLessThan(0.9);
      expect(c.paper.iou).toBeLessThan(1);
      expect(c.configHash).toMatch(/^[0-9a-f]{16}$/);
    }
    for (const t of r.trials) expect(t.sample.prompt).toMatch(new RegExp(`IMPORTANT: Use seed=${t.sample.seed} when calling tools\\.$`));
    const rows = readFileSync(r.files.scores, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, Record<string, number> & { co: number }>);
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row.protocol).toBe('paper');
      expect(row.co).toBe(row.paper.co);
      expect(row.engiai.co).toBeGreaterThan(row.paper.co);
    }
    const md = readFileSync(r.files.markdown, 'utf8');
    expect(md).toMatch(/Both protocols, every cell/);
    expect(md).toMatch(/Measured effect of each scoring deviation/);
    const re = await scoreWorkflowDir(join(r.files.scores, '..'), { home, protocol: 'engiai' });
    expect(re.trials.every((t) => t.score === t.scores.engiai && t.scoredUnder === 'engiai')).toBe(true);
    expect(re.summary.scoredUnder).toBe('engiai');
  });

  it('ThermoElastic2D runs W-Rand (TC 1 under both, Obj over its three objectives) and refuses the styles it has no prompts for', async () => {
    const r = await run({ agent: 'reference', problems: ['thermoelastic2d'], styles: ['W-Rand'], seeds: [1], protocol: 'paper' });
    expect(r.run.failed).toEqual([]);
    const [t] = r.trials;
    expect(t.sample.prompt).toMatch(/^Optimize a ThermoElastic2D design with|^Run a topology optimization of ThermoElastic2D with/);
    expect(t.scores.paper.s_completion).toBe(1);
    expect(t.scores.engiai.s_completion).toBe(1);
    for (const s of [t.scores.paper, t.scores.engiai]) {
      expect(s.obj).toBeGreaterThan(0);
      expect(s.obj).toBeLessThanOrEqual(1);
    }
    // paper: Obj 0.27, Constr 0 (the reference's ThermoElastic2D weights)
    const p = t.scores.paper;
    expect(p.s_design).toBeCloseTo(0.31 * p.iou + 0.19 * p.pa + 0.27 * p.obj + 0.12 * p.conn + 0.11 * p.wt, 12);
    await expect(run({ agent: 'reference', problems: ['thermoelastic2d'], styles: ['Natural'] })).rejects.toThrow(/thermoelastic2d has no Natural prompts/);
  });
});
