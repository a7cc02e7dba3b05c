/**
 * The HPC tools against a real SLURM cluster over SSH (the loopback cluster of .ci/services.sh):
 * the four-step pipeline with a tiny model, a failing job, cancel, and host keys that are refused.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InfraError } from '../../../tools/errors.ts';
import { ciCluster, removeRemoteDir, requireCluster, uniqueRemoteDir } from './cluster.ts';
import { harness, SIX_METRICS, testConfig, type ToolHarness } from './helpers.ts';

const remoteDir = uniqueRemoteDir('c');
const home = testConfig({}).home;
const open: ToolHarness[] = [];
const ci = (extra: Record<string, unknown> = {}) => {
  const t = harness(testConfig({ clusters: { ci: ciCluster(remoteDir, extra) } }, home));
  open.push(t);
  return t;
};

beforeAll(async () => {
  await requireCluster();
});

afterAll(async () => {
  open.forEach((x) => x.ctx.close());
  await removeRemoteDir(remoteDir);
});

describe('SLURM over SSH', () => {
  it('generate → submit → monitor → fetch → evaluate a tiny cGAN', async () => {
    const t = ci();
    const gen = await t.call('generate_slurm_script', { algo: 'cgan', epochs: 2, seed: 3 });
    expect(gen).toMatchObject({ cluster: 'ci', executor: 'slurm' });
    expect(String(gen.script)).toContain('#SBATCH --partition=debug');
    const sub = await t.call('submit_job', { script_id: gen.script_id });
    expect(String(sub.job_id)).toMatch(/^\d+$/);
    expect(sub).toMatchObject({ already_submitted: false, job_dir: `${remoteDir}/${gen.script_id}` });
    const done = await t.call('wait_for_job', {});
    expect(done).toMatchObject({ job_id: sub.job_id, state: 'COMPLETED', exit_code: '0:0' });
    const status = await t.call('job_status', {});
    expect(status).toMatchObject({ state: 'COMPLETED' });
    const fetched = await t.call('fetch_job_output', {});
    expect(fetched.files).toBeGreaterThan(3);
    expect((fetched.log_tail as string[]).join('\n')).toMatch(/\[train\] epoch 2\/2 done/);
    const m = await t.call('evaluate_model', {});
    for (const k of SIX_METRICS) expect(typeof m[k]).toBe('number');
    expect(m).toMatchObject({ problem_id: 'beams2d', epochs_trained: 2, n_samples: 4 });
    expect(t.events.filter((e) => e.type === 'connected')).toHaveLength(1); // one connection served the whole pipeline
  });

  it('reports a failing job as FAILED with its log tail', async () => {
    const t = ci({ setup: ['echo "module load nodejs/99: module not found" >&2', 'exit 3'] });
    await t.call('generate_slurm_script', { algo: 'cgan', epochs: 1 }, 'fail');
    await t.call('submit_job', {}, 'fail');
    const r = await t.call('wait_for_job', {}, 'fail');
    expect(r).toMatchObject({ state: 'FAILED', exit_code: '3:0' });
    expect((r.log_tail as string[]).join('\n')).toContain('module load nodejs/99: module not found');
  });

  it('cancels a running job', async () => {
    const t = ci({ setup: ['echo sleeping', 'sleep 300'] });
    await t.call('generate_slurm_script', { algo: 'cgan', epochs: 1 }, 'cancel');
    await t.call('submit_job', {}, 'cancel');
    for (let i = 0; i < 50 && (await t.call('job_status', {}, 'cancel')).state !== 'RUNNING'; i++) await new Promise((r) => setTimeout(r, 200));
    const r = await t.call('cancel_job', {}, 'cancel');
    expect(r.state).toBe('CANCELLED');
    expect(r.slurm_state).toBeUndefined();
  });
});

describe('EngiOpt template', () => {
  it("runs EngiOpt's commands and evaluate_model reads its CSV row (a stand-in `python` from the set-up lines plays EngiOpt)", async () => {
    const row = '101.5,2030.1,3.25,0.125,1e-05,0.3,3,beams2d,cgan_2d,50,10.0';
    const standIn = `python() { echo "python $*"; case "$*" in *evaluate_cgan_2d*) printf '%s\\n' 'iog,cog,fog,mmd,dpp,viol,seed,problem_id,model_id,n_samples,sigma' '${row}' > metrics.csv;; esac; }`;
    const t = ci({ setup: [standIn] });
    const gen = await t.call('generate_slurm_script', { algo: 'cgan', epochs: 2, seed: 3, template: 'engiopt' }, 'engiopt');
    expect(gen.template).toBe('engiopt');
    await t.call('submit_job', {}, 'engiopt');
    expect(await t.call('wait_for_job', {}, 'engiopt')).toMatchObject({ state: 'COMPLETED' });
    const out = await t.call('fetch_job_output', {}, 'engiopt');
    expect((out.log_tail as string[]).join('\n')).toContain("python -m engiopt.cgan_2d.cgan_2d --problem-id beams2d --seed 3 --n-epochs 2 --track --save-model");
    const m = await t.call('evaluate_model', {}, 'engiopt');
    expect(m).toMatchObject({ iog: 101.5, cog: 2030.1, fog: 3.25, mmd: 0.125, dpp: 1e-5, viol: 0.3, model_id: 'cgan_2d', n_samples: 50, source: 'EngiOpt evaluation on the cluster' });
  });
});

describe('host-key verification', () => {
  const knownHosts = (text: string) => {
    const f = join(mkdtempSync(join(tmpdir(), 'engiai-kh-')), 'known_hosts');
    writeFileSync(f, text);
    return f;
  };

  it('refuses an unknown host key and says how to trust it', async () => {
    const file = knownHosts('# nothing trusted yet\n');
    const t = ci({ knownHostsFile: file });
    await t.call('generate_slurm_script', { algo: 'cgan', epochs: 1 }, 'unknown');
    const err = await t.call('submit_job', {}, 'unknown').catch((e) => e);
    expect(err).toBeInstanceOf(InfraError);
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(new RegExp(`\\[127\\.0\\.0\\.1\\]:2222 is not in ${file}.*ssh-ed25519 SHA256:`));
    expect(err.hint).toMatch(/ssh-keyscan -p 2222 127\.0\.0\.1/);
    expect(t.ctx.store.current('unknown')!.job).toBeUndefined();
  });

  it('refuses a changed host key', async () => {
    const other = 'AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl';
    const t = ci({ knownHostsFile: knownHosts(`[127.0.0.1]:2222 ssh-ed25519 ${other}\n`) });
    await t.call('generate_slurm_script', { algo: 'cgan', epochs: 1 }, 'changed');
    await expect(t.call('submit_job', {}, 'changed')).rejects.toThrow(/changed .*man-in-the-middle/);
  });
});
