/**
 * The workflow report over scored trials (pure): cells per configuration, Table 2 with the paper's
 * population std, Photonics2D's average over the paper's three styles only, Figure 5 with the DQ line.
 */
import { describe, expect, it } from 'vitest';
import { docMarkdown } from '../../../benchmarks/reports/document.ts';
import type { Provenance } from '../../../benchmarks/reports/reportModel.ts';
import { workflowReportDoc, workflowSummary, type ReportTrial } from '../../../benchmarks/workflow/report.ts';
import type { WorkflowScore } from '../../../benchmarks/workflow/scoring/scoreTrial.ts';

function trial(o: { problem?: 'beams2d' | 'photonics2d'; style: string; model?: string; index: number; seed?: number; set?: 'main' | 'held-out'; tc: number; co: number; design?: number; calls?: number; configHash?: string }): ReportTrial {
  const score: WorkflowScore = {
    iou: 0.5,
    pa: 0.5,
    obj: 0.5,
    constr: 1,
    conn: 1,
    wt: 1,
    s_design: o.design ?? 0.5,
    s_tool: 1,
    s_completion: o.tc,
    co: o.co,
    toolCounts: { optimize_design: 1, simulate_design: 1 },
    calls: o.calls ?? 4,
    matched: 4,
    failure: o.tc ? '' : 'export parameters',
  };
  const seed = o.seed ?? 1;
  const set = o.set ?? 'main';
  const problem = o.problem ?? 'beams2d';
  return {
    trialId: `${problem}.${o.style}.s${o.index}.seed${seed}${set === 'held-out' ? '.ho' : ''}`,
    model: o.model ?? 'm',
    sample: { problem, style: o.style, set, sampleIndex: o.index, seed, protocol: 'engiai' } as ReportTrial['sample'],
    score,
    scores: { paper: score, engiai: score },
    scoredUnder: 'engiai',
    tokens: 0,
    costUsd: 0,
    modelCalls: 0,
    durationMs: 1,
    configHash: o.configHash ?? 'aaaaaaaaaaaaaaaa',
  };
}

const prov = (configHash: string): Provenance & { dir: string } => ({ dir: `/runs/${configHash}`, suite: 'workflow', suiteVersion: 1, configHash, gitSha: 'f00', gitDirty: false, models: ['m'], seeds: [1], traces: 0, failed: 0 });

describe('workflow report', () => {
  it("shows the paper's population std beside the paper's columns: 14 of 15 completed is 0.93 ± 0.25", () => {
    const trials = Array.from({ length: 15 }, (_, i) => trial({ style: 'W-Cond', index: i % 5, seed: 1 + Math.floor(i / 5), tc: i === 0 ? 0 : 1, co: 0.6 }));
    const md = docMarkdown(workflowReportDoc(trials, [prov('aaaaaaaaaaaaaaaa')]));
    expect(md).toContain('## Table 2: workflow results for Beams2D (mean ± population std)');
    expect(md).toMatch(/\| W-Cond \| 0\.93 ± 0\.25 \| 0\.60 ± 0\.00 \| 0\.93 ± 0\.25 \| 0\.66 ± 0\.10 \|/);
    // the sub-score table keeps the sample std, labelled: 0.258
    expect(md).toContain('TC ± sample std [Wilson 95 %]');
    expect(md).toMatch(/\| 15 \| 0\.933 ± 0\.258 /);
    const cell = (workflowSummary(trials, { configHash: 'aaaaaaaaaaaaaaaa' }).cells as Record<string, number>[])[0];
    expect(cell.tc_pop_std).toBeCloseTo(Math.sqrt((14 / 15) * (1 / 15)), 12);
    expect(cell.tc_std).toBeCloseTo(0.258, 3);
  });

  it('never pools two configurations: two runs of one model give two cells, and pass^k counts each trial id once', () => {
    const a = [0, 1].map((i) => trial({ style: 'W-Rand', index: i, tc: 1, co: 0.9, configHash: 'aaaaaaaaaaaaaaaa' }));
    const copy = a.map((t) => ({ ...t }));
    const b = [0, 1].map((i) => trial({ style: 'W-Rand', index: i, tc: 0, co: 0.4, configHash: 'bbbbbbbbbbbbbbbb' }));
    const s = workflowSummary([...a, ...copy, ...b]);
    const cells = s.cells as Record<string, unknown>[];
    expect(cells.map((c) => [c.label, c.configHash, c.n, c.tc, c.duplicates_dropped])).toEqual([
      ['m · cfg aaaaaaaa', 'aaaaaaaaaaaaaaaa', 2, 1, 2],
      ['m · cfg bbbbbbbb', 'bbbbbbbbbbbbbbbb', 2, 0, undefined],
    ]);
    // one seed per sample: pass^1, not pass^2 from the copies
    expect(cells[0]).toHaveProperty('pass_hat_1', 1);
    expect(cells[0]).not.toHaveProperty('pass_hat_2');
    expect(s.n).toBe(4);
    const md = docMarkdown(workflowReportDoc([...a, ...copy, ...b], [prov('aaaaaaaaaaaaaaaa'), prov('aaaaaaaaaaaaaaaa'), prov('bbbbbbbbbbbbbbbb')]));
    expect(md).toContain('| Style | m · cfg aaaaaaaa TC | m · cfg aaaaaaaa CO | m · cfg bbbbbbbb TC | m · cfg bbbbbbbb CO |');
    expect(md).toContain('## Trials counted once');
  });

  it('keeps the held-out paraphrases in their own cells', () => {
    const main = [0, 1].map((i) => trial({ style: 'W-Rand', index: i, tc: 1, co: 0.9, configHash: 'aaaaaaaaaaaaaaaa' }));
    const ho = [0, 1].map((i) => trial({ style: 'W-Rand', index: i, set: 'held-out', tc: 1, co: 0.8, configHash: 'cccccccccccccccc' }));
    const cells = workflowSummary([...main, ...ho]).cells as Record<string, unknown>[];
    expect(cells.map((c) => [c.style, c.label, c.paraphrases, c.n])).toEqual([
      ['W-Rand', 'm', 'main', 2],
      ['W-Rand', 'm · held-out', 'held-out', 2],
    ]);
  });

  it("averages Photonics2D over the paper's three styles only, and states it", () => {
    const trials = [trial({ problem: 'photonics2d', style: 'Full', index: 0, tc: 0, co: 0.1 }), trial({ problem: 'photonics2d', style: 'W-Rand', index: 0, tc: 1, co: 0.5 }), trial({ problem: 'photonics2d', style: 'W-Cond', index: 0, tc: 1, co: 0.7 })];
    const md = docMarkdown(workflowReportDoc(trials, [prov('aaaaaaaaaaaaaaaa')]));
    expect(md).toContain("| Average (paper's styles: W-Rand, W-Distract, W-Cond) | 1.00 | 0.60 | 0.80 | 0.51 |");
    expect(md).toMatch(/\| Average \(every style run here\) \| 0\.67 \| 0\.43 \| – \|/);
  });

  it('draws Figure 5 over W-Rand with the CO line and the dashed DQ line', () => {
    const trials = [
      trial({ style: 'W-Rand', index: 0, tc: 1, co: 0.9, design: 0.5, calls: 4 }),
      trial({ style: 'W-Rand', index: 1, tc: 1, co: 0.7, design: 0.5, calls: 8 }),
      trial({ style: 'Full', index: 0, tc: 1, co: 0.2, design: 0.1, calls: 20 }),
    ];
    const fig = workflowReportDoc(trials, [prov('aaaaaaaaaaaaaaaa')]).blocks.find((b) => b.kind === 'figure' && b.file === 'figures/beams2d-calls-vs-co.svg');
    if (fig?.kind !== 'figure') throw new Error('no Figure 5');
    expect(fig.caption).toContain('W-Rand trials');
    expect(fig.caption).toContain('dashed line = mean design quality DQ');
    expect(fig.svg).toContain('W-Rand: tool calls vs CO and DQ');
    const lines = [...fig.svg.matchAll(/<polyline points="([^"]+)"[^>]*?( stroke-dasharray="5,3")?>/g)];
    expect(lines).toHaveLength(2);
    expect(lines[1][2]).toBeTruthy();
    // the CO line joins the two W-Rand call counts (4 and 8; the Full trial's 20 is not in the figure)
    expect(lines[0][1].split(' ')).toHaveLength(2);
    expect(fig.svg).toContain('CO (mean per call count): 4 → 0.900, 8 → 0.700');
    expect(fig.svg).toContain('DQ = S_design (mean per call count): 4 → 0.500, 8 → 0.500');
  });
});
