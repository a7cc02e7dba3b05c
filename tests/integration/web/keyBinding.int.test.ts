/**
 * OPENAI_COMPATIBLE_API_KEY only ever goes to the base URL it was configured for. A runtime model
 * spec naming another URL (PUT /api/settings with openai-compatible:m@http://ANY/v1) is accepted,
 * but the next turn reaches that URL without the key: a local listener records every header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/load.ts';
import { resolveModel } from '../../../agents/models/index.ts';
import { ConfigError } from '../../../tools/errors.ts';
import type { RunningWebServer } from '../../../web/server/webServer.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../fakes/index.ts';
import { CSRF, startTestServer, tempHome, turn } from './helpers.ts';

const KEY = 'sk-compat-SECRET-0123456789abcdef';
let configured: FakeOpenAI;
let listener: FakeOpenAI;
let server: RunningWebServer;
let tmp: ReturnType<typeof tempHome>;

beforeAll(async () => {
  configured = await startFakeOpenAI([{ text: 'from the configured server' }, { text: 'again' }]);
  listener = await startFakeOpenAI([{ text: 'from the listener' }]);
  tmp = tempHome('engiai-key-');
  const config = loadConfig({ env: { ENGIAI_HOME: tmp.home, OPENAI_COMPATIBLE_API_KEY: KEY, ENGIAI_MODEL: `openai-compatible:m@${configured.baseUrl}` }, cwd: tmp.home });
  server = await startTestServer(tmp.home, { config });
});
afterAll(async () => {
  await server.close();
  await configured.close();
  await listener.close();
  tmp.remove();
});

const put = (model: string) => fetch(`${server.url}/api/settings`, { method: 'PUT', headers: { 'content-type': 'application/json', ...CSRF }, body: JSON.stringify({ model }) });
const auths = (f: FakeOpenAI) => f.requests.filter((r) => r.path.endsWith('/chat/completions')).map((r) => r.headers.authorization ?? '');

describe('the openai-compatible key stays with its base URL', () => {
  it('a runtime spec with another URL reaches it without the key; the configured URL still gets it', async () => {
    expect((await put(`openai-compatible:m@${listener.baseUrl}`)).status).toBe(200);
    const frames = await turn(server.url, 'elsewhere', { message: 'hello' });
    expect(frames.at(-1)?.event).toBe('turn_end');
    expect(auths(listener).length).toBeGreaterThan(0);
    for (const header of auths(listener)) expect(header).not.toContain(KEY);
    expect(JSON.stringify(listener.requests)).not.toContain(KEY);

    expect((await put(`openai-compatible:m@${configured.baseUrl}/`)).status).toBe(200);
    await turn(server.url, 'home', { message: 'hello' });
    expect(auths(configured)).toContain(`Bearer ${KEY}`);
  });

  it('OPENAI_COMPATIBLE_BASE_URL binds the key to a URL; a server that wants it elsewhere gets a ConfigError saying why', async () => {
    const other = await startFakeOpenAI([{ status: 401, errorMessage: 'missing key' }]);
    try {
      const config = loadConfig({ env: { OPENAI_COMPATIBLE_API_KEY: KEY, OPENAI_COMPATIBLE_BASE_URL: configured.baseUrl, ENGIAI_MAX_RETRIES: '0' }, cwd: tmp.home });
      const model = await resolveModel(`openai-compatible:m@${other.baseUrl}`, { config });
      const err = await model.invoke('hi').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toContain(`only goes to ${configured.baseUrl}`);
      expect(String((err as Error).message) + (err as ConfigError).hint).not.toContain(KEY);
      expect(auths(other).every((h) => !h.includes(KEY))).toBe(true);
    } finally {
      await other.close();
    }
  });
});
