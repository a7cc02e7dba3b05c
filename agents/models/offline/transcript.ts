/** Reading a conversation the way the offline planner needs it: requests, calls and their results. */
import type { AIMessage, BaseMessage, ToolMessage } from '@langchain/core/messages';

export interface PlannedCall {
  name: string;
  args: Record<string, unknown>;
}

/** What the planner decides: some text and/or tool calls. */
export interface Plan {
  text: string;
  calls: PlannedCall[];
}

export interface DoneCall {
  name: string;
  args: Record<string, unknown>;
  ok: boolean;
  result: Record<string, unknown>;
}

export function textOf(m: BaseMessage): string {
  if (typeof m.content === 'string') return m.content;
  return m.content.map((p) => (typeof p === 'string' ? p : 'text' in p && typeof p.text === 'string' ? p.text : '')).join('');
}

export function lastIndexOfType(messages: BaseMessage[], type: string): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].getType() === type) return i;
  return -1;
}

function parse(m: ToolMessage): Record<string, unknown> {
  try {
    const v = JSON.parse(textOf(m));
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : { value: v };
  } catch {
    return { text: textOf(m) };
  }
}

/** Tool calls made after index `from`, paired with their results (calls without results are skipped). */
export function doneCalls(messages: BaseMessage[], from: number): DoneCall[] {
  const results = new Map<string, ToolMessage>();
  for (const m of messages.slice(from)) if (m.getType() === 'tool') results.set((m as ToolMessage).tool_call_id, m as ToolMessage);
  const out: DoneCall[] = [];
  for (const m of messages.slice(from)) {
    if (m.getType() !== 'ai') continue;
    for (const c of (m as AIMessage).tool_calls ?? []) {
      const r = results.get(c.id ?? '');
      if (!r) continue;
      const result = parse(r);
      out.push({ name: c.name, args: c.args as Record<string, unknown>, ok: r.status !== 'error' && !('error' in result), result });
    }
  }
  return out;
}

export const errorText = (r: Record<string, unknown>): string => {
  const e = r.error as { message?: string; hint?: string } | undefined;
  if (!e) return JSON.stringify(r);
  return `${e.message ?? 'failed'}${e.hint ? ` (${e.hint})` : ''}`;
};
