/**
 * Voice over real HTTP: the server's transcription and speech endpoints proxy to a loopback fake
 * of OpenAI's audio API that checks the real wire formats (multipart fields, the Authorization
 * header, the speech JSON) and answers real-shaped replies (`{text}`, a WAV file). Bounded uploads,
 * clear errors, no key / audio / transcript in the server log, and the per-thread voice toggle in
 * web.sqlite (kept across a restart; an older web.sqlite gets the column).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/load.ts';
import { ThreadIndex, webDbPath } from '../../../web/server/threadIndex.ts';
import type { RunningWebServer } from '../../../web/server/webServer.ts';
import { startFakeOpenAIAudio, wavTone, type FakeOpenAIAudio } from '../../fakes/openaiAudio.ts';
import { CSRF, startTestServer, tempHome, turn } from './helpers.ts';

const KEY = 'sk-voice-SECRET-0123456789abcdef';
const SAID = 'Optimize a beams2d beam with volfrac 0.4 and rmin 2';
let fake: FakeOpenAIAudio;
let s: RunningWebServer;
let t: ReturnType<typeof tempHome>;
const log: string[] = [];

async function serverWith(env: Record<string, string>, flags: Record<string, unknown> = {}, home = tempHome('engiai-voice-x-')) {
  const config = loadConfig({ env: { ENGIAI_HOME: home.home, ...env }, cwd: home.home, flags: flags as never });
  return { server: await startTestServer(home.home, { config, log: (l) => log.push(l) }), home };
}

beforeAll(async () => {
  fake = await startFakeOpenAIAudio({ apiKey: KEY, transcript: SAID });
  t = tempHome('engiai-voice-');
  const config = loadConfig({ env: { ENGIAI_HOME: t.home, ...fake.env }, cwd: t.home, flags: { voice: { maxUploadBytes: 64 * 1024 } } as never });
  s = await startTestServer(t.home, { config, log: (l) => log.push(l) });
}, 60_000);
afterAll(async () => {
  await s?.close();
  await fake?.close();
  t?.remove();
});

const post = (path: string, body: BodyInit, type: string) => fetch(`${s.url}${path}`, { method: 'POST', headers: { 'content-type': type, ...CSRF }, body });

describe('voice through OpenAI (a key is set)', () => {
  it('says the server speaks through OpenAI, with its models', async () => {
    expect(await (await fetch(`${s.url}/api/voice`)).json()).toEqual({ mode: 'openai', transcribeModel: 'gpt-4o-mini-transcribe', speechModel: 'gpt-4o-mini-tts', voice: 'alloy', maxUploadBytes: 65536, maxSpeechChars: 4096 });
  });

  it('transcribes a recording: multipart file + model + response_format to /v1/audio/transcriptions with the key', async () => {
    const wav = wavTone(0.5);
    const res = await post('/api/voice/transcribe', new Uint8Array(wav), 'audio/wav');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ text: SAID });
    expect(fake.transcriptions.at(-1)).toEqual({ model: 'gpt-4o-mini-transcribe', fileName: 'speech.wav', fileType: 'audio/wav', bytes: wav.length, responseFormat: 'json', fields: ['file', 'model', 'response_format'] });
    expect(fake.raw.at(-1)?.authorization).toBe(`Bearer ${KEY}`);
    // webm from MediaRecorder, with its codec parameter
    expect((await post('/api/voice/transcribe', new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]), 'audio/webm;codecs=opus')).status).toBe(200);
    expect(fake.transcriptions.at(-1)).toMatchObject({ fileName: 'speech.webm', fileType: 'audio/webm' });
  });

  it('speaks a text: JSON to /v1/audio/speech, the WAV bytes back', async () => {
    const res = await post('/api/voice/speech', JSON.stringify({ text: 'The beam is done.' }), 'application/json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^audio\/wav/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const wav = Buffer.from(await res.arrayBuffer());
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.subarray(8, 12).toString()).toBe('WAVE');
    expect(fake.speeches.at(-1)).toEqual({ model: 'gpt-4o-mini-tts', input: 'The beam is done.', voice: 'alloy', responseFormat: 'wav' });
    expect(fake.raw.at(-1)?.authorization).toBe(`Bearer ${KEY}`);
  });

  it('refuses what it cannot pass on, before OpenAI is called', async () => {
    const before = fake.raw.length;
    const tooBig = await post('/api/voice/transcribe', new Uint8Array(65 * 1024), 'audio/wav');
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({ error: 'the recording is larger than 64 KiB (voice.maxUploadBytes): speak a shorter request' });
    const wrongType = await post('/api/voice/transcribe', 'hello', 'text/plain');
    expect(wrongType.status).toBe(415);
    expect(((await wrongType.json()) as { error: string }).error).toContain('audio/webm');
    expect((await post('/api/voice/transcribe', new Uint8Array(0), 'audio/wav')).status).toBe(400);
    expect((await post('/api/voice/speech', JSON.stringify({ text: 'x'.repeat(4097) }), 'application/json')).status).toBe(413);
    expect((await post('/api/voice/speech', JSON.stringify({ text: '  ' }), 'application/json')).status).toBe(400);
    expect((await post('/api/voice/speech', JSON.stringify({ words: 'hi' }), 'application/json')).status).toBe(400);
    // no CSRF header: refused like every state-changing request
    expect((await fetch(`${s.url}/api/voice/speech`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"hi"}' })).status).toBe(403);
    expect(fake.raw.length).toBe(before);
  });

  it("says OpenAI's refusal (a wrong key) as a 502, without the key", async () => {
    const { server, home } = await serverWith({ OPENAI_API_KEY: 'sk-wrong-KEY-abcdef0123456789', OPENAI_BASE_URL: fake.baseUrl });
    try {
      const res = await fetch(`${server.url}/api/voice/speech`, { method: 'POST', headers: { 'content-type': 'application/json', ...CSRF }, body: JSON.stringify({ text: 'hi' }) });
      expect(res.status).toBe(502);
      const body = await res.text();
      expect(body).toContain('OpenAI speech answered 401: Incorrect API key provided.');
      expect(body).not.toContain('sk-wrong-KEY');
    } finally {
      await server.close();
      home.remove();
    }
  });

  it('logs neither the key nor the audio nor the words', () => {
    const all = log.join('\n');
    expect(all).not.toContain(KEY);
    expect(all).not.toContain(SAID);
    expect(all).not.toContain('The beam is done');
    expect(all).not.toContain('RIFF');
  });
});

describe('voice without a key', () => {
  it('leaves speech to the browser, and the server endpoints say why', async () => {
    const { server, home } = await serverWith({ OPENAI_API_KEY: '' });
    try {
      expect(await (await fetch(`${server.url}/api/voice`)).json()).toMatchObject({ mode: 'browser', reason: 'no OpenAI key is set (OPENAI_API_KEY)' });
      const res = await fetch(`${server.url}/api/voice/transcribe`, { method: 'POST', headers: { 'content-type': 'audio/wav', ...CSRF }, body: new Uint8Array(wavTone(0.1)) });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: string }).error).toContain("the page uses the browser's speech APIs");
    } finally {
      await server.close();
      home.remove();
    }
  });

  it('voice.provider openai with no key: mode none, with the reason', async () => {
    const { server, home } = await serverWith({ OPENAI_API_KEY: '' }, { voice: { provider: 'openai' } });
    try {
      expect(await (await fetch(`${server.url}/api/voice`)).json()).toMatchObject({ mode: 'none', reason: 'voice.provider is openai, but OPENAI_API_KEY is not set' });
    } finally {
      await server.close();
      home.remove();
    }
  });
});

describe('the per-thread voice toggle', () => {
  it('is stored with the thread and kept across a restart', async () => {
    await turn(s.url, 'spoken', { message: 'hello' });
    const patch = (body: unknown) => fetch(`${s.url}/api/threads/spoken`, { method: 'PATCH', headers: { 'content-type': 'application/json', ...CSRF }, body: JSON.stringify(body) });
    expect(((await (await fetch(`${s.url}/api/threads/spoken`)).json()) as { thread: { voice: boolean } }).thread.voice).toBe(false);
    const on = await patch({ voice: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ id: 'spoken', voice: true });
    expect((await patch({ voice: 'yes' })).status).toBe(400);
    expect((await patch({})).status).toBe(400);
    expect((await fetch(`${s.url}/api/threads/nothing-here`, { method: 'PATCH', headers: { 'content-type': 'application/json', ...CSRF }, body: '{"voice":true}' })).status).toBe(404);
    const listed = ((await (await fetch(`${s.url}/api/threads`)).json()) as { threads: { id: string; voice: boolean }[] }).threads;
    expect(listed.find((x) => x.id === 'spoken')?.voice).toBe(true);
    // renaming leaves it on
    expect(await (await patch({ title: 'Spoken chat' })).json()).toMatchObject({ title: 'Spoken chat', voice: true });
    const again = new ThreadIndex(webDbPath(t.home));
    try {
      expect(again.get('spoken')?.voice).toBe(true);
    } finally {
      again.close();
    }
  });

  it('an older web.sqlite (no voice column) opens with voice off', () => {
    const home = tempHome('engiai-voice-old-');
    try {
      const db = new Database(join(home.home, 'web.sqlite'));
      db.exec("CREATE TABLE threads (id TEXT PRIMARY KEY, title TEXT NOT NULL, model TEXT NOT NULL, created TEXT NOT NULL, updated TEXT NOT NULL); INSERT INTO threads VALUES ('old', 'Old', 'offline', 'x', 'x');");
      db.close();
      const index = new ThreadIndex(webDbPath(home.home));
      expect(index.get('old')).toEqual({ id: 'old', title: 'Old', model: 'offline', created: 'x', updated: 'x', voice: false });
      expect(index.setVoice('old', true)?.voice).toBe(true);
      index.close();
    } finally {
      home.remove();
    }
  });
});
