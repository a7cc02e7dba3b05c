/**
 * The web search specialist against a loopback Tavily of ours (its JSON, its 401/429/432): no key
 * makes the specialist unavailable with that reason; offline `engiai chat` routes "search the web
 * for …" to it and answers with titles, URLs and snippets; a 429 is retried under the models'
 * policy; a rejected key and a spent plan give clear messages that never contain the key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSpecialists } from '../../../agents/index.ts';
import { runChat, type ChatIO } from '../../../cli/commands/chat.ts';
import { loadConfig } from '../../../config/load.ts';
import { TavilyClient } from '../../../tools/websearch/index.ts';
import { startFakeTavily, type FakeTavily } from '../../fakes/tavily.ts';

let fake: FakeTavily;
let home: string;
const io = (): ChatIO & { out: string } => {
  const self = { out: '', write: (t: string) => void (self.out += t), ask: async () => '' };
  return self;
};

beforeAll(async () => {
  fake = await startFakeTavily({
    'mk4': [
      { title: 'Original Prusa MK4 specifications', url: 'https://www.prusa3d.com/mk4/', content: 'The MK4 prints at up to 200 mm/s with input shaping. Build volume 250 x 210 x 220 mm.' },
      { title: 'MK4 review', url: 'https://example.org/mk4-review', content: 'A fast and reliable printer.' },
    ],
  });
  home = mkdtempSync(join(tmpdir(), 'engiai-web-search-'));
});
afterAll(async () => {
  await fake?.close();
  rmSync(home, { recursive: true, force: true });
});

const config = (env: Record<string, string> = {}) =>
  loadConfig({ env: { ENGIAI_HOME: home, TAVILY_BASE_URL: fake.url, TAVILY_API_KEY: fake.key, ...env }, cwd: home, flags: { model: { retryBaseDelayMs: 5, retryMaxDelayMs: 50 } } });

describe('web search', () => {
  it('is unavailable, with the reason, when no key is configured', async () => {
    const specialists = await buildSpecialists({ config: loadConfig({ env: { ENGIAI_HOME: home }, cwd: home }) });
    const ws = specialists.find((s) => s.name === 'websearch')!;
    expect(ws.availability).toEqual({ available: false, reason: 'no web search configured: set TAVILY_API_KEY' });
    expect(ws.tools).toEqual([]);
  });

  it('sends the key and query in Tavily\'s format and reads its results', async () => {
    const r = await TavilyClient.fromConfig(config()).search('prusa mk4 speed', { maxResults: 3 });
    expect(fake.requests.at(-1)).toMatchObject({ path: '/search', headers: { authorization: `Bearer ${fake.key}` }, body: { query: 'prusa mk4 speed', max_results: 3, include_answer: true, search_depth: 'basic', topic: 'general' } });
    expect(r.answer).toMatch(/Original Prusa MK4 specifications: The MK4 prints at up to 200 mm\/s/);
    expect(r.results.map((x) => [x.title, x.url, x.score])).toEqual([
      ['Original Prusa MK4 specifications', 'https://www.prusa3d.com/mk4/', 0.9],
      ['MK4 review', 'https://example.org/mk4-review', 0.8],
    ]);
  });

  it('retries a 429 under the models\' policy; a rejected key and a spent plan are clear and secret-free', async () => {
    const before = fake.requests.length;
    fake.failNext(2, 429);
    const ok = await TavilyClient.fromConfig(config()).search('mk4', { maxResults: 1 });
    expect(ok.results).toHaveLength(1);
    expect(fake.requests.length - before).toBe(3);
    const bad = TavilyClient.fromConfig(config({ TAVILY_API_KEY: 'tvly-WRONG-key-987654321' }));
    const err = await bad.search('mk4', { maxResults: 1 }).catch((e: Error) => e);
    expect(err).toMatchObject({ name: 'ConfigError', message: expect.stringMatching(/the API key was rejected \(HTTP 401\): .*Unauthorized/), hint: expect.stringMatching(/TAVILY_API_KEY/) });
    expect(`${(err as Error).message} ${(err as { hint?: string }).hint}`).not.toContain('WRONG-key');
    fake.failNext(1, 432);
    await expect(TavilyClient.fromConfig(config()).search('mk4', { maxResults: 1 })).rejects.toThrow(/usage limit is reached/);
  });

  it('engiai chat offline: "search the web for …" goes to web search and answers with titles and URLs; nothing found is said plainly', async () => {
    Object.assign(process.env, { TAVILY_BASE_URL: fake.url, TAVILY_API_KEY: fake.key });
    try {
      const r = await runChat({ message: 'Search the web for the Prusa MK4 maximum print speed', model: 'offline', home, interactive: false, json: true }, io());
      expect(r.status).toBe('done');
      expect(r.trace.events.filter((e) => e.type === 'handoff').map((e) => (e as { to: string }).to)).toEqual(['websearch']);
      expect(r.trace.events.find((e) => e.type === 'tool_call')).toMatchObject({ name: 'web_search', args: { query: 'the Prusa MK4 maximum print speed' } });
      expect(r.answer).toMatch(/Web results for "the Prusa MK4 maximum print speed":\nIn short: Original Prusa MK4 specifications/);
      expect(r.answer).toMatch(/1\. Original Prusa MK4 specifications — https:\/\/www\.prusa3d\.com\/mk4\//);
      const none = await runChat({ message: 'search the web for zzyzx flux capacitor', model: 'offline', home, interactive: false }, io());
      expect(none.answer).toMatch(/Nothing found on the web for "zzyzx flux capacitor"/);
    } finally {
      delete process.env.TAVILY_BASE_URL;
      delete process.env.TAVILY_API_KEY;
    }
  });
});
