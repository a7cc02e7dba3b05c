/**
 * The one event stream of an agent run (style.md §7.9): span-like events that the CLI timeline,
 * the JSON trace, the web UI's SSE feed and benchmark traces all consume. Nodes hand them to the
 * run's direct sink (nodeKit.emitter); `chatSession` forwards them to a Tracer. Tool results carry
 * the tool's own metadata (its artifacts, the fields it declares worth showing), so no consumer
 * needs to know a tool by name.
 */
import type { Artifact } from '../../tools/tool.ts';

export type AgentEvent =
  /** `sketch`: what a sketch sent with the message held, in words (its marks, whether its image went to the model). */
  | { type: 'run_start'; t: number; threadId: string; input: string | null; resume: boolean; sketch?: string }
  | { type: 'node_start'; t: number; node: string; agent: string }
  | { type: 'node_end'; t: number; node: string; agent: string; durationMs: number }
  | {
      type: 'model_call';
      t: number;
      agent: string;
      model: string;
      latencyMs: number;
      inputTokens: number;
      outputTokens: number;
      toolCalls: string[];
      repairs: string[];
    }
  | { type: 'token'; t: number; agent: string; text: string }
  | { type: 'handoff'; t: number; from: string; to: string; task: string }
  | { type: 'handback'; t: number; from: string; summary: string }
  | { type: 'tool_call'; t: number; agent: string; id: string; name: string; args: unknown }
  | {
      type: 'tool_result';
      t: number;
      agent: string;
      id: string;
      name: string;
      ok: boolean;
      result: unknown;
      /** Files the call produced or refers to. */
      artifacts: Artifact[];
      /** The result fields the tool declares worth showing (errors always). */
      highlights: Record<string, unknown>;
      durationMs: number;
    }
  | { type: 'progress'; t: number; agent: string; tool: string; step: number; total: number; value?: number; label?: string }
  /** The person's answer to a question or an approval, as the waiting tool receives it. */
  | { type: 'reply'; t: number; agent: string; kind: InterruptKind; text: string; declined?: boolean }
  | { type: 'interrupt'; t: number; kind: InterruptKind; payload: InterruptPayload }
  | { type: 'answer'; t: number; agent: string; content: string }
  | { type: 'stopped'; t: number; reason: string }
  /** `error`/`hint`: why a failed run failed and what to do about it (status "error" only). */
  | { type: 'run_end'; t: number; status: RunStatus; durationMs: number; error?: string; hint?: string };

export type AgentEventType = AgentEvent['type'];
export type RunStatus = 'done' | 'interrupted' | 'stopped' | 'error';
export type InterruptKind = 'clarification' | 'approval';

/** What an interrupt asks the person (JSON-serialisable: it is checkpointed). */
export interface InterruptPayload {
  kind: InterruptKind;
  question: string;
  agent: string;
  /** clarification: the missing values; approval: the tool and its arguments. */
  missing?: string[];
  tool?: string;
  args?: unknown;
  /** approval: what exactly would run, resolved once (program and argv, job script, file and printer). */
  subject?: unknown;
  /** The tool call it waits on. */
  callId?: string;
  /** A digest of the tool and `subject` (approvals) or of the question: a decision names it and the call id. */
  digest?: string;
  /** approval: the call was running when its process died; approving runs it again, denying drops it. */
  interrupted?: boolean;
}

/** A consumer of the event stream (CLI timeline, trace collector, SSE writer). */
export interface TraceProcessor {
  onEvent(event: AgentEvent): void;
}

/** Fans events out to processors; a processor that throws does not stop the run. */
export class Tracer {
  private readonly processors: TraceProcessor[];
  constructor(processors: TraceProcessor[] = []) {
    this.processors = [...processors];
  }
  add(p: TraceProcessor): void {
    this.processors.push(p);
  }
  emit(event: AgentEvent): void {
    for (const p of this.processors) {
      try {
        p.onEvent(event);
      } catch {
        // a broken display must not break the run
      }
    }
  }
}

/** Keeps every event, for the JSON trace and for tests. */
export class EventCollector implements TraceProcessor {
  readonly events: AgentEvent[] = [];
  onEvent(event: AgentEvent): void {
    this.events.push(event);
  }
  ofType<T extends AgentEventType>(type: T): Extract<AgentEvent, { type: T }>[] {
    return this.events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);
  }
}
