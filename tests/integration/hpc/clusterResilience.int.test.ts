/**
 * Long jobs on the real cluster survive what goes wrong around them: sshd ends the session while
 * wait_for_job is monitoring (it reconnects and keeps monitoring; the job is never submitted twice),
 * a submit retried after the local record was lost finds the job by its key on the cluster, and
 * `engiai chat` with the offline model takes the benchmark request through all four steps.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChat } from '../../../cli/commands/chat.ts';
import type { SlurmExecutor } from '../../../tools/hpc/index.ts';
import { ciCluster, removeRemoteDir, requireCluster, sshdSessionPids, uniqueRemoteDir } from './cluster.ts';
import { harness, testConfig, TINY_HPC, type ToolHarness } from './helpers.ts';

const remoteDir = uniqueRemoteDir('r');
const open: ToolHarness[] = [];
const ci = (home: string, extra: Record<string, unknown> = {}) => {
  const t = harness(testConfig({ clusters: { ci: ciCluster(remoteDir, extra) } }, home));
  open.push(t);
  return t;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How many jobs on the cluster carry this pipeline key in their comment. */
async function jobsWithKey(t: ToolHarness, key: string): Promise<number> {
  const r = await (t.ctx.executor('ci') as SlurmExecutor).ssh.exec(`squeue -h -t all -u "$(id -un)" -o '%k' | grep -c -x 'engiai:${key}' || true`);
  return Number(r.stdout.trim());
}

beforeAll(async () => {
  await requireCluster();
});

afterAll(async () => {
  open.forEach((x) => x.ctx.close());
  await removeRemoteDir(remoteDir);
});

describe('resilience on the SLURM cluster', () => {
  it('keeps monitoring after sshd drops the connection, with no second submission', async () => {
    const t = ci(testConfig({}).home, { setup: ['sleep 4'] });
    // a thread of this run only: the submit key (thread, cluster, spec) must not find an earlier run's job
    const thread = `monitor-${remoteDir}`;
    const gen = await t.call('generate_slurm_script', { algo: 'cgan', epochs: 1, seed: 11 }, thread);
    const sub = await t.call('submit_job', {}, thread);
    const waiting = t.call('wait_for_job', { poll_s: 0.3 }, thread);
    while (!t.ctx.store.current(thread)?.job?.checkedAt) await sleep(100);
    const ssh = (t.ctx.executor('ci') as SlurmExecutor).ssh;
    const pids = sshdSessionPids(ssh.localPort!);
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) process.kill(pid, 'SIGTERM'); // sshd's processes for this one session
    const done = await waiting;
    expect(done).toMatchObject({ job_id: sub.job_id, state: 'COMPLETED' });
    expect(t.events.filter((e) => e.type === 'connected').length).toBeGreaterThanOrEqual(2);
    expect(t.events.some((e) => e.type === 'disconnected' || e.type === 'reconnecting')).toBe(true);
    expect(await t.call('submit_job', {}, thread)).toMatchObject({ job_id: sub.job_id, already_submitted: true });
    expect(await jobsWithKey(t, String(gen.script_id))).toBe(1);
  });

  it('a submit retried after the local record was lost returns the job the cluster already has', async () => {
    const first = ci(testConfig({}).home, { setup: ['sleep 1'] });
    const lost = `lost-${remoteDir}`;
    const gen = await first.call('generate_slurm_script', { algo: 'cgan', epochs: 1, seed: 12 }, lost);
    const sub = await first.call('submit_job', {}, lost);
    const again = ci(testConfig({}).home, { setup: ['sleep 1'] }); // a fresh ENGIAI_HOME: no record of the job
    expect(await again.call('generate_slurm_script', { algo: 'cgan', epochs: 1, seed: 12 }, lost)).toMatchObject({ script_id: gen.script_id });
    expect(await again.call('submit_job', {}, lost)).toMatchObject({ job_id: sub.job_id, already_submitted: true });
    expect(await again.call('wait_for_job', {}, lost)).toMatchObject({ state: 'COMPLETED' });
    expect(await jobsWithKey(again, String(gen.script_id))).toBe(1);
  });

  it('engiai chat (offline model) trains on the cluster and reports the six metrics', async () => {
    const home = testConfig({}).home;
    const cfg = join(home, 'engiai.yaml');
    writeFileSync(cfg, JSON.stringify({ hpc: { ...TINY_HPC, clusters: { ci: ciCluster(remoteDir), local: { executor: 'local' } } } }));
    const prev = process.env.ENGIAI_CONFIG;
    process.env.ENGIAI_CONFIG = cfg;
    try {
      const out = await runChat(
        { message: 'train a cGAN on beams2d for 2 epochs with seed 3 on the cluster and evaluate it', home, model: 'offline', yes: true, json: true },
        { write: () => {}, ask: async () => 'yes' },
      );
      expect(out.status).toBe('done');
      expect(out.answer).toMatch(/Submitted as job \d+ on ci\./);
      expect(out.answer).toMatch(/ended COMPLETED/);
      for (const name of ['IOG', 'COG', 'FOG', 'MMD', 'DPP', 'violation ratio']) expect(out.answer).toContain(name);
    } finally {
      if (prev === undefined) delete process.env.ENGIAI_CONFIG;
      else process.env.ENGIAI_CONFIG = prev;
    }
  });
});
