/**
 * The opt-in response cache (benchmarks.md §5.3) for the agentic suites: a chat model that answers
 * from the cache when the same model saw the same messages with the same tools and settings, and
 * otherwise asks the real model and stores its reply. It sits where the model sits, so the agent
 * graph is unchanged; a cached reply keeps its text, tool calls and token usage.
 */
import { BaseChatModel, type BindToolsInput } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { Runnable } from '@langchain/core/runnables';
import { ResponseCache } from './responseCache.ts';

interface Stored {
  content: AIMessage['content'];
  tool_calls: { name: string; args: Record<string, unknown> }[];
  usage?: AIMessage['usage_metadata'];
}

interface Fields {
  inner: BaseChatModel;
  cache: ResponseCache;
  spec: string;
  settings: Record<string, unknown>;
  tools?: unknown[];
  bound?: Runnable<BaseMessage[], BaseMessage>;
}

const toolKey = (t: BindToolsInput) => {
  const x = t as { name?: string; description?: string; function?: { name?: string; description?: string } };
  return { name: x.name ?? x.function?.name, description: x.description ?? x.function?.description };
};

/** A message as the cache key sees it: no ids (providers and the graph make them up). */
const keyOf = (m: BaseMessage) => ({
  type: m.getType(),
  content: m.content,
  calls: ((m as AIMessage).tool_calls ?? []).map((c) => ({ name: c.name, args: c.args })),
});

export class CachingChatModel extends BaseChatModel {
  readonly fields: Fields;
  hits = 0;

  constructor(fields: Fields) {
    super({});
    this.fields = fields;
  }

  _llmType(): string {
    // the base constructor asks before the fields are set
    return this.fields?.inner._llmType() ?? 'cached';
  }

  override bindTools(tools: BindToolsInput[], kwargs?: Record<string, unknown>): CachingChatModel {
    const bound = this.fields.inner.bindTools!(tools, kwargs as never) as unknown as Runnable<BaseMessage[], BaseMessage>;
    return new CachingChatModel({ ...this.fields, tools: tools.map(toolKey), bound });
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const { cache, spec, settings, tools } = this.fields;
    const key = ResponseCache.key({ spec, settings, tools: tools ?? [], messages: messages.map(keyOf) });
    let stored = cache.get<Stored>(key);
    if (stored) this.hits++;
    else {
      const out = (await (this.fields.bound ?? this.fields.inner).invoke(messages)) as AIMessage;
      stored = { content: out.content, tool_calls: (out.tool_calls ?? []).map((c) => ({ name: c.name, args: c.args as Record<string, unknown> })), usage: out.usage_metadata };
      cache.set(key, stored);
    }
    const message = new AIMessage({
      content: stored.content,
      tool_calls: stored.tool_calls.map((c, i) => ({ id: `call_cached_${messages.length}_${i}`, name: c.name, args: c.args, type: 'tool_call' as const })),
      ...(stored.usage ? { usage_metadata: stored.usage } : {}),
    });
    return { generations: [{ text: typeof stored.content === 'string' ? stored.content : '', message }] };
  }
}
