import { describe, expect, it } from 'vitest';
import { backoffMs } from '../../../agents/models/callPolicy.ts';
import { inspectError, isRetryable, parseRetryAfter, ProviderHttpError, redact, retryAfterFromHeaders, toEngiError } from '../../../agents/models/providerError.ts';
import { ConfigError, InfraError } from '../../../tools/errors.ts';

describe('Retry-After', () => {
  it('reads seconds, HTTP dates and retry-after-ms', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter('0.5')).toBe(500);
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    expect(parseRetryAfter(inTenSeconds)).toBeGreaterThan(8000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(retryAfterFromHeaders(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(retryAfterFromHeaders({ 'retry-after': '2' })).toBe(2000);
  });

  it('finds status and Retry-After in the three libraries’ error shapes', () => {
    const openai = Object.assign(new Error('429 Rate limit'), { status: 429, headers: new Headers({ 'retry-after': '1' }) });
    expect(inspectError(openai)).toMatchObject({ status: 429, retryAfterMs: 1000, network: false });
    const gemini = Object.assign(new Error('[429 Too Many Requests]'), { status: 429, errorDetails: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '37s' }] });
    expect(inspectError(gemini)).toMatchObject({ status: 429, retryAfterMs: 37_000 });
    expect(inspectError(new ProviderHttpError(503, 'busy', 1500))).toMatchObject({ status: 503, retryAfterMs: 1500 });
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    expect(inspectError(refused)).toMatchObject({ network: true, status: undefined });
  });

  it('retries 408/409/429/5xx and network errors only', () => {
    for (const status of [408, 409, 429, 500, 502, 503]) expect(isRetryable({ status, network: false, message: '' })).toBe(true);
    for (const status of [400, 401, 403, 404, 422]) expect(isRetryable({ status, network: false, message: '' })).toBe(false);
    expect(isRetryable({ network: true, message: '' })).toBe(true);
  });
});

describe('backoffMs', () => {
  const policy = { retryBaseDelayMs: 100, retryMaxDelayMs: 1000 };
  it('doubles from the base delay up to the cap', () => {
    expect([0, 1, 2, 3, 4].map((k) => backoffMs(policy, k))).toEqual([100, 200, 400, 800, 1000]);
  });
  it('obeys Retry-After, but will not wait longer than the cap', () => {
    expect(backoffMs(policy, 0, 700)).toBe(700);
    expect(backoffMs(policy, 3, 0)).toBe(0);
    expect(backoffMs(policy, 0, 5000)).toBeUndefined();
  });
});

describe('toEngiError and redact', () => {
  const ctx = { provider: 'openai', model: 'gpt-4o-mini', endpoint: 'http://127.0.0.1:1/v1', keyEnv: 'OPENAI_API_KEY', secrets: ['sk-live-abcdefgh12345678'] };
  it('turns auth failures into ConfigError without the key or the cause', () => {
    const raw = Object.assign(new Error('401 Incorrect API key provided: sk-live-abcdefgh12345678'), { status: 401 });
    const err = toEngiError(raw, inspectError(raw), ctx);
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).not.toContain('abcdefgh12345678');
    expect(err.cause).toBeUndefined();
  });
  it('keeps the cause when it holds no secret, and marks 5xx retryable', () => {
    const raw = Object.assign(new Error('boom'), { status: 502 });
    const err = toEngiError(raw, inspectError(raw), ctx) as InfraError;
    expect(err).toBeInstanceOf(InfraError);
    expect(err.retryable).toBe(true);
    expect(err.cause).toBe(raw);
  });
  it('masks look-alike keys it was not told about', () => {
    expect(redact('key sk-proj-AAAABBBBCCCC and AIzaSyA1234567890123456789012345', [])).toBe('key sk-*** and AIza***');
  });
});
