/**
 * A conversation as a scripted policy reads it, the same whether it arrives in process (LangChain
 * messages) or over the wire (an OpenAI chat-completions request body): roles, texts, tool calls and
 * tool results. A policy decides from this and the names of the tools it was offered, exactly as a
 * model would, so one policy drives both paths.
 */
import type { AIMessage, BaseMessage, ToolMessage } from '@langchain/core/messages';
import { readTask } from '../../agents/index.ts';

export interface WireCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

export interface WireMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  text: string;
  calls?: WireCall[];
  /** For tool messages: the call answered. */
  callId?: string;
}

/** What a policy answers: text, and/or tool calls. */
export interface Decision {
  text: string;
  calls: { name: string; args: Record<string, unknown> }[];
}

export type Policy = (messages: readonly WireMessage[], tools: readonly string[]) => Decision;

export interface DoneCall {
  name: string;
  args: Record<string, unknown>;
  ok: boolean;
  result: Record<string, unknown>;
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => (typeof p === 'string' ? p : typeof p?.text === 'string' ? p.text : '')).join('');
  return content == null ? '' : String(content);
}

export function fromLangChain(messages: readonly BaseMessage[]): WireMessage[] {
  return messages.map((m) => {
    const type = m.getType();
    const text = contentText(m.content);
    if (type === 'ai') {
      const calls = ((m as AIMessage).tool_calls ?? []).map((c) => ({ id: c.id ?? '', name: c.name, args: (c.args ?? {}) as Record<string, unknown> }));
      return { role: 'assistant', text, ...(calls.length ? { calls } : {}) };
    }
    if (type === 'tool') return { role: 'tool', text, callId: (m as ToolMessage).tool_call_id };
    return { role: type === 'system' ? 'system' : 'user', text };
  });
}

interface OpenAiMessage {
  role: string;
  content?: unknown;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

/** The conversation and tool names of an OpenAI chat-completions request body. */
export function fromOpenAi(body: { messages?: OpenAiMessage[]; tools?: { function?: { name?: string } }[] }): { messages: WireMessage[]; tools: string[] } {
  const messages = (body.messages ?? []).map((m): WireMessage => {
    const text = contentText(m.content);
    if (m.role === 'assistant') {
      const calls = (m.tool_calls ?? []).map((c) => ({ id: c.id, name: c.function.name, args: JSON.parse(c.function.arguments || '{}') as Record<string, unknown> }));
      return { role: 'assistant', text, ...(calls.length ? { calls } : {}) };
    }
    if (m.role === 'tool') return { role: 'tool', text, callId: m.tool_call_id };
    return { role: m.role === 'system' || m.role === 'developer' ? 'system' : 'user', text };
  });
  return { messages, tools: (body.tools ?? []).map((t) => t.function?.name ?? '').filter(Boolean) };
}

function parseResult(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v };
  } catch {
    return { text };
  }
}

/** Tool calls after the index `from`, paired with their results (calls without a result are left out). */
export function doneCalls(messages: readonly WireMessage[], from = 0): DoneCall[] {
  const results = new Map(messages.slice(from).filter((m) => m.role === 'tool').map((m) => [m.callId, m.text]));
  const out: DoneCall[] = [];
  for (const m of messages.slice(from)) {
    for (const c of m.calls ?? []) {
      const text = results.get(c.id);
      if (text === undefined) continue;
      const result = parseResult(text);
      out.push({ name: c.name, args: c.args, ok: !('error' in result), result });
    }
  }
  return out;
}

export function lastUserIndex(messages: readonly WireMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === 'user') return i;
  return -1;
}

/**
 * The person's request: a specialist's first message quotes it ("Request from the person:\n…",
 * agents/specialists/specialistTask.ts); the supervisor sees it as the last user message.
 */
export function requestOf(messages: readonly WireMessage[]): string {
  const users = messages.filter((m) => m.role === 'user');
  const task = users.find((m) => m.text.startsWith('Request from the person:'));
  if (task) return readTask(task.text).request;
  return users[users.length - 1]?.text.trim() ?? '';
}

/** The supervisor's task text for a specialist (what follows "Task from the supervisor:"), or ''. */
export function supervisorTaskOf(messages: readonly WireMessage[]): string {
  const task = messages.find((m) => m.role === 'user' && m.text.startsWith('Request from the person:'));
  return task ? readTask(task.text).supervisorTask : '';
}
