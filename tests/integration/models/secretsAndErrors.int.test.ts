/**
 * Keys never leak, missing keys and unreachable servers give fix-it errors, and the less common
 * specs (openai-compatible, offline) resolve. Real clients against the loopback fakes.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { resolveModel, UsageLedger, usageOf } from '../../../agents/models/index.ts';
import { loadConfig, type Env } from '../../../config/load.ts';
import { ConfigError, InfraError } from '../../../tools/errors.ts';
import { startFakeGemini, startFakeOpenAI, type FakeServer } from '../../fakes/index.ts';

const OPENAI_KEY = 'sk-proj-TESTSECRET0123456789abcdefXYZ';
const GEMINI_KEY = 'AIzaSyTESTSECRET_0123456789abcdefghij';

let fake: (FakeServer & { env: Env }) | undefined;
let captured: string[] = [];
const restore: Array<() => void> = [];

/** Capture everything written to the console and to stdout/stderr while a test runs. */
beforeEach(() => {
  captured = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[level];
    console[level] = (...args: unknown[]) => void captured.push(args.map(String).join(' '));
    restore.push(() => (console[level] = original));
  }
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write.bind(stream);
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      captured.push(String(chunk));
      return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
    restore.push(() => (stream.write = original));
  }
});

afterEach(async () => {
  while (restore.length) restore.pop()!();
  await fake?.close();
  fake = undefined;
});

function config(env: Env) {
  const cwd = mkdtempSync(join(tmpdir(), 'engiai-models-'));
  return loadConfig({ env: { ...env, ENGIAI_HOME: cwd }, cwd, flags: { model: { maxRetries: 1, retryBaseDelayMs: 10, timeoutMs: 3000 } } });
}

/** Every string an error could be shown or logged as. */
function everyRendering(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  while (e) {
    const rec = e as Error & { hint?: string };
    parts.push(String(rec), rec.message, rec.stack ?? '', rec.hint ?? '', JSON.stringify(rec));
    e = rec.cause;
  }
  return parts.join('\n');
}

describe('API keys stay secret', () => {
  it('OpenAI: a 401 that echoes the key becomes a ConfigError without the key', async () => {
    fake = await startFakeOpenAI([{ status: 401, errorMessage: `Incorrect API key provided: ${OPENAI_KEY}. You can find your API key at https://platform.openai.com/account/api-keys.` }], OPENAI_KEY);
    const model = await resolveModel('openai:gpt-4o-mini', { config: config(fake.env) });
    const err = await model.invoke('hi').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).hint).toContain('OPENAI_API_KEY');
    expect(fake.requests[0].headers.authorization).toBe(`Bearer ${OPENAI_KEY}`); // the key was really used
    expect(everyRendering(err)).not.toContain(OPENAI_KEY);
    expect(everyRendering(err)).not.toContain('0123456789abcdef');
    expect(captured.join('\n')).not.toContain(OPENAI_KEY);
    expect(JSON.stringify(model)).not.toContain(OPENAI_KEY);
  });

  it('OpenAI: a 500 that echoes the key is retried, then reported without it', async () => {
    fake = await startFakeOpenAI([{ status: 500, errorMessage: `upstream saw ${OPENAI_KEY}` }, { status: 500, errorMessage: `upstream saw ${OPENAI_KEY}` }], OPENAI_KEY);
    const model = await resolveModel('openai:gpt-4o-mini', { config: config(fake.env) });
    const err = await model.invoke('hi').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InfraError);
    expect(fake.requests).toHaveLength(2);
    expect(everyRendering(err)).not.toContain(OPENAI_KEY);
    expect(captured.join('\n')).not.toContain(OPENAI_KEY);
  });

  it('Gemini: an invalid-key 400 becomes a ConfigError without the key', async () => {
    fake = await startFakeGemini([{ status: 400, errorMessage: `API key not valid. Please pass a valid API key. (${GEMINI_KEY})` }], GEMINI_KEY);
    const model = await resolveModel('google:gemini-2.5-flash', { config: config(fake.env) });
    const err = await model.invoke('hi').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect(fake.requests[0].headers['x-goog-api-key']).toBe(GEMINI_KEY);
    expect(everyRendering(err)).not.toContain(GEMINI_KEY);
    expect(captured.join('\n')).not.toContain(GEMINI_KEY);
    expect(JSON.stringify(model)).not.toContain(GEMINI_KEY);
  });
});

describe('fix-it errors', () => {
  it.each([
    ['openai:gpt-4o-mini', 'OPENAI_API_KEY'],
    ['google:gemini-2.5-flash', 'GOOGLE_API_KEY'],
  ])('%s without a key → ConfigError naming %s', async (spec, envName) => {
    const err = await resolveModel(spec, { config: config({}) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).message).toContain(envName);
    expect((err as ConfigError).hint).toContain(envName);
  });

  it('an unreachable Ollama → retryable InfraError that says how to start it', async () => {
    fake = await startFakeOpenAI([]);
    const closedUrl = fake.url;
    await fake.close();
    fake = undefined;
    const model = await resolveModel('ollama:llama3.1', { config: config({ OLLAMA_HOST: closedUrl }) });
    const err = await model.invoke('hi').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InfraError);
    expect((err as InfraError).retryable).toBe(true);
    expect((err as InfraError).hint).toContain('ollama serve');
  });

  it('a bad spec → ConfigError with examples', async () => {
    const err = await resolveModel('anthropic:claude', { config: config({}) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).hint).toContain('openai:gpt-4o-mini');
  });
});

describe('other specs', () => {
  it('openai-compatible:MODEL@URL talks to that URL, key optional, cost 0', async () => {
    const server = await startFakeOpenAI([{ text: 'compatible', usage: { inputTokens: 10, outputTokens: 2 } }]);
    fake = server;
    const usage = new UsageLedger();
    const model = await resolveModel(`openai-compatible:qwen2.5-7b@${server.baseUrl}`, { config: config({}), usage });
    expect((await model.invoke('hi')).content).toBe('compatible');
    expect(fake.requests[0].body).toMatchObject({ model: 'qwen2.5-7b', temperature: 0, seed: 42 });
    expect(usage.calls[0]).toMatchObject({ model: `openai-compatible:qwen2.5-7b@${server.baseUrl}`, inputTokens: 10, outputTokens: 2, costUsd: 0 });
  });

  it('reasoning models (o-series, gpt-5) get no temperature, which they reject, but keep the seed', async () => {
    const server = await startFakeOpenAI([{ text: 'thought' }, { text: 'chat' }], OPENAI_KEY);
    fake = server;
    await (await resolveModel('openai:o4-mini', { config: config(server.env) })).invoke('hi');
    await (await resolveModel('openai:gpt-5-chat-latest', { config: config(server.env) })).invoke('hi');
    expect(fake.requests[0].body.temperature).toBeUndefined();
    expect(fake.requests[0].body.seed).toBe(42);
    expect(fake.requests[1].body.temperature).toBe(0);
  });

  it('offline resolves to a chat model with a usage ledger', async () => {
    const model = await resolveModel('offline', { config: config({}) });
    expect(model).toBeInstanceOf(BaseChatModel);
    expect(usageOf(model)).toBeInstanceOf(UsageLedger);
  });

  it('uses config.model.spec when no spec is given (ENGIAI_MODEL)', async () => {
    const server = await startFakeOpenAI([{ text: 'from env' }], OPENAI_KEY);
    fake = server;
    const model = await resolveModel(undefined, { config: config({ ...server.env, ENGIAI_MODEL: 'openai:gpt-4.1-mini' }) });
    expect((await model.invoke('hi')).content).toBe('from env');
    expect(fake.requests[0].body.model).toBe('gpt-4.1-mini');
  });
});
