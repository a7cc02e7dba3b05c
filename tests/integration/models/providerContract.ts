/**
 * The behaviour every model backend must show, run against each provider's loopback fake with
 * our real client code (resolve.ts → LangChain client → HTTP → fake). Used by
 * openai.int.test.ts, gemini.int.test.ts and ollama.int.test.ts.
 */
import { AIMessage, HumanMessage, ToolMessage, type AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resolveModel, answerInvalidToolCalls, UsageLedger } from '../../../agents/models/index.ts';
import { PolicyChatModel } from '../../../agents/models/callPolicy.ts';
import { loadConfig } from '../../../config/load.ts';
import type { ModelSettings } from '../../../config/schema.ts';
import { InfraError, TimeoutError } from '../../../tools/errors.ts';
import type { FakeServer, RecordedRequest, ScriptStep } from '../../fakes/index.ts';

export interface ProviderCase {
  name: string;
  spec: string;
  start: (script: ScriptStep[]) => Promise<FakeServer & { env: Record<string, string> }>;
  /** USD per 1M tokens the price table should apply (0 for local). */
  price: { input: number; output: number };
  /** Read what our client sent. */
  sent: {
    model: (r: RecordedRequest) => string;
    temperature: (r: RecordedRequest) => number | undefined;
    seed: (r: RecordedRequest) => number | undefined;
    toolNames: (r: RecordedRequest) => string[];
    /** All text of the request's tool-result messages. */
    toolResults: (r: RecordedRequest) => string[];
  };
}

export const addOne = tool(async ({ a }: { a: number }) => String(a + 1), {
  name: 'add_one',
  description: 'Adds one to a number',
  schema: z.object({ a: z.number().describe('the number') }),
});

export function providerContract(c: ProviderCase): void {
  let fake: (FakeServer & { env: Record<string, string> }) | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  async function setup(script: ScriptStep[], model: Partial<ModelSettings> = {}) {
    fake = await c.start(script);
    const cwd = mkdtempSync(join(tmpdir(), 'engiai-models-'));
    const config = loadConfig({ env: { ...fake.env, ENGIAI_HOME: cwd }, cwd, flags: { model: { maxRetries: 2, retryBaseDelayMs: 50, timeoutMs: 5000, ...model } } });
    const usage = new UsageLedger();
    const chat = await resolveModel(c.spec, { config, usage });
    return { fake, chat, usage, withTools: chat.bindTools!([addOne]) };
  }

  const streamed = async (runnable: { stream: (input: BaseMessage[] | string) => Promise<AsyncIterable<AIMessageChunk>> }, input: BaseMessage[] | string) => {
    let acc: AIMessageChunk | undefined;
    for await (const chunk of await runnable.stream(input)) acc = acc ? acc.concat(chunk) : chunk;
    return acc!;
  };

  describe(`${c.name}: replies and requests`, () => {
    it('is put under the call policy by a wrapper model: nothing on the provider instance is replaced', async () => {
      const { chat, withTools } = await setup([]);
      expect(chat).toBeInstanceOf(PolicyChatModel);
      const inner = (chat as PolicyChatModel).inner;
      expect(['_generate', '_streamResponseChunks', '_streamChatModelEvents', 'withConfig', 'bindTools'].filter((k) => Object.hasOwn(inner, k))).toEqual([]);
      // tools bind to the wrapper, so tool-bound calls keep the policy
      expect((withTools as unknown as { bound: unknown }).bound).toBe(chat);
    });

    it('returns a plain reply and sends model, temperature 0 and seed 42', async () => {
      const { fake, chat } = await setup([{ text: 'The beam is stiff.' }]);
      const reply = await chat.invoke('Describe the beam.');
      expect(reply.content).toBe('The beam is stiff.');
      const [request] = fake.requests;
      expect(c.sent.model(request)).toBe(c.spec.split(':').slice(1).join(':'));
      expect(c.sent.temperature(request)).toBe(0);
      expect(c.sent.seed(request)).toBe(42);
    });

    it('parses a non-streamed tool call and sends the tool schema', async () => {
      const { fake, withTools } = await setup([{ toolCalls: [{ name: 'add_one', args: { a: 41 } }] }]);
      const reply = (await withTools.invoke('add one to 41')) as AIMessage;
      expect(reply.tool_calls).toHaveLength(1);
      expect(reply.tool_calls?.[0]).toMatchObject({ name: 'add_one', args: { a: 41 } });
      expect(reply.tool_calls?.[0].id).toBeTruthy();
      expect(c.sent.toolNames(fake.requests[0])).toEqual(['add_one']);
    });

    it('assembles a streamed tool call from deltas', async () => {
      const { withTools } = await setup([{ text: 'Let me compute.', toolCalls: [{ name: 'add_one', args: { a: 7 } }] }]);
      const reply = await streamed(withTools as never, 'add one to 7');
      expect(reply.tool_calls?.[0]).toMatchObject({ name: 'add_one', args: { a: 7 } });
      expect(reply.invalid_tool_calls ?? []).toHaveLength(0);
    });

    it('streams text in several chunks', async () => {
      const { chat } = await setup([{ text: 'Compliance dropped from 310 to 212.' }]);
      const chunks: string[] = [];
      for await (const chunk of await chat.stream('report')) if (typeof chunk.content === 'string' && chunk.content) chunks.push(chunk.content);
      expect(chunks.length).toBeGreaterThan(1);
      expect(chunks.join('')).toBe('Compliance dropped from 310 to 212.');
    });

    it('sends tool results back to the model', async () => {
      const { fake, withTools } = await setup([{ toolCalls: [{ name: 'add_one', args: { a: 1 } }] }, { text: 'It is 2.' }]);
      const history: BaseMessage[] = [new HumanMessage('add one to 1')];
      const first = (await withTools.invoke(history)) as AIMessage;
      const call = first.tool_calls![0];
      history.push(first, new ToolMessage({ tool_call_id: call.id!, name: call.name, content: String(await addOne.invoke(call.args as { a: number })) }));
      const second = await withTools.invoke(history);
      expect(second.content).toBe('It is 2.');
      expect(c.sent.toolResults(fake.requests[1])).toEqual(['2']);
    });
  });

  describe(`${c.name}: retries, timeouts, errors`, () => {
    it('waits as Retry-After asks on 429, then succeeds', async () => {
      const { fake, chat, usage } = await setup([{ status: 429, retryAfter: '1', errorMessage: 'Rate limit reached' }, { text: 'ok' }]);
      const reply = await chat.invoke('hi');
      expect(reply.content).toBe('ok');
      expect(fake.requests).toHaveLength(2);
      expect(fake.requests[1].atMs - fake.requests[0].atMs).toBeGreaterThanOrEqual(950);
      expect(usage.retries).toEqual([expect.objectContaining({ retry: 1, status: 429, retryAfterMs: 1000, delayMs: 1000 })]);
    });

    it('backs off exponentially on 500s, then succeeds', async () => {
      const { fake, chat, usage } = await setup([{ status: 500 }, { status: 503 }, { text: 'recovered' }], { retryBaseDelayMs: 100 });
      expect((await chat.invoke('hi')).content).toBe('recovered');
      const gaps = [1, 2].map((i) => fake.requests[i].atMs - fake.requests[i - 1].atMs);
      expect(gaps[0]).toBeGreaterThanOrEqual(95);
      expect(gaps[1]).toBeGreaterThanOrEqual(195);
      expect(usage.retries.map((r) => r.delayMs)).toEqual([100, 200]);
    });

    it('retries a streamed call that failed before its first chunk', async () => {
      const { fake, withTools } = await setup([{ status: 500 }, { toolCalls: [{ name: 'add_one', args: { a: 2 } }] }]);
      const reply = await streamed(withTools as never, 'add one to 2');
      expect(reply.tool_calls?.[0]).toMatchObject({ name: 'add_one', args: { a: 2 } });
      expect(fake.requests).toHaveLength(2);
    });

    it('gives up after maxRetries with a retryable InfraError', async () => {
      const { fake, chat } = await setup([{ status: 500 }, { status: 500 }, { status: 500 }, { text: 'too late' }]);
      const err = await chat.invoke('hi').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InfraError);
      expect((err as InfraError).retryable).toBe(true);
      expect((err as Error).message).toContain('500');
      expect(fake.requests).toHaveLength(3);
    });

    it('throws TimeoutError with timeoutMs when the server stalls, without retrying', async () => {
      const { fake, chat } = await setup([{ delayMs: 3000, text: 'late' }, { text: 'unused' }], { timeoutMs: 300 });
      const t0 = Date.now();
      const err = await chat.invoke('hi').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TimeoutError);
      expect((err as TimeoutError).timeoutMs).toBe(300);
      expect(Date.now() - t0).toBeLessThan(2000);
      expect(fake.requests).toHaveLength(1);
    });

    it('times out a stalled stream too', async () => {
      const { chat } = await setup([{ delayMs: 3000, text: 'late' }], { timeoutMs: 300 });
      const err = await (async () => {
        for await (const _ of await chat.stream('hi')) void _;
      })().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TimeoutError);
    });
  });

  describe(`${c.name}: stream-events protocol (LangGraph v3 streaming)`, () => {
    it('retries and assembles the message', async () => {
      const { fake, chat } = await setup([{ status: 503 }, { text: 'events ok' }]);
      const message = await chat.streamEvents('hi');
      expect(message.text).toBe('events ok');
      expect(fake.requests).toHaveLength(2);
    });

    it('times out', async () => {
      const { chat } = await setup([{ delayMs: 3000, text: 'late' }], { timeoutMs: 300 });
      await expect(Promise.resolve(chat.streamEvents('hi'))).rejects.toBeInstanceOf(TimeoutError);
    });
  });

  describe(`${c.name}: malformed tool arguments`, () => {
    for (const mode of ['invoke', 'stream'] as const) {
      it(`returns invalid_tool_calls (${mode}) that answerInvalidToolCalls() answers`, async () => {
        const { fake, withTools } = await setup([{ toolCalls: [{ name: 'add_one', rawArgs: '{"a": one}' }] }, { text: 'Sorry, retrying.' }]);
        const history: BaseMessage[] = [new HumanMessage('add one to 1')];
        const reply = mode === 'invoke' ? ((await withTools.invoke(history)) as AIMessage) : await streamed(withTools as never, history);
        expect(reply.tool_calls ?? []).toHaveLength(0);
        expect(reply.invalid_tool_calls).toHaveLength(1);
        expect(reply.invalid_tool_calls![0].error).toBeTruthy();
        const [repaired, ...answers] = answerInvalidToolCalls(reply);
        expect(answers).toHaveLength(1);
        expect(repaired.tool_calls).toHaveLength(1);
        history.push(repaired, ...answers);
        expect((await withTools.invoke(history)).content).toBe('Sorry, retrying.');
        expect(JSON.stringify(fake.requests[1].body)).toContain('could not be parsed');
      });
    }
  });

  describe(`${c.name}: accounting`, () => {
    it('records tokens as the server reported them, with cost and latency', async () => {
      const { fake, chat, withTools, usage } = await setup([
        { text: 'one', usage: { inputTokens: 1200, outputTokens: 300 } },
        { toolCalls: [{ name: 'add_one', args: { a: 3 } }], usage: { inputTokens: 2000, outputTokens: 50 } },
        { text: 'three' },
      ]);
      await chat.invoke('first');
      await withTools.invoke('second');
      await streamed(chat as never, 'third');
      const reported = fake.replies.map((r) => r.usage!);
      expect(usage.calls.map((r) => [r.inputTokens, r.outputTokens])).toEqual(reported.map((u) => [u.inputTokens, u.outputTokens]));
      const cost = (u: { inputTokens: number; outputTokens: number }) => (u.inputTokens * c.price.input + u.outputTokens * c.price.output) / 1e6;
      usage.calls.forEach((r, i) => expect(r.costUsd).toBeCloseTo(cost(reported[i]), 12));
      const totals = usage.totals();
      expect(totals.calls).toBe(3);
      expect(totals.inputTokens).toBe(reported.reduce((s, u) => s + u.inputTokens, 0));
      expect(usage.calls.every((r) => r.model === c.spec && r.latencyMs > 0 && r.ok)).toBe(true);
    });
  });
}
