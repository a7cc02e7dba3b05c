/** Our Ollama client (resolve.ts → @langchain/ollama → HTTP) against the loopback Ollama fake. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { resolveModel } from '../../../agents/models/index.ts';
import { loadConfig } from '../../../config/load.ts';
import { ModelBehaviorError } from '../../../tools/errors.ts';
import { addOne, providerContract } from './providerContract.ts';
import { startFakeOllama } from '../../fakes/index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Msg = any;

providerContract({
  name: 'ollama',
  spec: 'ollama:llama3.1:8b',
  start: (script) => startFakeOllama(script),
  price: { input: 0, output: 0 },
  sent: {
    model: (r) => r.body.model,
    temperature: (r) => r.body.options?.temperature,
    seed: (r) => r.body.options?.seed,
    toolNames: (r) => (r.body.tools ?? []).map((t: Msg) => t.function.name),
    toolResults: (r) => r.body.messages.filter((m: Msg) => m.role === 'tool').map((m: Msg) => m.content),
  },
});

it('ollama: a malformed tool call on the stream-events protocol is a ModelBehaviorError', async () => {
  const fake = await startFakeOllama([{ toolCalls: [{ name: 'add_one', rawArgs: '{"a": one}' }] }]);
  try {
    const cwd = mkdtempSync(join(tmpdir(), 'engiai-models-'));
    const model = await resolveModel('ollama:llama3.1', { config: loadConfig({ env: fake.env, cwd }) });
    await expect(Promise.resolve(model.streamEvents('add one to one', { tools: [addOne] } as never))).rejects.toBeInstanceOf(ModelBehaviorError);
    expect(fake.requests).toHaveLength(1);
  } finally {
    await fake.close();
  }
});

it('ollama: sends the configured context window (num_ctx), since the server default truncates agent prompts', async () => {
  const fake = await startFakeOllama([{ text: 'ok' }, { text: 'ok' }]);
  try {
    const cwd = mkdtempSync(join(tmpdir(), 'engiai-models-'));
    await (await resolveModel('ollama:llama3.1', { config: loadConfig({ env: fake.env, cwd }) })).invoke('hi');
    await (await resolveModel('ollama:llama3.1', { config: loadConfig({ env: { ...fake.env, ENGIAI_OLLAMA_NUM_CTX: '32768' }, cwd }) })).invoke('hi');
    expect(fake.requests.map((r) => r.body.options.num_ctx)).toEqual([16_384, 32_768]);
  } finally {
    await fake.close();
  }
});
