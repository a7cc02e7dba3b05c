/**
 * The whole trace of a chat run as one JSON document (`engiai chat --json`): the events (tool calls
 * with arguments and results, timings, tokens), the conversation's messages and totals.
 */
import type { AIMessage, BaseMessage, ToolMessage } from '@langchain/core/messages';
import type { AgentEvent, InterruptPayload, RunStatus } from './agentEvent.ts';

export const TRACE_VERSION = 1;

export interface TraceMessage {
  role: string;
  name?: string;
  content: string;
  tool_calls?: { id?: string; name: string; args: unknown }[];
  tool_call_id?: string;
  status?: string;
}

export interface ChatTrace {
  version: number;
  threadId: string;
  model: string;
  status: RunStatus;
  answer: string | null;
  /** When status is 'interrupted': the question, and how to resume. */
  interrupt: (InterruptPayload & { resumeWith: string }) | null;
  totals: { durationMs: number; modelCalls: number; toolCalls: number; inputTokens: number; outputTokens: number; handoffs: number };
  /** The model client's own accounting (calls, retries, tokens, costUsd), when it keeps one. */
  usage?: Record<string, number>;
  artifacts: string[];
  events: AgentEvent[];
  messages: TraceMessage[];
}

const isImagePart = (p: unknown) => typeof p === 'object' && p !== null && (p as { type?: unknown }).type === 'image_url';

function text(m: BaseMessage): string {
  if (typeof m.content === 'string') return m.content;
  // a message with an image (a sketch): its text, and the image named, not its bytes
  if (m.content.some(isImagePart)) return m.content.map((p) => (isImagePart(p) ? '[image: the sketch]' : typeof p === 'string' ? p : String((p as { text?: unknown }).text ?? ''))).join('\n');
  return JSON.stringify(m.content);
}

export function serializeMessage(m: BaseMessage): TraceMessage {
  const out: TraceMessage = { role: m.getType(), content: text(m) };
  if (m.name) out.name = m.name;
  if (m.getType() === 'ai') {
    const calls = (m as AIMessage).tool_calls ?? [];
    if (calls.length) out.tool_calls = calls.map((c) => ({ id: c.id, name: c.name, args: c.args }));
  }
  if (m.getType() === 'tool') {
    out.tool_call_id = (m as ToolMessage).tool_call_id;
    if ((m as ToolMessage).status) out.status = (m as ToolMessage).status;
  }
  return out;
}

/** The files tool calls declared (design folders, images, STL files), in the order produced, each once. */
export function artifactPaths(events: AgentEvent[]): string[] {
  const out = new Set<string>();
  for (const e of events) if (e.type === 'tool_result' && e.ok) for (const a of e.artifacts ?? []) out.add(a.path);
  return [...out];
}

export function buildTrace(args: {
  threadId: string;
  model: string;
  status: RunStatus;
  answer: string | null;
  interrupt: InterruptPayload | null;
  events: AgentEvent[];
  messages: BaseMessage[];
  usage?: Record<string, number>;
}): ChatTrace {
  const calls = args.events.filter((e) => e.type === 'model_call');
  const runs = args.events.filter((e) => e.type === 'run_end');
  return {
    version: TRACE_VERSION,
    threadId: args.threadId,
    model: args.model,
    status: args.status,
    answer: args.answer,
    interrupt: args.interrupt ? { ...args.interrupt, resumeWith: `engiai chat --thread ${args.threadId} --answer ${args.interrupt.kind === 'approval' ? 'yes|no' : '"<your answer>"'}` } : null,
    totals: {
      durationMs: runs.reduce((n, e) => n + e.durationMs, 0),
      modelCalls: calls.length,
      toolCalls: args.events.filter((e) => e.type === 'tool_result').length,
      inputTokens: calls.reduce((n, e) => n + e.inputTokens, 0),
      outputTokens: calls.reduce((n, e) => n + e.outputTokens, 0),
      handoffs: args.events.filter((e) => e.type === 'handoff').length,
    },
    ...(args.usage ? { usage: args.usage } : {}),
    artifacts: artifactPaths(args.events),
    events: args.events,
    messages: args.messages.map(serializeMessage),
  };
}
