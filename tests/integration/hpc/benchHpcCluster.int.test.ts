/**
 * `bench hpc` end to end on the loopback SLURM cluster: the real hpc agent, driven by the offline
 * model through the supervisor, generates, submits (sbatch over SSH), monitors and evaluates a
 * one-epoch cGAN, and the suite scores the trace; the scripted reference agent does the same.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHpc } from '../../../benchmarks/hpc/index.ts';
import { ciCluster, removeRemoteDir, requireCluster, uniqueRemoteDir } from './cluster.ts';
import { testConfig } from './helpers.ts';

const remoteDir = uniqueRemoteDir('bench');
const config = testConfig({ clusters: { ci: ciCluster(remoteDir) } });

beforeAll(async () => {
  await requireCluster();
});

afterAll(() => removeRemoteDir(remoteDir));

describe('bench hpc on the SLURM executor', () => {
  it('completes the four steps through sbatch with the offline model and scores them', async () => {
    const r = await runHpc({ model: 'offline', seeds: [2], epochs: 1, styles: ['explicit'], executor: 'slurm', config, out: join(config.home, 'bench-run') });
    expect(r.run.failed).toEqual([]);
    expect(r.trials).toHaveLength(1);
    const score = r.trials[0].score;
    expect(score.steps).toEqual({ generate: 1, submit: 1, monitor: 1, evaluate: 1 });
    expect(score.c_config).toBe(1);
    expect(score.n_metrics).toBe(6);
    expect(score.s_hpc).toBeCloseTo(1, 12);
    expect(score.engiai.tc).toBe(1);
    expect(score.paper).toMatchObject({ n_completed: 4, c_config: 1 });
    // where the jobs ran: the slurm cluster, named in the sample, the summary and the report
    expect(r.cluster).toMatchObject({ name: 'ci', executor: 'slurm', host: expect.stringMatching(/@127\.0\.0\.1:2222$/) });
    expect(r.dataset.state).toBe('cluster');
    expect((r.summary.cells as Record<string, unknown>[])[0]).toMatchObject({ executor: 'slurm', cluster: expect.stringMatching(/^ci \(/) });
    expect(readFileSync(r.files.markdown, 'utf8')).toMatch(/Jobs ran on: slurm executor, cluster ci \(/);
  }, 240_000);

  it('the scripted reference agent, on the real tool schemas, completes all four steps through sbatch under the paper prompts', async () => {
    const r = await runHpc({ agent: 'reference', protocol: 'paper', seeds: [3], epochs: 1, styles: ['natural'], executor: 'slurm', config, out: join(config.home, 'bench-ref') });
    expect(r.run.failed).toEqual([]);
    expect(r.trials[0].sample.protocol).toBe('paper');
    expect(r.trials[0].score.paper).toMatchObject({ s_hpc: 1, tc: 1, n_metrics: 6 });
    expect(r.trials[0].score.engiai).toMatchObject({ s_hpc: 1, tc: 1, n_completed: 4, c_config: 1 });
  }, 240_000);
});
