/**
 * The specialists' tool calls of an agentic trial's trace, paired with their results (pure): what
 * the RAG and HPC scorers read. Hand-offs are the supervisor's and are left out; a call still open
 * when the turn stopped on a question counts as made.
 */
import { eventsOf, type Trace, type TraceEvent } from '../trace/index.ts';

export interface TraceCall {
  agent: string;
  name: string;
  args: Record<string, unknown>;
  ok: boolean;
  result: Record<string, unknown> | null;
}

interface CallEvent {
  agent: string;
  id: string;
  name: string;
  args?: unknown;
  ok?: boolean;
  result?: unknown;
}

export function traceCalls(events: readonly TraceEvent[]): TraceCall[] {
  const trace = { events } as unknown as Trace;
  const results = new Map((eventsOf(trace, 'tool_result') as unknown as CallEvent[]).map((r) => [r.id, r]));
  const interrupted = (eventsOf(trace, 'turn').at(-1) as { status?: string } | undefined)?.status === 'interrupted';
  return (eventsOf(trace, 'tool_call') as unknown as CallEvent[])
    .filter((c) => c.agent !== 'supervisor' && !c.name.startsWith('transfer_to_'))
    .map((c) => {
      const r = results.get(c.id);
      return {
        agent: c.agent,
        name: c.name,
        args: (c.args ?? {}) as Record<string, unknown>,
        ok: r ? r.ok === true : interrupted,
        result: r ? ((r.result ?? {}) as Record<string, unknown>) : null,
      };
    });
}

/** Model calls and tokens of a trace. */
export function modelUsage(events: readonly TraceEvent[]): { calls: number; tokens: number } {
  const calls = events.filter((e) => e.type === 'model_call') as unknown as { inputTokens?: number; outputTokens?: number }[];
  return { calls: calls.length, tokens: calls.reduce((s, c) => s + (c.inputTokens ?? 0) + (c.outputTokens ?? 0), 0) };
}
