/// <reference lib="dom" />
/**
 * The Jobs page in Debian Chromium (light): a thread whose HPC job runs on the local executor shows
 * RUNNING with a growing elapsed time, then CANCELLED after "cancel the job"; a thread trained and
 * evaluated shows COMPLETED, its log tail, the six metrics and links to its files.
 */
import { describe, expect, it } from 'vitest';
import { turn } from '../integration/web/helpers.ts';
import { chromiumOnServer } from '../support/chromiumOnServer.ts';

const ui = chromiumOnServer('engiai-jobs-e2e-', {
  settings: {
    hpc: {
      defaultCluster: 'local',
      clusters: { local: { executor: 'local' }, slow: { executor: 'local', setup: ['echo "[job] waiting for a node"', 'sleep 60'] } },
      datasets: { small: { rows: 12, seed: 0, nelx: 20, nely: 10, maxIter: 15 } },
      evaluation: { nSamples: 4 },
      pollSeconds: 0.3,
    },
  },
});

/** Runs a turn, approving whatever it asks. */
async function chat(thread: string, message: string): Promise<void> {
  let frames = await turn(ui.server.url, thread, { message });
  while (frames.at(-1)?.data.status === 'interrupted') {
    const { callId, digest } = frames.at(-1)!.data.interrupt as { callId: string; digest: string };
    frames = await turn(ui.server.url, thread, { resume: { decision: 'approve', callId, digest } });
  }
  expect(frames.at(-1)?.event).toBe('turn_end');
}

describe('Jobs page', () => {
  it('shows a running job with its elapsed time, then CANCELLED', async () => {
    await chat('slowjob', 'generate the slurm script for a cgan on beams2d with 1 epoch on the slow cluster and submit it');
    const { page } = ui.b;
    await page.goto(`${ui.server.url}/#/jobs/slowjob`);
    await page.waitForSelector('.job-card .job-state.state-running', { timeout: 30_000 });
    const first = await page.textContent('.job-elapsed');
    await page.waitForFunction((t) => document.querySelector('.job-elapsed')?.textContent !== t, first, { timeout: 15_000 });
    await expect(page.textContent('.job-log')).resolves.toContain('[job] waiting for a node');
    await ui.b.shot('jobs-1-running');
    await chat('slowjob', 'cancel the job');
    await page.reload();
    await page.waitForSelector('.job-card .job-state.state-cancelled', { timeout: 15_000 });
  });

  it('shows a completed job with its metrics, log tail and files', async () => {
    await chat('trained', 'train a cGAN on beams2d for 2 epochs with seed 3 and evaluate it');
    const { page } = ui.b;
    await page.goto(`${ui.server.url}/#/jobs/trained`);
    await page.waitForSelector('.job-card .job-state.state-completed');
    for (const k of ['iog', 'cog', 'fog', 'mmd', 'dpp', 'viol']) expect(Number(await page.textContent(`td[data-metric="${k}"]`))).not.toBeNaN();
    await expect(page.textContent('.job-log')).resolves.toContain('[train] epoch 2/2 done');
    const links = await page.$$eval('.job-card .links a', (as) => as.map((a) => a.textContent));
    expect(links).toEqual(['script', 'log', 'metrics']);
    const script = await page.getAttribute('.job-card .links a', 'href');
    const res = await fetch(`${ui.server.url}${script}`);
    expect(await res.text()).toMatch(/^#!\/bin\/bash\n#SBATCH/);
    await ui.b.shot('jobs-2-completed');
    expect(ui.b.errors).toEqual([]);
  });
});
