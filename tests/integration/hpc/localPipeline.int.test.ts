/**
 * The four-step pipeline on the embedded local executor (no cluster needed): the same job script as a
 * local process with SLURM's states and log file; a failing job, cancel, a server restart mid-job, and
 * `engiai chat` with the offline model taking both benchmark phrasings through all four steps.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runChat } from '../../../cli/commands/chat.ts';
import { harness, SIX_METRICS, testConfig, TINY_HPC, type ToolHarness } from './helpers.ts';

const home = testConfig({}).home;
const open: ToolHarness[] = [];
const local = (extra: Record<string, unknown> = {}, h = home) => {
  const t = harness(testConfig({ clusters: { local: { executor: 'local', ...extra } } }, h));
  open.push(t);
  return t;
};

afterAll(() => open.forEach((t) => t.ctx.close()));

describe('local executor pipeline', () => {
  it('generate → submit → wait → fetch → evaluate, with a retried submit returning the same job', async () => {
    const t = local();
    const gen = await t.call('generate_slurm_script', { algo: 'cgan', epochs: 2, seed: 3 });
    expect(gen).toMatchObject({ cluster: 'local', executor: 'local', epochs: 2, seed: 3 });
    expect(String(gen.script)).toContain('engiai train');
    const sub = await t.call('submit_job', { script_id: gen.script_id });
    expect(sub).toMatchObject({ state: 'PENDING', already_submitted: false });
    expect(await t.call('submit_job', { script_id: gen.script_id })).toMatchObject({ job_id: sub.job_id, already_submitted: true });
    expect(await t.call('generate_slurm_script', { algo: 'cgan', epochs: 2, seed: 3 })).toMatchObject({ script_id: gen.script_id });
    const done = await t.call('wait_for_job', { job_id: sub.job_id });
    expect(done).toMatchObject({ state: 'COMPLETED', exit_code: '0:0' });
    expect(t.progress.some((p) => p.label?.includes('epoch') || p.label?.includes('waited'))).toBe(true);
    const fetched = await t.call('fetch_job_output', { job_id: sub.job_id });
    expect(existsSync(join(String(fetched.model_dir), 'model.json'))).toBe(true);
    expect((fetched.log_tail as string[]).join('\n')).toContain('[train] epoch 2/2 done');
    const m = await t.call('evaluate_model', { job_id: sub.job_id });
    for (const k of SIX_METRICS) expect(typeof m[k]).toBe('number');
    expect(m).toMatchObject({ n_samples: 4, epochs_trained: 2 });
    // one progress event per design evaluated, steps counted from 0 (shown 1/4 … 4/4)
    expect(t.progress.filter((p) => p.label === 'designs evaluated').map((p) => [p.step, p.total])).toEqual([[0, 4], [1, 4], [2, 4], [3, 4]]);
    const rec = t.ctx.store.current('thread-1')!;
    expect(Object.values(rec.steps).every((s) => s.done)).toBe(true);
    expect(rec.metrics).toMatchObject({ mmd: m.mmd });
    expect(JSON.parse(readFileSync(String(m.metrics_file), 'utf8')).iog).toBe(m.iog);
  });

  it('a different request starts a new pipeline; repeating it returns that one', async () => {
    const t = local();
    const a = await t.call('generate_slurm_script', { algo: 'cgan', epochs: 1, seed: 1 }, 'specs');
    const b = await t.call('generate_slurm_script', { algo: 'diffusion', epochs: 1, seed: 1 }, 'specs');
    expect(b.script_id).not.toBe(a.script_id);
    expect(await t.call('generate_slurm_script', { algo: 'diffusion', epochs: 1, seed: 1 }, 'specs')).toMatchObject({ script_id: b.script_id });
    expect(t.ctx.store.read('specs').pipelines.map((p) => p.key)).toEqual([a.script_id, b.script_id]);
  });

  it('reports a failing job as FAILED with its log tail', async () => {
    const t = local({ setup: ['echo "module nodejs/99: not found" >&2', 'exit 7'] });
    await t.call('generate_slurm_script', { algo: 'cgan', epochs: 1 }, 'fail');
    await t.call('submit_job', {}, 'fail');
    const r = await t.call('wait_for_job', {}, 'fail');
    expect(r).toMatchObject({ state: 'FAILED', exit_code: '7:0' });
    expect((r.log_tail as string[]).join('\n')).toContain('module nodejs/99: not found');
    await expect(t.call('evaluate_model', {}, 'fail')).rejects.toThrow(/FAILED, not COMPLETED/);
  });

  it('cancels a running job: the process group ends and the state is CANCELLED', async () => {
    const t = local({ setup: ['echo waiting', 'sleep 120'] });
    await t.call('generate_slurm_script', { algo: 'cgan', epochs: 1 }, 'cancel');
    const sub = await t.call('submit_job', {}, 'cancel');
    expect((await t.call('job_status', {}, 'cancel')).state).toBe('RUNNING');
    expect(await t.call('cancel_job', {}, 'cancel')).toMatchObject({ job_id: sub.job_id, state: 'CANCELLED' });
    const rec = t.ctx.store.current('cancel')!;
    const pid = JSON.parse(readFileSync(join(rec.job!.jobDir, 'state.json'), 'utf8')).pid as number;
    await new Promise((r) => setTimeout(r, 300));
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('a restarted server resumes monitoring the same job instead of resubmitting', async () => {
    const before = local({ setup: ['sleep 2'] });
    await before.call('generate_slurm_script', { algo: 'cgan', epochs: 1, seed: 9 }, 'restart');
    const sub = await before.call('submit_job', {}, 'restart');
    before.ctx.close();
    const after = local({ setup: ['sleep 2'] });
    expect(await after.call('submit_job', {}, 'restart')).toMatchObject({ job_id: sub.job_id, already_submitted: true });
    expect(await after.call('wait_for_job', {}, 'restart')).toMatchObject({ job_id: sub.job_id, state: 'COMPLETED' });
  });
});

describe('engiai chat with the offline model on the local executor', () => {
  for (const message of [
    'train a cGAN on beams2d for 2 epochs with seed 3 on the cluster and tell me how good it is',
    'Generate the SLURM script to train a cGAN on beams2d for 1 epoch with seed 4, submit it, wait for it to finish, then evaluate the model',
  ]) {
    it(`takes "${message.slice(0, 50)}…" through all four steps`, async () => {
      const h = testConfig({}).home;
      const cfg = join(h, 'engiai.yaml');
      writeFileSync(cfg, JSON.stringify({ hpc: TINY_HPC })); // no cluster configured: the embedded local executor
      const prev = process.env.ENGIAI_CONFIG;
      process.env.ENGIAI_CONFIG = cfg;
      try {
        const out = await runChat({ message, home: h, model: 'offline', yes: true, json: true }, { write: () => {}, ask: async () => 'yes' });
        expect(out.status).toBe('done');
        const calls = out.trace.events.filter((e) => e.type === 'tool_call').map((e) => (e as { name: string }).name);
        // submit_job shows twice: asked for approval, then run once approved
        expect(calls).toEqual(['generate_slurm_script', 'submit_job', 'submit_job', 'wait_for_job', 'fetch_job_output', 'evaluate_model']);
        expect(out.trace.events.some((e) => e.type === 'handoff' && (e as { to?: string }).to === 'hpc')).toBe(true);
        expect(out.trace.events.some((e) => e.type === 'interrupt')).toBe(true);
        expect(out.answer).toContain('ran on the embedded local executor');
        for (const name of ['IOG', 'COG', 'FOG', 'MMD', 'DPP', 'violation ratio']) expect(out.answer).toContain(name);
      } finally {
        if (prev === undefined) delete process.env.ENGIAI_CONFIG;
        else process.env.ENGIAI_CONFIG = prev;
      }
    });
  }
});

describe('submit_job approval is bound to the job script', () => {
  it('shows the script it would submit (path, SHA-256); a script changed after the question is not submitted on that yes', async () => {
    const h = testConfig({}).home;
    const cfg = join(h, 'engiai.yaml');
    writeFileSync(cfg, JSON.stringify({ hpc: TINY_HPC }));
    const prev = process.env.ENGIAI_CONFIG;
    process.env.ENGIAI_CONFIG = cfg;
    try {
      const message = 'Generate the SLURM script to train a cGAN on beams2d for 1 epoch with seed 5, submit it, wait for it to finish, then evaluate the model';
      const asked = await runChat({ message, home: h, model: 'offline', json: true, interactive: false }, { write: () => {}, ask: async () => '' });
      expect(asked.status).toBe('interrupted');
      const q = asked.trace.interrupt!;
      const subject = q.subject as { script: string; sha256: string; cluster: string };
      expect(q).toMatchObject({ kind: 'approval', tool: 'submit_job' });
      expect(subject).toMatchObject({ cluster: 'local', script: expect.stringMatching(/\.sh$|\.sbatch$|job/), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      // what runs and where, in words: the script's commands and the partition
      expect(q.subject).toMatchObject({ partition: expect.any(String), commands: expect.arrayContaining([expect.stringMatching(/^engiai train --algo /)]) });
      expect(q.question).toContain(subject.sha256);
      // the script is changed after the person saw it: their yes is for the old text
      writeFileSync(subject.script, `${readFileSync(subject.script, 'utf8')}\necho changed-after-approval\n`);
      const out = await runChat({ thread: asked.threadId, answer: ['yes'], home: h, model: 'offline', json: true, interactive: false }, { write: () => {}, ask: async () => '' });
      const submits = out.trace.events.filter((e) => e.type === 'tool_result' && (e as { name: string }).name === 'submit_job') as { ok: boolean; result: { error?: { message: string } } }[];
      expect(submits.map((e) => e.ok)).toEqual([false]);
      expect(submits[0].result.error?.message).toMatch(/did not approve this exact call of submit_job/);
      expect(out.trace.events.some((e) => e.type === 'tool_call' && (e as { name: string }).name === 'wait_for_job')).toBe(false);
    } finally {
      if (prev === undefined) delete process.env.ENGIAI_CONFIG;
      else process.env.ENGIAI_CONFIG = prev;
    }
  }, 120_000);
});
