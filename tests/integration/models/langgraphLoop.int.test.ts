/**
 * A resolved model inside a LangGraph tool loop, as the supervisor uses it: tokens stream in
 * "messages" mode, tool results go back, a malformed call is answered with
 * answerInvalidToolCalls() and retried by the model, and every model call lands in the ledger.
 */
import { AIMessage, HumanMessage, isAIMessage } from '@langchain/core/messages';
import { END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { ToolNode } from '@langchain/langgraph/prebuilt';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { answerInvalidToolCalls, resolveModel, UsageLedger } from '../../../agents/models/index.ts';
import { loadConfig } from '../../../config/load.ts';
import { startFakeOpenAI } from '../../fakes/index.ts';
import { addOne } from './providerContract.ts';

it('runs a tool loop with streaming, a malformed call, a retry and accounting', async () => {
  const fake = await startFakeOpenAI([
    { toolCalls: [{ name: 'add_one', rawArgs: '{"a": forty-one}', id: 'call_bad' }] },
    { status: 429, retryAfter: '0' },
    { toolCalls: [{ name: 'add_one', args: { a: 41 }, id: 'call_good' }] },
    { text: 'The answer is 42.' },
  ]);
  try {
    const cwd = mkdtempSync(join(tmpdir(), 'engiai-models-'));
    const usage = new UsageLedger();
    const model = (await resolveModel('openai:gpt-4o-mini', { config: loadConfig({ env: fake.env, cwd }), usage })).bindTools!([addOne]);

    const callModel = async (state: typeof MessagesAnnotation.State) => {
      const reply = (await model.invoke(state.messages)) as AIMessage;
      return { messages: reply.invalid_tool_calls?.length ? answerInvalidToolCalls(reply) : [reply] };
    };
    const route = (state: typeof MessagesAnnotation.State) => {
      const last = state.messages.at(-1)!;
      if (!isAIMessage(last)) return 'model';
      return last.tool_calls?.length ? 'tools' : END;
    };
    const graph = new StateGraph(MessagesAnnotation)
      .addNode('model', callModel)
      .addNode('tools', new ToolNode([addOne]))
      .addEdge(START, 'model')
      .addConditionalEdges('model', route, ['model', 'tools', END])
      .addEdge('tools', 'model')
      .compile();

    const tokens: string[] = [];
    let final: AIMessage | undefined;
    for await (const [mode, payload] of await graph.stream({ messages: [new HumanMessage('What is 41 + 1?')] }, { streamMode: ['messages', 'values'] })) {
      if (mode === 'messages') {
        const [chunk] = payload as unknown as [AIMessage];
        if (chunk.type === 'ai' && typeof chunk.content === 'string' && chunk.content) tokens.push(chunk.content);
      } else final = (payload as typeof MessagesAnnotation.State).messages.at(-1) as AIMessage;
    }

    expect(final?.content).toBe('The answer is 42.');
    expect(tokens.join('')).toBe('The answer is 42.');
    expect(fake.requests).toHaveLength(4);
    const secondTry = fake.requests[2].body.messages;
    expect(secondTry.find((m: { role: string }) => m.role === 'tool').content).toContain('could not be parsed');
    const lastRequest = fake.requests[3].body.messages;
    expect(lastRequest.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_good' });
    expect(JSON.stringify(lastRequest.at(-1).content)).toContain('42');
    expect(usage.totals()).toMatchObject({ calls: 3, retries: 1, failedCalls: 0 });
    const reported = fake.replies.filter((r) => r.usage).reduce((s, r) => s + r.usage!.inputTokens, 0);
    expect(usage.totals().inputTokens).toBe(reported);
  } finally {
    await fake.close();
  }
});
