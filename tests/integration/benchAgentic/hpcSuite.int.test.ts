/**
 * The HPC suite through the real supervisor graph with a stand-in hpc specialist (the real agent's
 * runs are in tests/integration/hpc): step completion, configuration and metric extraction scored as predicted for the
 * scripted agents, and a clear refusal of a slurm run with no cluster to run it on.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runHpc, scoreHpc, type HpcRunOptions, type HpcSample } from '../../../benchmarks/hpc/index.ts';
import { loadConfig } from '../../../config/load.ts';
import { hpcStandIn } from '../../fixtures/benchSpecialists/hpcStandIn.ts';

function setup() {
  const home = mkdtempSync(join(tmpdir(), 'hpc-int-'));
  const config = loadConfig({ env: { ENGIAI_HOME: home }, cwd: home });
  let n = 0;
  const run = (o: Partial<HpcRunOptions>) => runHpc({ seeds: [1, 2], hpcSpecialist: hpcStandIn, config, out: join(home, `run-${n++}`), ...o } as HpcRunOptions);
  return { home, config, run };
}

describe('HPC suite', () => {
  it('scores S_HPC with the weights of Appendix A.3, moving a weight whose step was not called', () => {
    const sample: HpcSample = { id: 'x', style: 'explicit', executor: 'slurm', text: '', expected: { algorithm: 'cgan', problem: 'beams2d', epochs: 100, seed: 3 } };
    const call = (name: string, result: Record<string, unknown>, args: Record<string, unknown> = {}, ok = true) => ({ agent: 'hpc', name, args, ok, result });
    const gen = call('generate_slurm_script', { script_path: 's' }, { algorithm: 'cgan', problem: 'beams2d', epochs: 100, seed: 3 });
    expect(scoreHpc(sample, [gen])).toMatchObject({ n_completed: 1, c_config: 1, weights: { step: 0.85, config: 0.15, eval: 0 } });
    expect(scoreHpc(sample, [gen]).s_hpc).toBeCloseTo(0.85 / 4 + 0.15, 12);
    const running = call('job_status', { state: 'RUNNING' });
    expect(scoreHpc(sample, [gen, call('submit_job', { job_id: '1' }), running]).steps.monitor).toBe(0);
    const full = [gen, call('submit_job', { job_id: '1' }), call('wait_for_job', { state: 'COMPLETED' }), call('evaluate_model', { metrics: { iog: 1, cog: 2, fog: 3, mmd: 0.1, dpp: 1e-3 } })];
    expect(scoreHpc(sample, full)).toMatchObject({ n_completed: 4, n_metrics: 5 });
    expect(scoreHpc(sample, full).s_hpc).toBeCloseTo(0.7 + 0.15 + 0.15 * (5 / 6), 12);
    expect(scoreHpc(sample, []).s_hpc).toBe(0);
  });

  it('scores the reference, no-monitor and wrong-config agents as predicted on both styles', async () => {
    const { run } = setup();
    const ref = await run({ agent: 'reference', executor: 'local' });
    expect(ref.run.failed).toEqual([]);
    for (const t of ref.trials) expect(t.score).toMatchObject({ s_hpc: 1, n_completed: 4, c_config: 1, n_metrics: 6 });
    const noMon = await run({ agent: 'no-monitor' });
    for (const t of noMon.trials) expect(t.score).toMatchObject({ steps: { generate: 1, submit: 1, monitor: 0, evaluate: 0 }, n_metrics: 0 });
    for (const t of noMon.trials) expect(t.score.s_hpc).toBeCloseTo(0.5, 12);
    const wrong = await run({ agent: 'wrong-config', styles: ['natural'], seeds: [4] });
    expect(wrong.trials[0].score).toMatchObject({ c_config: 0, n_completed: 4 });
    expect(wrong.trials[0].score.s_hpc).toBeCloseTo(0.85, 12);
  });

  it('refuses a slurm run of the real hpc agent with no slurm cluster configured, naming why', async () => {
    const { config, home } = setup();
    await expect(runHpc({ agent: 'reference', seeds: [1], config, out: join(home, 'x') })).rejects.toThrow(/the slurm executor needs a slurm cluster: no cluster configured/);
  });
});
