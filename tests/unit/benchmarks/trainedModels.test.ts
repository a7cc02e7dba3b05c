/**
 * Figures 8 and 9 (benchmarks/hpc/trainedModels.ts): the metrics of the models agents trained, read
 * from HPC traces' evaluate_model results, beside EngiOpt's shipped baselines (cited), with IOG both
 * as EngiOpt computes it (raw objective) and as the paper defines it (the t = 0 gap).
 */
import { describe, expect, it } from 'vitest';
import { BASELINE_SOURCE, ENGIOPT_BASELINES } from '../../../benchmarks/hpc/engioptBaselines.ts';
import { iogGap, trainedModelBlocks, trainedModelMetrics } from '../../../benchmarks/hpc/trainedModels.ts';
import { hpcTrace } from '../../fixtures/hpcTraces.ts';

const M = (cog: number, iog: number, ref: number) => ({ iog, cog, fog: 2, mmd: 0.2, dpp: 1e-20, viol: 0.5, reference_objective: ref });

describe('agent-trained models vs EngiOpt baselines (Figures 8 and 9)', () => {
  it("ships EngiOpt's baselines with their source: seeds 1-10 per model, the values the reference's tests name", () => {
    expect(ENGIOPT_BASELINES.cgan_cnn_2d.map((r) => r.seed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ENGIOPT_BASELINES.diffusion_2d_cond).toHaveLength(10);
    expect(ENGIOPT_BASELINES.cgan_cnn_2d[2]).toMatchObject({ seed: 3, iog: 975.5860011351774, cog: 1026.4450549531425, fog: -1.200834828767374, mmd: 0.04743887843039091, viol: 0.76 });
    expect(BASELINE_SOURCE.repo).toBe('gioelemo/EngiAI-Public');
    // seed 1's FOG and DPP, as the reference's HPC scorer tests name them
    expect(ENGIOPT_BASELINES.cgan_cnn_2d[0]).toMatchObject({ fog: -1.2717858638874315, dpp: 7.109550764169547e-21 });
  });

  it('reads each finished trial’s last successful evaluation, and leaves out trials that evaluated nothing', () => {
    const rows = trainedModelMetrics([
      hpcTrace({ trialId: 'a', model: 'reference', algorithm: 'cgan', seed: 1, metrics: M(3000, 250, 200) }),
      hpcTrace({ trialId: 'b', model: 'reference', algorithm: 'cgan', seed: 2, metrics: M(1000, 150, 100) }),
      hpcTrace({ trialId: 'c', model: 'reference', algorithm: 'cgan', seed: 3 }),
      hpcTrace({ trialId: 'd', model: 'reference', algorithm: 'cgan', seed: 4, metrics: M(1, 1, 1), ok: false }),
    ]);
    expect(rows.map((r) => [r.trialId, r.algorithm, r.seed, r.cog, r.viol])).toEqual([
      ['a', 'cgan', 1, 3000, 0.5],
      ['b', 'cgan', 2, 1000, 0.5],
    ]);
    expect(iogGap(rows[0])).toBe(50);
  });

  it('draws Figure 8 for cGAN beside cgan_cnn_2d, with both IOGs labelled and the source cited', () => {
    const rows = trainedModelMetrics([hpcTrace({ trialId: 'a', model: 'reference', algorithm: 'cgan', seed: 1, metrics: M(3000, 250, 200) }), hpcTrace({ trialId: 'b', model: 'reference', algorithm: 'cgan', seed: 2, metrics: M(1000, 150, 100) })]);
    const blocks = trainedModelBlocks(rows);
    const table = blocks.find((b) => b.kind === 'table');
    if (table?.kind !== 'table') throw new Error('no table');
    expect(table.header).toEqual(['model', 'seeds', 'COG ↓', 'RVC ↓', 'MMD ↓', 'DPP ↑', 'FOG ↓', 'IOG (EngiOpt: mean raw objective)', 'IOG (paper App. B: gap f(x₀) − f*)']);
    expect(table.rows[0]).toEqual(['reference (agent-trained cgan, beams2d)', '1, 2', '2000', '0.5', '0.2', '1.00e-20', '2', '200', '50']);
    // the baseline row: mean; median over seeds 1-10, no paper-IOG (EngiOpt ships no f*)
    expect(table.rows[1][0]).toBe('EngiOpt cgan_cnn_2d (official baseline, mean; median)');
    expect(table.rows[1][2]).toBe('1.40e8; 4.81e7');
    expect(table.rows[1][8]).toBe('– (no f* shipped)');
    expect(table.caption).toContain('github.com/gioelemo/EngiAI-Public');
    const fig = blocks.find((b) => b.kind === 'figure');
    if (fig?.kind !== 'figure') throw new Error('no figure');
    expect(fig.file).toBe('figures/hpc-cgan-vs-engiopt.svg');
    expect(fig.caption).toContain('paper Figure 8');
    for (const t of ['COG ↓', 'RVC ↓', 'MMD ↓', 'DPP ↑', 'EngiOpt cgan_cnn_2d baseline', 'reference (agent-trained)']) expect(fig.svg).toContain(t);
    expect(blocks.map((b) => (b.kind === 'h3' ? b.text : '')).filter(Boolean)).toEqual(['Figure 8: agent-trained cgan models vs EngiOpt cgan_cnn_2d']);
  });

  it('draws Figure 9 for diffusion and nothing when no trial evaluated a model', () => {
    const blocks = trainedModelBlocks(trainedModelMetrics([hpcTrace({ trialId: 'a', model: 'reference', algorithm: 'diffusion', seed: 1, metrics: M(10, 5, 4) })]));
    expect(blocks.some((b) => b.kind === 'h3' && b.text === 'Figure 9: agent-trained diffusion models vs EngiOpt diffusion_2d_cond')).toBe(true);
    expect(trainedModelBlocks([])).toEqual([]);
  });
});
