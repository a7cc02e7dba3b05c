/// <reference lib="dom" />
/**
 * A run that fails, in Debian Chromium against a server whose default model is an Ollama that is
 * not running (a closed port on loopback): the chat says what failed and what to do (start Ollama
 * at its URL, pull the model, or switch the model), never "see the server log"; Retry sends the
 * request again; switching this chat's model to the offline planner and retrying answers, without
 * changing the server's default for other chats. Reopened, the thread still says why it failed. The
 * keyboard: the composer has the focus on load, Tab goes composer → Send → the page's next control,
 * and the answer dialog has the focus and sends on Enter.
 * The Models & agents page names the default as server-wide and asks before changing it.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.ts';
import { startWebServer } from '../../web/server/webServer.ts';
import { chromiumOnServer } from '../support/chromiumOnServer.ts';

// port 9 (discard) on loopback: nothing listens there, the connection is refused at once
const OLLAMA = 'http://127.0.0.1:9';

const ui = chromiumOnServer('engiai-e2e-failed-', {
  start: (home) => startWebServer({ config: loadConfig({ env: { ENGIAI_HOME: home, OLLAMA_HOST: OLLAMA, ENGIAI_MAX_RETRIES: '0' }, configPath: undefined, cwd: home }), host: '127.0.0.1', port: 0, client: true, model: 'ollama:llama3.1' }),
});

const failures = () => ui.b.page.$$eval('.run-failed', (els) => els.map((e) => e.textContent ?? ''));

describe('a failed run says what to do and can be retried', () => {
  it('ollama unreachable: what to do with the model name and URL, Retry, switch this chat to another model', async () => {
    const { page } = ui.b;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(ui.server.url);
    await page.waitForSelector('.message-input');
    // keyboard: the composer has the focus; Tab goes to Send, then on to a control of the page (never the body)
    expect(await page.evaluate(() => document.activeElement?.classList.contains('message-input'))).toBe(true);
    await page.keyboard.type('hello');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('send');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    await page.focus('.message-input');
    await page.keyboard.press('Enter');

    await page.waitForSelector('.run-failed', { timeout: 60_000 });
    await page.waitForSelector('button.send');
    const [text] = await failures();
    expect(text).toContain(`ollama:llama3.1: cannot reach ${OLLAMA}`);
    expect(text).toContain('ollama serve');
    expect(text).toContain('ollama pull llama3.1');
    expect(text).toContain('switch to another model');
    expect(await page.textContent('.chat-scroll')).not.toMatch(/server log/);
    // one box says it (the error frame is not repeated under the timeline's failure)
    await expect(page.locator('.run-failed').count()).resolves.toBe(1);
    await ui.b.shot('failed-1-ollama-1280');

    // no dialog pops up: Retry is the answer to "run the interrupted step again?"
    await expect(page.locator('dialog.interrupt-dialog').count()).resolves.toBe(0);
    // Retry runs the failed request again: a second run, failing the same way
    await page.click('.run-failed button.retry');
    await page.waitForFunction(() => document.querySelectorAll('.run-failed').length === 2, undefined, { timeout: 60_000 });
    await expect(page.$$eval('.bubble.user', (u) => u.map((x) => x.textContent))).resolves.toEqual(['hello']);

    // "Switch the model" goes to this chat's model menu; the offline planner answers the retried request
    await page.click('.run-failed button.switch-model');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('model-select'))).toBe(true);
    await page.selectOption('.model-select', 'offline');
    await page.click('.run-failed button.retry');
    await page.waitForSelector('.bubble.answer[data-agent="supervisor"]', { timeout: 60_000 });
    await page.waitForSelector('button.send');
    const thread = decodeURIComponent(new URL(page.url()).hash.split('/')[2]);
    // the chat's model changed; the server's default for new chats did not
    expect(ui.server.state.index.get(thread)?.model).toBe('offline');
    expect(ui.server.state.settings.model).toBe('ollama:llama3.1');

    // reopened, the thread still says why the runs failed, and keeps its own model
    await page.reload();
    await page.waitForSelector('.bubble.answer[data-agent="supervisor"]');
    const again = await failures();
    expect(again).toHaveLength(2);
    expect(again[0]).toContain('ollama pull llama3.1');
    await expect(page.inputValue('.model-select')).resolves.toBe('offline');
    // only the last failure offers Retry, and the last row here is an answer: none
    await expect(page.locator('button.retry').count()).resolves.toBe(0);

    // a new chat starts with the server's default
    await page.click('a.nav:has-text("Chat")');
    await page.goto(`${ui.server.url}/#/chat`);
    await page.waitForSelector('.message-input');
    // the picker takes the default once /api/settings has answered
    await page.waitForFunction(() => (document.querySelector('.model-select') as HTMLSelectElement | null)?.value === 'ollama:llama3.1', undefined, { timeout: 10_000 }).catch(() => undefined);
    await expect(page.inputValue('.model-select')).resolves.toBe('ollama:llama3.1');
    expect(ui.b.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  }, 180_000);

  it('at 390 px and in dark mode the failure and its actions fit', async () => {
    const { page } = ui.b;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${ui.server.url}/#/chat`);
    await page.waitForSelector('.message-input');
    await page.fill('.message-input', 'hello');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.run-failed button.retry', { timeout: 60_000 });
    const box = await page.$eval('.run-failed', (e) => e.getBoundingClientRect().right);
    expect(box).toBeLessThanOrEqual(390);
    expect(await page.$eval('.chat-scroll', (e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(1);
    await ui.b.shot('failed-2-ollama-390-dark');
    await page.setViewportSize({ width: 1280, height: 800 });
    await ui.b.shot('failed-3-ollama-1280-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  }, 120_000);

  it('the server-wide default model is labelled so and changes only after a confirmation; job_status is listed once', async () => {
    const { page } = ui.b;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${ui.server.url}/#/settings`);
    await page.waitForSelector('.backend-list');
    await expect(page.textContent('.settings h2')).resolves.toContain('server-wide');
    await expect(page.locator('input[data-tool="job_status"]').count()).resolves.toBeLessThanOrEqual(1);
    const asked: string[] = [];
    page.once('dialog', (d) => (asked.push(d.message()), void d.dismiss()));
    await page.click('li[data-spec="offline"] input[type="radio"]');
    await page.waitForTimeout(300);
    expect(asked[0]).toMatch(/default model for new chats, for everyone/);
    expect(ui.server.state.settings.model).toBe('ollama:llama3.1');
    await expect(page.isChecked('li[data-spec="offline"] input[type="radio"]')).resolves.toBe(false);
    page.once('dialog', (d) => void d.accept());
    await page.click('li[data-spec="offline"] input[type="radio"]');
    await page.waitForSelector('.settings-message:has-text("saved")');
    expect(ui.server.state.settings.model).toBe('offline');
    await ui.b.shot('failed-4-settings-1280');
  }, 60_000);

  it('keyboard: the answer dialog has the focus and Enter sends the answer', async () => {
    const { page } = ui.b;
    // the default is the offline planner now (the test above): a new chat uses it
    await page.goto(`${ui.server.url}/#/chat`);
    await page.waitForSelector('.message-input');
    await page.keyboard.type('Design a lightweight beam');
    await page.keyboard.press('Enter');
    await page.waitForSelector('dialog.interrupt-dialog[data-kind="clarification"]', { timeout: 90_000 });
    await page.waitForFunction(() => document.activeElement?.classList.contains('answer-input'));
    await page.keyboard.type('volfrac 0.3, rmin 1.5, forcedist 1 on a 30x15 grid with max_iter 5');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.tool-card[data-tool="optimize_design"][data-state="ok"]', { timeout: 90_000 });
    await expect(page.locator('dialog.interrupt-dialog').count()).resolves.toBe(0);
  }, 180_000);
});
