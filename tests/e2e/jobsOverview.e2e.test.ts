/// <reference lib="dom" />
/**
 * The Jobs page without a thread, in Debian Chromium (local executor): the empty state says how to
 * start a job; the form starts one in a new chat (the HPC agent generates the script and asks before
 * submitting, as in any chat); after the approval the job is listed with its conversation among the
 * jobs of all chats. Screenshots at 1280×800 and 390×844, light and dark.
 */
import { describe, expect, it } from 'vitest';
import { turn } from '../integration/web/helpers.ts';
import { chromiumOnServer } from '../support/chromiumOnServer.ts';

const ui = chromiumOnServer('engiai-e2e-jobs-all-', {
  settings: {
    hpc: { defaultCluster: 'local', clusters: { local: { executor: 'local', setup: ['echo "[job] waiting for a node"', 'sleep 60'] } }, datasets: { small: { rows: 12, seed: 0, nelx: 20, nely: 10, maxIter: 15 } }, pollSeconds: 0.3 },
  },
});

describe('jobs of all chats', () => {
  it('empty state says how to start one; the form starts a job in a new chat, approved there, then listed', async () => {
    const { page } = ui.b;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${ui.server.url}/#/jobs`);
    await page.waitForSelector('.jobs-empty');
    await expect(page.textContent('.jobs-empty')).resolves.toMatch(/No training jobs yet\. Start one with the form below, or ask in a chat/);
    await ui.b.shot('jobs-1-empty-1280');
    await page.fill('.start-job .job-epochs', '1');
    await page.fill('.start-job .job-seed', '3');
    await expect(page.textContent('.start-job .job-request')).resolves.toContain('train a cGAN on beams2d for 1 epoch with seed 3 and submit it');
    await page.click('.start-job button.start-job-button');
    // a new chat follows the turn; submitting asks first
    await page.waitForFunction(() => /^#\/chat\/[0-9a-f]{32}$/.test(location.hash), undefined, { timeout: 15_000 });
    await page.waitForSelector('dialog.interrupt-dialog[data-kind="approval"]', { timeout: 90_000 });
    await expect(page.textContent('dialog.interrupt-dialog h2')).resolves.toBe('Approve submit_job?');
    await page.click('dialog button.approve');
    await page.waitForSelector('.tool-card[data-tool="submit_job"][data-state="ok"]', { timeout: 90_000 });
    const thread = decodeURIComponent(page.url().split('#/chat/')[1]);

    await page.goto(`${ui.server.url}/#/jobs`);
    const section = `.jobs-of-thread[data-thread="${thread}"]`;
    await page.waitForSelector(`${section} .job-card`, { timeout: 15_000 });
    await expect(page.textContent(`${section} .job-card h3`)).resolves.toMatch(/cgan on beams2d · 1 epochs · seed 3/);
    await expect(page.textContent(`${section} h2 a`)).resolves.toMatch(/Generate the SLURM script/);
    await expect(page.locator('.jobs-empty').count()).resolves.toBe(0);
    expect(await page.textContent('.page')).not.toContain(ui.tmp.home);
    await ui.b.shot('jobs-2-all-chats-1280');
    await page.emulateMedia({ colorScheme: 'dark' });
    await ui.b.shot('jobs-3-all-chats-1280-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.$eval('.page', (e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(1);
    await ui.b.shot('jobs-4-all-chats-390-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await ui.b.shot('jobs-5-all-chats-390');
    // the agent waits for the job, which waits a minute for its "node": stop the wait, cancel the job (approved, as the HPC agent asks)
    const stopped = await fetch(`${ui.server.url}/api/threads/${thread}/stop`, { method: 'POST', headers: { 'x-engiai-csrf': '1', origin: ui.server.url } });
    expect(stopped.status).toBe(200);
    let frames = await turn(ui.server.url, thread, { message: 'cancel the job' });
    while (frames.at(-1)?.data.status === 'interrupted') {
      const { callId, digest } = frames.at(-1)!.data.interrupt as { callId: string; digest: string };
      frames = await turn(ui.server.url, thread, { resume: { decision: 'approve', callId, digest } });
    }
    expect(frames.some((f) => f.event === 'tool_result' && f.data.name === 'cancel_job' && f.data.ok)).toBe(true);
    expect(ui.b.errors).toEqual([]);
  }, 240_000);
});
