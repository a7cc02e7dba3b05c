/**
 * `engiai bench report` over HPC run directories (child process, real files): two runs of one agent
 * under different configurations stay two cells, a copied run adds no trial, and the report carries
 * Figure 8 (agent-trained cGAN vs EngiOpt's cgan_cnn_2d baselines) from the trials' evaluate_model
 * results, in the combined report and in one run's own (bench score). The traces are written in the
 * suite's format by the fixture.
 */
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openRunDir } from '../../../benchmarks/runner/runConfig.ts';
import { writeTrace } from '../../../benchmarks/trace/index.ts';
import { engiai, tempHome } from '../cli/helpers.ts';
import { hpcTrace } from '../../fixtures/hpcTraces.ts';

function hpcRun(dir: string, configHash: string, seeds: number[], cog: number): void {
  openRunDir(dir, { suite: 'hpc', suiteVersion: 1, configHash, config: { seeds }, createdAt: '2026-01-01T00:00:00Z', gitSha: 'f00', gitDirty: false });
  for (const seed of seeds) writeTrace(dir, hpcTrace({ trialId: `hpc.explicit.cgan.seed${seed}`, model: 'reference', algorithm: 'cgan', seed, configHash, metrics: { iog: 300, cog, fog: 3, mmd: 0.1, dpp: 1e-12, viol: 0.2, reference_objective: 250 } }));
}

describe('engiai bench report over HPC runs', () => {
  it('keeps configurations apart, counts a copy once and draws Figure 8 beside the EngiOpt baselines', () => {
    const home = tempHome();
    hpcRun(join(home, 'runs', 'a'), 'aaaaaaaaaaaaaaaa', [1, 2], 1000);
    hpcRun(join(home, 'runs', 'b'), 'bbbbbbbbbbbbbbbb', [1], 5000);
    cpSync(join(home, 'runs', 'a'), join(home, 'runs', 'a-copy'), { recursive: true });
    const r = engiai(home, ['bench', 'report', join(home, 'runs'), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.dirs).toHaveLength(3);
    expect(out.cells.map((c: { suite: string; model: string; style: string; n: number; configHash: string }) => [c.suite, c.model, c.style, c.n, c.configHash])).toEqual([
      ['hpc', 'reference · cfg aaaaaaaa', 'explicit', 2, 'aaaaaaaaaaaaaaaa'],
      ['hpc', 'reference · cfg bbbbbbbb', 'explicit', 1, 'bbbbbbbbbbbbbbbb'],
    ]);
    const md = readFileSync(join(home, 'runs', 'report', 'report.md'), 'utf8');
    expect(md).toContain('### Figure 8: agent-trained cgan models vs EngiOpt cgan_cnn_2d');
    // per configuration, the copy not counted: cfg a's two seeds average COG 1000, cfg b's one 5000
    expect(md).toContain('| reference · cfg aaaaaaaa (agent-trained cgan, beams2d) | 1, 2 | 1000 | 0.2 | 0.1 | 1.00e-12 | 3 | 300 | 50 |');
    expect(md).toContain('| reference · cfg bbbbbbbb (agent-trained cgan, beams2d) | 1 | 5000 |');
    expect(md).toContain('| EngiOpt cgan_cnn_2d (official baseline, mean; median) | 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 |');
    expect(md).toContain('github.com/gioelemo/EngiAI-Public');
    expect(md).toContain('## Trials counted once');
    expect(existsSync(join(home, 'runs', 'report', 'figures', 'hpc-cgan-vs-engiopt.svg'))).toBe(true);
    expect(md).toContain('S_HPC engiai (mean ± sample std)');
    expect(md).toContain('S_HPC paper (mean ± population std)');

    // one run's own report (bench score; the web page lists its figures) carries Figure 8 too
    const score = engiai(home, ['bench', 'score', join(home, 'runs', 'b'), '--json']);
    expect(score.code, score.stderr).toBe(0);
    expect(existsSync(join(home, 'runs', 'b', 'figures', 'hpc-cgan-vs-engiopt.svg'))).toBe(true);
    expect(readFileSync(join(home, 'runs', 'b', 'report.md'), 'utf8')).toContain('| reference (agent-trained cgan, beams2d) | 1 | 5000 |');
  });
});
