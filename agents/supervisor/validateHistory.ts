/**
 * History repair before every model call (agent-stack.md §2.2): strict providers reject a history
 * where an assistant tool call has no result, a tool result has no call, or a message is empty.
 * This makes the list valid and says what it changed; it never mutates its input.
 */
import { AIMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { ToolCall } from '@langchain/core/messages/tool';

export interface ValidatedHistory {
  messages: BaseMessage[];
  repairs: string[];
}

const isAI = (m: BaseMessage): m is AIMessage => m.getType() === 'ai';
const isTool = (m: BaseMessage): m is ToolMessage => m.getType() === 'tool';

function isEmptyContent(content: BaseMessage['content']): boolean {
  if (typeof content === 'string') return content.trim() === '';
  return content.length === 0;
}

/** Gives every tool call an id (some providers omit them) so calls and results can be paired. */
export function withToolCallIds(ai: AIMessage, prefix: string): AIMessage {
  const calls = ai.tool_calls ?? [];
  const invalid = ai.invalid_tool_calls ?? [];
  if (calls.every((c) => c.id) && invalid.every((c) => c.id)) return ai;
  let k = 0;
  return copyAI(ai, {
    tool_calls: calls.map((c) => ({ ...c, id: c.id || `${prefix}_${k++}` })),
    invalid_tool_calls: invalid.map((c) => ({ ...c, id: c.id || `${prefix}_${k++}` })),
  });
}

export function copyAI(ai: AIMessage, change: Partial<Pick<AIMessage, 'tool_calls' | 'invalid_tool_calls' | 'content'>>): AIMessage {
  return new AIMessage({
    id: ai.id,
    name: ai.name,
    content: change.content ?? ai.content,
    tool_calls: change.tool_calls ?? ai.tool_calls,
    invalid_tool_calls: change.invalid_tool_calls ?? ai.invalid_tool_calls,
    additional_kwargs: ai.additional_kwargs,
    response_metadata: ai.response_metadata,
    usage_metadata: ai.usage_metadata,
  });
}

/** Malformed calls become ordinary calls with empty arguments; their error result follows them. */
function foldInvalidCalls(ai: AIMessage): AIMessage {
  const invalid = ai.invalid_tool_calls ?? [];
  if (!invalid.length) return ai;
  const folded: ToolCall[] = invalid.map((c) => ({ id: c.id, name: c.name ?? 'unknown_tool', args: {}, type: 'tool_call' }));
  return copyAI(ai, { tool_calls: [...(ai.tool_calls ?? []), ...folded], invalid_tool_calls: [] });
}

function missingResult(call: ToolCall): ToolMessage {
  return new ToolMessage({
    tool_call_id: call.id ?? '',
    name: call.name,
    status: 'error',
    content: JSON.stringify({ error: { type: 'NoResult', message: `no result was recorded for ${call.name} (the run was interrupted before it finished)` } }),
  });
}

/** Collects the tool results right after an assistant message, pairing them with its calls. */
function pairResults(calls: ToolCall[], msgs: BaseMessage[], from: number, repairs: string[]): { results: ToolMessage[]; next: number } {
  const byId = new Map<string, ToolMessage>();
  let j = from;
  for (; j < msgs.length && isTool(msgs[j]); j++) {
    const t = msgs[j] as ToolMessage;
    if (!calls.some((c) => c.id === t.tool_call_id)) repairs.push(`dropped a tool result without a matching call (${t.tool_call_id})`);
    else if (byId.has(t.tool_call_id)) repairs.push(`dropped a duplicate tool result (${t.tool_call_id})`);
    else byId.set(t.tool_call_id, isEmptyContent(t.content) ? new ToolMessage({ tool_call_id: t.tool_call_id, name: t.name, content: '(empty result)' }) : t);
  }
  const results = calls.map((c) => {
    const found = byId.get(c.id ?? '');
    if (!found) repairs.push(`added a missing result for ${c.name} (${c.id})`);
    return found ?? missingResult(c);
  });
  return { results, next: j };
}

export function validateHistory(messages: BaseMessage[]): ValidatedHistory {
  const out: BaseMessage[] = [];
  const repairs: string[] = [];
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    if (isTool(m)) {
      repairs.push(`dropped a tool result without a matching call (${m.tool_call_id})`);
      continue;
    }
    if (!isAI(m)) {
      out.push(m);
      continue;
    }
    const ai = foldInvalidCalls(withToolCallIds(m, `call_${i}`));
    const calls = ai.tool_calls ?? [];
    if (!calls.length) {
      if (isEmptyContent(ai.content)) repairs.push('dropped an empty assistant message');
      else out.push(ai);
      continue;
    }
    out.push(ai);
    const { results, next } = pairResults(calls, messages, i + 1, repairs);
    out.push(...results);
    i = next - 1;
  }
  return { messages: out, repairs };
}
