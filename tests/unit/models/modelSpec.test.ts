import { describe, expect, it } from 'vitest';
import { parseModelSpec } from '../../../agents/models/modelSpec.ts';
import { ConfigError } from '../../../tools/errors.ts';

describe('parseModelSpec', () => {
  it.each([
    ['offline', { provider: 'offline', model: 'offline' }],
    ['openai:gpt-4o-mini', { provider: 'openai', model: 'gpt-4o-mini' }],
    ['google:gemini-2.5-flash', { provider: 'google', model: 'gemini-2.5-flash' }],
    ['ollama:llama3.1:8b', { provider: 'ollama', model: 'llama3.1:8b' }],
    [' openai:gpt-4.1 ', { provider: 'openai', model: 'gpt-4.1' }],
  ])('%s', (text, expected) => {
    expect(parseModelSpec(text)).toMatchObject(expected);
  });

  it('splits openai-compatible at the last @ before the URL and drops a trailing slash', () => {
    expect(parseModelSpec('openai-compatible:org/model@v2@http://127.0.0.1:8000/v1/')).toEqual({
      provider: 'openai-compatible',
      model: 'org/model@v2',
      baseUrl: 'http://127.0.0.1:8000/v1',
      text: 'openai-compatible:org/model@v2@http://127.0.0.1:8000/v1/',
    });
  });

  it.each(['', 'gpt-4o', 'anthropic:claude', 'openai:', 'ollama:  ', 'openai-compatible:model', 'openai-compatible:model@ftp://x'])('rejects "%s" with a ConfigError and examples', (text) => {
    let err: unknown;
    try {
      parseModelSpec(text);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).hint).toBeTruthy();
  });
});
