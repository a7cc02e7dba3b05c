/**
 * The HPC suite through the real supervisor graph and the registry's HPC agent on the embedded local
 * executor (tiny dataset, one-epoch jobs): every scripted agent's calls validate against the real
 * tools' schemas, the agents score as designed under both protocols, the dataset of a spec is
 * generated once and reused by the next run, the report names the executor and cluster, and a slurm
 * run with no cluster is refused. The SLURM executor's run is tests/integration/hpc/benchHpcCluster.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registryFactory } from '../../../benchmarks/agents/suiteSpecialists.ts';
import { runHpc, scoreHpc, scoreHpcDir, type HpcRunOptions, type HpcSample } from '../../../benchmarks/hpc/index.ts';
import { readTraceDir } from '../../../benchmarks/trace/index.ts';
import { testConfig } from '../hpc/helpers.ts';

function setup() {
  const config = testConfig({});
  let n = 0;
  const run = (o: Partial<HpcRunOptions>) => runHpc({ seeds: [1], epochs: 1, executor: 'local', config, out: join(config.home, `run-${n++}`), ...o } as HpcRunOptions);
  return { config, run };
}

/** Every specialist tool call in a run's traces, parsed by the registered hpc agent's own tool schema. */
async function assertCallsValidate(config: HpcRunOptions['config'], dir: string): Promise<number> {
  const hpc = await (await registryFactory('hpc', config))!({ config });
  let n = 0;
  for (const t of readTraceDir(dir)) {
    for (const e of t.events as unknown as { type: string; agent: string; name: string; args: unknown }[]) {
      if (e.type !== 'tool_call' || e.agent !== 'hpc') continue;
      const tool = hpc.tools.find((x) => x.name === e.name);
      expect(tool, e.name).toBeDefined();
      expect(() => tool!.schema.parse(e.args), `${e.name} ${JSON.stringify(e.args)}`).not.toThrow();
      n++;
    }
  }
  hpc.close?.();
  return n;
}

describe('HPC suite on the real hpc agent', () => {
  it('scores the reference, no-monitor and wrong-config agents as designed under both protocols, reusing the dataset', async () => {
    const { config, run } = setup();
    const ref = await run({ agent: 'reference' });
    expect(ref.run.failed).toEqual([]);
    expect(ref.trials).toHaveLength(2);
    expect(ref.dataset.state).toBe('generated');
    expect(ref.cluster).toEqual({ name: 'local', executor: 'local' });
    for (const t of ref.trials) {
      expect(t.score.engiai).toMatchObject({ s_hpc: 1, tc: 1, n_completed: 4, c_config: 1, n_metrics: 6 });
      expect(t.score.paper).toMatchObject({ s_hpc: 1, tc: 1, n_completed: 4, c_config: 1, n_metrics: 6 });
    }
    expect(await assertCallsValidate(config, ref.run.dir)).toBeGreaterThanOrEqual(8);
    const cell = (ref.summary.cells as Record<string, unknown>[])[0];
    expect(cell).toMatchObject({ problem: 'beams2d', executor: 'local', cluster: 'local', protocol: 'engiai', paper: { s_hpc: 1, tc: 1 }, engiai: { s_hpc: 1, tc: 1 } });
    const report = readFileSync(ref.files.markdown, 'utf8');
    expect(report).toContain('Jobs ran on: local executor, cluster local.');
    expect(report).toMatch(/S_HPC paper \(mean ± population std\)/);

    // the next run of the same dataset spec trains on the same dataset: reused, not generated again
    const noMon = await run({ agent: 'no-monitor', styles: ['explicit'] });
    expect(noMon.dataset).toMatchObject({ state: 'reused', dir: ref.dataset.dir });
    expect(realpathSync(join(noMon.run.dir, 'hpc-home', 'hpc', 'local', 'datasets'))).toBe(realpathSync(join(ref.run.dir, 'hpc-home', 'hpc', 'local', 'datasets')));
    const nm = noMon.trials[0].score;
    expect(nm.engiai).toMatchObject({ steps: { generate: 1, submit: 1, monitor: 0, evaluate: 0 }, n_metrics: 0, tc: 0 });
    expect(nm.engiai.s_hpc).toBeCloseTo(0.5, 12);
    // the reference counts a failed evaluate_model call as a completed step
    expect(nm.paper).toMatchObject({ steps: { generate: 1, submit: 1, monitor: 0, evaluate: 1 }, n_metrics: 0, tc: 0 });
    expect(nm.paper.s_hpc).toBeCloseTo(0.7 * 0.75 + 0.15, 12);
    expect(await assertCallsValidate(config, noMon.run.dir)).toBeGreaterThanOrEqual(3);
    // re-scoring with the paper protocol's numbers at the top level (bench score --protocol paper); cells keep the prompts' protocol
    const rescored = scoreHpcDir(noMon.run.dir, 'paper').summary as { s_hpc: number; cells: { protocol: string; s_hpc: number }[] };
    expect(rescored.s_hpc).toBeCloseTo(0.675, 12);
    expect(rescored.cells[0]).toMatchObject({ protocol: 'engiai', s_hpc: expect.closeTo(0.675, 12) });
    expect(scoreHpcDir(noMon.run.dir).summary.s_hpc).toBeCloseTo(0.5, 12);

    const wrong = await run({ agent: 'wrong-config', styles: ['natural'], seeds: [4], protocol: 'paper' });
    expect(wrong.trials[0].sample.protocol).toBe('paper');
    expect(wrong.trials[0].sample.text).toMatch(/Do not ask for clarification/);
    for (const s of [wrong.trials[0].score.engiai, wrong.trials[0].score.paper]) {
      expect(s).toMatchObject({ c_config: 0, n_completed: 4, tc: expect.any(Number) });
      expect(s.s_hpc).toBeCloseTo(0.85, 12);
    }
    expect(wrong.trials[0].score.engiai.tc).toBe(0);
    expect(wrong.trials[0].score.s_hpc).toBe(wrong.trials[0].score.paper.s_hpc);
  }, 300_000);

  it('refuses a slurm run with no slurm cluster configured, naming why', async () => {
    const { config } = setup();
    await expect(runHpc({ agent: 'reference', seeds: [1], config, out: join(config.home, 'x') })).rejects.toThrow(/the slurm executor needs a slurm cluster: no cluster configured/);
  });
});

describe('S_HPC', () => {
  const sample: HpcSample = { id: 'x', style: 'explicit', executor: 'slurm', protocol: 'engiai', text: 'report IOG, COG, FOG, MMD, DPP and the violation ratio', expected: { algorithm: 'cgan', problem: 'beams2d', epochs: 100, seed: 3 } };
  const call = (name: string, result: Record<string, unknown> | null, args: Record<string, unknown> = {}, ok = true) => ({ agent: 'hpc', name, args, ok, result });
  const gen = call('generate_slurm_script', { script_id: 'a' }, { algo: 'cgan', problem: 'beams2d', epochs: 100, seed: 3 });

  it('engiai: the weights of Appendix A.3, moving a weight whose step was not called; successful calls and structured metrics only', () => {
    expect(scoreHpc(sample, [gen]).engiai).toMatchObject({ n_completed: 1, c_config: 1, weights: { step: 0.85, config: 0.15, eval: 0 } });
    expect(scoreHpc(sample, [gen]).engiai.s_hpc).toBeCloseTo(0.85 / 4 + 0.15, 12);
    const running = call('job_status', { state: 'RUNNING' });
    expect(scoreHpc(sample, [gen, call('submit_job', { job_id: '1' }), running]).engiai.steps.monitor).toBe(0);
    const full = [gen, call('submit_job', { job_id: '1' }), call('wait_for_job', { state: 'COMPLETED' }), call('evaluate_model', { iog: 1, cog: 2, fog: -3, mmd: 0.1, dpp: 1e-3 })];
    expect(scoreHpc(sample, full).engiai).toMatchObject({ n_completed: 4, n_metrics: 5, tc: 1 });
    expect(scoreHpc(sample, full).engiai.s_hpc).toBeCloseTo(0.7 + 0.15 + 0.15 * (5 / 6), 12);
    expect(scoreHpc(sample, []).engiai.s_hpc).toBe(0);
    // a failed submit is not a completed step under engiai; the reference counts the call
    const failedSubmit = [gen, call('submit_job', { error: 'no' }, {}, false)];
    expect(scoreHpc(sample, failedSubmit).engiai.steps.submit).toBe(0);
    expect(scoreHpc(sample, failedSubmit).paper.steps.submit).toBe(1);
  });

  it('paper: metrics the agent only writes count, any matching generate call counts, and TC / S_tool / CO per trial', () => {
    const written = [...[gen, call('submit_job', {}), call('wait_for_job', { state: 'FAILED' }), call('evaluate_model', { error: 'job FAILED' }, {}, false)]];
    const events = [{ type: 'turn', t: 0, answer: 'Done. IOG: 975.586, COG: 1026.445, FOG: -1.2008, MMD: 0.04744, DPP: 3.37e-18, viol: 0.76' }] as never[];
    const s = scoreHpc({ ...sample, protocol: 'paper' }, written, events);
    expect(s.paper).toMatchObject({ n_completed: 4, n_metrics: 6, c_config: 1, tc: 1, s_tool: 1, s_hpc: 1, co: 1 });
    expect(s.engiai).toMatchObject({ n_completed: 2, n_metrics: 0, tc: 0 });
    expect(s.s_hpc).toBe(1); // the trial ran under paper: its top-level numbers are paper's
    // a wrong generate followed by a right one: the reference's "any call" passes, engiai's "last successful" too
    const twice = [call('generate_slurm_script', {}, { algo: 'cgan', epochs: 100, seed: 9 }), gen];
    expect(scoreHpc(sample, twice).paper.c_config).toBe(1);
    // extra calls lower S_tool: matched 4 of max(4, 6)
    const six = [...written, call('job_status', { state: 'FAILED' }), call('fetch_job_output', {})];
    expect(scoreHpc(sample, six, events).paper.s_tool).toBeCloseTo(4 / 6, 12);
  });
});
