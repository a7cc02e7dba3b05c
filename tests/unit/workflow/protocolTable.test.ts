/** Both protocols side by side: cells by config hash (never pooled), population std, the difference, the per-deviation CO split. */
import { describe, expect, it } from 'vitest';
import { populationStd, protocolBlocks, protocolCells } from '../../../benchmarks/workflow/protocolTable.ts';
import type { ScoredWorkflowTrial } from '../../../benchmarks/workflow/rescore.ts';
import type { WorkflowScore } from '../../../benchmarks/workflow/scoring/scoreTrial.ts';

const score = (tc: number, co: number, extra: Partial<WorkflowScore> = {}): WorkflowScore => ({
  iou: 0.5, pa: 0.8, obj: 0.6, constr: 1, conn: 1, wt: 0, s_design: 0.6, s_tool: 0.75, s_completion: tc, co, toolCounts: {}, calls: 4, matched: 3, failure: tc ? '' : 'x', ...extra,
});

function trial(id: string, hash: string, paper: WorkflowScore, engiai: WorkflowScore): ScoredWorkflowTrial {
  return {
    trialId: id, model: 'reference', configHash: hash, scoredUnder: 'paper', score: paper, scores: { paper, engiai }, tokens: 0, costUsd: 0, modelCalls: 0, durationMs: 0,
    sample: { problem: 'beams2d', style: 'W-Cond', protocol: 'paper', sampleIndex: 0, seed: 1 } as ScoredWorkflowTrial['sample'],
  };
}

describe('protocol cells', () => {
  it('population std, as the paper prints it (0.93 ± 0.25 at n = 15)', () => {
    expect(populationStd([...Array(14).fill(1), 0])).toBeCloseTo(0.249, 3);
  });

  it('one cell per config hash, both protocols with the difference; base cells merge only when they describe the same trials', () => {
    const trials = [
      trial('a', 'aaaaaaaaaaaaaaaa', score(1, 0.8), score(1, 0.9, { s_tool: 1, wt: 1 })),
      trial('b', 'aaaaaaaaaaaaaaaa', score(0, 0.5), score(0, 0.6, { s_tool: 1, wt: 1 })),
      trial('c', 'bbbbbbbbbbbbbbbb', score(1, 0.7), score(0, 0.4)),
    ];
    const cells = protocolCells(trials, [{ problem: 'beams2d', style: 'W-Cond', model: 'reference', n: 3, tc: 0.67 }]);
    expect(cells).toHaveLength(2);
    const [a, b] = cells;
    expect(a).toMatchObject({ configHash: 'aaaaaaaaaaaaaaaa', n: 2, protocol: 'paper', paper: { tc: 0.5, tc_std: 0.5, co: 0.65 }, engiai: { tc: 0.5, co: 0.75, s_tool: 1 } });
    expect(a.paper.co_std).toBeCloseTo(0.15, 12);
    expect(a.difference.co).toBeCloseTo(0.1, 12);
    expect(a.tc).toBeUndefined(); // the pooled base cell (n = 3) describes other trials: not merged
    expect(b).toMatchObject({ configHash: 'bbbbbbbbbbbbbbbb', n: 1, difference: { tc: -1 } });
    const blocks = protocolBlocks(trials);
    const table = blocks.find((x) => x.kind === 'table' && x.header.includes('ΔCO'));
    expect(table && table.kind === 'table' && table.rows).toHaveLength(2);
    const effect = blocks.find((x) => x.kind === 'table' && x.header.includes('effect on CO (weight × Δ)'));
    if (!effect || effect.kind !== 'table') throw new Error('no effect table');
    expect(effect.rows.find((r) => r[1] === 'wt')![3]).toBe(`+${(0.65 * 0.11 * (2 / 3)).toFixed(3)}`);
  });
});
