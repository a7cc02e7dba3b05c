/// <reference lib="dom" />
/**
 * The Jobs page in Debian Chromium (light): a thread whose HPC job runs on the local executor shows
 * RUNNING with a growing elapsed time, then CANCELLED after "cancel the job"; a thread trained and
 * evaluated shows COMPLETED, its log tail, the six metrics and links to its files.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWebServer } from '../../web/server/webServer.ts';
import { startTestServer, tempHome, turn } from '../integration/web/helpers.ts';
import { openBrowser, type Browser } from './browser.ts';

let tmp: ReturnType<typeof tempHome>;
let server: RunningWebServer;
let b: Browser;

beforeAll(async () => {
  if (!existsSync('/usr/bin/chromium')) throw new Error('/usr/bin/chromium is missing: apt-get install chromium (see .ci/run)');
  tmp = tempHome('engiai-jobs-e2e-');
  mkdirSync(join(tmp.home, 'config'));
  writeFileSync(
    join(tmp.home, 'config', 'engiai.yaml'),
    JSON.stringify({
      hpc: {
        defaultCluster: 'local',
        clusters: { local: { executor: 'local' }, slow: { executor: 'local', setup: ['echo "[job] waiting for a node"', 'sleep 60'] } },
        datasets: { small: { rows: 12, seed: 0, nelx: 20, nely: 10, maxIter: 15 } },
        evaluation: { nSamples: 4 },
        pollSeconds: 0.3,
      },
    }),
  );
  server = await startTestServer(tmp.home, { client: true });
  b = await openBrowser();
});
afterAll(async () => {
  await b?.close();
  await server?.close();
  tmp?.remove();
});

/** Runs a turn, approving whatever it asks. */
async function chat(thread: string, message: string): Promise<void> {
  let frames = await turn(server.url, thread, { message });
  while (frames.at(-1)?.data.status === 'interrupted') {
    const { callId, digest } = frames.at(-1)!.data.interrupt as { callId: string; digest: string };
    frames = await turn(server.url, thread, { resume: { decision: 'approve', callId, digest } });
  }
  expect(frames.at(-1)?.event).toBe('turn_end');
}

describe('Jobs page', () => {
  it('shows a running job with its elapsed time, then CANCELLED', async () => {
    await chat('slowjob', 'generate the slurm script for a cgan on beams2d with 1 epoch on the slow cluster and submit it');
    const { page } = b;
    await page.goto(`${server.url}/#/jobs/slowjob`);
    await page.waitForSelector('.job-card .job-state.state-running', { timeout: 30_000 });
    const first = await page.textContent('.job-elapsed');
    await page.waitForFunction((t) => document.querySelector('.job-elapsed')?.textContent !== t, first, { timeout: 15_000 });
    await expect(page.textContent('.job-log')).resolves.toContain('[job] waiting for a node');
    await b.shot('jobs-1-running');
    await chat('slowjob', 'cancel the job');
    await page.reload();
    await page.waitForSelector('.job-card .job-state.state-cancelled', { timeout: 15_000 });
  });

  it('shows a completed job with its metrics, log tail and files', async () => {
    await chat('trained', 'train a cGAN on beams2d for 2 epochs with seed 3 and evaluate it');
    const { page } = b;
    await page.goto(`${server.url}/#/jobs/trained`);
    await page.waitForSelector('.job-card .job-state.state-completed');
    for (const k of ['iog', 'cog', 'fog', 'mmd', 'dpp', 'viol']) expect(Number(await page.textContent(`td[data-metric="${k}"]`))).not.toBeNaN();
    await expect(page.textContent('.job-log')).resolves.toContain('[train] epoch 2/2 done');
    const links = await page.$$eval('.job-card .links a', (as) => as.map((a) => a.textContent));
    expect(links).toEqual(['script', 'log', 'metrics']);
    const script = await page.getAttribute('.job-card .links a', 'href');
    const res = await fetch(`${server.url}${script}`);
    expect(await res.text()).toMatch(/^#!\/bin\/bash\n#SBATCH/);
    await b.shot('jobs-2-completed');
    expect(b.errors).toEqual([]);
  });
});
