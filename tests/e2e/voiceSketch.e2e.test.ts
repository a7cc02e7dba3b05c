/// <reference lib="dom" />
/**
 * Voice and the sketch pad in Debian Chromium against servers started here (offline model):
 * - the sketch drawn with mouse events (a load, a keep-out box, a support off Beams2D's own), sent
 *   with the message as marks and a PNG; the offline answer's optimize_design uses forcedist from the
 *   load and lists the keep-out region and the support as not applied;
 * - voice with no key: a fake SpeechRecognition injected into the page (init script) hears the
 *   request, the answer goes to speechSynthesis, the chat's toggle is kept with the thread; a browser
 *   without speech recognition is told so and the microphone is off;
 * - voice with an OpenAI key: Chromium's fake microphone records, the server transcribes through a
 *   loopback fake of OpenAI's audio API (multipart checked there), and the answer plays as WAV audio.
 */
import { existsSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.ts';
import type { RunningWebServer } from '../../web/server/webServer.ts';
import { startFakeOpenAIAudio, type FakeOpenAIAudio } from '../fakes/openaiAudio.ts';
import { startTestServer, tempHome } from '../integration/web/helpers.ts';
import { openBrowser, type Browser } from './browser.ts';

const REQUEST = 'Optimize a beams2d beam with volfrac 0.4, forcedist 0.5 and rmin 2 on a 30x15 grid with max_iter 5';

/** A SpeechRecognition that "hears" window.__heard, and a speechSynthesis that records what it is asked to say. */
const FAKE_SPEECH = `
  window.__heard = ${JSON.stringify(REQUEST)};
  window.__spoken = [];
  class FakeRecognition {
    constructor() { this.lang = ''; this.onresult = null; this.onerror = null; this.onend = null; window.__recognition = this; }
    start() { setTimeout(() => { this.onresult && this.onresult({ results: [[{ transcript: window.__heard }]] }); this.onend && this.onend(); }, 100); }
    stop() {}
  }
  window.SpeechRecognition = FakeRecognition;
  window.webkitSpeechRecognition = FakeRecognition;
  window.speechSynthesis.speak = (u) => window.__spoken.push(u.text);
  window.speechSynthesis.cancel = () => {};
`;
const NO_RECOGNITION = 'delete window.SpeechRecognition; delete window.webkitSpeechRecognition; window.SpeechRecognition = undefined; window.webkitSpeechRecognition = undefined;';

let tmp: ReturnType<typeof tempHome>;
let server: RunningWebServer;
let b: Browser | undefined;
const opened: Browser[] = [];

async function browser(opts: Parameters<typeof openBrowser>[0]) {
  b = await openBrowser(opts);
  opened.push(b);
  return b;
}

beforeAll(async () => {
  if (!existsSync('/usr/bin/chromium')) throw new Error('/usr/bin/chromium is missing: apt-get install chromium (see .ci/run)');
  tmp = tempHome('engiai-e2e-voice-');
  server = await startTestServer(tmp.home, { client: true });
}, 300_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && b) {
    await b.shot(`failed-${ctx.task.name.slice(0, 40).replace(/[^a-z0-9]+/gi, '-')}`).catch(() => {});
    console.error(`page errors: ${b.errors.join('\n') || 'none'}; url ${b.page.url()}`);
  }
});
afterAll(async () => {
  for (const x of opened) await x.close().catch(() => {});
  await server?.close();
  tmp?.remove();
});

const threadOf = (url: string) => decodeURIComponent(new URL(url).hash.split('/')[2]);

describe('the sketch pad', () => {
  it('sends the marks drawn with the mouse; the offline answer uses the load as forcedist and lists the rest as not applied', async () => {
    const { page, errors } = await browser({});
    await page.goto(server.url);
    await page.click('button.sketch-toggle');
    const canvas = await page.waitForSelector('canvas.sketch-canvas');
    await page.waitForSelector('select.sketch-problem option[value="beams2d"]', { state: 'attached' });
    // the domain lies inside the canvas's margin (room for marks drawn at its edges); the box is read again
    // after each tool click, since clicking a tool may scroll the page
    const margin = Number(await canvas.getAttribute('data-margin'));
    const domain = async () => {
      const outer = (await canvas.boundingBox())!;
      return { x: outer.x + margin, y: outer.y + margin, width: outer.width - 2 * margin, height: outer.height - 2 * margin };
    };
    let box = await domain();
    expect(box.width / box.height).toBeCloseTo(2, 1); // Beams2D's 100x50 grid
    const px = (fx: number, fy: number) => [box.x + fx * box.width, box.y + fy * box.height] as const;
    // a tool is in use once its button shows pressed (the pad re-renders with it); drawing before that, as a
    // loaded machine allowed, drew with the previous tool
    const pickTool = async (t: string) => {
      await page.click(`button.sketch-tool[data-tool="${t}"]`);
      await page.waitForSelector(`button.sketch-tool[data-tool="${t}"][aria-pressed="true"]`);
      box = await domain();
    };
    // a load: press at 72% of the length on the top edge and drag downwards
    await pickTool('load');
    await page.mouse.move(...px(0.72, 0));
    await page.mouse.down();
    await page.mouse.move(...px(0.72, 0.2), { steps: 4 });
    await page.mouse.up();
    // a keep-out box
    await pickTool('keepout');
    await page.mouse.move(...px(0.2, 0.3));
    await page.mouse.down();
    await page.mouse.move(...px(0.5, 0.6), { steps: 5 });
    await page.mouse.up();
    // a support in the middle of the bottom edge (Beams2D's supports are elsewhere)
    await pickTool('support');
    await page.mouse.click(...px(0.4, 1));
    // the summary follows the marks on the next render: poll it rather than read it once
    await expect.poll(() => page.textContent('.sketch-summary'), { timeout: 10_000 }).toContain('3 marks on beams2d');
    // the drawing has ink where the marks are
    const inked = await page.$eval('canvas.sketch-canvas', (c) => {
      const d = (c as HTMLCanvasElement).getContext('2d')!.getImageData(0, 0, (c as HTMLCanvasElement).width, (c as HTMLCanvasElement).height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] < 600) n++;
      return n;
    });
    expect(inked).toBeGreaterThan(500);
    await b!.shot('sketch-1-drawn');

    const sent = page.waitForRequest((r) => r.url().endsWith('/turn') && r.method() === 'POST');
    await page.fill('.message-input', 'Optimize a beam with volfrac 0.4 and rmin 2 on a 30x15 grid with max_iter 5, loaded where I marked it');
    await page.keyboard.press('Enter');
    const body = JSON.parse((await sent).postData()!) as { sketch: { marks: { problem: string; marks: { kind: string; x?: number }[] }; png: string } };
    expect(body.sketch.marks.problem).toBe('beams2d');
    expect(body.sketch.marks.marks.map((m) => m.kind)).toEqual(['load', 'keepout', 'support']);
    expect(body.sketch.png).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    // the pad's drawing is small: a few KB, far below the 512 KiB a sketch may carry
    expect(body.sketch.png.length).toBeLessThan(40_000);
    // the pad closes with the message; the turn runs
    await page.waitForSelector('canvas.sketch-canvas', { state: 'detached' });
    await page.waitForSelector('.tool-card[data-tool="optimize_design"][data-state="ok"]', { timeout: 90_000 });
    await page.waitForSelector('.working', { state: 'detached', timeout: 90_000 });
    await expect(page.textContent('.tool-card[data-tool="optimize_design"] .tool-args')).resolves.toContain('"forcedist":0.72');
    await expect(page.textContent('.bubble.user .sketch-note')).resolves.toBe("with a sketch on beams2d's domain: 1 load, 1 support, 1 keep-out region; its image was not sent (offline reads no images)");
    const answer = (await page.textContent('.bubble.answer[data-agent="supervisor"]'))!;
    expect(answer).toContain('forcedist = 0.72 from the load marked on the sketch');
    expect(answer).toMatch(/Not applied:.*keep-out region x 0\.2–0\.5, y 0\.3–0\.6/);
    expect(answer).toMatch(/Not applied:.*support at x 0\.4, y 1 \(Beams2D's supports are fixed/);
    await b!.shot('sketch-2-answer');
    expect(errors).toEqual([]);
  }, 180_000);
});

describe('voice with the browser speech APIs (no key)', () => {
  it('hears the request, reads the answer aloud, and keeps the toggle with the thread', async () => {
    const { page, errors } = await browser({ initScript: FAKE_SPEECH });
    await page.goto(server.url);
    await page.waitForSelector('.voice-controls button.mic:not([disabled])');
    await page.check('.voice-toggle input');
    await page.click('.voice-controls button.mic');
    await page.waitForFunction((want) => (document.querySelector('.message-input') as HTMLTextAreaElement).value === want, REQUEST);
    await expect(page.textContent('.voice-status')).resolves.toContain('heard (browser)');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.tool-card[data-tool="optimize_design"][data-state="ok"]', { timeout: 90_000 });
    await page.waitForSelector('.working', { state: 'detached', timeout: 90_000 });
    await page.waitForFunction(() => (window as unknown as { __spoken: string[] }).__spoken.length > 0, undefined, { timeout: 20_000 });
    const spoken = await page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken);
    expect(spoken).toHaveLength(1);
    expect(spoken[0]).toMatch(/^Optimized beams2d with volfrac 0\.4, rmin 2, forcedist 0\.5, overhang_constraint false \(config nelx 30, nely 15, max_iter 5\)/);
    expect(spoken[0]).not.toMatch(/\/artifacts\/|https?:/);
    const id = threadOf(page.url());
    const thread = (await (await fetch(`${server.url}/api/threads/${id}`)).json()) as { thread: { voice: boolean } };
    expect(thread.thread.voice).toBe(true);
    // reopened: the toggle is on; turned off, the thread keeps that
    await page.reload();
    await page.waitForSelector('.voice-toggle input:checked');
    await page.uncheck('.voice-toggle input');
    await expect.poll(async () => ((await (await fetch(`${server.url}/api/threads/${id}`)).json()) as { thread: { voice: boolean } }).thread.voice).toBe(false);
    await b!.shot('voice-browser');
    expect(errors).toEqual([]);
  }, 180_000);

  it('says so plainly when the browser has no speech recognition', async () => {
    const { page } = await browser({ initScript: NO_RECOGNITION });
    await page.goto(server.url);
    await page.waitForSelector('.voice-missing');
    await expect(page.textContent('.voice-missing')).resolves.toContain('this browser has no speech recognition');
    expect(await page.$eval('.voice-controls button.mic', (el) => (el as HTMLButtonElement).disabled)).toBe(true);
  }, 60_000);
});

describe('voice through OpenAI (a key on the server)', () => {
  let fake: FakeOpenAIAudio;
  let keyed: RunningWebServer;
  let home: ReturnType<typeof tempHome>;
  beforeAll(async () => {
    fake = await startFakeOpenAIAudio({ transcript: REQUEST });
    home = tempHome('engiai-e2e-voice-key-');
    const config = loadConfig({ env: { ENGIAI_HOME: home.home, ...fake.env }, cwd: home.home });
    keyed = await startTestServer(home.home, { config, client: true });
  }, 300_000);
  afterAll(async () => {
    await keyed?.close();
    await fake?.close();
    home?.remove();
  });

  it('records from the microphone, transcribes on the server, and plays the spoken answer', async () => {
    const { page, errors } = await browser({ args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'] });
    await page.goto(keyed.url);
    await page.waitForSelector('.voice-controls button.mic:not([disabled])');
    await page.check('.voice-toggle input');
    await page.click('.voice-controls button.mic');
    await page.waitForSelector('.voice-controls button.mic.listening');
    await page.waitForTimeout(1200);
    await page.click('.voice-controls button.mic');
    await page.waitForFunction((want) => (document.querySelector('.message-input') as HTMLTextAreaElement).value === want, REQUEST, { timeout: 20_000 });
    expect(fake.transcriptions).toHaveLength(1);
    expect(fake.transcriptions[0]).toMatchObject({ model: 'gpt-4o-mini-transcribe', fileType: 'audio/webm', fileName: 'speech.webm', responseFormat: 'json' });
    expect(fake.transcriptions[0].bytes).toBeGreaterThan(200);
    await page.keyboard.press('Enter');
    await page.waitForSelector('.working', { state: 'detached', timeout: 90_000 });
    const audio = await page.waitForSelector('audio.answer-audio', { timeout: 20_000 });
    const duration = await audio.evaluate((a) => new Promise<number>((resolve) => ((a as HTMLAudioElement).readyState >= 1 ? resolve((a as HTMLAudioElement).duration) : a.addEventListener('loadedmetadata', () => resolve((a as HTMLAudioElement).duration)))));
    expect(duration).toBeGreaterThan(0.2);
    expect(fake.speeches).toHaveLength(1);
    expect(fake.speeches[0]).toMatchObject({ model: 'gpt-4o-mini-tts', voice: 'alloy', responseFormat: 'wav' });
    expect(fake.speeches[0].input).toMatch(/^Optimized beams2d/);
    await expect(page.textContent('.voice-status')).resolves.toContain('spoken by gpt-4o-mini-tts');
    await b!.shot('voice-openai');
    expect(errors).toEqual([]);
  }, 180_000);
});
